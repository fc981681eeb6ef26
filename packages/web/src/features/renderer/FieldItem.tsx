import { memo, useCallback, useMemo } from 'react';
import type { ReactNode } from 'react';
import { DEFAULT_WRAPPER_COL, designReadOnly, generateRules, GRID_SPAN_TOTAL } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { errorText, useFieldError, useFieldValue, useRenderer, widgetLabel } from './context';
import { FieldControl } from './FieldControl';

const percent = (span: number) => `${String((span / GRID_SPAN_TOTAL) * 100)}%`;

/** Whether the label carries the required mark: a required rule or the required option (spec 001 §5.2). */
function isRequired(widget: Widget): boolean {
  return widget.options.required === true || widget.required === true || generateRules(widget).some((rule) => rule.required === true);
}

interface FieldFrameProps {
  widget: Widget;
  error: string | undefined;
  children: ReactNode;
}

/** Label and control side by side in label and wrapper columns of 24 (spec 001 §9: 8 and 16). */
export function FieldFrame({ widget, error, children }: FieldFrameProps) {
  const { locale, labelPosition, labelWidth } = useRenderer();
  const labelCol = widget.labelCol ?? labelWidth;
  const wrapperCol = widget.wrapperCol ?? (labelCol === 0 ? GRID_SPAN_TOTAL : DEFAULT_WRAPPER_COL);
  const label = widgetLabel(widget, locale);
  const required = useMemo(() => isRequired(widget), [widget]);
  return (
    <div className={`dcap-renderer-field${error ? ' dcap-renderer-field-error' : ''}`} data-testid={`item-${widget.model}`}>
      {labelCol > 0 ? (
        <label className="dcap-renderer-label" style={{ width: percent(labelCol), textAlign: labelPosition }}>
          {required ? <span className="dcap-renderer-required">*</span> : null}
          {label}
        </label>
      ) : null}
      <div className="dcap-renderer-wrapper" style={{ width: percent(wrapperCol) }}>
        {children}
        {error ? (
          <div className="dcap-renderer-explain" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** One panel field, subscribed to its own value and error only: typing elsewhere never re-renders it. */
export const FieldItem = memo(function FieldItem({ widget }: { widget: Widget }) {
  const settings = useRenderer();
  const { store, readOnly, onFieldRender } = settings;
  const value = useFieldValue(store, widget.model);
  const error = useFieldError(store, widget.model);
  onFieldRender?.(widget.model);
  const onChange = useCallback((next: unknown) => store.setValue(widget.model, next), [store, widget.model]);
  const { dataMode } = settings;
  const locked = dataMode?.fieldReadOnly(widget.model) ?? false;
  const shown = error ? errorText(error, settings) : dataMode?.serverError(widget.model);
  const control = <FieldControl widget={widget} value={value} disabled={readOnly || locked || designReadOnly(widget) !== null} onChange={onChange} />;
  return (
    <FieldFrame widget={widget} error={shown}>
      {dataMode ? (
        <div className="dcap-renderer-data-field">
          <div className="dcap-renderer-data-control">{control}</div>
          {dataMode.fieldExtra(widget.model, widget)}
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
});
