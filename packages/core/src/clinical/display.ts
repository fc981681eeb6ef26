import { MISSING_VALUE_DISPLAY } from '../panels/constants.js';

/** Spec 001 §9: a missing value displays as two dashes. */
export const MISSING = MISSING_VALUE_DISPLAY;

function isMissing(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** The text of a value for display, or `--` when it is missing (spec 001 §9). */
export function displayOrMissing(value: unknown): string {
  if (isMissing(value)) return MISSING;
  if (Array.isArray(value)) return value.map((item) => displayOrMissing(item)).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return MISSING;
}

/**
 * Spec 001 §9: a phone number shows its first three digits, stars, and its last four
 * (13812345678 → 138****5678); the number keeps its length. A number too short to keep seven digits
 * visible is shown as stars only; a missing one as `--`.
 */
export function maskPhone(value: unknown): string {
  if (isMissing(value)) return MISSING;
  const text = (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '').trim();
  if (text === '') return MISSING;
  // Phone numbers are ASCII digits and signs, so string offsets are characters.
  if (text.length <= 7) return '*'.repeat(text.length);
  return `${text.slice(0, 3)}${'*'.repeat(text.length - 7)}${text.slice(-4)}`;
}
