import { REQUEST_TIMEOUT_MS, SUCCESS_NOTIFICATION_SECONDS } from '@dcap/core';
import type { Envelope, FieldError, Locale } from '@dcap/core';
import { ApiError } from './errors';
import type { ClientErrorCode } from './errors';
import type { Notifier } from './notifier';
import { breakLines } from './notifier';
import type { EnvMarker } from '../app/envMarker';
import { markerOf } from '../app/envMarker';

export const API_BASE_PATH = '/dcap';

/** Anything with zod's `safeParse` shape; responses are checked against core's schemas at the wire. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  json?: unknown;
  /** A form body (application/x-www-form-urlencoded), as the sign-in call expects. */
  form?: Record<string, string>;
  /** An upload (multipart/form-data, spec 000 §7: upload endpoints are not encrypted); the browser sets the boundary. */
  upload?: FormData;
  /** Overrides the 20 s default (spec 000 §9 per-call timeouts). */
  timeoutMs?: number;
  /** Show a success notice when the call succeeds (the "notification variant" of spec 000 §8.1). */
  notify?: boolean;
  /** The success notice's text; defaults to "operation success". */
  successMessage?: string;
  /** Use the server's `msg` as the success notice (spec 000 §7.1: selectEnv's message is shown to the user). */
  serverMessage?: boolean;
  /** Show no notices and do not leave the page on 403; the caller shows the error itself. */
  silent?: boolean;
  /** Cancellation by the caller (TanStack Query passes one); a cancelled call is not reported. */
  signal?: AbortSignal;
  schema?: ResponseSchema<T>;
  /**
   * The answer defines the window's environment marker instead of being compared with it: the
   * initialisation does this (spec 000 §4.4).
   */
  adoptMarker?: boolean;
}

/** What the client needs from the window's environment marker (app/envMarker.ts). */
export interface MarkerWatch {
  stamp(): number;
  adopt(marker: EnvMarker): void;
  observe(seen: EnvMarker, stamp: number): void;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  notifier: Notifier;
  getToken: () => string | null;
  getLocale: () => Locale;
  translate: (key: string, params?: Record<string, string | number>) => string;
  /** The token the call carried is no longer valid: end the local session (the guard then shows sign-in). */
  onSessionExpired: () => void;
  /** Spec 000 §8.1: after an access-denied notice the user is taken to the dashboard. */
  onForbidden: () => void;
  /**
   * The server refused a call because an administrator reset the password (`auth.password_change_required`):
   * the guard then shows the change-password page instead of a notice.
   */
  onPasswordChangeRequired?: () => void;
  /** Spec 002 §8: success envelopes carry the session's project and environment, compared with the window's. */
  marker?: MarkerWatch;
  basePath?: string;
}

/**
 * Spec 002 §8: "Body code 0 or 999 (number or string) is success"; 999 is a success with a warning
 * (spec 000 §8.1: "code 999 shows a warning (default: operation warning)").
 */
export const SUCCESS_CODE = 0;
export const WARNING_CODE = 999;

const CLIENT_ERROR_MESSAGES: Record<ClientErrorCode, string> = {
  'client.timeout': 'request.timeout',
  'client.network': 'request.network',
  'client.bad_response': 'request.badResponse',
};

/** A file the server sent instead of an envelope (spreadsheet exports). */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export type DownloadOptions = Omit<RequestOptions<never>, 'schema' | 'notify' | 'successMessage' | 'serverMessage'>;

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** A call answered with a file; a refusal still arrives as an envelope and is reported like any other. */
  download(path: string, options?: DownloadOptions): Promise<DownloadedFile>;
}

/** The name from `Content-Disposition`, preferring the UTF-8 form the server sends for non-ASCII names. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

function buildUrl(basePath: string, path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  const search = params.toString();
  return `${basePath}${path}${search ? `?${search}` : ''}`;
}

/** The envelope as it arrives: only `code` is known to be there until each field is checked. */
type WireEnvelope = { code: number } & Partial<Record<keyof Envelope<unknown>, unknown>> & Record<string, unknown>;

/** A body code as a number: servers of the spec's family send it as a number or as digits in a string. */
export function codeOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

/** Spec 000 §8.1: "A response without code passes through"; a body with a readable code is an envelope. */
function asEnvelope(value: unknown): WireEnvelope | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const code = codeOf((value as { code?: unknown }).code);
  return code === null ? null : { ...(value as Record<string, unknown>), code };
}

export function isSuccessCode(code: number): boolean {
  return code === SUCCESS_CODE || code === WARNING_CODE;
}

function fieldErrorsOf(envelope: WireEnvelope): FieldError[] {
  const { errors } = envelope;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is FieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as FieldError).path === 'string' &&
      typeof (item as FieldError).message === 'string',
  );
}

/** An answer read in full while the call's timeout still runs. */
interface Answer {
  status: number;
  headers: Headers;
  body: ArrayBuffer;
  token: string | null;
}

function readJson(answer: Answer): unknown {
  const text = new TextDecoder().decode(answer.body);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const basePath = deps.basePath ?? API_BASE_PATH;
  const { notifier, translate: t } = deps;

  function clientError(errorCode: ClientErrorCode, code: number, params?: Record<string, string | number>) {
    return new ApiError({ code, msg: t(CLIENT_ERROR_MESSAGES[errorCode], params), errorCode });
  }

  /** Spec 000 §8.1 failure handling, in one place for every call. */
  function reportFailure(error: ApiError, sentToken: string | null, silent: boolean): void {
    const description = breakLines(error.msg);
    if (error.code === 401) {
      if (!silent) {
        notifier.notify('error', {
          key: 'session',
          title: t('notify.loginAgainTitle'),
          description: description || t('notify.loginAgain'),
        });
      }
      // Only the session that was refused ends: a late answer to an old token must not sign out a new one.
      if (sentToken !== null && deps.getToken() === sentToken) deps.onSessionExpired();
      return;
    }
    if (error.errorCode === 'auth.password_change_required') {
      if (sentToken !== null && deps.getToken() === sentToken) deps.onPasswordChangeRequired?.();
      return;
    }
    if (silent) return;
    if (error.code === 403) {
      notifier.notify('error', { key: 'forbidden', title: t('notify.forbiddenTitle'), description });
      deps.onForbidden();
      return;
    }
    notifier.notify('error', { title: t('notify.systemWarning'), description, duration: 0 });
  }

  /** Sends one call with the headers, body and timeout of spec 000 §7; failures before an answer are reported. */
  async function send(path: string, options: RequestOptions<unknown>): Promise<Answer> {
    const silent = options.silent === true;
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': deps.getLocale() });
    const token = deps.getToken();
    if (token) headers.set('Token', token);

    let body: string | FormData | undefined;
    if (options.upload) {
      body = options.upload;
    } else if (options.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    }

    const timeout = new AbortController();
    const timer = setTimeout(() => {
      timeout.abort();
    }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

    try {
      const response = await deps.fetch(buildUrl(basePath, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal,
      });
      // The body is read inside the timeout as well: a stalled download is a timeout too.
      return { status: response.status, headers: response.headers, body: await response.arrayBuffer(), token };
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      const error = timeout.signal.aborted
        ? clientError('client.timeout', 408, { seconds: Math.round((options.timeoutMs ?? REQUEST_TIMEOUT_MS) / 1000) })
        : clientError('client.network', 0);
      reportFailure(error, token, silent);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Turns a failed envelope into a reported ApiError. */
  function envelopeFailure(payload: WireEnvelope, token: string | null, silent: boolean): ApiError {
    const error = new ApiError({
      code: payload.code,
      msg: typeof payload.msg === 'string' ? payload.msg : '',
      errors: fieldErrorsOf(payload),
      data: payload.data,
      ...(typeof payload.errorCode === 'string' ? { errorCode: payload.errorCode } : {}),
    });
    reportFailure(error, token, silent);
    return error;
  }

  /**
   * A failed HTTP exchange without an envelope. Spec 000 §8.1: "HTTP 403: Forbidden notification with the
   * server message. HTTP 401: Unauthorized ... and a federated logout if a token was held" (a proxy or
   * gateway in front of the server answers this way); anything else is an unreadable answer.
   */
  function bareFailure(answer: Answer, silent: boolean): ApiError {
    const { status, token } = answer;
    if (status === 401 || status === 403) {
      const text = new TextDecoder().decode(answer.body).trim();
      const msg = text.length > 0 && text.length <= 200 && !text.includes('<') ? text : '';
      const error = new ApiError({ code: status, msg });
      reportFailure(error, token, silent);
      return error;
    }
    const error = clientError('client.bad_response', status, { status });
    reportFailure(error, token, silent);
    return error;
  }

  /** Spec 000 §4.4: the marker of a success envelope is adopted or compared with this window's. */
  function followMarker(payload: WireEnvelope, adopt: boolean, stamp: number | undefined): void {
    const seen = markerOf(payload);
    if (!seen || !deps.marker) return;
    if (adopt) deps.marker.adopt(seen);
    else if (stamp !== undefined) deps.marker.observe(seen, stamp);
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const silent = options.silent === true;
    const stamp = deps.marker?.stamp();
    const answer = await send(path, options);
    const { status, token } = answer;
    const body = readJson(answer);
    const payload = asEnvelope(body);

    if (!payload) {
      // Spec 000 §8.1: a response without a code passes through, when the HTTP exchange itself succeeded.
      if (status >= 200 && status < 300 && body !== undefined) return body as T;
      throw bareFailure(answer, silent);
    }

    if (!isSuccessCode(payload.code)) throw envelopeFailure(payload, token, silent);

    let data = payload.data as T;
    if (options.schema) {
      const parsed = options.schema.safeParse(payload.data);
      if (!parsed.success) {
        // The server answered with a shape the contract does not allow; show it rather than render garbage.
        const error = clientError('client.bad_response', status, { status });
        reportFailure(error, token, silent);
        throw error;
      }
      data = parsed.data;
    }

    followMarker(payload, options.adoptMarker === true, stamp);

    const message = typeof payload.msg === 'string' ? payload.msg : '';
    if (payload.code === WARNING_CODE) {
      if (!silent) notifier.notify('warning', { title: breakLines(message || t('notify.warning')), duration: SUCCESS_NOTIFICATION_SECONDS });
      return data;
    }
    if (options.notify && !silent) {
      const serverMessage = options.serverMessage && typeof payload.msg === 'string' && payload.msg ? payload.msg : undefined;
      notifier.notify('success', {
        title: breakLines(serverMessage ?? options.successMessage ?? t('notify.success')),
        duration: SUCCESS_NOTIFICATION_SECONDS,
      });
    }
    return data;
  }

  async function download(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
    const silent = options.silent === true;
    const answer = await send(path, options);
    const { status, headers, token } = answer;
    const type = headers.get('Content-Type') ?? '';
    if (type.includes('application/json') || status < 200 || status >= 300) {
      const payload = asEnvelope(readJson(answer));
      if (payload && !isSuccessCode(payload.code)) throw envelopeFailure(payload, token, silent);
      throw bareFailure(answer, silent);
    }
    const fallback = path.split('/').pop() ?? 'download';
    return { blob: new Blob([answer.body], { type }), filename: filenameOf(headers.get('Content-Disposition'), fallback) };
  }

  return { request, download };
}
