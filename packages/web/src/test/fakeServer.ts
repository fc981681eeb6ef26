import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: string | null;
}

type Handler = (request: RecordedRequest) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export function ok<T>(data: T) {
  return { body: { code: 0, msg: 'success', data } };
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
    const answer = handler ? await handler(request) : fail(404, `no fake route for ${request.method} ${request.path}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}
