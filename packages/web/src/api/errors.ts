import type { FieldError } from '@dcap/core';

/** Failures that happen before the server could answer with an envelope. */
export type ClientErrorCode = 'client.timeout' | 'client.network' | 'client.bad_response';

/**
 * Every failed call rejects with this: the envelope's code (the HTTP status on failure), its localised
 * message, the catalogue code when the server gave one, and field errors so a form can mark its fields.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly errors: FieldError[];
  readonly errorCode: string | undefined;
  /** The envelope's data on failure: a refused panel save carries its problems here as `issues`. */
  readonly data: unknown;

  constructor(init: { code: number; msg: string; errors?: FieldError[]; errorCode?: string; data?: unknown }) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.errors = init.errors ?? [];
    this.errorCode = init.errorCode;
    this.data = init.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
