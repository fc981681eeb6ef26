import type { Panel } from '../panels/schema.js';
import { FormEngine } from './engine.js';
import type { FormContext, FormValues } from './engine.js';
import type { FormError } from './field-check.js';
import type { FormIndex } from './form-index.js';

export interface FormEvaluation {
  /** Every field by model and every table's rows, as they must be stored. */
  values: FormValues;
  /** Keys of the widgets whose show condition hides them (their values are cleared). */
  hidden: string[];
  /** Complaints by path: a field's model, or `TABLE[rowIndex].column`. */
  errors: Record<string, FormError>;
  /** Lab result levels by row, `TABLE[rowIndex]`, null while the result is blank. */
  levels: Record<string, number | null>;
}

/**
 * The authoritative result of a panel for the given values (docs/forms.md): the same engine the browser
 * drives field by field, run once with nothing deferred. The server calls it on every save, so values the
 * browser would have cleared or computed are cleared and computed whatever was sent, and every row is
 * checked, those of huge-data tables too (spec 002 §5: the threshold changes how rows are shown, not which
 * rules hold).
 */
export function evaluateForm(panel: Pick<Panel, 'list'>, values: FormValues, context: FormContext, index?: FormIndex): FormEvaluation {
  const engine = new FormEngine(panel, values, context, { checkHugeTables: true, ...(index ? { index } : {}) });
  const errors: Record<string, FormError> = {};
  for (const { path, error } of engine.validate()) errors[path] = error;
  return { values: engine.getValues(), hidden: engine.hiddenWidgets(), errors, levels: engine.levels() };
}

/**
 * The models whose submitted value differs from the evaluated one (a table counts as one model), so a save
 * can be refused, or the difference shown, when the browser disagreed with the engine. Values compare as
 * their JSON; a field missing from the submission compares as blank.
 */
export function formDifferences(submitted: FormValues, evaluation: FormEvaluation): string[] {
  const differences: string[] = [];
  for (const [model, value] of Object.entries(evaluation.values)) {
    const sent = Object.hasOwn(submitted, model) ? submitted[model] : null;
    if (JSON.stringify(sent ?? null) !== JSON.stringify(value ?? null)) differences.push(model);
  }
  return differences;
}
