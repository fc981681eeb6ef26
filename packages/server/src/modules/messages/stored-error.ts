import type { ErrorCode, Locale } from '@dcap/core';
import { ERRORS, errorMessage } from '@dcap/core';

/**
 * A message's failure as `outbound_messages.last_error` keeps it: the catalogue code and parameters (shown
 * in the reader's language when the log is read) and the remote server's own words, as JSON text.
 */
export interface StoredMessageError {
  code: ErrorCode;
  params: Record<string, string | number>;
  detail: string | null;
}

export function storeError(error: StoredMessageError): string {
  return JSON.stringify(error);
}

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** The failure in the reader's language; a value this code did not write is shown as its text. */
export function renderStoredError(text: string | null, locale: Locale): { code: string; message: string; detail: string | null } | null {
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<StoredMessageError>;
    if (isErrorCode(parsed.code)) {
      return { code: parsed.code, message: errorMessage(parsed.code, locale, parsed.params ?? {}), detail: parsed.detail ?? null };
    }
  } catch {
    // not ours: fall through
  }
  return { code: 'unknown', message: text, detail: null };
}
