import type { Envelope, FieldError } from '@dcap/core';
import type { Actor } from './context.js';

/**
 * Successful responses carry the session's current project and environment (spec 000 §7) so a window can
 * tell that another window switched project.
 */
export function success<T>(data: T, msg: string, actor: Actor | null): Envelope<T> & Record<string, unknown> {
  const body: Envelope<T> & Record<string, unknown> = { code: 0, msg, data };
  if (actor) {
    body.consistencyProjectId = actor.currentProjectId;
    body.consistencyProjectCurrEnv = actor.currentEnv;
  }
  return body;
}

export function failure(status: number, msg: string, errorCode: string, errors?: FieldError[]): Envelope<null> {
  return errors && errors.length > 0 ? { code: status, msg, data: null, errorCode, errors } : { code: status, msg, data: null, errorCode };
}
