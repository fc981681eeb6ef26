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
  const id = (reply.body.data as { user: { id: number } }).user.id;
  // Sign-in rules are tested here past the first-sign-in change, which users.test.ts covers.
  await t.database.db.updateTable('users').set({ must_change_password: false }).where('id', '=', id).execute();
  return id;
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

/** A refusal as the caller sees it: everything but nothing. */
async function refusal(username: string, password: string) {
  const reply = await t.call('POST', '/dcap/login', { body: { username, password }, lang: 'en-US' });
  return { status: reply.status, body: reply.body };
}

async function attemptReasons(userId: number): Promise<string[]> {
  const rows = await t.database.db.selectFrom('login_attempts').select('reason').where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((row) => row.reason);
}

const INVALID = {
  status: 401,
  body: { code: 401, msg: 'Invalid username or password', data: null, errorCode: 'auth.invalid_credentials' },
};

describe('sign-in refusals reveal nothing (spec 000 §7.1; COMPLIANCE AC-2)', () => {
  it('answers an unknown name, a wrong password, a locked-out and a disabled account alike', async () => {
    const lockedId = await createUser('locked.out', 'Locked123');
    for (let i = 0; i < 5; i += 1) await t.call('POST', '/dcap/login', { body: { username: 'locked.out', password: 'wrong-pass1' } });
    const disabledId = await createUser('disabled', 'Disabled123');
    expect((await t.call('POST', `/dcap/sys/user/lock/${disabledId}`, { token: adminToken })).status).toBe(200);

    expect(await refusal('nobody', 'whatever1')).toEqual(INVALID);
    expect(await refusal(ADMIN.username, 'whatever1')).toEqual(INVALID);
    expect(await refusal('locked.out', 'Locked123')).toEqual(INVALID);
    expect(await refusal('locked.out', 'wrong-pass1')).toEqual(INVALID);
    expect(await refusal('disabled', 'Disabled123')).toEqual(INVALID);
    expect(await refusal('disabled', 'wrong-pass1')).toEqual(INVALID);
    // The reasons stay in the attempts and the audit trail for administrators.
    expect(await attemptReasons(lockedId)).toEqual([...Array<string>(5).fill('wrong_password'), 'locked', 'locked']);
    expect(await attemptReasons(disabledId)).toEqual(['disabled', 'wrong_password']);
  });
});

describe('lockout (spec 000 §5; COMPLIANCE AC-2)', () => {
  it('locks the account for 15 minutes on the 5th failure in 15 minutes, refusing even the right password', async () => {
    const id = await createUser('lockme', 'Lockme123');
    for (let i = 0; i < 4; i += 1) expect(await refusal('lockme', 'wrong-pass1')).toEqual(INVALID);
    expect(await refusal('lockme', 'wrong-pass1')).toEqual(INVALID);
    const row = await t.database.db.selectFrom('users').select('locked_until').where('id', '=', id).executeTakeFirstOrThrow();
    const lockMinutes = ((row.locked_until?.getTime() ?? 0) - t.clock.now().getTime()) / MINUTE;
    expect(lockMinutes).toBeGreaterThan(14.9);
    expect(lockMinutes).toBeLessThanOrEqual(15);
    expect(await refusal('lockme', 'Lockme123')).toEqual(INVALID);

    t.clock.advance(14 * MINUTE);
    expect(await refusal('lockme', 'Lockme123')).toEqual(INVALID);
    // Attempts during the lock neither extend it nor count towards the next one.
    t.clock.advance(2 * MINUTE);
    await expect(t.signIn('lockme', 'Lockme123')).resolves.toBeTypeOf('string');
    expect(await auditActions(id)).toEqual(expect.arrayContaining(['auth.login_failed', 'auth.lockout', 'auth.login']));
    const lockout = await t.database.db
      .selectFrom('audit_log')
      .select('new_value')
      .where('action', '=', 'auth.lockout')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(lockout.new_value).toMatchObject({ failures: 5 });
  });

  it('does not count failures older than the window', async () => {
    await createUser('slowtypist', 'Slowtypist1');
    for (let i = 0; i < 4; i += 1) await t.call('POST', '/dcap/login', { body: { username: 'slowtypist', password: 'bad-pass1' } });
    t.clock.advance(16 * MINUTE);
    await t.call('POST', '/dcap/login', { body: { username: 'slowtypist', password: 'bad-pass1' } });
    await expect(t.signIn('slowtypist', 'Slowtypist1')).resolves.toBeTypeOf('string');
  });

  it('starts counting afresh after a successful sign-in', async () => {
    await createUser('forgetful', 'Forgetful1');
    for (let i = 0; i < 4; i += 1) await t.call('POST', '/dcap/login', { body: { username: 'forgetful', password: 'bad-pass1' } });
    await expect(t.signIn('forgetful', 'Forgetful1')).resolves.toBeTypeOf('string');
    for (let i = 0; i < 4; i += 1) await t.call('POST', '/dcap/login', { body: { username: 'forgetful', password: 'bad-pass1' } });
    // Eight failures within the window, but only four since the last success: not locked.
    await expect(t.signIn('forgetful', 'Forgetful1')).resolves.toBeTypeOf('string');
  });

  it('lets an administrator unlock a locked-out account at once', async () => {
    const id = await createUser('unlockme', 'Unlockme1');
    for (let i = 0; i < 5; i += 1) await t.call('POST', '/dcap/login', { body: { username: 'unlockme', password: 'bad-pass1' } });
    expect((await t.call('POST', '/dcap/login', { body: { username: 'unlockme', password: 'Unlockme1' } })).status).toBe(401);
    const unlock = await t.call('POST', `/dcap/sys/user/unlock/${id}`, { token: adminToken });
    expect(unlock.status).toBe(200);
    await expect(t.signIn('unlockme', 'Unlockme1')).resolves.toBeTypeOf('string');
  });
});

/** One context with strict limits, shared by the tests of configured thresholds (a context costs a database). */
describe('configured limits (COMPLIANCE AC-2)', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ LOCKOUT_THRESHOLD: '2', LOCKOUT_MINUTES: '5', LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => strict.close());

  it('honours a configured lockout threshold and duration', async () => {
    await strict.call('POST', '/dcap/login', { body: { username: ADMIN.username, password: 'bad-pass1' } });
    await strict.call('POST', '/dcap/login', { body: { username: ADMIN.username, password: 'bad-pass1' } });
    expect((await strict.call('POST', '/dcap/login', { body: ADMIN })).status).toBe(401);
    strict.clock.advance(6 * MINUTE);
    await expect(strict.signIn(ADMIN.username, ADMIN.password)).resolves.toBeTypeOf('string');
  });

  it('refuses more sign-in attempts per minute from one address than configured, for any name, saying when to retry', async () => {
    strict.clock.advance(MINUTE + 1000);
    for (const name of ['a1', 'b2', 'c3']) {
      expect((await strict.call('POST', '/dcap/login', { body: { username: name, password: 'x' } })).status).toBe(401);
    }
    const fourth = await strict.call('POST', '/dcap/login', { body: { username: ADMIN.username, password: ADMIN.password }, lang: 'en-US' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.msg).toBe('Too many attempts, please try again in 60 seconds');
    expect(fourth.headers['retry-after']).toBe('60');
    expect(fourth.headers['cache-control']).toBe('no-store');
    strict.clock.advance(MINUTE + 1000);
    await expect(strict.signIn(ADMIN.username, ADMIN.password)).resolves.toBeTypeOf('string');
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

  it('refuses a new password equal to the current one', async () => {
    await createUser('reuser', 'Reuser123');
    const token = await t.signIn('reuser', 'Reuser123');
    const same = { oldPassword: 'Reuser123', newPassword: 'Reuser123', confirmPassword: 'Reuser123' };
    const reused = await t.call('POST', '/dcap/sys/user/password', { token, lang: 'en-US', body: same });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ errorCode: 'auth.password_reused', msg: 'The new password must differ from the current one' });
    await expect(t.signIn('reuser', 'Reuser123')).resolves.toBeTypeOf('string');
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

describe('a password reset by an administrator must be replaced first (docs/decisions.md)', () => {
  it('tells the client at sign-in and refuses every other call until the user sets their own', async () => {
    const id = await createUser('reset.me', 'Resetme123');
    const before = await t.call('POST', '/dcap/login', { body: { username: 'reset.me', password: 'Resetme123' } });
    expect(before.body.data).toMatchObject({ user: { mustChangePassword: false } });
    const reset = await t.call('POST', '/dcap/sys/user/resetUserPassword', { token: adminToken, body: { id } });
    const issued = (reset.body.data as { password: string }).password;

    const signedIn = await t.call('POST', '/dcap/login', { body: { username: 'reset.me', password: issued } });
    expect(signedIn.status).toBe(200);
    const { token, user } = signedIn.body.data as { token: string; user: { mustChangePassword: boolean } };
    expect(user.mustChangePassword).toBe(true);
    for (const [method, url] of [['GET', '/dcap/sys/init'], ['GET', '/dcap/sys/user/info'], ['GET', '/dcap/project/list']] as const) {
      const refused = await t.call(method, url, { token, lang: 'en-US' });
      expect(refused.status, url).toBe(403);
      expect(refused.body, url).toMatchObject({
        errorCode: 'auth.password_change_required',
        msg: 'Your password was set by an administrator; set a new password first',
      });
    }
    // The issued password may not be kept as the user's own.
    const keep = await t.call('POST', '/dcap/sys/user/password', { token, body: { oldPassword: issued, newPassword: issued, confirmPassword: issued } });
    expect(keep.body.errorCode).toBe('auth.password_reused');

    const own = { oldPassword: issued, newPassword: 'MyOwn4567', confirmPassword: 'MyOwn4567' };
    expect((await t.call('POST', '/dcap/sys/user/password', { token, body: own })).status).toBe(200);
    expect((await t.call('GET', '/dcap/sys/init', { token })).status).toBe(200);
    const next = await t.call('POST', '/dcap/login', { body: { username: 'reset.me', password: 'MyOwn4567' } });
    expect(next.body.data).toMatchObject({ user: { mustChangePassword: false } });
  });

  it('lets a user who must change the password sign out', async () => {
    const id = await createUser('reset.leaver', 'Resetleaver1');
    const reset = await t.call('POST', '/dcap/sys/user/resetUserPassword', { token: adminToken, body: { id } });
    const token = await t.signIn('reset.leaver', (reset.body.data as { password: string }).password);
    expect((await t.call('GET', '/dcap/logout', { token })).status).toBe(200);
    expect((await t.call('GET', '/dcap/sys/init', { token })).body.errorCode).toBe('auth.required');
  });
});

describe('API responses are never cached', () => {
  it('sends Cache-Control: no-store on successes, refusals and unknown API paths', async () => {
    const responses = [
      await t.call('GET', '/dcap/sys/init', { token: adminToken }),
      await t.call('POST', '/dcap/login', { body: { username: 'nobody', password: 'whatever1' } }),
      await t.call('POST', '/dcap/login', { body: ADMIN }),
      await t.call('GET', '/dcap/sys/init'),
      await t.call('GET', '/dcap/no-such-call'),
    ];
    for (const response of responses) expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends it on every registered call, whatever the answer', async () => {
    for (const route of t.app.routes.routes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await t.request({ method: route.method, url });
      expect(response.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
    }
  });
});
