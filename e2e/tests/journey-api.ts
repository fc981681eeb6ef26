import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * What the journeys that prepare their own study share: calls to the API in the response envelope, sign-in
 * once per person, new users past their first password, and the screenshots and inputs of their pages.
 */
interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** A call that must succeed; answers its data. */
export async function call(request: APIRequestContext, token: string | null, method: 'GET' | 'POST', url: string, data?: unknown): Promise<unknown> {
  const headers: Record<string, string> = token ? { Token: token } : {};
  const reply = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  const body = (await reply.json()) as Envelope;
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.data;
}

export async function login(request: APIRequestContext, username: string, password: string): Promise<{ token: string; mustChangePassword: boolean }> {
  const reply = await request.post('/dcap/login', { form: { username, password } });
  const body = (await reply.json()) as Envelope;
  expect(body.code, `sign-in of ${username}: ${body.msg}`).toBe(0);
  const data = body.data as { token: string; user: { mustChangePassword?: boolean } };
  return { token: data.token, mustChangePassword: data.user.mustChangePassword === true };
}

/**
 * Sessions of this worker by user name: sign-in is rate-limited per address (LOGIN_RATE_LIMIT_PER_MINUTE), so
 * each person signs in through the API once and later steps reuse the session.
 */
const sessions = new Map<string, string>();

export async function session(request: APIRequestContext, username: string, password: string): Promise<string> {
  const known = sessions.get(username);
  if (known !== undefined) return known;
  const token = (await login(request, username, password)).token;
  sessions.set(username, token);
  return token;
}

export const idOf = (data: unknown) => (data as { id: number }).id;

/** A new user, created with `passwords.first` and signed in once to replace it with `passwords.then` when asked. */
export async function newUser(request: APIRequestContext, admin: string, body: Record<string, unknown>, passwords: { first: string; then: string }): Promise<number> {
  const created = (await call(request, admin, 'POST', '/dcap/sys/user/save', { ...body, password: passwords.first })) as { user: { id: number } };
  const first = await login(request, String(body.username), passwords.first);
  if (first.mustChangePassword) await call(request, first.token, 'POST', '/dcap/sys/user/password', { oldPassword: passwords.first, newPassword: passwords.then, confirmPassword: passwords.then });
  return created.user.id;
}

/** A full-page screenshot into the test's output, once the page has settled (none on the PostgreSQL rerun). */
export async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.mouse.move(0, 400);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  if (process.env.E2E_DATABASE_URL) return;
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

/** The text input of a form control, whether the test id sits on the input or on its wrapper. */
export function inputOf(control: Locator): Locator {
  return control.locator('xpath=self::input | self::textarea | .//input | .//textarea').first();
}

/** Picks an option of an antd select by its text. */
export async function choose(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}
