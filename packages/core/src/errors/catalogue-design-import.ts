/** Errors of design import from another system's form definitions (docs/design-import.md), joined into the one catalogue. */
export const DESIGN_IMPORT_ERRORS = {
  'design_import.file_missing': { status: 400, 'zh-CN': '请选择要上传的数据字典 CSV 文件', 'en-US': 'Choose the data dictionary CSV file to upload' },
  'design_import.file_too_large': {
    status: 413,
    'zh-CN': '数据字典文件超过 {limit}，未导入',
    'en-US': 'The data dictionary file is larger than {limit}; nothing was imported',
  },
  'design_import.not_text': {
    status: 400,
    'zh-CN': '文件不是 UTF-8 编码的文本，请从 REDCap 下载数据字典（CSV）后直接上传',
    'en-US': 'The file is not UTF-8 text; download the data dictionary (CSV) from REDCap and upload it as it is',
  },
  'design_import.csv_unreadable': {
    status: 400,
    'zh-CN': '无法读取 CSV：第 {line} 行开始的引号没有结束，未导入',
    'en-US': 'The CSV cannot be read: the quote opened on line {line} is never closed; nothing was imported',
  },
  'design_import.not_a_dictionary': {
    status: 400,
    'zh-CN': '该文件不是 REDCap 数据字典：第 {column} 列应为“{expected}”，实为“{found}”，未导入',
    'en-US': 'The file is not a REDCap data dictionary: column {column} should be “{expected}” but is “{found}”; nothing was imported',
  },
  'design_import.empty': { status: 400, 'zh-CN': '数据字典中没有字段，未导入', 'en-US': 'The data dictionary has no fields; nothing was imported' },
  'design_import.nothing_importable': {
    status: 422,
    'zh-CN': '数据字典中没有可导入的字段（见报告），未导入',
    'en-US': 'No row of the data dictionary can be imported (see the report); nothing was imported',
  },
  'design_import.too_many_forms': {
    status: 422,
    'zh-CN': '数据字典有 {count} 个表单，一次最多导入 {max} 个',
    'en-US': 'The data dictionary has {count} forms; at most {max} can be imported at once',
  },
  'design_import.name_taken': {
    status: 409,
    'zh-CN': '项目中已有同名表单：{names}（表单简称不区分大小写），未导入',
    'en-US': 'The project already has panels named {names} (abbreviations ignore case); nothing was imported',
  },
} as const;
