/** Errors of export tasks (spec 000 §2.2 export screens, spec 002 §3 export modules), joined into the one catalogue. */
export const EXPORTS_ERRORS = {
  'export.task_not_found': { status: 404, 'zh-CN': '导出任务不存在', 'en-US': 'Export task not found' },
  'export.site_not_found': { status: 404, 'zh-CN': '中心 {id} 不存在或不在您的权限范围内', 'en-US': 'Site {id} does not exist or is outside your sites' },
  'export.event_unknown': { status: 422, 'zh-CN': '设计中没有访视 {id}', 'en-US': 'The design has no visit {id}' },
  'export.instrument_unknown': { status: 422, 'zh-CN': '设计中没有表单 {id}', 'en-US': 'The design has no panel {id}' },
  'export.field_unknown': { status: 422, 'zh-CN': '设计中没有字段 {field}', 'en-US': 'The design has no field {field}' },
  'export.env_not_current': {
    status: 409,
    'zh-CN': '只能导出当前所在环境（{current}）的数据，请先切换到环境 {env}',
    'en-US': 'Only the environment you work in ({current}) can be exported; switch to {env} first',
  },
  'export.no_design': { status: 422, 'zh-CN': '当前环境尚未发布设计，没有可导出的数据', 'en-US': 'No design is published to this environment; there is nothing to export' },
  'export.unsupported': {
    status: 422,
    'zh-CN': '不支持以 {format} 格式导出 {module}',
    'en-US': 'Exporting {module} as {format} is not supported',
  },
  'export.odm_fields': {
    status: 422,
    'zh-CN': 'ODM 文件按访视和表单筛选，不能只导出部分字段',
    'en-US': 'An ODM file is narrowed by visits and panels; it cannot hold only some fields',
  },
  'export.not_ready': { status: 409, 'zh-CN': '导出文件尚未生成完成', 'en-US': 'The export file is not ready yet' },
  'export.expired': { status: 410, 'zh-CN': '导出文件已过期并被删除，请重新导出', 'en-US': 'The export file has expired and was deleted; export again' },
  'export.task_ended': { status: 409, 'zh-CN': '导出任务已结束，不能取消', 'en-US': 'The export task has ended and cannot be cancelled' },
  'export.too_many_rows': {
    status: 422,
    'zh-CN': '数据超过 xlsx 工作表的行数上限（1,048,576 行），请改用 CSV 或缩小范围',
    'en-US': 'The data exceeds the row limit of an xlsx sheet (1,048,576 rows); export CSV or narrow the filters',
  },
  'export.too_many_columns': {
    status: 422,
    'zh-CN': '宽表有 {count} 列，超过 xlsx 工作表的列数上限（16,384 列），请改用 CSV、长表或缩小范围',
    'en-US': 'The wide layout has {count} columns, more than an xlsx sheet holds (16,384); export CSV, the long layout or fewer fields',
  },
  'export.task_active': { status: 409, 'zh-CN': '导出任务正在进行，请先取消', 'en-US': 'The export task is still running; cancel it first' },
} as const;

export const EXPORTS_NOTICES = {
  'export.queued': { 'zh-CN': '导出任务已创建', 'en-US': 'Export task created' },
  'export.cancelled': { 'zh-CN': '导出任务已取消', 'en-US': 'Export task cancelled' },
  'export.deleted': { 'zh-CN': '导出文件已删除', 'en-US': 'Export file deleted' },
} as const;
