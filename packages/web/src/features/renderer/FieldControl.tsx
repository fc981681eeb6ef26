import { Checkbox, ColorPicker, Input, InputNumber, Radio, Rate, Slider, Switch } from 'antd';
import { formatFormulaValue, RATE_COUNT_DEFAULT, SLIDER_MAX_DEFAULT, SLIDER_MIN_DEFAULT, SLIDER_STEP_DEFAULT, TEXTAREA_ROWS_DEFAULT } from '@dcap/core';
import type { Widget } from '@dcap/core';
import { Annotation } from './Annotation';
import { BullseyePlot } from './BullseyePlot';
import { optionLabel, useRenderer } from './context';
import { DateControl, TimeControl } from './DateControls';
import { SelectControl } from './SelectControl';
import { UploadPlaceholder } from './UploadPlaceholder';

export interface FieldControlProps {
  widget: Widget;
  value: unknown;
  disabled: boolean;
  onChange: (value: unknown) => void;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const asNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** A computed field is read-only and shows its formatted value, never NaN (spec 002 §5); hovering shows it whole. */
function ComputedValue({ widget, value }: { widget: Widget; value: unknown }) {
  const text = formatFormulaValue(value as Parameters<typeof formatFormulaValue>[0], widget.options.precision);
  return (
    <span className="dcap-renderer-control-row">
      <Input value={text} title={text} readOnly data-testid={`computed-${widget.model}`} />
      <Annotation text={widget.options.annotation} />
    </span>
  );
}

/** The input of one widget type, shared by panel fields and table cells. */
export function FieldControl({ widget, value, disabled, onChange }: FieldControlProps) {
  const { locale, placeholders } = useRenderer();
  const { options } = widget;
  const choices = options.options ?? [];
  const typed = options.placeholder ?? placeholders.input;
  const chosen = options.placeholder ?? placeholders.select;
  const testId = `field-${widget.model}`;
  if (options.expression?.trim()) return <ComputedValue widget={widget} value={value} />;

  switch (widget.type) {
    case 'input':
      return (
        <span className="dcap-renderer-control-row">
          <Input value={asText(value)} disabled={disabled} placeholder={typed} allowClear={options.allowClear} onChange={(event) => onChange(event.target.value)} data-testid={testId} />
          <Annotation text={options.annotation} />
        </span>
      );
    case 'textarea':
      return (
        <Input.TextArea value={asText(value)} disabled={disabled} placeholder={typed} rows={options.rows ?? TEXTAREA_ROWS_DEFAULT} onChange={(event) => onChange(event.target.value)} data-testid={testId} />
      );
    case 'number':
      return (
        <span className="dcap-renderer-control-row">
          <InputNumber
            value={asNumber(value)}
            disabled={disabled}
            placeholder={typed}
            min={options.min}
            max={options.max}
            step={options.step}
            precision={options.precision}
            style={{ width: '100%' }}
            onChange={(next) => onChange(next ?? null)}
            data-testid={testId}
          />
          <Annotation text={options.annotation} />
        </span>
      );
    case 'radio':
      return (
        <Radio.Group value={value ?? null} disabled={disabled} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
          {choices.map((option) => (
            <Radio key={option.key} value={option.value} disabled={option.disabled}>
              {optionLabel(option, locale)}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group value={asList(value)} disabled={disabled} onChange={(next) => onChange(next.length > 0 ? next : null)} data-testid={testId}>
          {choices.map((option) => (
            <Checkbox key={option.key} value={option.value} disabled={option.disabled}>
              {optionLabel(option, locale)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      );
    case 'select':
      return <SelectControl widget={widget} value={value} disabled={disabled} placeholder={chosen} onChange={onChange} />;
    case 'date':
      return <DateControl widget={widget} value={value} disabled={disabled} placeholder={chosen} onChange={onChange} />;
    case 'time':
      return <TimeControl widget={widget} value={value} disabled={disabled} placeholder={chosen} onChange={onChange} />;
    case 'rate':
      return <Rate value={asNumber(value) ?? 0} count={options.max ?? RATE_COUNT_DEFAULT} allowHalf={options.allowHalf} disabled={disabled} onChange={(next) => onChange(next === 0 ? null : next)} />;
    case 'switch':
      return <Switch checked={value === true} disabled={disabled} onChange={(checked) => onChange(checked)} data-testid={testId} />;
    case 'slider':
      return (
        <Slider
          value={asNumber(value) ?? options.min ?? SLIDER_MIN_DEFAULT}
          min={options.min ?? SLIDER_MIN_DEFAULT}
          max={options.max ?? SLIDER_MAX_DEFAULT}
          step={options.step ?? SLIDER_STEP_DEFAULT}
          disabled={disabled}
          onChange={(next: number) => onChange(next)}
        />
      );
    case 'color':
      return <ColorPicker value={asText(value) || undefined} disabled={disabled} showText onChange={(color) => onChange(color.toHexString())} />;
    case 'uploader':
    case 'imgupload':
      return <UploadPlaceholder widget={widget} disabled={disabled} />;
    case 'bullseyeplot':
      return <BullseyePlot widget={widget} value={value} disabled={disabled} onChange={onChange} />;
    case 'richeditor':
    case 'alert':
    case 'blank':
    case 'grid':
    case 'table':
    case 'placeholder':
      return null;
  }
}
