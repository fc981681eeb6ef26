import type { FormulaNode } from '../formulas/ast.js';
import { isWidgetShown } from '../formulas/conditions.js';
import { evaluateFormula } from '../formulas/evaluate.js';
import type { FormulaScope } from '../formulas/evaluate.js';
import type { Panel, Widget } from '../panels/schema.js';
import { checkFieldValue, isBlank } from './field-check.js';
import type { FormError } from './field-check.js';
import { indexForm } from './form-index.js';
import type { FormIndex } from './form-index.js';
import { createLabRows } from './lab-rows.js';
import type { LabRows } from './lab-rows.js';
import { SILENT_LISTENER } from './listener.js';
import type { FormListener, FormScheduler, FormWork } from './listener.js';
import { referenceChoices, resetReference } from './references.js';
import { createTableRows } from './table-rows.js';
import type { TableRows } from './table-rows.js';

/** The values of a form: a field's value under its model, a table's rows (column key to cell value) under its. */
export type FormValues = Record<string, unknown>;

export interface FormContext {
  /** Today as YYYY-MM-DD, for `today()` and `age()` in formulas: the browser's date, or the server's clock. */
  today: () => string;
}

export interface FormEngineOptions {
  listener?: FormListener;
  /** When deferred work runs (spec 002 §9 debounces); without one, everything runs at once (the server). */
  schedule?: FormScheduler;
  /** Reuse an index of the same panel (the server re-checks many saves of one panel). */
  index?: FormIndex;
  /**
   * Check the cells of huge-data tables too (the server: a request may carry anything). The browser shows
   * them as text, never typed into, so it leaves them to the checks of the spreadsheet upload that filled them.
   */
  checkHugeTables?: boolean;
}

/** A complaint with where it is: a field's model, or a cell as `TABLE[rowIndex].column`. */
export interface FormFieldError {
  path: string;
  error: FormError;
}

/** The error path of a table cell, as validation reports it. */
export const cellPath = (table: string, rowIndex: number, column: string) => `${table}[${String(rowIndex)}].${column}`;
/** The key under which a cell's live complaint is kept: by row id, stable while rows are added and removed. */
export const cellErrorKey = (table: string, rowId: number, column: string) => `${table}:${String(rowId)}:${column}`;

/**
 * The form engine: a panel's values and the rules that keep them consistent (docs/forms.md). Conditions are
 * re-evaluated for the widgets naming a changed field, and hiding a widget clears its values (spec 002 §4);
 * formulas and computed table columns recompute for the dependents of the change, in the dependency graph's
 * order; reference selects reset when what they refer to changes; lab rows get their level and suggested
 * significance. The browser drives it field by field; `evaluateForm` runs it once over submitted values.
 */
export class FormEngine {
  readonly index: FormIndex;
  readonly tables: TableRows;
  readonly lab: LabRows;
  private readonly listener: FormListener;
  private readonly schedule: FormScheduler | undefined;
  private readonly checkHugeTables: boolean;
  private readonly values = new Map<string, unknown>();
  private readonly hidden = new Set<string>();
  private readonly errors = new Map<string, FormError>();
  private readonly pendingSources = new Set<string>();
  private readonly pendingReferences = new Set<string>();
  private recomputing = false;
  private loading = true;

  constructor(
    readonly panel: Pick<Panel, 'list'>,
    initialValues: FormValues,
    readonly context: FormContext,
    options: FormEngineOptions = {},
  ) {
    this.index = options.index ?? indexForm(panel);
    this.listener = options.listener ?? SILENT_LISTENER;
    this.schedule = options.schedule;
    this.checkHugeTables = options.checkHugeTables === true;
    for (const [model, widget] of this.index.fields) {
      // Own keys only: a field named `constructor` or `toString` must not start with what every object inherits.
      const initial = Object.hasOwn(initialValues, model) ? initialValues[model] : (widget.options.defaultValue ?? widget.defaultValue);
      this.values.set(model, initial ?? null);
    }
    this.tables = createTableRows(this.index, initialValues, this.listener, (table, column) => this.changed(column === undefined ? table : `${table}.${column}`));
    this.lab = createLabRows(this.index, this.tables, this.listener, (work, run) => this.request(work, run));
    // While loading, changes only queue their work; everything is computed once, in order, below.
    this.recomputing = true;
    for (const [widgetKey] of this.index.conditions) this.evaluateCondition(widgetKey);
    this.recomputeFormulas(this.index.formulaOrder);
    this.runPendingFormulas();
    // Lab rows read results that formulas may compute; references may point at what either fills in.
    this.lab.computeAll();
    for (const model of this.index.references.keys()) this.pendingReferences.add(model);
    this.settle();
    this.loading = false;
  }

  /** Runs queued formulas and reference resets until neither has anything left (each may queue the other). */
  private settle(): void {
    for (let pass = 0; (this.pendingSources.size > 0 || this.pendingReferences.size > 0) && pass <= this.index.formulas.size + this.index.references.size; pass += 1) {
      this.runPendingFormulas();
      this.runPendingReferences();
    }
  }

  getValue(model: string): unknown {
    return this.values.get(model) ?? null;
  }

  isVisible(widgetKey: string): boolean {
    return !this.hidden.has(widgetKey);
  }

  /** The widget keys hidden by their show condition. */
  hiddenWidgets(): string[] {
    return [...this.hidden];
  }

  getError(path: string): FormError | undefined {
    return this.errors.get(path);
  }

  /** What a reference select may hold now (the referenced non-blank values); null for any other field. */
  referenceChoices(model: string): string[] | null {
    const ref = this.index.references.get(model);
    return ref === undefined ? null : referenceChoices(this.scope.value(ref));
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
    this.listener.value(model);
    this.revalidate(model);
    this.changed(model);
  }

  /** Sets one table cell as the user typed it; lab rows recompute their level (spec 002 §4). */
  setCell(table: string, rowId: number, column: string, value: unknown): void {
    if (!this.tables.setCell(table, rowId, column, value)) return;
    this.lab.cellChanged(table, rowId, column, true);
    const key = cellErrorKey(table, rowId, column);
    if (this.errors.has(key)) this.validateCell(table, rowId, column);
  }

  getValues(): FormValues {
    const values: FormValues = {};
    for (const [model, value] of this.values) values[model] = value;
    for (const [model] of this.index.tables) values[model] = this.tables.rowValues(model);
    return values;
  }

  /** Runs one kind of deferred work now (the scheduler's timer, or a flush before values are read out). */
  run(work: FormWork): void {
    if (work === 'formulas') this.runPendingFormulas();
    else if (work === 'references') this.runPendingReferences();
    else this.lab.runPending();
  }

  /**
   * Checks every visible, editable field and cell; disabled and computed fields show no validation, nor do
   * the cells of huge-data tables unless `checkHugeTables` is set.
   */
  validate(): FormFieldError[] {
    const found: FormFieldError[] = [];
    for (const [model, widget] of this.index.fields) {
      const error = this.validateField(model, widget);
      if (error) found.push({ path: model, error });
    }
    for (const [table, entry] of this.index.tables) {
      if (this.hidden.has(entry.widget.key)) continue;
      this.tables.rowIds(table).forEach((rowId, rowIndex) => {
        for (const column of entry.columns) {
          const error = this.validateCell(table, rowId, column.key);
          if (error) found.push({ path: cellPath(table, rowIndex, column.key), error });
        }
      });
    }
    return found;
  }

  /** Lab result levels by row, as `TABLE[rowIndex]`, for rows of tables with a result column. */
  levels(): Record<string, number | null> {
    const levels: Record<string, number | null> = {};
    for (const [table, entry] of this.index.tables) {
      if (!entry.roles.result) continue;
      this.tables.rowIds(table).forEach((rowId, rowIndex) => {
        levels[`${table}[${String(rowIndex)}]`] = this.lab.level(table, rowId);
      });
    }
    return levels;
  }

  private request(work: FormWork, run: () => void): void {
    if (this.loading) return;
    if (this.schedule) this.schedule(work, run);
    else run();
  }

  private modelHidden(model: string): boolean {
    const widget = this.index.fields.get(model) ?? this.index.tables.get(model)?.widget;
    return widget !== undefined && (this.hidden.has(widget.key) || this.hiddenByContainer(model));
  }

  private hiddenByContainer(model: string): boolean {
    for (const widgetKey of this.hidden) if (this.index.clearedOnHide.get(widgetKey)?.includes(model)) return true;
    return false;
  }

  private setError(path: string, error: FormError | null): void {
    const before = this.errors.get(path);
    if (error === null && before === undefined) return;
    if (error === null) this.errors.delete(path);
    else this.errors.set(path, error);
    this.listener.error(path);
  }

  private validateField(model: string, widget: Widget): FormError | null {
    const skip = widget.disabled === true || this.index.formulas.has(model) || this.modelHidden(model);
    const error = skip ? null : checkFieldValue(widget, this.values.get(model));
    this.setError(model, error);
    return error;
  }

  private validateCell(table: string, rowId: number, column: string): FormError | null {
    const widget = this.tables.cellWidget(table, rowId, column);
    const skip = !widget || widget.disabled === true || (this.tables.isHuge(table) && !this.checkHugeTables) || this.index.formulas.has(`${table}.${column}`);
    const error = skip ? null : checkFieldValue(widget, this.tables.getCell(table, rowId, column));
    this.setError(cellErrorKey(table, rowId, column), error);
    return error;
  }

  private revalidate(model: string): void {
    const widget = this.index.fields.get(model);
    if (widget && this.errors.has(model)) this.validateField(model, widget);
  }

  /** After `model` changed: its conditions now, its reference selects and formulas when their work runs. */
  private changed(model: string): void {
    this.listener.change();
    for (const widgetKey of this.index.conditionDependents(model)) this.evaluateCondition(widgetKey);
    // Rows added or removed change every column of the table.
    for (const column of this.index.tables.get(model)?.columns ?? []) {
      for (const widgetKey of this.index.conditionDependents(`${model}.${column.key}`)) this.evaluateCondition(widgetKey);
    }
    const references = this.index.referenceDependents(model);
    if (references.length > 0) {
      for (const reference of references) this.pendingReferences.add(reference);
      this.request('references', () => this.runPendingReferences());
    }
    if (this.index.formulaDependents(model).length === 0) return;
    this.pendingSources.add(model);
    if (this.recomputing) return;
    this.request('formulas', () => this.runPendingFormulas());
  }

  private runPendingFormulas(): void {
    this.recomputing = false;
    // A cycle cannot loop for ever (the designer refuses cycles; a stored panel might still hold one).
    for (let pass = 0; this.pendingSources.size > 0 && pass <= this.index.formulas.size; pass += 1) {
      const targets = new Set<string>();
      for (const source of this.pendingSources) for (const model of this.index.formulaDependents(source)) targets.add(model);
      this.pendingSources.clear();
      this.recomputeFormulas(this.index.formulaOrder.filter((model) => targets.has(model)));
    }
    this.pendingSources.clear();
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
        const result = this.modelHidden(model) ? null : evaluateFormula(node, this.scope);
        if (Object.is(this.values.get(model), result)) continue;
        this.values.set(model, result);
        this.listener.value(model);
        this.changed(model);
      }
    } finally {
      this.recomputing = false;
    }
  }

  /** A computed column: each row's formula reads that row's cells by bare column key; a hidden table stays blank. */
  private recomputeColumn(table: string, column: string, node: FormulaNode): void {
    const columns = new Set(this.index.tables.get(table)?.columns.map((entry) => entry.key));
    const hidden = this.modelHidden(table);
    let changed = false;
    for (const rowId of this.tables.rowIds(table)) {
      const rowScope: FormulaScope = {
        ...this.scope,
        value: (name) => (columns.has(name) ? this.tables.getCell(table, rowId, name) : this.scope.value(name)),
      };
      const result = hidden ? null : evaluateFormula(node, rowScope);
      if (this.tables.setCell(table, rowId, column, result, false)) changed = true;
    }
    if (changed) this.changed(`${table}.${column}`);
  }

  private runPendingReferences(): void {
    const models = [...this.pendingReferences];
    this.pendingReferences.clear();
    for (const model of models) {
      const ref = this.index.references.get(model);
      if (ref === undefined) continue;
      const before = this.values.get(model);
      const after = resetReference(before, referenceChoices(this.scope.value(ref)));
      if (Object.is(before, after)) continue;
      this.values.set(model, after);
      this.listener.value(model);
      this.revalidate(model);
      this.changed(model);
    }
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
    today: () => this.context.today(),
  };

  private evaluateCondition(widgetKey: string): void {
    const widget = this.index.conditions.get(widgetKey);
    if (!widget) return;
    const visible = isWidgetShown(widget, this.scope);
    if (visible === !this.hidden.has(widgetKey)) return;
    if (visible) this.hidden.delete(widgetKey);
    else this.hidden.add(widgetKey);
    this.listener.visible(widgetKey);
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
      this.listener.value(model);
      this.changed(model);
    }
  }
}
