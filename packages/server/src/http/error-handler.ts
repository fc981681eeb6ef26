import type { ErrorCode, Locale } from '@dcap/core';
import { AppError, errorMessage, pickLocale } from '@dcap/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translateDatabaseError } from '../db/errors.js';
import { failure } from './envelope.js';

/** Fastify's own refusals of a request body, mapped onto catalogue codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.invalid',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.malformed_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformed_json',
};

function formatBytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${Math.round(bytes / 1_048_576)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

function toAppError(error: FastifyError | Error, request: FastifyRequest, bodyLimit: number): AppError | null {
  if (error instanceof AppError) return error;
  // A database refusal of a value no schema caught is still the caller's mistake (STYLE 6).
  const translated = translateDatabaseError(error);
  if (translated instanceof AppError) {
    request.log.warn({ err: error }, 'database refused a value the request schemas accepted');
    return translated;
  }
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped === 'request.unsupported_media_type') {
    return new AppError(mapped, { type: request.headers['content-type'] ?? '' });
  }
  if (mapped === 'request.too_large') return new AppError(mapped, { limit: formatBytes(bodyLimit) });
  // The detail names what was wrong, not Fastify's English sentence: responses carry catalogue text only.
  if (mapped === 'request.invalid') return new AppError(mapped, { detail: 'content-length' });
  if (mapped) return new AppError(mapped);
  // JSON.parse failures surface as SyntaxError with a 400 status from the content-type parser.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return new AppError('request.malformed_json');
  return null;
}

/**
 * The router's own refusals (a path that is not valid URL text, or a path segment longer than the router
 * reads) come before any hook or handler: they are rendered here as the catalogue error in the caller's
 * language instead of Fastify's default body.
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const header = request.headers['accept-language'];
  const locale = pickLocale(typeof header === 'string' ? header : undefined);
  void reply.status(400).send(failure(400, errorMessage('request.url_invalid', locale), 'request.url_invalid'));
}

/**
 * A catalogue error whose response also carries data for the client, such as every problem of a refused
 * panel (spec 001 §5.4), so the caller can mark each one; the message is still the catalogue's.
 */
export class ErrorWithData<T> extends AppError {
  constructor(
    code: ErrorCode,
    params: Record<string, string | number>,
    readonly data: T,
  ) {
    super(code, params);
  }
}

/** The one place errors become HTTP responses (STYLE 5). */
export function installErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale: Locale = request.locale;
    const appError = toAppError(error, request, bodyLimit);
    if (appError) {
      const params = { ...appError.params };
      if (appError.code === 'request.invalid' && params.detail === undefined) {
        params.detail = appError.fields.map((field) => field.message).join('; ');
      }
      // Too many attempts: say when to try again in the header too, for clients that back off (RFC 9110 §10.2.3).
      if (appError.status === 429 && params.seconds !== undefined) reply.header('retry-after', String(params.seconds));
      const body = failure(appError.status, errorMessage(appError.code, locale, params), appError.code, appError.fields);
      // An error that carries what the client needs to show (a refused panel's issues) sends it as `data`.
      return reply.status(appError.status).send(appError instanceof ErrorWithData ? { ...body, data: (appError as ErrorWithData<unknown>).data } : body);
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    const code: ErrorCode = status === 500 ? 'internal.error' : 'request.invalid';
    // Another framework refusal: its code as the detail (the sentence stays in the catalogue's language).
    const detail = (error as Partial<FastifyError>).code ?? String(status);
    return reply.status(status).send(failure(status, errorMessage(code, locale, { detail }), code));
  });
}
