import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: string | null;
}

interface Answer {
  status?: number;
  body: unknown;
  /** Sent as is rather than as JSON (a downloaded file). */
  text?: string;
  headers?: Record<string, string>;
}

type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

export function ok<T>(data: T) {
  return { body: { code: 0, msg: 'success', data } };
}

/** A file answer, as the export calls send it. */
export function file(text: string, filename: string): Answer {
  return {
    body: null,
    text,
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      // Header values are Latin-1, so the plain name is an ASCII fallback as the real server sends it.
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    },
  };
}

export function fail(code: number, msg: string, extra: Record<string, unknown> = {}) {
  return { status: code, body: { code, msg, data: null, ...extra } };
}

/**
 * A stand-in for the server: routes are "METHOD /path" (without /dcap) and every request is recorded, so a
 * test can assert both what the page showed and what it sent.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/dcap/, ''),
      search: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const answer: Answer = handler ? await handler(request) : fail(404, `no fake route for ${request.method} ${request.path}`);
    return new Response(answer.text ?? JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: answer.headers ?? { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}
