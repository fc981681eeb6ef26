import type { ErrorCode } from './catalogue.js';
import { errorStatus } from './catalogue.js';

/** A complaint about one input field, so the form can show the server's message beside that field. */
export interface FieldError {
  path: string;
  message: string;
}

/** The one error type services throw: a catalogue code, its parameters and optional field errors. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly fields: FieldError[] = [],
  ) {
    super(code);
    this.name = 'AppError';
    this.status = errorStatus(code);
  }
}
