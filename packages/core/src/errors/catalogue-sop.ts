/** Errors of SOP management (core sop/, spec 000 §2.2), joined into the one catalogue (errors/catalogue.ts). */
export const SOP_ERRORS = {
  'sop.not_found': { status: 404, 'zh-CN': 'SOP 文件不存在', 'en-US': 'SOP document not found' },
  'sop.version_not_found': { status: 404, 'zh-CN': 'SOP 文件版本不存在', 'en-US': 'SOP version not found' },
  'sop.file_missing': { status: 422, 'zh-CN': '请选择要上传的文件', 'en-US': 'Choose a file to upload' },
  'sop.file_kind': { status: 422, 'zh-CN': 'SOP 文件只能是 PDF、Word 或 Excel 文件（{accepted}）', 'en-US': 'An SOP file must be a PDF, Word or Excel file ({accepted})' },
  'sop.file_too_large': { status: 413, 'zh-CN': 'SOP 文件不能超过 {limit} MB', 'en-US': 'An SOP file may be at most {limit} MB' },
  'sop.title_required': { status: 422, 'zh-CN': '新 SOP 文件需要编号和标题', 'en-US': 'A new SOP document needs a code and a title' },
  'sop.code_taken': { status: 409, 'zh-CN': 'SOP 编号 {code} 已存在', 'en-US': 'SOP code {code} is already used' },
  'sop.status_forbids': {
    status: 409,
    'zh-CN': '该版本的审核状态不允许此操作（可能已被他人处理），请刷新后查看',
    'en-US': 'The version’s review status does not allow this action (someone may have acted on it); refresh to see it',
  },
  'sop.own_version': { status: 403, 'zh-CN': '上传者不能批准自己上传的版本', 'en-US': 'The uploader of a version may not approve it' },
} as const;

export const SOP_NOTICES = {
  'ok.sop_uploaded': { 'zh-CN': 'SOP 文件已上传', 'en-US': 'SOP file uploaded' },
} as const;
