/** Errors of the data-capture area "records" (spec 002), joined into the one catalogue (errors/catalogue.ts). */
export const RECORDS_ERRORS = {
  'record.design_missing': { status: 409, 'zh-CN': '该表单的设计版本中找不到此表单', 'en-US': 'The form is missing from the design version it was created with' },
  'record.stale': {
    status: 409,
    'zh-CN': '表单已被他人修改（{changes}），请重新加载后再保存；您的输入未被保存',
    'en-US': 'The form was changed by someone else ({changes}); reload it before saving. Your entries were not saved',
  },
  'record.invalid_values': { status: 422, 'zh-CN': '表单数据校验未通过：{detail}', 'en-US': 'The form data failed its checks: {detail}' },
  'record.mismatch': {
    status: 422,
    'zh-CN': '提交的数据与表单规则的结果不一致（计算值或隐藏字段）：{fields}',
    'en-US': 'The submitted data differs from what the form rules give (computed values or hidden fields): {fields}',
  },
  'record.field_readonly': { status: 422, 'zh-CN': '以下字段只读，不能修改：{fields}', 'en-US': 'These fields are read-only and cannot be changed: {fields}' },
  'record.reason_required': {
    status: 422,
    'zh-CN': '修改已保存的数据需选择修改原因：{fields}',
    'en-US': 'Changing saved data needs a reason for the change: {fields}',
  },
  'record.unchecked_has_values': {
    status: 422,
    'zh-CN': '“未查”的表单不能保存已录入的数据',
    'en-US': 'A panel marked unchecked cannot be saved with values entered',
  },
  'record.copy_source_invalid': {
    status: 404,
    'zh-CN': '复制来源不是同一受试者同一表单的其他实例',
    'en-US': 'The copy source is not another instance of the same form of the same subject',
  },
  // Per-field messages of a refused save (AppError fields), in the caller's language.
  'record.value_min': { status: 422, 'zh-CN': '不能小于 {min}', 'en-US': 'Must be at least {min}' },
  'record.value_max': { status: 422, 'zh-CN': '不能大于 {max}', 'en-US': 'Must be at most {max}' },
  'record.value_maxlength': { status: 422, 'zh-CN': '长度不能超过 {max}', 'en-US': 'At most {max} characters' },
  'record.value_computed': { status: 422, 'zh-CN': '计算结果应为 {expected}', 'en-US': 'The computed result is {expected}' },
  'record.value_hidden': { status: 422, 'zh-CN': '该字段已隐藏，不能有值', 'en-US': 'This field is hidden and cannot hold a value' },
  'record.field_frozen': { status: 422, 'zh-CN': '字段已冻结', 'en-US': 'The field is frozen' },
  'record.field_locked': { status: 422, 'zh-CN': '字段已锁定', 'en-US': 'The field is locked' },
  'record.field_inactive': { status: 422, 'zh-CN': '字段已失活', 'en-US': 'The field is inactive' },
  'record.field_disabled': { status: 422, 'zh-CN': '字段只读', 'en-US': 'The field is read-only' },
  'record.field_reference_limit': {
    status: 422,
    'zh-CN': '参考值上限由表单设计给定，不能修改',
    'en-US': 'The reference upper limit is set by the form design and cannot be changed',
  },
  'record.field_preset': {
    status: 422,
    'zh-CN': '预设行的检查项目和单位由表单设计给定，不能修改',
    'en-US': 'A preset row’s test item and unit are set by the form design and cannot be changed',
  },
  'record.value_option': { status: 422, 'zh-CN': '不是该字段的选项：{value}', 'en-US': 'Not one of the field’s options: {value}' },
  'record.reason_missing': { status: 422, 'zh-CN': '请选择修改原因', 'en-US': 'Choose a reason for the change' },
  'record.changed_by': { status: 409, 'zh-CN': '{by} 于 {at} 修改', 'en-US': 'changed by {by} at {at}' },
  'record.unknown_path': { status: 400, 'zh-CN': '表单中没有字段 {path}', 'en-US': 'The form has no field {path}' },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const RECORDS_NOTICES = {
  'record.saved': { 'zh-CN': '表单已保存', 'en-US': 'The form was saved' },
  'record.copied': { 'zh-CN': '数据已复制', 'en-US': 'The data was copied' },
} as const;
