import { interpolate } from '../i18n/locale.js';

/**
 * Every problem the formula language reports, with its sentence in both languages. The designer shows these
 * in the configuration panel, so they name the place and say what to do.
 */
export const FORMULA_MESSAGES = {
  'formula.empty': { zh: '公式为空', en: 'The formula is empty' },
  'formula.unexpected_character': {
    zh: '第 {position} 个字符处有无法识别的字符“{text}”',
    en: 'Unrecognised character "{text}" at character {position}',
  },
  'formula.unterminated_string': {
    zh: '第 {position} 个字符处的文本缺少结束引号',
    en: 'The text starting at character {position} has no closing quote',
  },
  'formula.unterminated_field': {
    zh: '第 {position} 个字符处的字段引用缺少“]”',
    en: 'The field reference at character {position} has no closing "]"',
  },
  'formula.invalid_field': {
    zh: '第 {position} 个字符处的字段引用“[{text}]”无效，应为 [字段名]、[字段名(选项编码)] 或 [表格.列]',
    en: 'Invalid field reference "[{text}]" at character {position}; write [field], [field(code)] or [table.column]',
  },
  'formula.unexpected_token': {
    zh: '第 {position} 个字符处不应出现“{text}”',
    en: 'Unexpected "{text}" at character {position}',
  },
  'formula.unexpected_end': { zh: '公式不完整，结尾缺少内容', en: 'The formula ends too early' },
  'formula.missing_parenthesis': {
    zh: '第 {position} 个字符处缺少“)”',
    en: 'Missing ")" at character {position}',
  },
  'formula.chained_comparison': {
    zh: '第 {position} 个字符处的比较不能连写，请用 and 连接两个比较',
    en: 'Comparisons cannot be chained (character {position}); join two comparisons with and',
  },
  'formula.too_deep': {
    zh: '第 {position} 个字符处嵌套过深，请简化公式',
    en: 'The formula nests too deeply at character {position}; simplify it',
  },
  'formula.too_long': {
    zh: '公式长度 {length} 超过上限 {max} 个字符',
    en: 'The formula is {length} characters long; the limit is {max}',
  },
  'formula.unknown_field': {
    zh: '第 {position} 个字符处引用的字段“{field}”在本表单中不存在',
    en: 'The field "{field}" referenced at character {position} does not exist in this panel',
  },
  'formula.not_checkbox': {
    zh: '第 {position} 个字符处的 [{field}({option})] 只能用于多选字段，“{field}”不是多选字段',
    en: '[{field}({option})] at character {position} only works on checkbox fields; "{field}" is not one',
  },
  'formula.column_outside_aggregate': {
    zh: '第 {position} 个字符处的表格列 [{field}] 只能用在 sum、mean、min、max、median、stdev、concat 或 isblank 中',
    en: 'The table column [{field}] at character {position} can only be used inside sum, mean, min, max, median, stdev, concat or isblank',
  },
  'formula.unknown_function': {
    zh: '第 {position} 个字符处的函数“{name}”不存在',
    en: 'Unknown function "{name}" at character {position}',
  },
  'formula.arity': {
    zh: '第 {position} 个字符处的函数 {name} 需要 {expected} 个参数，实际为 {actual} 个',
    en: 'The function {name} at character {position} takes {expectedEn} arguments, not {actual}',
  },
  'formula.invalid_unit': {
    zh: '第 {position} 个字符处的时间单位“{unit}”无效，可用 y、M、d、h、m、s',
    en: 'Invalid time unit "{unit}" at character {position}; use y, M, d, h, m or s',
  },
  'formula.two_digit_year': {
    zh: '第 {position} 个字符处的日期“{text}”只写了两位年份，请写四位年份，如 2025-01-31',
    en: 'The date "{text}" at character {position} has a two-digit year; write the year in four digits, such as 2025-01-31',
  },
  'formula.cycle': {
    zh: '公式之间存在循环引用：{chain}',
    en: 'The formulas refer to each other in a cycle: {chain}',
  },
  'condition.missing_field': {
    zh: '第 {index} 个显示条件没有选择字段',
    en: 'Show condition {index} has no field chosen',
  },
  'condition.unknown_field': {
    zh: '第 {index} 个显示条件引用的字段“{field}”在本表单中不存在',
    en: 'Show condition {index} refers to the field "{field}", which does not exist in this panel',
  },
} as const satisfies Record<string, { zh: string; en: string }>;

export type FormulaMessageCode = keyof typeof FORMULA_MESSAGES;

export interface FormulaMessage {
  code: FormulaMessageCode;
  message: string;
  messageEn: string;
}

/** The message of a code in both languages, with `{name}` placeholders filled in. */
export function formulaMessage(code: FormulaMessageCode, params: Record<string, string | number> = {}): FormulaMessage {
  const entry = FORMULA_MESSAGES[code];
  return { code, message: interpolate(entry.zh, params), messageEn: interpolate(entry.en, params) };
}
