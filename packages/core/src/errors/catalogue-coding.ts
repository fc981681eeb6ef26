/** Errors of the coding library (core coding/, spec 000 §2.2), joined into the one catalogue (errors/catalogue.ts). */
export const CODING_ERRORS = {
  'coding.file_missing': { status: 422, 'zh-CN': '请选择要上传的编码词典文件', 'en-US': 'Choose a coding dictionary file to upload' },
  'coding.file_too_large': { status: 413, 'zh-CN': '编码词典文件不能超过 {limit} MB', 'en-US': 'A coding dictionary file may be at most {limit} MB' },
  'coding.file_unreadable': { status: 422, 'zh-CN': '无法读取文件，请上传 CSV 或 xlsx 文件', 'en-US': 'The file cannot be read; upload a CSV or xlsx file' },
  'coding.rows_invalid': {
    status: 422,
    'zh-CN': '词典有 {count} 处问题，未导入任何术语。第一处：第 {row} 行 {detail}',
    'en-US': 'Problems found in the dictionary: {count}; no term was imported. First: row {row}: {detail}',
  },
  'coding.header_missing': { status: 422, 'zh-CN': '第一行须为列名，至少包括 code 和 term（可用列：{columns}）', 'en-US': 'The first row must name the columns, at least code and term (columns: {columns})' },
  'coding.no_terms': { status: 422, 'zh-CN': '文件中没有术语', 'en-US': 'The file holds no terms' },
  'coding.too_many_terms': { status: 422, 'zh-CN': '一个词典最多 {max} 个术语', 'en-US': 'A dictionary holds at most {max} terms' },
  'coding.row_required': { status: 422, 'zh-CN': '缺少必填列的值', 'en-US': 'A required value is missing' },
  'coding.row_too_long': { status: 422, 'zh-CN': '内容超过 {max} 个字符', 'en-US': 'The text is longer than {max} characters' },
  'coding.row_control': { status: 422, 'zh-CN': '内容含有不允许的控制字符', 'en-US': 'The text holds control characters' },
  'coding.row_level': { status: 422, 'zh-CN': '层级 {level} 不在此类词典的层级中（{levels}）', 'en-US': 'Level {level} is not a level of this kind of dictionary ({levels})' },
  'coding.row_duplicate': { status: 422, 'zh-CN': '编码 {code} 重复（第 {first} 行已有）', 'en-US': 'Code {code} repeats row {first}' },
  'coding.row_parent_unknown': { status: 422, 'zh-CN': '上级编码 {code} 不在词典中', 'en-US': 'Parent code {code} is not in the dictionary' },
  'coding.row_parent_level': { status: 422, 'zh-CN': '上级 {code} 的层级 {level} 不是本层级的上一级', 'en-US': 'Parent {code} is on level {level}, not the level above' },
  'coding.row_parent_required': { status: 422, 'zh-CN': '层级 {level} 的术语须有上级编码', 'en-US': 'A term on level {level} needs a parent code' },
  'coding.row_parent_loop': { status: 422, 'zh-CN': '编码 {code} 的上级关系形成循环', 'en-US': 'The parents of code {code} form a loop' },
  'coding.dictionary_not_found': { status: 404, 'zh-CN': '编码词典不存在', 'en-US': 'Coding dictionary not found' },
  'coding.dictionary_exists': { status: 409, 'zh-CN': '词典 {name} 的版本 {version} 已存在', 'en-US': 'Version {version} of dictionary {name} already exists' },
  'coding.dictionary_in_use': { status: 409, 'zh-CN': '词典已有 {count} 个编码或被字段使用，不能删除；可停用', 'en-US': 'The dictionary is used by {count} codings or fields and cannot be deleted; disable it instead' },
  'coding.dictionary_not_ready': { status: 409, 'zh-CN': '编码词典尚未导入完成或导入失败', 'en-US': 'The coding dictionary is still importing or its import failed' },
  'coding.dictionary_importing': { status: 409, 'zh-CN': '编码词典正在导入，请稍后再试', 'en-US': 'The coding dictionary is importing; try again when it ends' },
  'coding.dictionary_disabled': { status: 409, 'zh-CN': '编码词典已停用', 'en-US': 'The coding dictionary is disabled' },
  'coding.field_not_text': { status: 422, 'zh-CN': '只能选择当前设计中的文本字段进行编码', 'en-US': 'Only a text field of the current design can be coded' },
  'coding.field_not_found': { status: 404, 'zh-CN': '编码字段不存在', 'en-US': 'Coding field not found' },
  'coding.field_in_use': { status: 409, 'zh-CN': '该字段已有 {count} 个编码，不能移除', 'en-US': 'The field has {count} codings and cannot be removed' },
  'coding.term_not_found': { status: 404, 'zh-CN': '术语 {code} 不在词典中', 'en-US': 'Term {code} is not in the dictionary' },
  'coding.value_not_found': { status: 404, 'zh-CN': '没有可编码的值', 'en-US': 'There is no value to code' },
  'coding.not_coded': { status: 409, 'zh-CN': '该值未编码', 'en-US': 'The value is not coded' },
} as const;

export const CODING_NOTICES = {
  'ok.coding_uploaded': { 'zh-CN': '编码词典已上传，正在导入', 'en-US': 'Coding dictionary uploaded; importing' },
} as const;
