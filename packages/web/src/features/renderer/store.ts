import dayjs from 'dayjs';
import { evaluateFormula, FORMULA_DEBOUNCE_MS, isWidgetShown, LEVEL_DEBOUNCE_MS } from '@dcap/core';
import type { FormulaNode, FormulaScope, Panel, Widget } from '@dcap/core';
import { createLabRows } from './labRows';
import type { LabRows } from './labRows';
import { indexPanel } from './panelIndex';
import type { PanelIndex } from './panelIndex';
import { ANY_CHANGE, cellKey, cellPath, errorKey, rowsKey, Subscriptions, valueKey, visibleKey } from './subscriptions';
import { createTableRows } from './tableRows';
import type { TableRows } from './tableRows';
import { checkFieldValue, isBlank } from './validation';
import type { FieldError } from './validation';

/** The values of a form: a field's value under its model, a table's rows (column key to cell value) under its. */
export type FormValues = Record<string, unknown>;

export interface FormStoreOptions {
  /** Spec 002 §9: 500 ms; 0 recomputes synchronously (tests, benchmark). */
  formulaDebounceMs?: number;
  levelDebounceMs?: number;
  /** Words an error in the current language, for `validate()`. */
  describeError?: (error: FieldError) => string;
}

export interface ValidationResult {
  valid: boolean;
  values: FormValues;
  errors: { model: string; message: string }[];
}

/**
 * A small external store holding a form's values outside React. Components subscribe to one key each
 * (useSyncExternalStore), so typing re-renders the field typed into and the fields depending on it only.
 * Formulas recompute for the dependents of the changed field only, debounced (spec 002 §9); conditions are
 * re-evaluated for the widgets naming the changed field only, and hiding a widget clears its values (§4).
 */
export class FormStore {
  readonly index: PanelIndex;
  readonly subscriptions = new Subscriptions();
  readonly tables: TableRows;
  readonly lab: LabRows;
  private readonly values = new Map<string, unknown>();
  private readonly hidden = new Set<string>();
  private readonly errors = new Map<string, FieldError>();
  private readonly pendingSources = new Set<string>();
  private formulaTimer: ReturnType<typeof setTimeout> | null = null;
  private recomputing = false;
  private readonly formulaDebounceMs: number;
  /** Words a complaint in the current language; the renderer sets it as the language changes. */
  describeError: (error: FieldError) => string;

  constructor(
    readonly panel: Panel,
    initialValues: FormValues = {},
    options: FormStoreOptions = {},
  ) {
    this.index = indexPanel(panel);
    this.formulaDebounceMs = options.formulaDebounceMs ?? FORMULA_DEBOUNCE_MS;
    this.describeError = options.describeError ?? ((error) => (error.kind === 'rule' ? error.message : error.key));
    for (const [model, widget] of this.index.fields) {
      // Own keys only: a field named `constructor` or `toString` must not start with what every object inherits.
      const initial = Object.hasOwn(initialValues, model) ? initialValues[model] : (widget.options.defaultValue ?? widget.defaultValue);
      this.values.set(model, initial ?? null);
    }
    this.tables = createTableRows(this.index, initialValues, this.subscriptions, (table, column) => this.changed(column === undefined ? table : `${table}.${column}`));
    this.lab = createLabRows(this.index, this.tables, this.subscriptions, options.levelDebounceMs ?? LEVEL_DEBOUNCE_MS);
    // While loading, changes only queue their formulas; everything is computed once, in order, below.
    this.recomputing = true;
    for (const [widgetKey] of this.index.conditions) this.evaluateCondition(widgetKey);
    this.recomputeFormulas(this.index.formulaOrder);
    this.runPendingFormulas();
    this.lab.computeAll();
  }

  subscribe = (key: string, listener: () => void): (() => void) => this.subscriptions.subscribe(key, listener);

  getValue(model: string): unknown {
    return this.values.get(model) ?? null;
  }

  isVisible(widgetKey: string): boolean {
    return !this.hidden.has(widgetKey);
  }

  getError(path: string): FieldError | undefined {
    return this.errors.get(path);
  }

  /** Sets a field's value (a table's whole rows when `model` is a table) and updates its dependents. */
  setValue(model: string, value: unknown): void {
    if (this.index.tables.has(model)) {
      this.tables.replaceRows(model, Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
      this.lab.computeAll();
      return;
    }
    if (!this.index.fields.has(model) || Object.is(this.values.get(model), value)) return;
    this.values.set(model, value);
    this.subscriptions.emit(valueKey(model));
    this.revalidate(model);
    this.changed(model);
  }

  /** Sets one table cell; lab rows recompute their level (spec 002 §4). */
  setCell(table: string, rowId: number, column: string, value: unknown): void {
    if (!this.tables.setCell(table, rowId, column, value)) return;
    this.lab.cellChanged(table, rowId, column, true);
    const path = `${table}:${String(rowId)}:${column}`;
    if (this.errors.has(path)) this.validateCell(table, rowId, column);
  }

  getValues(): FormValues {
    const values: FormValues = {};
    for (const [model, value] of this.values) values[model] = value;
    for (const [model] of this.index.tables) values[model] = this.tables.rowValues(model);
    return values;
  }

  /** Runs any debounced recomputation now (before reading values out, and in tests). */
  flush(): void {
    if (this.formulaTimer !== null) {
      clearTimeout(this.formulaTimer);
      this.formulaTimer = null;
      this.runPendingFormulas();
    }
    this.lab.flush();
  }

  dispose(): void {
    if (this.formulaTimer !== null) clearTimeout(this.formulaTimer);
    this.formulaTimer = null;
    this.lab.dispose();
  }

  /** Checks every visible, editable field and cell; disabled and computed fields show no validation. */
  validate(): ValidationResult {
    this.flush();
    const errors: ValidationResult['errors'] = [];
    for (const [model, widget] of this.index.fields) {
      const error = this.validateField(model, widget);
      if (error) errors.push({ model, message: this.describeError(error) });
    }
    for (const [table, entry] of this.index.tables) {
      if (this.isHidden(entry.widget.key)) continue;
      this.tables.rowIds(table).forEach((rowId, rowIndex) => {
        for (const column of entry.columns) {
          const error = this.validateCell(table, rowId, column.key);
          if (error) errors.push({ model: cellPath(table, rowIndex, column.key), message: this.describeError(error) });
        }
      });
    }
    return { valid: errors.length === 0, values: this.getValues(), errors };
  }

  private isHidden(widgetKey: string): boolean {
    return this.hidden.has(widgetKey);
  }

  private modelHidden(model: string): boolean {
    const widget = this.index.fields.get(model) ?? this.index.tables.get(model)?.widget;
    return widget !== undefined && (this.hidden.has(widget.key) || this.hiddenByContainer(model));
  }

  private hiddenByContainer(model: string): boolean {
    for (const widgetKey of this.hidden) if (this.index.clearedOnHide.get(widgetKey)?.includes(model)) return true;
    return false;
  }

  private setError(path: string, error: FieldError | null): void {
    const before = this.errors.get(path);
    if (error === null && before === undefined) return;
    if (error === null) this.errors.delete(path);
    else this.errors.set(path, error);
    this.subscriptions.emit(errorKey(path));
  }

  private validateField(model: string, widget: Widget): FieldError | null {
    const skip = widget.disabled === true || this.index.formulas.has(model) || this.modelHidden(model);
    const error = skip ? null : checkFieldValue(widget, this.values.get(model));
    this.setError(model, error);
    return error;
  }

  private validateCell(table: string, rowId: number, column: string): FieldError | null {
    const widget = this.tables.cellWidget(table, rowId, column);
    const skip = !widget || widget.disabled === true || this.tables.isHuge(table);
    const error = skip ? null : checkFieldValue(widget, this.tables.getCell(table, rowId, column));
    this.setError(`${table}:${String(rowId)}:${column}`, error);
    return error;
  }

  private revalidate(model: string): void {
    const widget = this.index.fields.get(model);
    if (widget && this.errors.has(model)) this.validateField(model, widget);
  }

  /** After `model` changed: its conditions now, its formulas after the debounce. */
  private changed(model: string): void {
    this.subscriptions.emit(ANY_CHANGE);
    for (const widgetKey of this.index.conditionDependents.get(model) ?? []) this.evaluateCondition(widgetKey);
    // Rows added or removed change every column of the table.
    for (const column of this.index.tables.get(model)?.columns ?? []) {
      for (const widgetKey of this.index.conditionDependents.get(`${model}.${column.key}`) ?? []) this.evaluateCondition(widgetKey);
    }
    if (this.index.formulaDependents(model).length === 0) return;
    this.pendingSources.add(model);
    if (this.recomputing) return;
    if (this.formulaDebounceMs <= 0) {
      this.runPendingFormulas();
      return;
    }
    if (this.formulaTimer !== null) clearTimeout(this.formulaTimer);
    this.formulaTimer = setTimeout(() => {
      this.formulaTimer = null;
      this.runPendingFormulas();
    }, this.formulaDebounceMs);
  }

  private runPendingFormulas(): void {
    this.recomputing = false;
    while (this.pendingSources.size > 0) {
      const targets = new Set<string>();
      for (const source of this.pendingSources) for (const model of this.index.formulaDependents(source)) targets.add(model);
      this.pendingSources.clear();
      this.recomputeFormulas(this.index.formulaOrder.filter((model) => targets.has(model)));
    }
  }

  private recomputeFormulas(models: readonly string[]): void {
    this.recomputing = true;
    try {
      for (const model of models) {
        const node = this.index.formulas.get(model);
        if (!node) continue;
        const dot = model.indexOf('.');
        if (dot >= 0) {
          this.recomputeColumn(model.slice(0, dot), model.slice(dot + 1), node);
          continue;
        }
        const result = this.modelHidden(model) ? null : this.evaluate(node);
        if (Object.is(this.values.get(model), result)) continue;
        this.values.set(model, result);
        this.subscriptions.emit(valueKey(model));
        this.changed(model);
      }
    } finally {
      this.recomputing = false;
    }
  }

  /** A computed column: each row's formula reads that row's cells by bare column key. */
  private recomputeColumn(table: string, column: string, node: FormulaNode): void {
    const columns = new Set(this.index.tables.get(table)?.columns.map((entry) => entry.key));
    let changed = false;
    for (const rowId of this.tables.rowIds(table)) {
      const rowScope: FormulaScope = {
        ...this.scope,
        value: (name) => (columns.has(name) ? this.tables.getCell(table, rowId, name) : this.scope.value(name)),
      };
      if (this.tables.setCell(table, rowId, column, evaluateFormula(node, rowScope), false)) changed = true;
    }
    if (changed) this.changed(`${table}.${column}`);
  }

  /** Where formulas and conditions read: fields by model, and `TABLE.column` as the list of that column. */
  private readonly scope: FormulaScope = {
    value: (name) => {
      const dot = name.indexOf('.');
      if (dot < 0) return this.values.get(name) ?? null;
      const table = name.slice(0, dot);
      const column = name.slice(dot + 1);
      return this.tables.rowIds(table).map((rowId) => this.tables.getCell(table, rowId, column));
    },
    today: () => dayjs().format('YYYY-MM-DD'),
  };

  private evaluate(node: FormulaNode): unknown {
    return evaluateFormula(node, this.scope);
  }

  private evaluateCondition(widgetKey: string): void {
    const widget = this.index.conditions.get(widgetKey);
    if (!widget) return;
    const visible = isWidgetShown(widget, this.scope);
    if (visible === !this.hidden.has(widgetKey)) return;
    if (visible) this.hidden.delete(widgetKey);
    else this.hidden.add(widgetKey);
    this.subscriptions.emit(visibleKey(widgetKey));
    if (!visible) this.clearHidden(widgetKey);
  }

  /** Spec 002 §4: hiding a field clears its value (at load too, so a hidden field never holds data). */
  private clearHidden(widgetKey: string): void {
    for (const model of this.index.clearedOnHide.get(widgetKey) ?? []) {
      this.setError(model, null);
      if (this.index.tables.has(model)) {
        this.tables.clearCells(model);
        continue;
      }
      if (isBlank(this.values.get(model))) continue;
      this.values.set(model, null);
      this.subscriptions.emit(valueKey(model));
      this.changed(model);
    }
  }
}

export function createFormStore(panel: Panel, initialValues?: FormValues, options?: FormStoreOptions): FormStore {
  return new FormStore(panel, initialValues, options);
}

export { cellKey, rowsKey };
