/**
 * What the form engine tells whoever draws the form, one call per thing that changed, so a renderer can
 * re-draw only that field, cell, row list, visibility flag, complaint or lab level. The server passes none.
 */
export interface FormListener {
  value(model: string): void;
  cell(table: string, rowId: number, column: string): void;
  rows(table: string): void;
  visible(widgetKey: string): void;
  error(path: string): void;
  level(table: string, rowId: number): void;
  /** After any change at all (a form's `onValuesChange`). */
  change(): void;
}

const ignore = (): void => undefined;

export const SILENT_LISTENER: FormListener = { value: ignore, cell: ignore, rows: ignore, visible: ignore, error: ignore, level: ignore, change: ignore };

/**
 * Work the engine defers (spec 002 §9): formulas and lab levels 500 ms after typing stops, reference resets
 * 300 ms. The engine asks its scheduler to run each kind later; without a scheduler it runs at once.
 */
export type FormWork = 'formulas' | 'levels' | 'references';
export type FormScheduler = (work: FormWork, run: () => void) => void;
