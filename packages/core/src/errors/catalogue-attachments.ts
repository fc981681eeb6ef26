/** Errors of the data-capture area "attachments" (spec 002), joined into the one catalogue (errors/catalogue.ts). */
export const ATTACHMENTS_ERRORS = {
  // Spec 002 §5 "Image upload" messages.
  'attachment.type_forbidden': { status: 400, 'zh-CN': '只能上传图片文件（JPG、PNG）', 'en-US': 'Only image files (JPG, PNG) may be uploaded' },
  'attachment.pdf_or_image_only': { status: 400, 'zh-CN': '只能上传图片（JPG、PNG）或 PDF 文件', 'en-US': 'Only image files (JPG, PNG) or PDF files may be uploaded' },
  'attachment.too_large': { status: 400, 'zh-CN': '文件大小必须小于 10MB', 'en-US': 'The file size must be under 10MB' },
  'attachment.empty': { status: 400, 'zh-CN': '文件为空', 'en-US': 'The file is empty' },
  'attachment.name_taken': { status: 409, 'zh-CN': '文件 {name} 已存在', 'en-US': 'The file {name} already exists' },
  'attachment.name_invalid': { status: 400, 'zh-CN': '文件名须为 1 到 255 个字符', 'en-US': 'The file name must be 1 to 255 characters long' },
  'attachment.file_missing': { status: 400, 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  'attachment.panel_not_saved': { status: 409, 'zh-CN': '请先录入并保存表单的必填数据', 'en-US': 'Enter and save the required panel data first' },
  'attachment.not_found': { status: 404, 'zh-CN': '附件不存在或您无权访问', 'en-US': 'The attachment does not exist or you have no access to it' },
  'attachment.field_unknown': { status: 400, 'zh-CN': '表单中没有上传字段 {field}', 'en-US': 'The form has no upload field {field}' },
  // A cell's images belong to a saved row (core attachments/cells.ts): not to one unsaved or deleted.
  'attachment.row_unknown': { status: 409, 'zh-CN': '该表格行尚未保存或已被删除，请先保存表单', 'en-US': 'This table row has not been saved or was deleted; save the form first' },
  'attachment.field_locked': { status: 409, 'zh-CN': '字段已锁定、冻结或签名，附件不能修改', 'en-US': 'The field is locked, frozen or signed; its attachments cannot be changed' },
  'attachment.ids_mismatch': { status: 400, 'zh-CN': '受试者、访视和表单不一致', 'en-US': 'The subject, visit and form do not belong together' },
  'attachment.prescreen_off': { status: 409, 'zh-CN': '本项目未开启预筛选', 'en-US': 'Pre-screening is not enabled in this project' },
  // Spec 002 §2 "Excel upload modal" and §5 "Excel import".
  'attachment.sheet_xls': { status: 400, 'zh-CN': '不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后再上传', 'en-US': 'Legacy .xls files are not supported; save the file as .xlsx in Excel and upload it again' },
  'attachment.sheet_unreadable': { status: 400, 'zh-CN': '无法读取该文件，请上传 .xlsx 表格', 'en-US': 'The file cannot be read; upload an .xlsx spreadsheet' },
  'attachment.sheet_no_columns': { status: 400, 'zh-CN': '表头与表格的列不匹配，请使用下载的模板', 'en-US': 'The header matches no column of the table; use the downloaded template' },
  'attachment.sheet_empty': { status: 400, 'zh-CN': '表格中没有数据行', 'en-US': 'The sheet has no data rows' },
  'attachment.sheet_too_many': { status: 400, 'zh-CN': '表格最多 {max} 行', 'en-US': 'The sheet may have at most {max} rows' },
  'attachment.table_unknown': { status: 400, 'zh-CN': '表单中没有可重复表格 {table}', 'en-US': 'The form has no repeatable table {table}' },
  // Per-row problems of an imported sheet (listed in the preview, not thrown).
  'attachment.cell_option': { status: 400, 'zh-CN': '“{value}”不是可选项', 'en-US': '“{value}” is not one of the options' },
  'attachment.cell_date': { status: 400, 'zh-CN': '“{value}”不是有效日期', 'en-US': '“{value}” is not a valid date' },
  'attachment.cell_number': { status: 400, 'zh-CN': '“{value}”不是数字', 'en-US': '“{value}” is not a number' },
  'attachment.cell_time': { status: 400, 'zh-CN': '“{value}”不是有效时间', 'en-US': '“{value}” is not a valid time' },
  'attachment.cell_required': { status: 400, 'zh-CN': '必填项为空', 'en-US': 'A required value is empty' },
  'attachment.cell_format': { status: 400, 'zh-CN': '格式不正确', 'en-US': 'The value has the wrong format' },
  'attachment.cell_maxlength': { status: 400, 'zh-CN': '最多 {max} 个字符', 'en-US': 'At most {max} characters' },
  'attachment.cell_min': { status: 400, 'zh-CN': '不能小于 {min}', 'en-US': 'Must not be less than {min}' },
  'attachment.cell_max': { status: 400, 'zh-CN': '不能大于 {max}', 'en-US': 'Must not be greater than {max}' },
  'attachment.column_readonly': {
    status: 400,
    'zh-CN': '该列在表单中只读（由表单设计给定），未导入',
    'en-US': 'This column is read-only in the form (set by its design) and was not imported',
  },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const ATTACHMENTS_NOTICES = {
  'ok.attachment_uploaded': { 'zh-CN': '上传成功', 'en-US': 'Uploaded' },
  'ok.attachment_deleted': { 'zh-CN': '附件已删除', 'en-US': 'The attachment was deleted' },
} as const;
