import { CalendarOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { Dayjs } from 'dayjs';
import type { Widget } from '@dcap/core';
import { LazyPicker } from './LazyPicker';

dayjs.extend(customParseFormat);

const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD';
const DEFAULT_TIME_FORMAT = 'HH:mm:ss';

interface DateControlProps {
  widget: Widget;
  value: unknown;
  disabled: boolean;
  placeholder: string;
  onChange: (value: string | null) => void;
}

/** Dates are kept as text in the widget's format (spec 001 §9 formats), so saved data reads the same. */
function toDayjs(value: unknown, format: string): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = dayjs(value, format, true);
  return parsed.isValid() ? parsed : null;
}

export function DateControl({ widget, value, disabled, placeholder, onChange }: DateControlProps) {
  const format = widget.options.format ?? DEFAULT_DATE_FORMAT;
  return (
    <LazyPicker text={typeof value === 'string' ? value : ''} placeholder={placeholder} disabled={disabled} icon={<CalendarOutlined />} testId={`field-${widget.model}`}>
      {() => (
        <DatePicker
          defaultOpen
          autoFocus
          value={toDayjs(value, format)}
          format={format}
          picker={format === 'YYYY-MM' ? 'month' : 'date'}
          showTime={format.includes('HH')}
          disabled={disabled}
          placeholder={placeholder}
          style={{ width: '100%' }}
          onChange={(date: Dayjs | null) => onChange(date ? date.format(format) : null)}
        />
      )}
    </LazyPicker>
  );
}

export function TimeControl({ widget, value, disabled, placeholder, onChange }: DateControlProps) {
  const format = widget.options.format ?? DEFAULT_TIME_FORMAT;
  return (
    <LazyPicker text={typeof value === 'string' ? value : ''} placeholder={placeholder} disabled={disabled} icon={<ClockCircleOutlined />} testId={`field-${widget.model}`}>
      {() => (
        <TimePicker
          defaultOpen
          autoFocus
          value={toDayjs(value, format)}
          format={format}
          disabled={disabled}
          placeholder={placeholder}
          style={{ width: '100%' }}
          onChange={(time: Dayjs | null) => onChange(time ? time.format(format) : null)}
        />
      )}
    </LazyPicker>
  );
}
