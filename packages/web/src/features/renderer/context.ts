import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { RULE_ERROR_CODES } from '@dcap/core';
import type { FormError, Locale, OptionItem, Widget } from '@dcap/core';
import type { FormStore } from './store';
import { ANY_CHANGE, cellKey, errorKey, levelKey, rowsKey, valueKey, visibleKey } from './subscriptions';

/**
 * Data entry's additions to each field (panel entry, spec 002 §2): beside the control the field's status
 * icon, query badge and settings menu; its stored state may make it read-only; the server's complaint after a
 * refused save shows under it. A field is addressed by its path (core records/paths.ts): the model, or
 * `TABLE#rN.COLUMN` for a cell of a saved row (a row not saved yet has no path).
 */
export interface DataMode {
  fieldExtra(path: string, widget: Widget): ReactNode;
  fieldReadOnly(path: string): boolean;
  serverError(path: string): string | undefined;
  /**
   * The control of an upload field (spec 002 §5 image upload: its attachments, upload and delete); without
   * it the field shows the placeholder. `disabled` says the field may not change now.
   */
  uploadField?: ((path: string, widget: Widget, disabled: boolean) => ReactNode) | undefined;
  /** Extra buttons of an editable repeatable table's toolbar (spec 002 §2 "upload from spreadsheet"). */
  tableActions?: ((table: Widget) => ReactNode) | undefined;
}

/** What every part of a rendered form shares; it changes only with the language or the display props. */
export interface RendererSettings {
  store: FormStore;
  locale: Locale;
  t: TFunction;
  readOnly: boolean;
  /** The designer's preview shows placeholders as dashed boxes; data entry shows nothing. */
  preview: boolean;
  labelPosition: 'left' | 'right';
  labelWidth: number;
  tableMode: 'table' | 'card' | undefined;
  cardsPerRow: 1 | 2 | 3 | 4 | undefined;
  /** Default placeholders, translated once per language rather than once per field. */
  placeholders: { input: string; select: string };
  /** A test and benchmark hook: called each time a field or cell renders. */
  onFieldRender: ((path: string) => void) | undefined;
  /** Data entry's per-field additions; none in the designer's preview. */
  dataMode: DataMode | undefined;
}

export const RendererContext = createContext<RendererSettings | null>(null);

export function useRenderer(): RendererSettings {
  const settings = useContext(RendererContext);
  if (!settings) throw new Error('Renderer parts must be rendered inside FormRenderer');
  return settings;
}

export function useFieldValue(store: FormStore, model: string): unknown {
  return useSyncExternalStore(
    (listener) => store.subscribe(valueKey(model), listener),
    () => store.getValue(model),
  );
}

export function useVisible(store: FormStore, widgetKey: string): boolean {
  return useSyncExternalStore(
    (listener) => store.subscribe(visibleKey(widgetKey), listener),
    () => store.isVisible(widgetKey),
  );
}

export function useFieldError(store: FormStore, path: string): FormError | undefined {
  return useSyncExternalStore(
    (listener) => store.subscribe(errorKey(path), listener),
    () => store.getError(path),
  );
}

const NO_CHOICES: readonly string[] = [];

/**
 * A reference select's choices: the values entered where its `ref` points (docs/forms.md), re-read after any
 * change but re-rendering only when they differ; null for every other select.
 */
export function useReferenceChoices(store: FormStore, widget: Widget): readonly string[] | null {
  const isReference = store.index.fields.get(widget.model) === widget && store.index.references.has(widget.model);
  const key = useSyncExternalStore(
    (listener) => (isReference ? store.subscribe(ANY_CHANGE, listener) : () => undefined),
    () => (isReference ? store.referenceChoicesKey(widget.model) : null),
  );
  if (key === null) return null;
  return key === '' ? NO_CHOICES : key.split('\u0000');
}

export function useCell(store: FormStore, table: string, rowId: number, column: string): unknown {
  return useSyncExternalStore(
    (listener) => store.subscribe(cellKey(table, rowId, column), listener),
    () => store.tables.getCell(table, rowId, column),
  );
}

export function useRowIds(store: FormStore, table: string): readonly number[] {
  return useSyncExternalStore(
    (listener) => store.subscribe(rowsKey(table), listener),
    () => store.tables.rowIds(table),
  );
}

export function useLevel(store: FormStore, table: string, rowId: number): number | null {
  return useSyncExternalStore(
    (listener) => store.subscribe(levelKey(table, rowId), listener),
    () => store.lab.level(table, rowId),
  );
}

/** Labels follow the interface language (spec 002 §3: name and nameEn). */
export function widgetLabel(widget: Pick<Widget, 'name' | 'nameEn'>, locale: Locale): string {
  return locale === 'en-US' && widget.nameEn ? widget.nameEn : widget.name;
}

export function optionLabel(option: OptionItem, locale: Locale): string {
  return locale === 'en-US' && option.labelEn ? option.labelEn : option.label;
}

/**
 * A complaint from core's form engine in the interface language: a rule's complaint in the panel's own
 * wording of that rule (spec 001 §5.2), a limit's from the renderer's catalogue.
 */
export function errorText(error: FormError, settings: Pick<RendererSettings, 'locale' | 't'>): string {
  const { message, messageEn } = error.params;
  if (RULE_ERROR_CODES.includes(error.code)) return String((settings.locale === 'en-US' ? messageEn : message) ?? message ?? '');
  return settings.t(LIMIT_KEYS[error.code] ?? error.code, error.params);
}

const LIMIT_KEYS: Partial<Record<FormError['code'], string>> = {
  'form.maxlength': 'renderer.validation.maxlength',
  'form.min': 'renderer.validation.min',
  'form.max': 'renderer.validation.max',
};
