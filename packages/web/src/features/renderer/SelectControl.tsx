import { DownOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import type { Widget } from '@dcap/core';
import { offeredOptions } from '@dcap/core';
import { ColourDot } from './ColourDot';
import { optionLabel, useReferenceChoices, useRenderer } from './context';
import { LazyPicker } from './LazyPicker';

interface SelectControlProps {
  widget: Widget;
  value: unknown;
  disabled: boolean;
  placeholder: string;
  onChange: (value: unknown) => void;
}

/** A dropdown; the bullseye dropdown (options.bullsEyePlot) shows each code's colour (spec 001 §2.1). */
export function SelectControl({ widget, value, disabled, placeholder, onChange }: SelectControlProps) {
  const { locale, store } = useRenderer();
  const { options } = widget;
  const referenced = useReferenceChoices(store, widget);
  // A reference select offers what is entered where it points (core forms/options.ts, docs/forms.md).
  const choices = offeredOptions(widget, referenced) ?? [];
  const chosen = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(String);
  const chosenOptions = choices.filter((option) => chosen.includes(option.value));
  const text = chosen.map((code) => chosenOptions.find((option) => option.value === code)).map((option, index) => (option ? optionLabel(option, locale) : chosen[index])).join(', ');
  const dot = options.bullsEyePlot && chosenOptions[0] ? <ColourDot color={chosenOptions[0].color} label="" /> : undefined;
  return (
    <LazyPicker text={text} placeholder={placeholder} disabled={disabled} icon={<DownOutlined />} prefix={dot} testId={`field-${widget.model}`}>
      {() => (
        <Select
          defaultOpen
          autoFocus
          value={value ?? undefined}
          disabled={disabled}
          placeholder={placeholder}
          allowClear={options.allowClear ?? true}
          mode={options.multiple ? 'multiple' : undefined}
          style={{ width: '100%' }}
          onChange={(next: unknown) => onChange(next ?? null)}
          options={choices.map((option) => ({
            value: option.value,
            disabled: option.disabled,
            label: options.bullsEyePlot ? <ColourDot color={option.color} label={optionLabel(option, locale)} /> : optionLabel(option, locale),
          }))}
          data-testid={`field-${widget.model}`}
        />
      )}
    </LazyPicker>
  );
}
