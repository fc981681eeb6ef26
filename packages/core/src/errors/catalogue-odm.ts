/** Errors of ODM export and import (docs/decisions.md, "CDISC ODM"), joined into the one catalogue (errors/catalogue.ts). */
export const ODM_ERRORS = {
  'odm.no_design': { status: 409, 'zh-CN': '当前环境尚未发布设计，无法导出 ODM', 'en-US': 'The environment runs no published design; there is nothing to write as ODM' },
  'odm.file_required': { status: 400, 'zh-CN': '请上传一个 ODM XML 文件', 'en-US': 'Upload one ODM XML file' },
  'odm.file_too_large': { status: 413, 'zh-CN': 'ODM 文件超过 {max} MB', 'en-US': 'The ODM file exceeds {max} MB' },
  'odm.not_xml': { status: 422, 'zh-CN': '文件不是格式正确的 XML：{detail}', 'en-US': 'The file is not well-formed XML: {detail}' },
  'odm.schema_invalid': { status: 422, 'zh-CN': '文件不符合 CDISC ODM 1.3.2 架构：{detail}', 'en-US': 'The file does not conform to the CDISC ODM 1.3.2 schema: {detail}' },
  'odm.schema_unavailable': {
    status: 503,
    'zh-CN': '服务器未配置 ODM 架构校验（ODM_SCHEMA 与 xmllint），暂不能导入',
    'en-US': 'The server has no ODM schema check configured (ODM_SCHEMA and xmllint); imports are not possible',
  },
  'odm.references_invalid': { status: 422, 'zh-CN': '文件中的 OID 引用无法解析：{detail}', 'en-US': 'OID references of the file do not resolve: {detail}' },
  'odm.import_blocked': {
    status: 409,
    'zh-CN': '导入被阻止，请先处理预检报告中标记为阻止的问题',
    'en-US': 'The import is blocked; resolve the problems the dry run marks as blocking first',
  },
} as const;

/** Why part of an ODM design could not be taken over as it is (docs/decisions.md, "CDISC ODM"). */
export const ODM_IMPORT_NOTES = {
  no_study: { 'zh-CN': '文件中没有 Study 或 MetaDataVersion', 'en-US': 'The file has no Study or MetaDataVersion' },
  other_version: { 'zh-CN': '只导入最后一个 MetaDataVersion，此版本被忽略', 'en-US': 'Only the last MetaDataVersion is imported; this one is ignored' },
  datatype_approximated: { 'zh-CN': '数据类型 {detail} 没有对应控件，按单行文本导入', 'en-US': 'Data type {detail} has no matching widget; imported as single-line text' },
  widget_unknown: { 'zh-CN': '控件类型 {detail} 未知，按数据类型选择控件', 'en-US': 'Widget type {detail} is unknown; the widget follows the data type' },
  range_ignored: { 'zh-CN': '范围检查 {detail} 无法表示为最小值或最大值，已忽略', 'en-US': 'Range check {detail} cannot be expressed as a minimum or maximum; ignored' },
  method_ignored: { 'zh-CN': '计算方法（MethodDef）不导入，请在设计器中重新填写公式', 'en-US': 'Methods (MethodDef) are not imported; write the formula again in the designer' },
  condition_ignored: { 'zh-CN': '条件（ConditionDef）不导入，请在设计器中设置显示条件', 'en-US': 'Conditions (ConditionDef) are not imported; set show conditions in the designer' },
  item_missing: { 'zh-CN': '引用的 {detail} 未定义，已跳过', 'en-US': 'The referenced {detail} is not defined; skipped' },
  nested_group_item: { 'zh-CN': '重复组中的项目已作为表格列导入', 'en-US': 'Items of a repeating group are imported as table columns' },
  name_renamed: { 'zh-CN': '名称 {detail} 不是有效的变量名，已改名', 'en-US': 'The name {detail} is not a valid variable name; renamed' },
  abbr_taken: { 'zh-CN': '表单缩写 {detail} 已被本项目使用', 'en-US': 'The panel abbreviation {detail} is already used in this project' },
  event_taken: { 'zh-CN': '访视名称 {detail} 已被本项目使用', 'en-US': 'The visit name {detail} is already used in this project' },
  form_unused: { 'zh-CN': '表单未被任何访视引用，仍作为表单导入', 'en-US': 'The form is used by no visit; imported as a panel all the same' },
  value_invalid: { 'zh-CN': '导入后的名称或设置无效：{detail}', 'en-US': 'An imported name or setting is not valid: {detail}' },
  panel_invalid: { 'zh-CN': '导入后的表单不符合设计规则：{detail}', 'en-US': 'The imported panel breaks a design rule: {detail}' },
} as const;
