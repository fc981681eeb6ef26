import type { FieldError } from './errors/app-error.js';

/** Every JSON response (ARCHITECTURE §4): code 0 on success, otherwise the HTTP status. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  /** Present on validation failures so a form can mark the fields the server refused. */
  errors?: FieldError[];
  /** The catalogue code of a failure, stable across languages. */
  errorCode?: string;
}
