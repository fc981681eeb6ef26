import { cellErrorKey, FormEngine, FORMULA_DEBOUNCE_MS, LEVEL_DEBOUNCE_MS, REFERENCE_DEBOUNCE_MS, studyToday } from '@dcap/core';
import type { FormError, FormIndex, FormListener, FormValues, FormWork, LabRows, Panel, TableRows } from '@dcap/core';
import { ANY_CHANGE, cellKey, errorKey, levelKey, rowsKey, Subscriptions, valueKey, visibleKey } from './subscriptions';

export type { FormValues };

export interface FormStoreOptions {
  /** Spec 002 §9: 500 ms; 0 recomputes synchronously (tests, benchmark). */
  formulaDebounceMs?: number;
  levelDebounceMs?: number;
  /** Spec 002 §9: 300 ms before a reference select whose referenced values changed is reset. */
  referenceDebounceMs?: number;
  /** Words an error in the current language, for `validate()`. */
  describeError?: (error: FormError) => string;
}

export interface ValidationResult {
  valid: boolean;
  values: FormValues;
  errors: { model: string; message: string }[];
}

/**
 * A form's values outside React, held by core's form engine (docs/forms.md). Components subscribe to one key
 * each (useSyncExternalStore), so typing re-renders the field typed into and the fields depending on it only.
 * The store adds what only a browser needs: the subscriptions the engine's notices are turned into, and the
 * debounce timers of spec 002 §9 for the work the engine defers (formulas, lab levels, reference resets).
 */
export class FormStore {
  readonly subscriptions = new Subscriptions();
  readonly engine: FormEngine;
  private readonly delays: Record<FormWork, number>;
  private readonly timers = new Map<FormWork, { timer: ReturnType<typeof setTimeout>; run: () => void }>();
  /** Words a complaint in the current language; the renderer sets it as the language changes. */
  describeError: (error: FormError) => string;

  constructor(
    readonly panel: Panel,
    initialValues: FormValues = {},
    options: FormStoreOptions = {},
  ) {
    this.delays = {
      formulas: options.formulaDebounceMs ?? FORMULA_DEBOUNCE_MS,
      levels: options.levelDebounceMs ?? LEVEL_DEBOUNCE_MS,
      references: options.referenceDebounceMs ?? REFERENCE_DEBOUNCE_MS,
    };
    this.describeError = options.describeError ?? ((error) => error.code);
    const emit = (key: string) => this.subscriptions.emit(key);
    const listener: FormListener = {
      value: (model) => emit(valueKey(model)),
      cell: (table, rowId, column) => emit(cellKey(table, rowId, column)),
      rows: (table) => emit(rowsKey(table)),
      visible: (widgetKey) => emit(visibleKey(widgetKey)),
      error: (path) => emit(errorKey(path)),
      level: (table, rowId) => emit(levelKey(table, rowId)),
      change: () => emit(ANY_CHANGE),
    };
    this.engine = new FormEngine(panel, initialValues, { today: () => studyToday(new Date()) }, { listener, schedule: (work, run) => this.schedule(work, run) });
  }

  get index(): FormIndex {
    return this.engine.index;
  }

  get tables(): TableRows {
    return this.engine.tables;
  }

  get lab(): LabRows {
    return this.engine.lab;
  }

  subscribe = (key: string, listener: () => void): (() => void) => this.subscriptions.subscribe(key, listener);

  getValue(model: string): unknown {
    return this.engine.getValue(model);
  }

  isVisible(widgetKey: string): boolean {
    return this.engine.isVisible(widgetKey);
  }

  getError(path: string): FormError | undefined {
    return this.engine.getError(path);
  }

  /** A reference select's choices, joined, so a subscriber re-renders only when they change; null otherwise. */
  referenceChoicesKey(model: string): string | null {
    return this.engine.referenceChoices(model)?.join('\u0000') ?? null;
  }

  setValue(model: string, value: unknown): void {
    this.engine.setValue(model, value);
  }

  setCell(table: string, rowId: number, column: string, value: unknown): void {
    this.engine.setCell(table, rowId, column, value);
  }

  getValues(): FormValues {
    return this.engine.getValues();
  }

  /** Runs any debounced work now (before reading values out, and in tests), until none is left. */
  flush(): void {
    for (let round = 0; this.timers.size > 0 && round < 10; round += 1) {
      for (const work of ['references', 'formulas', 'levels'] as const) {
        const pending = this.timers.get(work);
        if (!pending) continue;
        clearTimeout(pending.timer);
        this.timers.delete(work);
        pending.run();
      }
    }
  }

  dispose(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Checks every visible, editable field and cell; disabled and computed fields show no validation. */
  validate(): ValidationResult {
    this.flush();
    const errors = this.engine.validate().map(({ path, error }) => ({ model: path, message: this.describeError(error) }));
    return { valid: errors.length === 0, values: this.getValues(), errors };
  }

  /** Spec 002 §9: each kind of work waits until changes stop for its delay; 0 runs it at once. */
  private schedule(work: FormWork, run: () => void): void {
    const delay = this.delays[work];
    if (delay <= 0) {
      run();
      return;
    }
    const before = this.timers.get(work);
    if (before) clearTimeout(before.timer);
    const timer = setTimeout(() => {
      this.timers.delete(work);
      run();
    }, delay);
    this.timers.set(work, { timer, run });
  }
}

export function createFormStore(panel: Panel, initialValues?: FormValues, options?: FormStoreOptions): FormStore {
  return new FormStore(panel, initialValues, options);
}

export { cellErrorKey, cellKey, rowsKey };
