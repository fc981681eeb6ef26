import type { Widget, WidgetType } from '../panels/schema.js';

/** The ODM 1.3.2 data types the platform writes and reads (ODM §3.1.1 DataType). */
export const ODM_DATA_TYPES = ['integer', 'float', 'date', 'time', 'datetime', 'partialDate', 'partialTime', 'text', 'string', 'boolean', 'URI'] as const;
export type OdmDataType = (typeof ODM_DATA_TYPES)[number];

const hasTime = (format: string): boolean => /H/.test(format);
const fullDate = (format: string): boolean => /Y/.test(format) && /M/.test(format) && /D/.test(format);

/**
 * The ODM data type of a value-holding widget (docs/decisions.md, "CDISC ODM"): numbers by their data type
 * (a number without one, or with a precision, is a float unless declared integer), dates and times by
 * their display format, a switch as boolean, choices and everything else as text (a multiple choice is its
 * codes joined by commas, which ODM has no type for).
 */
export function odmDataType(widget: Pick<Widget, 'type' | 'options'>): OdmDataType {
  const options = widget.options;
  switch (widget.type) {
    case 'number':
      return options.dataType === 'integer' || options.precision === 0 ? 'integer' : 'float';
    case 'slider':
      return options.dataType === 'integer' || (options.step ?? 1) % 1 === 0 ? 'integer' : 'float';
    case 'rate':
      return options.allowHalf === true ? 'float' : 'integer';
    case 'input':
      if (options.dataType === 'integer') return 'integer';
      if (options.dataType === 'float' || options.dataType === 'number') return 'float';
      if (options.dataType === 'url') return 'URI';
      return 'text';
    case 'date': {
      const format = options.format ?? 'YYYY-MM-DD';
      if (hasTime(format)) return 'datetime';
      return fullDate(format) ? 'date' : 'partialDate';
    }
    case 'time':
      return /s/.test(options.format ?? 'HH:mm:ss') ? 'time' : 'partialTime';
    case 'switch':
      return 'boolean';
    case 'textarea':
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'bullseyeplot':
    case 'color':
    case 'uploader':
    case 'imgupload':
    case 'alert':
    case 'blank':
    case 'richeditor':
    case 'grid':
    case 'table':
    case 'placeholder':
      return 'text';
  }
}

/** A widget type for an ODM data type, for an imported item without the platform's own widget alias. */
export function widgetTypeForDataType(dataType: string, hasCodeList: boolean, length: number | null): { type: WidgetType; exact: boolean } {
  if (hasCodeList) return { type: 'radio', exact: true };
  switch (dataType) {
    case 'integer':
    case 'float':
    case 'double':
      return { type: 'number', exact: true };
    case 'date':
    case 'partialDate':
    case 'datetime':
    case 'partialDatetime':
      return { type: 'date', exact: true };
    case 'time':
    case 'partialTime':
      return { type: 'time', exact: true };
    case 'boolean':
      return { type: 'switch', exact: true };
    case 'text':
    case 'string':
    case 'URI':
      return { type: length !== null && length > 64 ? 'textarea' : 'input', exact: true };
    default:
      return { type: 'input', exact: false };
  }
}

function padTime(time: string): string {
  const parts = time.split(':');
  while (parts.length < 3) parts.push('00');
  return parts.map((part) => part.padStart(2, '0')).join(':');
}

/**
 * A stored value as ODM writes it in ItemData/@Value, or null for no value. Dates, times and date-times
 * take ODM's ISO 8601 forms; a value that does not fit its declared type is written as stored, so nothing
 * entered is lost (the schema does not type Value).
 */
export function odmValue(dataType: OdmDataType, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) {
    const codes = value.filter((entry) => entry !== null && entry !== undefined && entry !== '').map(String);
    return codes.length === 0 ? null : codes.join(',');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : JSON.stringify(value);
  switch (dataType) {
    case 'boolean':
      return value === true || text === 'true' || text === '1' ? 'true' : value === false || text === 'false' || text === '0' ? 'false' : text;
    case 'time':
      return /^\d{1,2}:\d{2}(:\d{2})?$/.test(text) ? padTime(text) : text;
    case 'datetime': {
      const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2}(:\d{2})?)$/.exec(text);
      return match ? `${match[1] ?? ''}T${padTime(match[2] ?? '')}` : text;
    }
    case 'integer':
    case 'float':
    case 'date':
    case 'partialDate':
    case 'partialTime':
    case 'text':
    case 'string':
    case 'URI':
      return text;
  }
}
