import { DEFAULT_LABEL_COL, DEFAULT_WRAPPER_COL, LABEL_MAX, SLIDER_MAX_DEFAULT, SLIDER_MIN_DEFAULT, SLIDER_STEP_DEFAULT } from '../../panels/constants.js';
import { generateRules } from '../../panels/rules.js';
import type { OptionItem, Widget, WidgetOptions, WidgetType } from '../../panels/schema.js';
import { parseChoices } from './choices.js';
import type { DictionaryRow } from './dictionary.js';
import type { RedcapReportCode } from './messages.js';
import { bilingual, hasMarkup, plainText } from './text.js';
import type { RedcapReportSubject } from './types.js';

/** What a row could not carry over, before it is placed in the report with its line, form and field. */
export interface FieldIssue {
  what: RedcapReportSubject;
  level: 'warning' | 'info';
  code: RedcapReportCode;
  source: string;
  params?: Record<string, string | number>;
}

export interface FieldOutcome {
  widget: Widget;
  /** The field's option codes were renumbered. */
  recoded: boolean;
  issues: FieldIssue[];
}

/** The REDCap field types; any other type skips its row. */
export const REDCAP_FIELD_TYPES = ['text', 'notes', 'dropdown', 'radio', 'checkbox', 'yesno', 'truefalse', 'calc', 'file', 'slider', 'descriptive', 'sql'] as const;
type FieldType = (typeof REDCAP_FIELD_TYPES)[number];
export const isRedcapFieldType = (type: string): type is FieldType => (REDCAP_FIELD_TYPES as readonly string[]).includes(type);

/** Patterns of REDCap's text validations that have no widget of their own (at most 64 characters, spec 001 §5.2). */
const VALIDATION_PATTERNS: Readonly<Record<string, string>> = {
  email: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
  phone: '^\\(?\\d{3}\\)?[-. ]?\\d{3}[-. ]?\\d{4}$',
  zipcode: '^\\d{5}(-\\d{4})?$',
  alpha_only: '^[A-Za-z]+$',
  time_mm_ss: '^[0-5]\\d:[0-5]\\d$',
};

const YES_NO: OptionItem[] = [
  { key: '1', value: '1', label: '是', labelEn: 'Yes' },
  { key: '0', value: '0', label: '否', labelEn: 'No' },
];
const TRUE_FALSE: OptionItem[] = [
  { key: '1', value: '1', label: '正确', labelEn: 'True' },
  { key: '0', value: '0', label: '错误', labelEn: 'False' },
];

interface Control {
  type: WidgetType;
  options: WidgetOptions;
  issues: FieldIssue[];
  recoded?: boolean;
}

const numberOrNull = (text: string): number | null => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : null);

/** Text Validation Min and Max as a numeric range, or a report entry when either is not a number. */
function numericRange(row: DictionaryRow): { options: WidgetOptions; issues: FieldIssue[] } {
  if (row.min === '' && row.max === '') return { options: {}, issues: [] };
  const min = numberOrNull(row.min);
  const max = numberOrNull(row.max);
  const options: WidgetOptions = {};
  if (min !== null) options.min = min;
  if (max !== null) options.max = max;
  const lost = (row.min !== '' && min === null) || (row.max !== '' && max === null);
  return {
    options,
    issues: lost ? [{ what: 'validation', level: 'warning', code: 'redcap.range_not_imported', source: `${row.min} – ${row.max}`, params: { min: row.min, max: row.max } }] : [],
  };
}

/** A text field by its validation type (docs/design-import.md, "Field types"). */
function textControl(row: DictionaryRow): Control {
  const validation = row.validation.toLowerCase();
  const dateRange = (): FieldIssue[] =>
    row.min !== '' || row.max !== ''
      ? [{ what: 'validation', level: 'warning', code: 'redcap.range_not_imported', source: `${row.min} – ${row.max}`, params: { min: row.min, max: row.max } }]
      : [];
  if (/^date_(ymd|mdy|dmy)$/.test(validation)) {
    // REDCap stores every date as Y-M-D whatever it displays, and logic compares that form.
    return { type: 'date', options: { type: 'date', format: 'YYYY-MM-DD', placeholder: '' }, issues: dateRange() };
  }
  if (/^datetime_(seconds_)?(ymd|mdy|dmy)$/.test(validation)) {
    return { type: 'date', options: { type: 'date', format: 'YYYY-MM-DD HH:mm:ss', placeholder: '' }, issues: dateRange() };
  }
  if (validation === 'time' || validation === 'time_hh_mm_ss') {
    return { type: 'time', options: { type: 'time', format: validation === 'time' ? 'HH:mm' : 'HH:mm:ss', placeholder: '' }, issues: [] };
  }
  const decimals = /^number_(\d)dp(_comma_decimal)?$/.exec(validation);
  if (validation === 'integer' || validation === 'number' || validation === 'number_comma_decimal' || decimals) {
    const range = numericRange(row);
    const options: WidgetOptions =
      validation === 'integer'
        ? { dataType: 'integer', precision: 0, step: 1 }
        : decimals
          ? { dataType: 'float', precision: Number(decimals[1]), step: 1 / 10 ** Number(decimals[1]) }
          : { dataType: 'number' };
    const issues = [...range.issues];
    if (validation.endsWith('comma_decimal')) issues.push({ what: 'validation', level: 'info', code: 'redcap.decimal_comma', source: row.validation, params: { type: row.validation } });
    return { type: 'number', options: { placeholder: '', ...options, ...range.options }, issues };
  }
  const pattern = VALIDATION_PATTERNS[validation];
  const text: WidgetOptions = { placeholder: '', dataType: 'string', allowClear: true };
  if (pattern !== undefined) return { type: 'input', options: { ...text, pattern, textValidationType: validation }, issues: [] };
  if (validation !== '') {
    return { type: 'input', options: text, issues: [{ what: 'validation', level: 'warning', code: 'redcap.validation_unsupported', source: row.validation, params: { type: row.validation } }] };
  }
  return { type: 'input', options: text, issues: [] };
}

function choiceControl(type: WidgetType, row: DictionaryRow): Control {
  const parsed = parseChoices(row.choices);
  const issues: FieldIssue[] = [];
  if (parsed.options.length === 0) issues.push({ what: 'choices', level: 'warning', code: 'redcap.choices_missing', source: row.choices });
  if (parsed.recoded.length > 0) {
    issues.push({ what: 'choices', level: 'warning', code: 'redcap.choices_recoded', source: row.choices, params: { mapping: parsed.recoded.join(', ') } });
  }
  for (const code of parsed.duplicates) issues.push({ what: 'choices', level: 'warning', code: 'redcap.choice_duplicate', source: row.choices, params: { code } });
  const options: WidgetOptions = type === 'select' ? { placeholder: '', options: parsed.options, multiple: false, allowClear: true } : { options: parsed.options };
  return { type, options, issues, recoded: parsed.recoded.length > 0 };
}

function controlOf(type: FieldType, row: DictionaryRow): Control {
  switch (type) {
    case 'text':
      return textControl(row);
    case 'notes':
      return { type: 'textarea', options: { placeholder: '', dataType: 'string', rows: 5 }, issues: [] };
    case 'dropdown':
      return choiceControl('select', row);
    case 'radio':
      return choiceControl('radio', row);
    case 'checkbox':
      return choiceControl('checkbox', row);
    case 'yesno':
      return { type: 'radio', options: { options: YES_NO.map((option) => ({ ...option })) }, issues: [] };
    case 'truefalse':
      return { type: 'radio', options: { options: TRUE_FALSE.map((option) => ({ ...option })) }, issues: [] };
    case 'calc':
      // The formula is translated once every field of the form is known (import.ts).
      return { type: 'number', options: { dataType: 'number' }, issues: [] };
    case 'file':
      return { type: 'uploader', options: { multiple: true }, issues: [{ what: 'field', level: 'info', code: 'redcap.file_as_upload', source: row.validation || 'file' }] };
    case 'slider': {
      const range = numericRange(row);
      const labels = row.choices.split('|').map((label) => plainText(label)).filter((label) => label !== '');
      const issues = [...range.issues];
      if (labels.length > 0) issues.push({ what: 'choices', level: 'info', code: 'redcap.slider_labels', source: row.choices, params: { labels: labels.join(' | ') } });
      return { type: 'slider', options: { min: SLIDER_MIN_DEFAULT, max: SLIDER_MAX_DEFAULT, step: SLIDER_STEP_DEFAULT, isRange: false, ...range.options }, issues };
    }
    case 'descriptive': {
      const rich = hasMarkup(row.label);
      return rich
        ? { type: 'richeditor', options: { content: row.label, contentEn: row.label }, issues: [] }
        : { type: 'alert', options: { content: plainText(row.label), contentEn: plainText(row.label), alertType: 'info' }, issues: [] };
    }
    case 'sql':
      return { type: 'input', options: { placeholder: '', dataType: 'string', allowClear: true }, issues: [{ what: 'field', level: 'warning', code: 'redcap.sql_field', source: row.choices }] };
  }
}

/** Widgets that show a hint inside the control, where a field note goes. */
const HINTED: ReadonlySet<WidgetType> = new Set(['input', 'textarea', 'number', 'select', 'date', 'time']);

/** `@DEFAULT="x"` or `@DEFAULT='x'`. */
const DEFAULT_ANNOTATION = /@DEFAULT\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/**
 * Annotations: @READONLY and @DEFAULT are carried over onto fields a user fills in (a calculated field is
 * read-only already); the others are only noted (docs/design-import.md).
 */
function annotationsOf(row: DictionaryRow, widget: Widget, kind: 'value' | 'calc' | 'decoration'): FieldIssue[] {
  const tags = [...row.annotation.matchAll(/@[A-Z][A-Z0-9_-]*/gi)].map((match) => match[0].toUpperCase());
  if (tags.length === 0) return [];
  const noted: string[] = [];
  for (const tag of tags) {
    if (tag === '@READONLY' && kind === 'value') widget.disabled = true;
    else if (tag === '@READONLY' && kind === 'calc') continue;
    else if (tag === '@DEFAULT' && kind === 'value') {
      const match = DEFAULT_ANNOTATION.exec(row.annotation);
      const value = match?.[1] ?? match?.[2];
      if (value === undefined) noted.push(tag);
      else widget.options.defaultValue = widget.type === 'checkbox' ? [value] : value;
    } else if (!noted.includes(tag)) noted.push(tag);
  }
  return noted.length > 0 ? [{ what: 'annotation', level: 'info', code: 'redcap.annotations', source: row.annotation, params: { annotations: noted.join(', ') } }] : [];
}

/**
 * The widget of one data dictionary row under `model` (docs/design-import.md, "Field types"): its control by
 * field type and validation, label, required, identifier, field note, annotations, and report entries for
 * what stays behind. Logic is added later, once every field of the form is known.
 */
export function buildField(type: FieldType, row: DictionaryRow, model: string): FieldOutcome {
  const control = controlOf(type, row);
  const decoration = control.type === 'alert' || control.type === 'richeditor';
  const label = bilingual(plainText(row.label));
  const issues = [...control.issues];
  if (label.truncated) issues.push({ what: 'field', level: 'info', code: 'redcap.label_truncated', source: row.label.slice(0, 200), params: { max: LABEL_MAX } });
  const widget: Widget = {
    type: control.type,
    key: model,
    model,
    name: label.name,
    ...(label.nameEn === undefined ? {} : { nameEn: label.nameEn }),
    labelCol: DEFAULT_LABEL_COL,
    wrapperCol: DEFAULT_WRAPPER_COL,
    disabled: false,
    options: { ...control.options },
  };
  if (!decoration) {
    widget.options.required = row.required.toLowerCase() === 'y';
    if (row.identifier.toLowerCase() === 'y') widget.options.sensitiveInformation = true;
  }
  const note = plainText(row.note);
  if (note !== '') {
    if (HINTED.has(widget.type) && type !== 'calc') widget.options.placeholder = note.slice(0, LABEL_MAX);
    else issues.push({ what: 'note', level: 'info', code: 'redcap.note_not_imported', source: row.note, params: { note } });
  }
  issues.push(...annotationsOf(row, widget, decoration ? 'decoration' : type === 'calc' ? 'calc' : 'value'));
  if (row.alignment !== '') issues.push({ what: 'layout', level: 'info', code: 'redcap.alignment', source: row.alignment, params: { alignment: row.alignment } });
  if (row.questionNumber !== '') issues.push({ what: 'layout', level: 'info', code: 'redcap.question_number', source: row.questionNumber, params: { number: row.questionNumber } });
  widget.rules = generateRules(widget);
  return { widget, recoded: control.recoded === true, issues };
}
