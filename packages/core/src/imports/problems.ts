import type { ErrorCode } from '../errors/catalogue.js';
import { errorMessage } from '../errors/catalogue.js';
import type { Locale } from '../i18n/locale.js';

/** One problem of an import row: a catalogue code, the column it is about (null: the whole row) and its values. */
export interface RowProblem {
  column: string | null;
  code: ErrorCode;
  params: Record<string, string | number>;
}

export function problem(code: ErrorCode, column: string | null, params: Record<string, string | number> = {}): RowProblem {
  return { column, code, params };
}

/**
 * A problem in a language. A field rule's own wording (spec 001 §5.2) wins over the catalogue's; a refusal of
 * the save carries its sentence as the save gave it (`detail`).
 */
export function problemMessage(item: Pick<RowProblem, 'code' | 'params'>, locale: Locale): string {
  if (item.code === 'import.format') {
    const own = locale === 'en-US' ? item.params.messageEn || item.params.message : item.params.message;
    if (own) return String(own);
  }
  return errorMessage(item.code, locale, item.params);
}
