import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { TestContext } from '../test/harness.js';
import { createTestContext } from '../test/harness.js';

// TRUST_PROXY decides whose address the sign-in rate limit and the audit trail see (README, configuration):
// behind a reverse proxy the client's address comes from X-Forwarded-For; otherwise that header is the
// client's own claim and is ignored. One database, one app trusting the proxy and one not.
const LIMIT = 2;
let trusting: TestContext;
let direct: App;

beforeAll(async () => {
  trusting = await createTestContext({ TRUST_PROXY: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  const config = loadConfig({ TRUST_PROXY: 'false', LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMIT), LOG_LEVEL: 'silent' }, '0.0.0-test');
  direct = await buildApp({ config, database: trusting.database, clock: trusting.clock, logger: false });
});
afterAll(async () => {
  await direct.fastify.close();
  await trusting.close();
});

async function failedSignIn(app: App, forwardedFor: string): Promise<number> {
  const response = await app.fastify.inject({
    method: 'POST',
    url: '/dcap/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: 'nobody', password: 'wrong-password' },
  });
  return response.statusCode;
}

async function attemptAddresses(): Promise<string[]> {
  const rows = await trusting.database.db.selectFrom('login_attempts').select('ip').orderBy('id').execute();
  return rows.map((row) => row.ip ?? '');
}

describe('TRUST_PROXY', () => {
  it('true: the sign-in rate limit counts per forwarded client address', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect(await failedSignIn(trusting.app, '203.0.113.7')).toBe(401);
    expect(await failedSignIn(trusting.app, '203.0.113.7')).toBe(429);
    // Another client behind the same proxy is not held back by the first one's attempts.
    expect(await failedSignIn(trusting.app, '203.0.113.8')).toBe(401);
    expect(await attemptAddresses()).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.8']);
  });

  it('false: X-Forwarded-For is ignored, so changing it does not escape the limit', async () => {
    const before = (await attemptAddresses()).length;
    for (let i = 0; i < LIMIT; i += 1) expect(await failedSignIn(direct, `198.51.100.${i + 1}`)).toBe(401);
    expect(await failedSignIn(direct, '198.51.100.99')).toBe(429);
    const recorded = (await attemptAddresses()).slice(before);
    expect(recorded).toHaveLength(LIMIT);
    expect(recorded.every((ip) => ip === '127.0.0.1')).toBe(true);
  });
});
