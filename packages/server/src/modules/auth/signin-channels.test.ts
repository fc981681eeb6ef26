import type { MiniAppLoginResponse, QrLoginCreated, QrLoginInfo, QrLoginPollResponse, RecoveryLink, Ukey } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpFake } from '../../test/smtp-fake.js';
import { startSmtpFake } from '../../test/smtp-fake.js';
import type { WechatFake } from '../../test/wechat-fake.js';
import { startWechatFake } from '../../test/wechat-fake.js';
import { MINUTE } from '../../test/harness.js';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, refused } from '../roles/study.fixture.js';

/**
 * Sign-in channels (spec 000 §7.1, §5; docs/decisions.md "Sign-in channels"): password recovery by e-mail
 * through the outbox and the local SMTP server, QR-code sign-in confirmed from a signed-in phone, the
 * mini-app sign-in against the local WeChat stand-in, and USB key serials.
 */
let smtp: SmtpFake;
let wx: WechatFake;
let study: Study;
let carol: Persona;
let dave: Persona;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  smtp = await startSmtpFake();
  wx = await startWechatFake();
  study = await openStudy({ ...smtp.env, ...wx.env, PUBLIC_URL: 'https://edc.example.org', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  carol = await person(study, 'sc.carol');
  dave = await person(study, 'sc.dave');
  await study.t.database.db.updateTable('users').set({ email: 'carol@example.org', language: 'en-US' }).where('id', '=', carol.id).execute();
  await study.t.database.db.updateTable('users').set({ email: 'dave@example.org', language: 'zh-CN' }).where('id', '=', dave.id).execute();
});
afterAll(async () => {
  await study.t.close();
  await smtp.close();
  await wx.close();
});

const db = () => study.t.database.db;

async function mailsAfter(action: () => Promise<unknown>) {
  const before = smtp.messages.length;
  await action();
  await study.t.app.messages.drain();
  return smtp.messages.slice(before);
}

const tokenIn = (text: string) => /resetPassword\?token=([\w-]+)/.exec(text)?.[1] ?? '';

async function auditActions(entityType: string, entityId: string | number) {
  const rows = await db().selectFrom('audit_log').select('action').where('entity_type', '=', entityType).where('entity_id', '=', String(entityId)).orderBy('id').execute();
  return rows.map((row) => row.action);
}

describe('password recovery by e-mail (spec 000 §5)', () => {
  it('mails a single-use link valid 24 hours in the user’s language, by login name or e-mail', async () => {
    const mails = await mailsAfter(async () => {
      const reply = await study.t.call('POST', '/dcap/user/password/recovery', { body: { login: 'SC.Carol' }, lang: 'zh-CN' });
      expect(reply.body.msg).toBe('如果该账号存在且登记了邮箱，重置密码的链接已发送到该邮箱，24 小时内有效');
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ['carol@example.org'], subject: 'Reset your password', language: 'en-US' });
    expect(mails[0]?.text).toContain('https://edc.example.org/user/resetPassword?token=');
    const link = ok(await study.t.call('GET', `/dcap/user/password/recovery/link?token=${tokenIn(mails[0]?.text ?? '')}`)) as RecoveryLink;
    expect(link.username).toBe('sc.carol');
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * HOUR);

    const byMail = await mailsAfter(() => study.t.call('POST', '/dcap/user/password/recovery', { body: { login: 'DAVE@example.org' } }));
    expect(byMail.map((mail) => [mail.to, mail.subject])).toEqual([[['dave@example.org'], '重置您的密码']]);
    expect(await auditActions('user', carol.id)).toContain('user.password_recovery_requested');
  });

  it('answers the same for a name or address without an account, and mails nothing', async () => {
    const known = await study.t.call('POST', '/dcap/user/password/recovery', { body: { login: 'sc.carol' }, lang: 'en-US' });
    const mails = await mailsAfter(async () => {
      const unknown = await study.t.call('POST', '/dcap/user/password/recovery', { body: { login: 'sc.nobody' }, lang: 'en-US' });
      const noMail = await study.t.call('POST', '/dcap/user/password/recovery', { body: { login: 'nobody@example.org' }, lang: 'en-US' });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(noMail.body).toEqual(known.body);
    });
    expect(mails.filter((mail) => mail.to[0] !== 'carol@example.org')).toEqual([]);
  });

  it('mails at most three links an hour to one account, answering the same', async () => {
    const mails = await mailsAfter(async () => {
      for (let i = 0; i < 3; i += 1) ok(await study.t.call('POST', '/dcap/user/password/recovery', { body: { login: 'dave@example.org' } }));
    });
    // One was mailed in the first test, so two more fit in the hour.
    expect(mails).toHaveLength(2);
  });

  it('sets the new password by core’s rules once, ends every session of the user and audits it', async () => {
    const [mail] = await mailsAfter(() => study.t.call('POST', '/dcap/user/password/recovery', { body: { login: 'carol@example.org' } }));
    const token = tokenIn(mail?.text ?? '');
    const weak = await study.t.call('POST', '/dcap/user/password/reset', { body: { token, newPassword: 'short', confirmPassword: 'short' }, lang: 'en-US' });
    expect(weak.status).toBe(400);
    const differ = await study.t.call('POST', '/dcap/user/password/reset', { body: { token, newPassword: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd?' } });
    expect(differ.status).toBe(400);
    expect((await study.t.call('GET', '/dcap/sys/user/info', { token: carol.token })).status).toBe(200);

    const reset = await study.t.call('POST', '/dcap/user/password/reset', { body: { token, newPassword: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' }, lang: 'en-US' });
    expect(reset.body.msg).toBe('Password reset; sign in with the new password');
    refused(await study.t.call('GET', '/dcap/sys/user/info', { token: carol.token }), 401, 'auth.required');
    carol = { ...carol, token: await study.t.signIn('sc.carol', 'N3w-Passw0rd!') };
    expect(await auditActions('user', carol.id)).toContain('user.password_recovered');

    refused(await study.t.call('POST', '/dcap/user/password/reset', { body: { token, newPassword: 'Other-Passw0rd!', confirmPassword: 'Other-Passw0rd!' }, lang: 'zh-CN' }), 410, 'recovery.link_invalid');
    refused(await study.t.call('GET', `/dcap/user/password/recovery/link?token=${token}`), 410, 'recovery.link_invalid');
  });
});

describe('QR-code sign-in (spec 000 §2.2 /webApp/auth)', () => {
  it('signs the desktop in once after the signed-in phone confirms', async () => {
    const request = ok(await study.t.call('POST', '/dcap/wx/webApp/request', { body: { device: 'Chrome on Windows' } })) as QrLoginCreated;
    const poll = () => study.t.call('POST', `/dcap/wx/webApp/${request.id}/poll`, { body: { secret: request.secret } });
    expect(ok(await poll())).toEqual({ state: 'pending', login: null });
    refused(await study.t.call('POST', `/dcap/wx/webApp/${request.id}/poll`, { body: { secret: 'x'.repeat(43) } }), 404, 'qr.request_not_found');
    refused(await study.t.call('GET', `/dcap/wx/webApp/${request.id}/auth`), 401, 'auth.required');

    const info = ok(await study.t.call('GET', `/dcap/wx/webApp/${request.id}/auth?code=ignored`, { token: carol.token })) as QrLoginInfo;
    expect(info).toMatchObject({ id: request.id, state: 'pending', ip: '127.0.0.1', device: 'Chrome on Windows' });
    const confirmed = await study.t.call('POST', `/dcap/wx/webApp/${request.id}/confirm`, { token: carol.token, lang: 'en-US' });
    expect(confirmed.body.msg).toBe('Confirmed; the computer signs in now');

    const collected = ok(await poll()) as QrLoginPollResponse;
    expect(collected.state).toBe('used');
    expect(collected.login?.user.username).toBe('sc.carol');
    const me = ok(await study.t.call('GET', '/dcap/sys/user/info', { token: collected.login?.token ?? '' })) as { username: string };
    expect(me.username).toBe('sc.carol');
    expect(ok(await poll())).toEqual({ state: 'used', login: null });
    refused(await study.t.call('POST', `/dcap/wx/webApp/${request.id}/confirm`, { token: dave.token }), 410, 'qr.request_closed');
    expect(await auditActions('qr_login', request.id)).toEqual(['auth.qr_confirmed']);
  });

  it('shows a refused request as such, and it signs no one in', async () => {
    const refusedRequest = ok(await study.t.call('POST', '/dcap/wx/webApp/request', { body: { device: 'Chrome on Windows' } })) as QrLoginCreated;
    ok(await study.t.call('POST', `/dcap/wx/webApp/${refusedRequest.id}/refuse`, { token: dave.token }));
    expect(ok(await study.t.call('POST', `/dcap/wx/webApp/${refusedRequest.id}/poll`, { body: { secret: refusedRequest.secret } }))).toEqual({ state: 'refused', login: null });
  });
});

describe('mini-app sign-in (spec 000 §7.1 /dcap/miniApp/user/login)', () => {
  it('signs in the user who bound the mini-app id, by a code WeChat vouches for', async () => {
    wx.addMiniAppCode('bind-dave', { openId: 'mini-dave-0123456789', unionId: 'u-dave' });
    ok(await study.t.call('POST', '/dcap/user/wechat/bindMiniApp', { token: dave.token, body: { code: 'bind-dave' } }));
    wx.addMiniAppCode('login-dave', { openId: 'mini-dave-0123456789', unionId: 'u-dave' });
    const login = ok(await study.t.call('POST', '/dcap/miniApp/user/login?code=login-dave&openId=mini-dave-0123456789&loadAllUserInfo=true')) as MiniAppLoginResponse;
    expect(login.user.username).toBe('sc.dave');
    expect(login.info).toEqual({ nameEn: null, email: 'dave@example.org', language: expect.any(String) as string });
    expect((ok(await study.t.call('GET', '/dcap/sys/user/info', { token: login.token })) as { username: string }).username).toBe('sc.dave');
  });

  it('refuses a code WeChat refuses, an id that does not match it, and an unbound mini-app', async () => {
    const forged = await study.t.call('POST', '/dcap/miniApp/user/login?code=forged', { lang: 'en-US' });
    refused(forged, 401, 'miniapp.login_failed');
    expect(forged.body.msg).toBe('Mini-app sign-in failed: 40029 invalid code');
    wx.addMiniAppCode('login-dave-2', { openId: 'mini-dave-0123456789' });
    refused(await study.t.call('POST', '/dcap/miniApp/user/login?code=login-dave-2&openId=mini-carol-0123456789'), 401, 'miniapp.login_failed');
    wx.addMiniAppCode('stranger', { openId: 'mini-stranger-000000' });
    refused(await study.t.call('POST', '/dcap/miniApp/user/login?code=stranger', { lang: 'zh-CN' }), 401, 'miniapp.not_bound');
  });
});

describe('USB key serials (spec 000 §7.1 /dcap/sys/user/ukey)', () => {
  it('records, refuses a serial held by another user, and removes a serial, each audited', async () => {
    const bound = ok(await study.t.call('POST', '/dcap/sys/user/ukey', { token: study.admin.token, body: { userId: carol.id, serial: 'UK-0001' } })) as Ukey;
    expect(bound).toMatchObject({ userId: carol.id, serial: 'UK-0001' });
    refused(await study.t.call('POST', '/dcap/sys/user/ukey', { token: study.admin.token, body: { userId: dave.id, serial: 'UK-0001' } }), 409, 'ukey.serial_taken');
    refused(await study.t.call('POST', '/dcap/sys/user/ukey', { token: carol.token, body: { userId: carol.id, serial: 'UK-0002' } }), 403, 'permission.platform_admin_required');
    expect((ok(await study.t.call('GET', `/dcap/sys/user/ukey?userId=${carol.id}`, { token: study.admin.token })) as Ukey).serial).toBe('UK-0001');
    ok(await study.t.call('POST', '/dcap/sys/user/ukey', { token: study.admin.token, body: { userId: carol.id, serial: null } }));
    expect((ok(await study.t.call('GET', `/dcap/sys/user/ukey?userId=${carol.id}`, { token: study.admin.token })) as Ukey).serial).toBeNull();
    expect(await auditActions('user_ukey', carol.id)).toEqual(['user_ukey.create', 'user_ukey.delete']);
  });
});

describe('after time passes (the clock moves, so sessions are opened afresh)', () => {
  it('refuses a recovery link older than 24 hours', async () => {
    await db().deleteFrom('password_recovery_requests').execute();
    const [mail] = await mailsAfter(() => study.t.call('POST', '/dcap/user/password/recovery', { body: { login: 'sc.dave' } }));
    study.t.clock.advance(24 * HOUR + MINUTE);
    const token = tokenIn(mail?.text ?? '');
    refused(await study.t.call('POST', '/dcap/user/password/reset', { body: { token, newPassword: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' } }), 410, 'recovery.link_invalid');
  });

  it('shows an expired QR-code request as such, and it signs no one in', async () => {
    const late = ok(await study.t.call('POST', '/dcap/wx/webApp/request', { body: { device: 'Chrome on Windows' } })) as QrLoginCreated;
    study.t.clock.advance(3 * MINUTE);
    const daveToken = await study.t.signIn('sc.dave', 'Passw0rd!x');
    expect((ok(await study.t.call('GET', `/dcap/wx/webApp/${late.id}/auth`, { token: daveToken })) as QrLoginInfo).state).toBe('expired');
    refused(await study.t.call('POST', `/dcap/wx/webApp/${late.id}/confirm`, { token: daveToken }), 410, 'qr.request_closed');
    expect(ok(await study.t.call('POST', `/dcap/wx/webApp/${late.id}/poll`, { body: { secret: late.secret } }))).toEqual({ state: 'expired', login: null });
  });
});
