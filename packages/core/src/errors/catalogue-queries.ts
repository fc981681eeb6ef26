/** Errors of the data-capture area "queries" (spec 002), joined into the one catalogue (errors/catalogue.ts). */
export const QUERIES_ERRORS = {
  'query.not_found': { status: 404, 'zh-CN': '质疑不存在', 'en-US': 'Query not found' },
  'query.forbidden': { status: 403, 'zh-CN': '您没有处理该质疑的权限', 'en-US': 'You may not do this with the query' },
  'query.not_owner': {
    status: 403,
    'zh-CN': '只有发起该质疑的用户（或按项目配置，发起该质疑的角色）可以执行此操作',
    'en-US': 'Only the user (or, as the project is configured, the role) that raised the query may do this',
  },
  'query.wrong_status': {
    status: 409,
    'zh-CN': '质疑当前状态不允许此操作（可能已被他人处理），请刷新后重试',
    'en-US': 'The query’s status does not allow this (someone may have handled it); refresh and try again',
  },
  'query.field_locked': { status: 422, 'zh-CN': '字段已锁定，不能发起质疑', 'en-US': 'The field is locked; no query can be raised on it' },
  'query.field_unknown': { status: 422, 'zh-CN': '表单中没有字段 {path}', 'en-US': 'The panel has no field {path}' },
  'query.content_required': {
    status: 400,
    'zh-CN': '请填写质疑内容（中文或英文至少一项）',
    'en-US': 'Enter the query text (in Chinese, English or both)',
  },
  'query.no_formula': { status: 422, 'zh-CN': '字段 {path} 不是公式字段', 'en-US': 'The field {path} has no formula' },
  'query.export_too_large': {
    status: 422,
    'zh-CN': '导出超过 {max} 行，请缩小筛选范围',
    'en-US': 'The export would exceed {max} rows; narrow the filters',
  },
  'query.range_invalid': { status: 400, 'zh-CN': '开始日期不能晚于结束日期', 'en-US': 'The start date must not be after the end date' },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const QUERIES_NOTICES = {
  'query.raised': { 'zh-CN': '质疑已发起', 'en-US': 'Query raised' },
  'query.answered': { 'zh-CN': '质疑已回复', 'en-US': 'Query answered' },
  'query.closed': { 'zh-CN': '质疑已关闭', 'en-US': 'Query closed' },
  'query.canceled': { 'zh-CN': '质疑已取消', 'en-US': 'Query canceled' },
} as const;
