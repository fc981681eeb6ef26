import type { ImportPreview, ImportResult } from '@dcap/core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';
import { multipartFile, userSheet } from './sheet.fixture.js';

let t: TestContext;
let admin: string;
let clerk: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn(ADMIN.username, ADMIN.password);
  await t.call('POST', '/dcap/sys/user/save', { token: admin, body: { username: 'clerk', name: 'Clerk', password: 'Clerk12345' } });
  await t.database.db.updateTable('users').set({ must_change_password: false }).where('username', '=', 'clerk').execute();
  clerk = await t.signIn('clerk', 'Clerk12345');
});
afterAll(() => t.close());

async function preview(token: string, file: Buffer, lang = 'zh-CN') {
  const { payload, contentType } = multipartFile(file);
  const response = await t.request({ method: 'POST', url: '/dcap/sys/user/preview', headers: { token, 'content-type': contentType, 'accept-language': lang }, payload });
  return { status: response.statusCode, body: response.json<{ code: number; msg: string; data: ImportPreview; errorCode?: string }>() };
}

const userCount = async () => (await t.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('bulk user creation from a sheet (spec 002 §7 exportTemplate, preview)', () => {
  it('gives the template with headers in the caller’s language', async () => {
    const response = await t.request({ method: 'GET', url: '/dcap/sys/user/exportTemplate', headers: { token: admin, 'accept-language': 'en-US' } });
    expect(response.statusCode).toBe(200);
    const strings = strFromU8(unzipSync(new Uint8Array(response.rawPayload))['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(strings).toContain('Login name');
    expect(strings).toContain('Organisation');
  });

  it('previews every row with its errors, by the rules of a single creation, and writes nothing', async () => {
    const before = await userCount();
    const sheet = await userSheet([
      ['wang.wu', '王五', 'Wang Wu', '男', 'wang.wu@example.org', '13900000000', '示例医院', '心内科'],
      ['bad name!', '坏', null, null, 'not-an-email', null, null, null],
      ['clerk', '重名', null, null, null, null, null, null],
      ['li.si', null, null, 'female', null, null, null, null],
    ]);
    const reply = await preview(admin, sheet, 'en-US');
    expect(reply.status, reply.body.msg).toBe(200);
    const { rows, total, valid } = reply.body.data;
    expect({ total, valid }).toEqual({ total: 4, valid: 1 });
    expect(rows[0]).toMatchObject({ row: 2, user: { username: 'wang.wu', gender: 'male', phone: '13900000000' }, errors: [] });
    expect(rows[1]?.errors.map((e) => e.field).sort()).toEqual(['email', 'username']);
    expect(rows[2]?.errors).toEqual([{ field: 'username', message: 'The login name clerk is already taken (login names are never reused)' }]);
    expect(rows[3]?.errors.map((e) => e.field)).toEqual(['name']);
    expect(await userCount()).toBe(before);
  });

  it('refuses a file that is not a sheet with a 400 in the caller’s language', async () => {
    const reply = await preview(admin, Buffer.from('plain text, not a workbook'), 'zh-CN');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ errorCode: 'user.sheet_unreadable', msg: '无法读取该文件，请上传 xlsx 格式的用户表' });
  });

  it('refuses a non-administrator, and nobody signed in at all', async () => {
    const sheet = await userSheet([['x.y', 'X']]);
    expect((await preview(clerk, sheet)).body.errorCode).toBe('permission.platform_admin_required');
    const { payload, contentType } = multipartFile(sheet);
    const anonymous = await t.request({ method: 'POST', url: '/dcap/sys/user/preview', headers: { 'content-type': contentType }, payload });
    expect(anonymous.statusCode).toBe(401);
    const confirm = await t.call('POST', '/dcap/sys/user/importConfirm', { token: clerk, body: { users: [{ username: 'x.y', name: 'X' }] } });
    expect(confirm.body.errorCode).toBe('permission.platform_admin_required');
  });

  it('creates all or none: one bad row creates nobody', async () => {
    const before = await userCount();
    const withBadRow = await t.call('POST', '/dcap/sys/user/importConfirm', {
      token: admin,
      body: { users: [{ username: 'ok.one', name: 'One' }, { username: 'ok two', name: 'Two' }] },
    });
    expect(withBadRow.status).toBe(400);
    const taken = await t.call('POST', '/dcap/sys/user/importConfirm', { token: admin, lang: 'en-US', body: { users: [{ username: 'ok.one', name: 'One' }, { username: 'CLERK', name: 'Taken' }] } });
    expect(taken.body).toMatchObject({ errorCode: 'user.username_taken', msg: 'The login name CLERK is already taken (login names are never reused)' });
    const twice = await t.call('POST', '/dcap/sys/user/importConfirm', { token: admin, body: { users: [{ username: 'ok.one', name: 'One' }, { username: 'OK.ONE', name: 'Again' }] } });
    expect(twice.body.errorCode).toBe('user.sheet_duplicate');
    expect(await userCount()).toBe(before);
    expect(await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'user.create').where('actor_username', '=', 'admin').where('entity_id', 'is not', null).execute()).toHaveLength(1);
  });

  it('creates every previewed user, audited, with a generated password that must be changed at first sign-in', async () => {
    const reply = await t.call('POST', '/dcap/sys/user/importConfirm', {
      token: admin,
      body: { users: [{ username: 'zhao.liu', name: '赵六', gender: 'male', email: 'zhao@example.org' }, { username: 'sun.qi', name: '孙七' }] },
    });
    expect(reply.status, reply.body.msg).toBe(200);
    const { created } = reply.body.data as ImportResult;
    expect(created.map((c) => c.user.username)).toEqual(['zhao.liu', 'sun.qi']);
    const audit = await t.database.db.selectFrom('audit_log').select('new_value').where('action', '=', 'user.create').where('entity_id', 'in', created.map((c) => String(c.user.id))).execute();
    expect(audit.map((row) => row.new_value)).toEqual([
      expect.objectContaining({ username: 'zhao.liu', imported: true, mustChangePassword: true }),
      expect.objectContaining({ username: 'sun.qi', imported: true, mustChangePassword: true }),
    ]);
    const login = await t.call('POST', '/dcap/login', { body: { username: 'zhao.liu', password: created[0]?.password } });
    expect(login.body.data).toMatchObject({ user: { mustChangePassword: true } });
  });
});

describe('export and the directory calls (spec 002 §7)', () => {
  it('exports users without secrets and audits the export', async () => {
    const response = await t.request({ method: 'GET', url: '/dcap/sys/user/export', headers: { token: admin } });
    expect(response.statusCode).toBe(200);
    const sheet = strFromU8(unzipSync(new Uint8Array(response.rawPayload))['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(sheet).toContain('clerk');
    expect(sheet).not.toMatch(/argon2/);
    const audit = await t.database.db.selectFrom('audit_log').select('new_value').where('action', '=', 'user.export').execute();
    expect(audit).toHaveLength(1);
    expect((await t.call('GET', '/dcap/sys/user/export', { token: clerk })).body.errorCode).toBe('permission.platform_admin_required');
  });

  it('lists users by platform flag, and refuses an unknown flag', async () => {
    const admins = await t.call('GET', '/dcap/sys/user/usersBySysRole?sysRole=admin', { token: admin });
    expect((admins.body.data as { username: string }[]).map((u) => u.username)).toEqual(['admin']);
    expect((await t.call('GET', '/dcap/sys/user/usersBySysRole?sysRole=root', { token: admin })).status).toBe(400);
  });

  it('gives pickers the active users’ names only, and only to administrators and rights managers', async () => {
    const list = await t.call('GET', '/dcap/sys/user/users', { token: admin });
    const clerkEntry = (list.body.data as Record<string, unknown>[]).find((u) => u.username === 'clerk');
    expect(clerkEntry && Object.keys(clerkEntry).sort()).toEqual(['id', 'name', 'nameEn', 'username']);
    const refused = await t.call('GET', '/dcap/sys/user/users', { token: clerk, lang: 'en-US' });
    expect(refused.body).toMatchObject({ errorCode: 'user.picker_forbidden', code: 403 });
  });
});
