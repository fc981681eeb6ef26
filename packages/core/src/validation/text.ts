import { z } from 'zod';

/**
 * The one rule for text and numbers arriving in a request (ARCHITECTURE §4: bad input is a 400, never a
 * 500). PostgreSQL refuses NUL in text and jsonb, control characters corrupt exports and logs, and
 * bidirectional overrides let a name or code display as something it is not. Integers are bounded to the
 * column they land in, so the database never sees a number it cannot hold.
 */

/* eslint-disable no-control-regex -- finding control characters is the point of these patterns */
/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Every C0 and C1 control, and the Unicode line and paragraph separators. */
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/* eslint-enable no-control-regex */
/** Bidirectional embeddings, overrides and isolates (Unicode TR 9), and the Arabic letter mark. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u061C]/;

export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;
/** PostgreSQL bigint's range cut to what a JavaScript number holds exactly. */
export const BIGINT_SAFE_MIN = Number.MIN_SAFE_INTEGER;
export const BIGINT_SAFE_MAX = Number.MAX_SAFE_INTEGER;

export const hasControlCharacter = (text: string, multiline = false): boolean =>
  (multiline ? CONTROL_IN_MULTILINE : CONTROL_IN_LINE).test(text);
export const hasBidiControl = (text: string): boolean => BIDI_CONTROL.test(text);

const noControl = { params: { message: 'control_character' } } as const;
const noBidi = { params: { message: 'bidi_control' } } as const;

/**
 * One line of text: a name, code, label, keyword. Trimmed; refuses control characters (tab and newline
 * included) and bidirectional controls. Chain `.min()`, `.max()` and `.regex()` as on any string.
 */
export function safeText() {
  return z
    .string()
    .trim()
    .refine((text) => !hasControlCharacter(text), noControl)
    .refine((text) => !hasBidiControl(text), noBidi);
}

/** A code or key: one line like `safeText`, kept apart so a code's rule can grow without touching names. */
export const codeText = safeText;

/** Free text over several lines (a reason, a description): tab and newlines allowed, other controls not. */
export function multilineText() {
  return z.string().refine((text) => !hasControlCharacter(text, true), noControl);
}

/** Any text that is not trimmed (a password): only NUL and controls are refused, spaces are kept. */
export function rawText() {
  return z.string().refine((text) => !hasControlCharacter(text), noControl);
}

/** A JSON number bound for an `integer` column. */
export function dbInt() {
  return z.number().int().min(INT_MIN).max(INT_MAX);
}

/** A JSON number bound for a `bigint` column (within JavaScript's exact range). */
export function dbBigint() {
  return z.number().int().min(BIGINT_SAFE_MIN).max(BIGINT_SAFE_MAX);
}

/** A row id in a JSON body: a positive `integer`. */
export function dbId() {
  return z.number().int().positive().max(INT_MAX);
}

/** A row id in a path or query string, where every value arrives as text. */
export function queryId() {
  return z.coerce.number().int().positive().max(INT_MAX);
}

/** An integer in a path or query string, bound for an `integer` column. */
export function queryInt() {
  return z.coerce.number().int().min(INT_MIN).max(INT_MAX);
}
