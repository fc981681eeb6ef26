/** Errors of record import and of the study design package, joined into the one catalogue (errors/catalogue.ts). */
export const IMPORTS_ERRORS = {
  // Problems of one row of a record import (docs/decisions.md "Record import"); shown in the dry run's report.
  'import.subject_blank': { status: 400, 'zh-CN': '未填写受试者编号', 'en-US': 'The subject is not given' },
  'import.visit_blank': { status: 400, 'zh-CN': '未填写访视', 'en-US': 'The visit is not given' },
  'import.unknown_subject': { status: 400, 'zh-CN': '受试者“{subject}”不存在或您无权访问', 'en-US': 'The subject “{subject}” does not exist or you have no access to it' },
  'import.unknown_visit': { status: 400, 'zh-CN': '该受试者没有访视“{visit}”，或该访视不含此表单', 'en-US': 'The subject has no visit “{visit}”, or the visit does not hold this panel' },
  'import.unknown_field': { status: 400, 'zh-CN': '列“{column}”不是此表单的字段', 'en-US': 'The column “{column}” is not a field of this panel' },
  'import.formula_field': { status: 400, 'zh-CN': '计算字段由公式得出，不能导入', 'en-US': 'A computed field is set by its formula and cannot be imported' },
  'import.upload_field': { status: 400, 'zh-CN': '上传字段只能上传文件，不能导入', 'en-US': 'An upload field takes files and cannot be imported' },
  'import.readonly_field': { status: 400, 'zh-CN': '该字段在表单中只读，不能导入', 'en-US': 'This field is read-only in the form and cannot be imported' },
  'import.value_not_allowed': { status: 400, 'zh-CN': '“{value}”不是可选项', 'en-US': '“{value}” is not one of the options' },
  'import.out_of_range': { status: 400, 'zh-CN': '超出范围（须 {bound}）', 'en-US': 'Out of range (must be {bound})' },
  'import.date_invalid': { status: 400, 'zh-CN': '“{value}”不是有效日期', 'en-US': '“{value}” is not a valid date' },
  'import.time_invalid': { status: 400, 'zh-CN': '“{value}”不是有效时间', 'en-US': '“{value}” is not a valid time' },
  'import.number_invalid': { status: 400, 'zh-CN': '“{value}”不是数字', 'en-US': '“{value}” is not a number' },
  'import.too_long': { status: 400, 'zh-CN': '最多 {max} 个字符', 'en-US': 'At most {max} characters' },
  'import.required': { status: 400, 'zh-CN': '必填项为空', 'en-US': 'A required value is empty' },
  'import.format': { status: 400, 'zh-CN': '格式不正确', 'en-US': 'The value has the wrong format' },
  'import.duplicate_row': { status: 400, 'zh-CN': '同一受试者和访视在文件中出现多次', 'en-US': 'The same subject and visit appear more than once in the file' },
  'import.target_locked': { status: 400, 'zh-CN': '该字段已锁定，不能修改', 'en-US': 'The field is locked and cannot change' },
  'import.target_frozen': { status: 400, 'zh-CN': '该字段已冻结，不能修改', 'en-US': 'The field is frozen and cannot change' },
  'import.target_inactive': { status: 400, 'zh-CN': '该字段已标记为无效，不能修改', 'en-US': 'The field is marked inactive and cannot change' },
  'import.target_signed': { status: 400, 'zh-CN': '该字段已签名，请在录入页修改', 'en-US': 'The field is signed; change it on the entry page' },
  'import.save_refused': { status: 400, 'zh-CN': '保存被拒绝：{detail}', 'en-US': 'The save was refused: {detail}' },
  // Refusals of the import calls themselves.
  'import.file_missing': { status: 400, 'zh-CN': '请选择要导入的文件', 'en-US': 'Choose a file to import' },
  'import.file_too_large': { status: 400, 'zh-CN': '文件大小必须小于 10MB', 'en-US': 'The file size must be under 10MB' },
  'import.file_unreadable': { status: 400, 'zh-CN': '无法读取文件，请上传 xlsx 或 CSV 文件', 'en-US': 'The file cannot be read; upload an xlsx or CSV file' },
  'import.file_xls': { status: 400, 'zh-CN': '不支持旧版 xls 文件，请另存为 xlsx 后上传', 'en-US': 'Old xls files are not read; save the sheet as xlsx and upload it again' },
  'import.sheet_empty': { status: 400, 'zh-CN': '文件中没有数据行', 'en-US': 'The file holds no data rows' },
  'import.too_many_rows': { status: 400, 'zh-CN': '一次最多导入 {max} 行', 'en-US': 'At most {max} rows can be imported at once' },
  'import.no_field_columns': { status: 400, 'zh-CN': '表头中没有此表单的字段（前两列为受试者和访视）', 'en-US': 'The header names no field of this panel (the first two columns are subject and visit)' },
  'import.instrument_not_found': { status: 404, 'zh-CN': '当前环境中没有此表单', 'en-US': 'The current environment has no such panel' },
  'import.task_not_found': { status: 404, 'zh-CN': '导入任务不存在或您无权访问', 'en-US': 'The import task does not exist or you have no access to it' },
  'import.has_errors': { status: 409, 'zh-CN': '有 {rows} 行存在错误，请修正后重新上传', 'en-US': '{rows} rows have errors; fix them and upload again' },
  'import.not_applicable': { status: 409, 'zh-CN': '该导入任务已处于“{status}”状态，不能再次执行', 'en-US': 'The import task is already {status} and cannot be applied again' },
  'import.reason_required': { status: 400, 'zh-CN': '导入将修改已保存的数据，请选择修改原因', 'en-US': 'The import changes saved data; choose a reason for the change' },
  'import.apply_failed': { status: 409, 'zh-CN': '第 {row} 行无法写入，未导入任何数据：{detail}', 'en-US': 'Row {row} could not be written, so nothing was imported: {detail}' },
  'import.design_changed': { status: 409, 'zh-CN': '上传后当前环境的表单设计已变更，请重新上传', 'en-US': 'The panel design of the environment changed since the upload; upload the file again' },
  // The study design package (docs/decisions.md "Record import").
  'design_package.unreadable': { status: 400, 'zh-CN': '文件不是有效的设计包（JSON）', 'en-US': 'The file is not a valid design package (JSON)' },
  'design_package.version': { status: 400, 'zh-CN': '不支持的设计包版本 {version}', 'en-US': 'Unsupported design package version {version}' },
  'design_package.checksum': { status: 400, 'zh-CN': '设计包校验和不符，文件可能已被修改或损坏', 'en-US': 'The design package checksum does not match; the file was changed or damaged' },
  'design_package.invalid': { status: 400, 'zh-CN': '设计包内容有误：{detail}', 'en-US': 'The design package is invalid: {detail}' },
  'design_package.draft_not_empty': {
    status: 409,
    'zh-CN': '开发环境草稿中已有表单或访视；选择“替换”将删除现有草稿后导入',
    'en-US': 'The development draft already holds panels or visits; choose "replace" to delete the draft and import',
  },
} as const;

/** Success sentences of the same area, joined into NOTICES. */
export const IMPORTS_NOTICES = {
  'ok.import_checked': { 'zh-CN': '文件已检查', 'en-US': 'The file was checked' },
  'ok.import_queued': { 'zh-CN': '导入已开始', 'en-US': 'The import has started' },
  'ok.design_imported': { 'zh-CN': '设计已导入', 'en-US': 'The design was imported' },
} as const;
