import { useEffect, useImperativeHandle, useMemo, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LABEL_COL } from '@dcap/core';
import type { Panel } from '@dcap/core';
import { currentLocale } from '../../i18n';
import { errorText, RendererContext } from './context';
import type { DataMode, RendererSettings } from './context';
import { createFormStore } from './store';
import type { FormStore, FormValues, ValidationResult } from './store';
import { ANY_CHANGE } from './subscriptions';
import { WidgetList } from './WidgetList';
import './renderer.css';

export interface FormRendererHandle {
  /** Checks every visible field; resolves (never rejects) with the values and the complaints in the current language. */
  validate(): Promise<ValidationResult>;
  getValues(): FormValues;
  setValue(model: string, value: unknown): void;
}

export interface FormRendererProps {
  panel: Panel;
  initialValues?: FormValues;
  readOnly?: boolean;
  labelPosition?: 'left' | 'right';
  tableMode?: 'table' | 'card';
  cardsPerRow?: 1 | 2 | 3 | 4;
  onValuesChange?: (values: FormValues) => void;
  handleRef?: Ref<FormRendererHandle>;
  /** The designer's preview: placeholders show as dashed boxes. */
  preview?: boolean;
  /** Spec 002 §9 debounce of formulas (500 ms); 0 recomputes at once. */
  formulaDebounceMs?: number;
  /** Spec 002 §9 debounce of lab levels (500 ms); 0 recomputes at once. */
  levelDebounceMs?: number;
  /** Spec 002 §9 debounce of reference resets (300 ms); 0 resets at once. */
  referenceDebounceMs?: number;
  /** Called whenever a field or table cell renders (tests and the benchmark count re-renders). */
  onFieldRender?: (path: string) => void;
  /** The store the form runs on, when the caller made it (benchmark, tests); otherwise one per panel. */
  store?: FormStore;
  /** Panel entry: each field's status, queries and menu, read-only states and server complaints. */
  dataMode?: DataMode;
}

/**
 * The one renderer of panels (ARCHITECTURE §6): designer preview, data entry and the benchmark. Values live in
 * a store outside React; each field subscribes to its own value, visibility and error, so a change re-renders
 * the changed field and its dependents only.
 */
export function FormRenderer(props: FormRendererProps) {
  const { panel, initialValues, readOnly = false, labelPosition, tableMode, cardsPerRow, onValuesChange, handleRef, preview = false, onFieldRender, dataMode } = props;
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  // One store per panel: a new panel (the designer's preview after an edit) starts a new form with the then
  // initial values; new initial values alone do not, so a parent re-rendering never discards typed data.
  const makeStore = () => createFormStore(panel, initialValues, { formulaDebounceMs: props.formulaDebounceMs, levelDebounceMs: props.levelDebounceMs, referenceDebounceMs: props.referenceDebounceMs });
  const [own, setOwn] = useState(() => ({ panel, store: props.store ? null : makeStore() }));
  let ownStore = own.store;
  if (!props.store && (own.panel !== panel || ownStore === null)) {
    ownStore = makeStore();
    setOwn({ panel, store: ownStore });
  }
  const store = props.store ?? ownStore ?? makeStore();
  useEffect(() => (props.store ? undefined : () => store.dispose()), [store, props.store]);

  useEffect(() => {
    store.describeError = (error) => errorText(error, { locale, t });
  }, [store, locale, t]);

  useEffect(() => {
    if (!onValuesChange) return;
    return store.subscribe(ANY_CHANGE, () => onValuesChange(store.getValues()));
  }, [store, onValuesChange]);

  useImperativeHandle(
    handleRef,
    () => ({
      validate: () => Promise.resolve(store.validate()),
      getValues: () => {
        store.flush();
        return store.getValues();
      },
      setValue: (model, value) => store.setValue(model, value),
    }),
    [store],
  );

  const settings = useMemo<RendererSettings>(
    () => ({
      store,
      locale,
      t,
      readOnly,
      preview,
      labelPosition: labelPosition ?? panel.config.labelPosition,
      labelWidth: panel.config.labelWidth || DEFAULT_LABEL_COL,
      tableMode,
      cardsPerRow,
      placeholders: { input: t('renderer.placeholder.input'), select: t('renderer.placeholder.select') },
      onFieldRender,
      dataMode,
    }),
    [store, locale, t, readOnly, preview, labelPosition, panel.config.labelPosition, panel.config.labelWidth, tableMode, cardsPerRow, onFieldRender, dataMode],
  );

  return (
    <RendererContext.Provider value={settings}>
      <div className="dcap-renderer" data-testid="form-renderer">
        <WidgetList widgets={panel.list} />
      </div>
    </RendererContext.Provider>
  );
}
