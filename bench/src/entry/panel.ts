import type { Panel, PaletteWidget, Widget } from '@dcap/core';
import { createWidget, evaluateForm, indexForm, studyToday } from '@dcap/core';

/**
 * The benchmarked panel: 100 fields as a large case report form has them, 60 numbers, 30 single-line texts
 * and 10 formulas over the numbers, which the server re-computes on every save (docs/forms.md). Values
 * are made with the same engine the browser runs, so a save carries exactly what a browser would send.
 */
export const NUMBER_FIELDS = 60;
export const TEXT_FIELDS = 30;
export const FORMULA_FIELDS = 10;
export const FIELD_COUNT = NUMBER_FIELDS + TEXT_FIELDS + FORMULA_FIELDS;

const pad = (n: number) => String(n).padStart(2, '0');
export const numberKey = (n: number) => `N${pad(n)}`;
export const textKey = (n: number) => `T${pad(n)}`;
export const formulaKey = (n: number) => `F${pad(n)}`;

function field(item: PaletteWidget, key: string, name: string, nameEn: string, options: Partial<Widget['options']> = {}): Widget {
  const widget = createWidget(item, new Set());
  return { ...widget, key, model: key, name, nameEn, options: { ...widget.options, ...options } };
}

/** Formula i reads six numbers: a weighted sum and a rounded mean, so each save changes every result. */
function formula(i: number): string {
  const n = (k: number) => `[${numberKey(6 * (i - 1) + k)}]`;
  return i % 2 === 0 ? `${n(1)} + 2 * ${n(2)} - ${n(3)} + ${n(4)} + ${n(5)} + ${n(6)}` : `round((${n(1)} + ${n(2)} + ${n(3)} + ${n(4)} + ${n(5)} + ${n(6)}) / 6, 2)`;
}

export function benchPanel(): Panel {
  const list: Widget[] = [];
  for (let i = 1; i <= NUMBER_FIELDS; i += 1) list.push(field('number', numberKey(i), `数值 ${i}`, `Number ${i}`, { precision: 0 }));
  for (let i = 1; i <= TEXT_FIELDS; i += 1) list.push(field('input', textKey(i), `文本 ${i}`, `Text ${i}`));
  for (let i = 1; i <= FORMULA_FIELDS; i += 1) list.push(field('number', formulaKey(i), `公式 ${i}`, `Formula ${i}`, { precision: 2, expression: formula(i) }));
  return { list, config: { labelWidth: 8, labelPosition: 'right' } };
}

/**
 * A cycle of value sets for one user: each set differs from the one before it in every field, formulas
 * included, so every save changes 100 values and writes 100 audit rows. The formulas are filled in by the
 * form engine, as the browser does before it saves.
 */
export function valueCycle(panel: Panel, user: number, length: number): Record<string, unknown>[] {
  const index = indexForm(panel);
  // The study's day, as the server's save computes it (core time/study-day.ts).
  const today = () => studyToday(new Date());
  const sets: Record<string, unknown>[] = [];
  for (let k = 0; k < length; k += 1) {
    const entered: Record<string, unknown> = {};
    // Consecutive sets differ by 1 + k's parity in every number, so sums and means differ too.
    for (let i = 1; i <= NUMBER_FIELDS; i += 1) entered[numberKey(i)] = 10 + ((user * 7 + i * 3 + k * (i % 5 === 0 ? 2 : 1)) % 900);
    for (let i = 1; i <= TEXT_FIELDS; i += 1) entered[textKey(i)] = `u${user}-s${k}-t${i}`;
    sets.push(evaluateForm(panel, entered, { today }, index).values);
  }
  return sets;
}

/** How many fields differ between two value sets (the audit rows a save from one to the other writes). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): number {
  let changed = 0;
  for (const key of Object.keys(after)) if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) changed += 1;
  return changed;
}
