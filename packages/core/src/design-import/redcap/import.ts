import { INSTRUMENT_ABBR_MAX, INSTRUMENT_NAME_MAX } from '../../design/instruments.js';
import type { KnownFields } from '../../formulas/check.js';
import { DEFAULT_LABEL_COL, FIELD_NAME_MAX, LABEL_MAX } from '../../panels/constants.js';
import type { Panel, Widget, WidgetType } from '../../panels/schema.js';
import { panelSchema } from '../../panels/schema.js';
import { describeValidationIssues } from '../../errors/validation.js';
import { validatePanel } from '../../panels/validate.js';
import { isDataWidget, walkWidgets } from '../../panels/walk.js';
import type { DictionaryError, DictionaryRow } from './dictionary.js';
import { readDictionary } from './dictionary.js';
import type { FieldIssue } from './fields.js';
import { buildField, isRedcapFieldType } from './fields.js';
import type { LogicField } from './logic.js';
import { translateLogic } from './logic.js';
import { redcapMessage } from './messages.js';
import { bilingual, formTitle, plainText } from './text.js';
import type { RedcapImportPlan, RedcapPanelPlan, RedcapReportEntry } from './types.js';

export type RedcapPlanResult = { ok: true; plan: RedcapImportPlan } | { ok: false; error: DictionaryError };

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const FORM_NAME = /^[A-Za-z0-9_]+$/;

interface PlacedField {
  row: DictionaryRow;
  widget: Widget;
}

interface FormDraft {
  formName: string;
  nameAbbr: string;
  line: number;
  list: Widget[];
  fields: PlacedField[];
}

/** A name not yet in `used` (compared without case): the base cut to `max`, then `_2`, `_3`… */
function freshName(base: string, used: Set<string>, max: number): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : `_${String(n)}`;
    const candidate = base.slice(0, max - suffix.length) + suffix;
    if (!used.has(candidate.toLowerCase())) {
      used.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

class Report {
  readonly entries: RedcapReportEntry[] = [];

  add(row: Pick<DictionaryRow, 'line' | 'form' | 'field'>, issue: FieldIssue, paramsZh: Record<string, string | number> = {}): void {
    this.entries.push({
      line: row.line,
      form: row.form,
      field: row.field,
      what: issue.what,
      level: issue.level,
      code: issue.code,
      source: issue.source,
      ...redcapMessage(issue.code, issue.params, paramsZh),
    });
  }
}

/** The row's problem that keeps it from becoming a field, if any. */
function rowRefusal(row: DictionaryRow, firstLines: ReadonlyMap<string, number>): FieldIssue | null {
  if (!FIELD_NAME.test(row.field)) return { what: 'row', level: 'warning', code: 'redcap.field_name_invalid', source: row.field, params: { field: row.field } };
  const first = firstLines.get(row.field.toLowerCase());
  if (first !== undefined) return { what: 'row', level: 'warning', code: 'redcap.field_duplicate', source: row.field, params: { field: row.field, first } };
  if (row.form === '') return { what: 'row', level: 'warning', code: 'redcap.form_missing', source: '' };
  if (!FORM_NAME.test(row.form)) return { what: 'row', level: 'warning', code: 'redcap.form_name_invalid', source: row.form, params: { form: row.form } };
  if (!isRedcapFieldType(row.type.toLowerCase())) return { what: 'row', level: 'warning', code: 'redcap.type_unknown', source: row.type, params: { type: row.type } };
  return null;
}

/** A section label (spec 001 §2.1 `blank`) carrying a section header, under a generated key. */
function sectionLabel(header: string, used: Set<string>): Widget {
  const key = freshName('SECTION', used, FIELD_NAME_MAX);
  const text = plainText(header).slice(0, LABEL_MAX);
  const { name, nameEn } = bilingual(text);
  return { type: 'blank', key, model: key, name, ...(nameEn === undefined ? {} : { nameEn }), labelCol: DEFAULT_LABEL_COL, wrapperCol: 16, disabled: false, options: { content: text, contentEn: text, selectAll: false } };
}

function knownFieldsOf(list: readonly Widget[]): KnownFields {
  const known = new Map<string, { type: WidgetType }>();
  for (const { widget } of walkWidgets(list)) if (isDataWidget(widget)) known.set(widget.model, { type: widget.type });
  return known;
}

/** Branching logic into `logicExpression` and calculations into `expression`, each refused with its reason. */
function translateForm(form: FormDraft, fields: ReadonlyMap<string, LogicField>, report: Report): void {
  const known = knownFieldsOf(form.list);
  for (const { row, widget } of form.fields) {
    const context = { form: form.formName, fields, known };
    if (row.branching !== '') {
      const result = translateLogic(row.branching, context);
      if (result.ok) widget.options.logicExpression = result.formula;
      else report.add(row, { what: 'branching', level: 'warning', code: result.code, source: row.branching, params: result.params }, result.paramsZh);
    }
    if (row.type.toLowerCase() !== 'calc') continue;
    if (row.choices === '') {
      report.add(row, { what: 'calculation', level: 'warning', code: 'redcap.calc_empty', source: '' });
      continue;
    }
    const result = translateLogic(row.choices, context);
    if (result.ok) widget.options.expression = result.formula;
    else report.add(row, { what: 'calculation', level: 'warning', code: result.code, source: row.choices, params: result.params }, result.paramsZh);
  }
}

/**
 * The panel checks (spec 001 §5.2–5.4) over the assembled panel. Logic the checks still refuse as a whole
 * (formulas reading one another in a cycle) is taken out and reported; any other problem is reported, and
 * the server will refuse the panel with it.
 */
function settlePanel(form: FormDraft, report: Report): Panel {
  const panel: Panel = { list: form.list, config: { labelWidth: DEFAULT_LABEL_COL, labelPosition: 'right' } };
  const byKey = new Map(form.fields.map((placed) => [placed.widget.key, placed]));
  for (let round = 0; round < 5; round += 1) {
    const issues = validatePanel(panel);
    if (issues.length === 0) break;
    let removed = false;
    for (const issue of issues) {
      const placed = issue.widgetKey === null ? undefined : byKey.get(issue.widgetKey);
      const option = /\.options\.(expression|logicExpression)$/.exec(issue.path)?.[1];
      const row = placed?.row ?? { line: form.line, form: form.formName, field: issue.widgetKey ?? '' };
      if (placed && option !== undefined && placed.widget.options[option as 'expression' | 'logicExpression'] !== undefined) {
        if (option === 'expression') delete placed.widget.options.expression;
        else delete placed.widget.options.logicExpression;
        removed = true;
        const what = option === 'expression' ? 'calculation' : 'branching';
        report.add(row, { what, level: 'warning', code: 'redcap.panel_issue', source: what === 'calculation' ? placed.row.choices : placed.row.branching, params: { detail: issue.messageEn } }, { detail: issue.message });
      } else if (!removed && round === 0) {
        report.add(row, { what: 'field', level: 'warning', code: 'redcap.panel_issue', source: issue.path, params: { detail: issue.messageEn } }, { detail: issue.message });
      }
    }
    if (!removed) break;
  }
  // The shape's limits (a thousand options, code and label lengths), which the server checks again.
  const shape = panelSchema.safeParse(panel);
  if (!shape.success) {
    const zh = describeValidationIssues(shape.error.issues, 'zh-CN');
    for (const [index, described] of describeValidationIssues(shape.error.issues, 'en-US').entries()) {
      const row = { line: form.line, form: form.formName, field: '' };
      report.add(row, { what: 'field', level: 'warning', code: 'redcap.panel_issue', source: described.path, params: { detail: `${described.path}: ${described.message}` } }, { detail: `${zh[index]?.path ?? ''}: ${zh[index]?.message ?? ''}` });
    }
  }
  return panel;
}

/**
 * The panels a REDCap data dictionary becomes, one per form in the order forms first appear, fields in the
 * dictionary's order, and the report of everything not carried over as written (docs/design-import.md). A
 * file that is not a readable data dictionary is refused with the reason; a row that cannot become a field is
 * skipped and reported.
 */
export function planRedcapImport(text: string): RedcapPlanResult {
  const dictionary = readDictionary(text);
  if (!dictionary.ok) return dictionary;
  const report = new Report();
  report.entries.push(...dictionary.report);

  const forms = new Map<string, FormDraft>();
  const fields = new Map<string, LogicField>();
  const firstLines = new Map<string, number>();
  const usedModels = new Set<string>();
  const usedAbbrs = new Set<string>();
  const rankedGroups = new Set<string>();
  // Section labels take keys no variable of the dictionary uses, so a field is never renamed for one.
  const sectionKeys = new Set(dictionary.rows.map((row) => row.field.toLowerCase()));

  for (const row of dictionary.rows) {
    const refusal = rowRefusal(row, firstLines);
    if (refusal) {
      report.add(row, refusal);
      continue;
    }
    firstLines.set(row.field.toLowerCase(), row.line);
    let form = forms.get(row.form);
    if (!form) {
      const nameAbbr = freshName(row.form, usedAbbrs, INSTRUMENT_ABBR_MAX);
      if (nameAbbr !== row.form) {
        report.add(row, { what: 'form', level: 'info', code: 'redcap.form_renamed', source: row.form, params: { form: row.form, abbr: nameAbbr, max: INSTRUMENT_ABBR_MAX } });
      }
      form = { formName: row.form, nameAbbr, line: row.line, list: [], fields: [] };
      forms.set(row.form, form);
    }
    const model = freshName(row.field, usedModels, FIELD_NAME_MAX);
    if (model !== row.field) {
      report.add(row, { what: 'field', level: 'info', code: 'redcap.field_renamed', source: row.field, params: { name: model, max: FIELD_NAME_MAX } });
    }
    if (row.section !== '') {
      const label = sectionLabel(row.section, sectionKeys);
      usedModels.add(label.key.toLowerCase());
      form.list.push(label);
    }
    const type = row.type.toLowerCase() as Parameters<typeof buildField>[0];
    const outcome = buildField(type, row, model);
    for (const issue of outcome.issues) report.add(row, issue);
    if (row.matrixGroup !== '' && row.matrixRanking.toLowerCase() === 'y' && !rankedGroups.has(row.matrixGroup)) {
      rankedGroups.add(row.matrixGroup);
      report.add(row, { what: 'layout', level: 'info', code: 'redcap.matrix_ranking', source: row.matrixGroup, params: { group: row.matrixGroup } });
    }
    form.list.push(outcome.widget);
    form.fields.push({ row, widget: outcome.widget });
    fields.set(row.field, { form: row.form, model, type: outcome.widget.type, recoded: outcome.recoded });
  }

  const panels: RedcapPanelPlan[] = [];
  for (const form of forms.values()) {
    translateForm(form, fields, report);
    const panel = settlePanel(form, report);
    const title = formTitle(form.formName).slice(0, INSTRUMENT_NAME_MAX);
    panels.push({
      formName: form.formName,
      name: title,
      nameEn: title,
      nameAbbr: form.nameAbbr,
      panel,
      fieldCount: [...walkWidgets(panel.list)].filter(({ widget }) => isDataWidget(widget)).length,
    });
  }
  const order = new Map(report.entries.map((entry, index) => [entry, index]));
  const entries = [...report.entries].sort((a, b) => a.line - b.line || (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return { ok: true, plan: { panels, report: entries } };
}
