/** A small client of the platform's API for preparing a study: every call must answer code 0. */

const REQUEST_TIMEOUT_MS = 60_000;

interface Envelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  errorCode?: unknown;
}

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: body === undefined ? { token: this.token, 'accept-language': 'en-US' } : { token: this.token, 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      throw new Error(`${method} ${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!response.ok || envelope.code !== 0) {
      throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(envelope.errorCode ?? null)} ${JSON.stringify(envelope.msg)}`);
    }
    return envelope.data;
  }

  get(path: string): Promise<unknown> {
    return this.call('GET', path);
  }

  post(path: string, body: unknown): Promise<unknown> {
    return this.call('POST', path, body);
  }
}

/** Signs in with the login form (spec 000 §7.1) and returns the session token and whether a new password is due. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<{ token: string; mustChangePassword: boolean }> {
  const response = await fetch(`${baseUrl}/dcap/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const envelope = (await response.json()) as Envelope;
  const data = envelope.data as { token?: unknown; user?: { mustChangePassword?: unknown } } | undefined;
  if (!response.ok || envelope.code !== 0 || typeof data?.token !== 'string') {
    throw new Error(`sign-in as ${username} failed: HTTP ${response.status} ${JSON.stringify(envelope.msg)}`);
  }
  return { token: data.token, mustChangePassword: data.user?.mustChangePassword === true };
}

export function idOf(data: unknown): number {
  const id = (data as { id?: unknown } | null)?.id;
  if (typeof id !== 'number') throw new Error(`expected an id in ${JSON.stringify(data).slice(0, 200)}`);
  return id;
}
