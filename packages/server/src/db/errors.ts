import { AppError } from '@dcap/core';

/** The parts of a PostgreSQL error we act on; both drivers expose them with these names. */
interface PgError {
  code?: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && 'code' in error && typeof (error as PgError).code === 'string';
}

/**
 * Translates database errors into domain errors in one place (STYLE 6). Unknown errors are returned
 * unchanged and become a 500 with the details kept in the log.
 */
export function translateDatabaseError(error: unknown, context: Record<string, string> = {}): unknown {
  if (!isPgError(error)) return error;
  if (error.code === '23505' && error.constraint === 'users_username_key') {
    return new AppError('user.username_taken', { username: context.username ?? '' });
  }
  return error;
}
