import { interpolate } from '../../i18n/locale.js';

/**
 * The sentences of the REDCap import report (docs/design-import.md), in both languages. Each names what was
 * not carried over and why; `{…}` are filled from the entry's parameters.
 */
export const REDCAP_REPORT_MESSAGES = {
  // A row that could not become a field at all.
  'redcap.row_malformed': {
    'zh-CN': '该行有 {count} 列，数据字典应为 {expected} 列，未导入',
    'en-US': 'The row has {count} columns where the data dictionary has {expected}; it was not imported',
  },
  'redcap.field_name_invalid': {
    'zh-CN': '变量名“{field}”无效（须以字母开头，只含字母、数字和下划线），该行未导入',
    'en-US': 'The variable name “{field}” is not valid (a letter first, then letters, digits and underscores); the row was not imported',
  },
  'redcap.field_duplicate': {
    'zh-CN': '变量名 {field} 已在第 {first} 行使用，该行未导入',
    'en-US': 'The variable name {field} is already used on row {first}; the row was not imported',
  },
  'redcap.form_missing': { 'zh-CN': '未填写表单名（Form Name），该行未导入', 'en-US': 'The row has no form name; it was not imported' },
  'redcap.form_name_invalid': {
    'zh-CN': '表单名“{form}”无效（只能含字母、数字和下划线），该行未导入',
    'en-US': 'The form name “{form}” is not valid (letters, digits and underscores only); the row was not imported',
  },
  'redcap.type_unknown': {
    'zh-CN': '字段类型“{type}”无法识别，该行未导入',
    'en-US': 'The field type “{type}” is not a REDCap field type; the row was not imported',
  },
  'redcap.field_renamed': {
    'zh-CN': '变量名超过 {max} 个字符，已改为 {name}（逻辑中的引用同步修改）',
    'en-US': 'The variable name is longer than {max} characters and became {name} (references in logic follow)',
  },
  'redcap.form_renamed': {
    'zh-CN': '表单名 {form} 超过 {max} 个字符或与其他表单重名，表单简称改为 {abbr}',
    'en-US': 'The form name {form} is longer than {max} characters or repeats another; the panel abbreviation is {abbr}',
  },
  // Branching logic and calculations.
  'redcap.logic_event': {
    'zh-CN': '引用了事件中的字段 {ref}：表单内的公式不能按事件取值，未导入该逻辑',
    'en-US': 'It names a field of an event, {ref}: a formula inside a panel cannot read another event; the logic was not imported',
  },
  'redcap.logic_other_form': {
    'zh-CN': '引用了其他表单（{form}）的字段 {ref}：公式只能引用本表单的字段，未导入该逻辑',
    'en-US': 'It names {ref}, a field of another form ({form}): a formula reads only fields of its own panel; the logic was not imported',
  },
  'redcap.logic_unknown_field': {
    'zh-CN': '引用的字段 {ref} 不在数据字典中，未导入该逻辑',
    'en-US': 'It names {ref}, which is not in the data dictionary; the logic was not imported',
  },
  'redcap.logic_smart_variable': {
    'zh-CN': '使用了智能变量 {ref}，平台没有对应的值，未导入该逻辑',
    'en-US': 'It uses the smart variable {ref}, which has no counterpart here; the logic was not imported',
  },
  'redcap.logic_piping': {
    'zh-CN': '使用了带修饰的引用 {ref}（如 :value、:label），平台不支持，未导入该逻辑',
    'en-US': 'It uses the reference {ref} with a modifier (such as :value or :label), which is not supported; the logic was not imported',
  },
  'redcap.logic_function': {
    'zh-CN': '使用了平台不支持的函数 {name}，未导入该逻辑',
    'en-US': 'It uses the function {name}, which is not supported here; the logic was not imported',
  },
  'redcap.logic_recoded': {
    'zh-CN': '引用的字段 {ref} 的选项编码已重新编号，逻辑中的编码不再对应，未导入该逻辑',
    'en-US': 'It names {ref}, whose option codes were renumbered, so its codes no longer match; the logic was not imported',
  },
  'redcap.logic_invalid': {
    'zh-CN': '转换后的公式“{formula}”未通过检查：{detail}；未导入该逻辑',
    'en-US': 'The translated formula “{formula}” does not pass the checks: {detail}; the logic was not imported',
  },
  'redcap.calc_empty': { 'zh-CN': '计算字段没有公式，导入为空的计算字段', 'en-US': 'The calculated field has no formula; it was imported without one' },
  // Field settings.
  'redcap.validation_unsupported': {
    'zh-CN': '文本校验类型 {type} 没有对应的规则，按普通文本导入',
    'en-US': 'The text validation type {type} has no counterpart; the field was imported as plain text',
  },
  'redcap.decimal_comma': {
    'zh-CN': '校验类型 {type} 使用逗号作小数点，平台统一使用小数点',
    'en-US': 'The validation type {type} uses a decimal comma; numbers here are written with a decimal point',
  },
  'redcap.range_not_imported': {
    'zh-CN': '取值范围 {min} – {max} 不是数字，未导入',
    'en-US': 'The range {min} – {max} is not numeric and was not imported',
  },
  'redcap.choices_recoded': {
    'zh-CN': '选项编码只能是数字，已重新编号：{mapping}',
    'en-US': 'Option codes must be digits, so they were renumbered: {mapping}',
  },
  'redcap.choices_missing': { 'zh-CN': '选择字段没有选项，导入后请补充', 'en-US': 'The choice field has no options; add them after the import' },
  'redcap.choice_duplicate': { 'zh-CN': '选项编码 {code} 重复，只保留第一个', 'en-US': 'The option code {code} repeats; only the first was kept' },
  'redcap.sql_field': {
    'zh-CN': 'SQL 字段的查询无法导入，按单行文本导入',
    'en-US': 'The query of an SQL field cannot be imported; the field was imported as single-line text',
  },
  'redcap.file_as_upload': {
    'zh-CN': '文件字段导入为图片上传（平台的上传字段只接收图片）',
    'en-US': 'The file field was imported as an image upload (upload fields here take images)',
  },
  'redcap.slider_labels': { 'zh-CN': '滑块的标签“{labels}”未导入', 'en-US': 'The slider labels “{labels}” were not imported' },
  'redcap.note_not_imported': {
    'zh-CN': '该类字段没有提示文字，字段注释“{note}”未导入',
    'en-US': 'This kind of field has no hint text, so the field note “{note}” was not imported',
  },
  'redcap.alignment': {
    'zh-CN': '自定义对齐 {alignment} 未导入（表单按平台的统一布局显示）',
    'en-US': 'The custom alignment {alignment} was not imported (panels follow the platform’s layout)',
  },
  'redcap.question_number': {
    'zh-CN': '问卷题号 {number} 未导入',
    'en-US': 'The survey question number {number} was not imported',
  },
  'redcap.matrix_ranking': {
    'zh-CN': '矩阵组 {group} 的排序限制（每列只能选一次）未导入',
    'en-US': 'The ranking of matrix group {group} (each column chosen once) was not imported',
  },
  'redcap.annotations': {
    'zh-CN': '字段注解 {annotations} 在平台没有对应功能，仅记录于此',
    'en-US': 'The field annotations {annotations} have no counterpart here and are only noted',
  },
  'redcap.label_truncated': {
    'zh-CN': '标签超过 {max} 个字符，已截断',
    'en-US': 'The label is longer than {max} characters and was shortened',
  },
  'redcap.panel_issue': { 'zh-CN': '表单检查：{detail}', 'en-US': 'Panel check: {detail}' },
} as const;

export type RedcapReportCode = keyof typeof REDCAP_REPORT_MESSAGES;

/** Both sentences; `paramsZh` replaces parameters whose text differs in Chinese (a checker's message). */
export function redcapMessage(
  code: RedcapReportCode,
  params: Record<string, string | number> = {},
  paramsZh: Record<string, string | number> = {},
): { message: string; messageEn: string } {
  const entry = REDCAP_REPORT_MESSAGES[code];
  return { message: interpolate(entry['zh-CN'], { ...params, ...paramsZh }), messageEn: interpolate(entry['en-US'], params) };
}
