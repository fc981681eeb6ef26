import type { FieldStatus, InactiveType } from '../records/field-state.js';
import type { Widget } from '../panels/schema.js';
import { optionLabel } from './annotations.js';
import type { CrfText } from './text.js';

/**
 * A stored value as a casebook prints it (spec 002 §3 export module "CRF report"): a choice as its option
 * label with the code after it, a switch as yes or no, a number with its unit, an upload as its file names.
 */
export function crfValueText(widget: Widget, value: unknown, text: CrfText, english: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const options = widget.options.options;
  if (options && options.length > 0 && (widget.type === 'radio' || widget.type === 'checkbox' || widget.type === 'select')) {
    const codes = Array.isArray(value) ? value : [value];
    return codes
      .filter((code) => code !== null && code !== undefined && code !== '')
      .map((code) => {
        const option = options.find((candidate) => candidate.value === String(code));
        return option ? `${optionLabel(option, english)} (${String(code)})` : String(code);
      })
      .join('; ');
  }
  if (widget.type === 'switch') return value === true || value === 'true' || value === 1 || value === '1' ? text.yes : text.no;
  if (Array.isArray(value)) {
    return value.map((item) => (item !== null && typeof item === 'object' && 'name' in item ? String((item as { name: unknown }).name) : plain(item))).join('; ');
  }
  const unit = widget.options.annotation?.trim();
  const shown = plain(value);
  return unit && widget.type !== 'textarea' ? `${shown} ${unit}` : shown;
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export interface CrfFieldState {
  status: FieldStatus;
  frozen: boolean;
  inactiveType: InactiveType | null;
  inactiveNote: string | null;
}

/** A field's workflow state in words: its status, frozen, and inactive with the reason (spec 002 §4). */
export function crfFieldStateText(state: CrfFieldState | undefined, text: CrfText): string {
  if (!state) return text.notEntered;
  const parts: string[] = [state.status === '' ? text.notEntered : text.fieldStatuses[state.status]];
  if (state.frozen) parts.push(text.frozen);
  if (state.inactiveType) {
    const note = state.inactiveNote?.trim();
    parts.push(`${text.inactive}: ${text.inactiveTypes[state.inactiveType]}${note ? ` (${note})` : ''}`);
  }
  return parts.join(' · ');
}
