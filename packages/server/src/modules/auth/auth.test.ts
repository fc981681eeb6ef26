import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext, MINUTE } from '../../test/harness.js';

let t: TestContext;
let adminToken: string;

/** Signs the administrator in afresh: tests here move the clock past idle expiry. */
async function createUser(username: string, password: string): Promise<number> {
  adminToken = await t.signIn(ADMIN.username, ADMIN.password);
  const reply = await t.call('POST', '/dcap/sys/user/save', { token: adminToken, body: { username, name: username, password } });
  expect(reply.status).toBe(200);
  return (reply.body.data as { user: { id: number } }).user.id;
}

async function auditActions(entityId: number): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity_type', '=', 'user')
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.action);
}

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  adminToken = await t.signIn(ADMIN.username, ADMIN.password);
});
afterAll(() => t.close());

describe('POST /dcap/login (spec 000 §7.1)', () => {
  it('accepts the form fields username and password and returns a token that authenticates calls', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/dcap/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${ADMIN.username}&password=${encodeURIComponent(ADMIN.password)}`,
    });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json<{ data: { token: string; user: { username: string } } }>().data;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(user.username).toBe('admin');
    const init = await t.call('GET', '/dcap/sys/init', { token });
    expect(init.status).toBe(200);
  });

  it('stores only a hash of the token (COMPLIANCE AC-6)', async () => {
    const token = await t.signIn(ADMIN.username, ADMIN.password);
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('signs in with a login name in any case', async () => {
    await expect(t.signIn('ADMIN', ADMIN.password)).resolves.toBeTypeOf('string');
  });

  it('gives the same message for an unknown name and a wrong password', async () => {
    const unknown = await t.call('POST', '/dcap/login', { body: { username: 'nobody', password: 'whatever1' }, lang: 'en-US' });
    const wrong = await t.call('POST', '/dcap/login', { body: { username: ADMIN.username, password: 'whatever1' }, lang: 'en-US' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.msg).toBe('Invalid username or password');
    expect(wrong.body.msg).toBe(unknown.body.msg);
  });

  it('requires both fields', async () => {
    const reply = await t.call('POST', '/dcap/login', { body: { username: 'admin' }, lang: 'en-US' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ path: 'password', message: 'password is required' }]);
  });

  it('refuses an invalid token with 401 and a bad token header without crashing', async () => {
    for (const token of ['nope', 'x'.repeat(5000)]) {
      const reply = await t.call('GET', '/dcap/sys/init', { token });
      expect(reply.status).toBe(401);
    }
  });
});

describe('lockout (spec 000 §5; COMPLIANCE AC-2)', () => {
  it('locks the account for 15 minutes after 5 failures in 15 minutes, with a clear message', async () => {
    const id = await createUser('lockme', 'Lockme123');
    for (let i = 0; i < 4; i += 1) {
      const reply = await t.call('POST', '/dcap/login', { body: { username: 'lockme', password: 'wrong-pass1' } });
      expect(reply.status).toBe(401);
    }
    const fifth = await t.call('POST', '/dcap/login', { body: { username: 'lockme', password: 'wrong-pass1' }, lang: 'en-US' });
    expect(fifth.status).toBe(403);
    expect(fifth.body.msg).toMatch(/locked after repeated failed sign-ins; try again after \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

    const rightPassword = await t.call('POST', '/dcap/login', { body: { username: 'lockme', password: 'Lockme123' } });
    expect(rightPassword.status).toBe(403);
    expect(rightPassword.body.errorCode).toBe('auth.account_locked');

    t.clock.advance(16 * MINUTE);
    await expect(t.signIn('lockme', 'Lockme123')).resolves.toBeTypeOf('string');
    expect(await auditActions(id)).toEqual(expect.arrayContaining(['auth.login_failed', 'auth.lockout', 'auth.login']));
  });

  it('does not count failures older than the window', async () => {
    await createUser('slowtypist', 'Slowtypist1');
    for (let i = 0; i < 4; i += 1) await t.call('POST', '/dcap/login', { body: { username: 'slowtypist', password: 'bad-pass1' } });
    t.clock.advance(16 * MINUTE);
    const fifth = await t.call('POST', '/dcap/login', { body: { username: 'slowtypist', password: 'bad-pass1' } });
    expect(fifth.status).toBe(401);
  });

  it('lets an administrator unlock a locked-out account at once', async () => {
    const id = await createUser('unlockme', 'Unlockme1');
    for (let i = 0; i < 5; i += 1) await t.call('POST', '/dcap/login', { body: { username: 'unlockme', password: 'bad-pass1' } });
    expect((await t.call('POST', '/dcap/login', { body: { username: 'unlockme', password: 'Unlockme1' } })).status).toBe(403);
    const unlock = await t.call('POST', `/dcap/sys/user/unlock/${id}`, { token: adminToken });
    expect(unlock.status).toBe(200);
    await expect(t.signIn('unlockme', 'Unlockme1')).resolves.toBeTypeOf('string');
  });

  it('honours a configured threshold', async () => {
    const strict = await createTestContext({ LOCKOUT_THRESHOLD: '2', LOCKOUT_MINUTES: '5' });
    try {
      await strict.call('POST', '/dcap/login', { body: { username: ADMIN.username, password: 'bad-pass1' } });
      const second = await strict.call('POST', '/dcap/login', { body: { username: ADMIN.username, password: 'bad-pass1' } });
      expect(second.status).toBe(403);
      strict.clock.advance(6 * MINUTE);
      await expect(strict.signIn(ADMIN.username, ADMIN.password)).resolves.toBeTypeOf('string');
    } finally {
      await strict.close();
    }
  });
});

describe('rate limit per address (COMPLIANCE AC-2)', () => {
  it('refuses more sign-in attempts per minute from one address than configured, for any name', async () => {
    const limited = await createTestContext({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (const name of ['a1', 'b2', 'c3']) {
        expect((await limited.call('POST', '/dcap/login', { body: { username: name, password: 'x' } })).status).toBe(401);
      }
      const fourth = await limited.call('POST', '/dcap/login', { body: { username: ADMIN.username, password: ADMIN.password }, lang: 'en-US' });
      expect(fourth.status).toBe(429);
      expect(fourth.body.msg).toBe('Too many attempts, please try again in 60 seconds');
      limited.clock.advance(MINUTE + 1000);
      await expect(limited.signIn(ADMIN.username, ADMIN.password)).resolves.toBeTypeOf('string');
    } finally {
      await limited.close();
    }
  });
});

describe('sessions (COMPLIANCE AC-5)', () => {
  it('expires an idle session after 30 minutes with 401', async () => {
    const token = await t.signIn(ADMIN.username, ADMIN.password);
    t.clock.advance(29 * MINUTE);
    expect((await t.call('GET', '/dcap/sys/init', { token })).status).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await t.call('GET', '/dcap/sys/init', { token })).status).toBe(200);
    t.clock.advance(31 * MINUTE);
    const expired = await t.call('GET', '/dcap/sys/init', { token, lang: 'en-US' });
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe('Your session expired after a period of inactivity, please login again');
    expect((await t.call('GET', '/dcap/sys/init', { token })).status).toBe(401);
  });

  it('ends a session after its absolute lifetime even when active', async () => {
    const short = await createTestContext({ SESSION_MAX_HOURS: '1' });
    try {
      const token = await short.signIn(ADMIN.username, ADMIN.password);
      for (let i = 0; i < 2; i += 1) {
        short.clock.advance(25 * MINUTE);
        expect((await short.call('GET', '/dcap/sys/init', { token })).status).toBe(200);
      }
      short.clock.advance(11 * MINUTE);
      expect((await short.call('GET', '/dcap/sys/init', { token })).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('ends the session at logout; a second logout is harmless', async () => {
    const token = await t.signIn(ADMIN.username, ADMIN.password);
    expect((await t.call('GET', '/dcap/logout', { token })).status).toBe(200);
    expect((await t.call('GET', '/dcap/sys/init', { token })).status).toBe(401);
    expect((await t.call('GET', '/dcap/logout', { token })).status).toBe(200);
  });
});

describe('own password and profile', () => {
  it('changes the password only with the old one, enforcing strength and confirmation', async () => {
    const id = await createUser('changer', 'Changer123');
    const token = await t.signIn('changer', 'Changer123');
    const other = await t.signIn('changer', 'Changer123');

    const wrongOld = await t.call('POST', '/dcap/sys/user/password', { token, lang: 'en-US', body: { oldPassword: 'nope', newPassword: 'Better456', confirmPassword: 'Better456' } });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.msg).toBe('The current password is incorrect');

    const weak = await t.call('POST', '/dcap/sys/user/password', { token, lang: 'en-US', body: { oldPassword: 'Changer123', newPassword: 'abcdef', confirmPassword: 'abcdef' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.[0]).toEqual({ path: 'newPassword', message: 'The password is too weak: at least 6 characters with letters and digits' });

    const mismatch = await t.call('POST', '/dcap/sys/user/password', { token, body: { oldPassword: 'Changer123', newPassword: 'Better456', confirmPassword: 'Better457' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors?.[0]).toEqual({ path: 'confirmPassword', message: '两次输入的密码不一致' });

    const ok = await t.call('POST', '/dcap/sys/user/password', { token, body: { oldPassword: 'Changer123', newPassword: 'Better456', confirmPassword: 'Better456' } });
    expect(ok.status).toBe(200);
    expect((await t.call('POST', '/dcap/login', { body: { username: 'changer', password: 'Changer123' } })).status).toBe(401);
    await expect(t.signIn('changer', 'Better456')).resolves.toBeTypeOf('string');
    expect((await t.call('GET', '/dcap/sys/init', { token })).status).toBe(200);
    expect((await t.call('GET', '/dcap/sys/init', { token: other })).status).toBe(401);
    expect(await auditActions(id)).toContain('user.password_changed');
  });

  it('updates the profile with the required fields of spec 002 §5, audited with old and new values', async () => {
    const id = await createUser('profiled', 'Profiled123');
    const token = await t.signIn('profiled', 'Profiled123');
    const missing = await t.call('POST', '/dcap/sys/user/updateCurrentUser', { token, lang: 'en-US', body: { name: 'P', gender: 'female', email: 'a@b' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'email is not a valid e-mail address' },
        { path: 'corporation', message: 'corporation is required' },
      ]),
    );
    const ok = await t.call('POST', '/dcap/sys/user/updateCurrentUser', {
      token,
      body: { name: 'Pat Profiled', gender: 'female', email: 'pat@example.org', corporation: 'Site Hospital' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'Pat Profiled', email: 'pat@example.org', admin: false });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['old_value', 'new_value'])
      .where('action', '=', 'user.profile_update')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(audit.old_value).toMatchObject({ name: 'profiled', email: null });
    expect(audit.new_value).toMatchObject({ name: 'Pat Profiled', email: 'pat@example.org' });
  });
});

describe('GET /dcap/sys/init (spec 000 §3 login response)', () => {
  it('returns the login-response shape with menus for the user', async () => {
    const reply = await t.call('GET', '/dcap/sys/init?application=dCap', { token: await t.signIn(ADMIN.username, ADMIN.password) });
    const data = reply.body.data as Record<string, unknown>;
    for (const key of ['currEnv', 'menus', 'version', 'auditProcMap', 'auditProcList', 'dictMap', 'projectConfigMap', 'projectConfigsVo', 'project', 'projects', 'projectRole', 'projectRoles', 'projRoles', 'siteRoles', 'institutions', 'allInstitutions', 'envList']) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data.application).toBe('dCap');
    expect(data.version).toEqual({ name: 'Community', number: '0.0.0-test' });
    expect(JSON.stringify(data.menus)).toContain('/sys/user');
    expect(data.abilities).toEqual({ manageUsers: true, manageUnits: true, createProject: true });

    await createUser('plain', 'Plain12345');
    const plain = await t.call('GET', '/dcap/sys/init', { token: await t.signIn('plain', 'Plain12345') });
    const plainData = plain.body.data as { menus: unknown; abilities: unknown };
    expect(JSON.stringify(plainData.menus)).not.toContain('/sys/user');
    expect(JSON.stringify(plainData.menus)).toContain('/project/DataDisplay');
    expect(plainData.abilities).toEqual({ manageUsers: false, manageUnits: false, createProject: false });
  });
});
