import { isBlank } from './field-check.js';

/**
 * Reference selects (spec 001 §3.3 `ref`, spec 002 §9). A select whose `options.ref` names a field of the
 * same panel, or a table column as `TABLE.column`, refers to the values entered there: an adverse event
 * number chosen from the adverse-event table, a visit date chosen among the dates entered. When the referenced
 * values change, a choice no longer among them is reset, so the record never points at something that is
 * gone. The browser waits 300 ms after typing stops (REFERENCE_DEBOUNCE_MS); the server resets at once.
 * A `ref` naming something not on the panel (a dictionary, another panel) is never reset here.
 */

/** What a reference select may hold: the referenced field's (or column's) non-blank values, as text. */
export function referenceChoices(referenced: unknown): string[] {
  const values = Array.isArray(referenced) ? (referenced as unknown[]) : [referenced];
  const choices: string[] = [];
  for (const value of values.flat()) {
    if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) continue;
    const text = String(value);
    if (!choices.includes(text)) choices.push(text);
  }
  return choices;
}

/** The reference select's value once its choices are `choices`: entries no longer offered are dropped. */
export function resetReference(value: unknown, choices: readonly string[]): unknown {
  if (isBlank(value)) return value;
  const offered = (entry: unknown) => choices.includes(String(entry));
  if (!Array.isArray(value)) return offered(value) ? value : null;
  const kept = (value as unknown[]).filter(offered);
  if (kept.length === value.length) return value;
  return kept.length > 0 ? kept : null;
}
