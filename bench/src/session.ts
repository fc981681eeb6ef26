import { initResponseSchema, loginResponseSchema } from '@dcap/core';

const REQUEST_TIMEOUT_MS = 10_000;

export interface Credentials {
  username: string;
  password: string;
}

interface Answer {
  status: number;
  code: unknown;
  msg: unknown;
  data: unknown;
}

/** Reads the response envelope {code, msg, data}; anything that is not one is reported as it came. */
async function readEnvelope(response: Response): Promise<Answer> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return { status: response.status, code: body.code, msg: body.msg, data: body.data };
  } catch {
    return { status: response.status, code: undefined, msg: text.slice(0, 200), data: undefined };
  }
}

function describeAnswer(answer: Answer): string {
  return `HTTP ${answer.status}, code ${String(answer.code)}, msg ${JSON.stringify(answer.msg)}`;
}

/** Signs in the way the web app does (a form post, spec 000 §7.1) and returns the session token. */
export async function signIn(baseUrl: string, credentials: Credentials): Promise<string> {
  const response = await fetch(`${baseUrl}/dcap/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: credentials.username, password: credentials.password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const answer = await readEnvelope(response);
  const data = loginResponseSchema.safeParse(answer.data);
  if (!response.ok || answer.code !== 0 || !data.success) throw new Error(`sign-in as ${credentials.username} failed: ${describeAnswer(answer)}`);
  return data.data.token;
}

/**
 * One init call, checked in full before the load starts: a run that measured a quick error page instead of
 * the real answer would report flattering figures.
 */
export async function checkInit(url: string, token: string, username: string): Promise<void> {
  const response = await fetch(url, { headers: { token }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const answer = await readEnvelope(response);
  const data = initResponseSchema.safeParse(answer.data);
  if (!response.ok || answer.code !== 0) throw new Error(`GET ${new URL(url).pathname} failed: ${describeAnswer(answer)}`);
  if (!data.success) throw new Error(`GET ${new URL(url).pathname} answered a body that is not the init response: ${data.error.message}`);
  if (data.data.user.username !== username) throw new Error(`GET ${new URL(url).pathname} answered for user ${data.data.user.username}, not ${username}`);
}
