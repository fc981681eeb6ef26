import { errorMessage } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboundMessageRow } from '../../db/schema.js';
import type { TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext, MINUTE } from '../../test/harness.js';
import type { SmtpFake } from '../../test/smtp-fake.js';
import { startSmtpFake } from '../../test/smtp-fake.js';
import type { WechatFake } from '../../test/wechat-fake.js';
import { startWechatFake } from '../../test/wechat-fake.js';
import type { ChannelAdapter } from './channels/index.js';
import { createEmailChannel } from './channels/email.js';
import type { OutboundMessage } from './outbox.js';
import { queueMessages } from './outbox.js';
import { DEFAULT_SENDER_OPTIONS, MessageSender } from './sender.js';
import { renderStoredError } from './stored-error.js';

/**
 * The sender of e-mail and WeChat messages (docs/decisions.md "Message sending") against a real local SMTP
 * server and a local WeChat stand-in: delivery, retries with backoff, permanent failures, an unconfigured
 * channel, a sender killed between sending and recording, and senders side by side.
 */
let smtp: SmtpFake;
let wx: WechatFake;
let t: TestContext;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpFake();
  wx = await startWechatFake();
  t = await createTestContext({ ...smtp.env, ...wx.env });
  admin = await t.signIn(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await wx.close();
});

let serial = 0;
function email(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  serial += 1;
  return {
    channel: 'email',
    kind: 'query.raised',
    projectId: null,
    env: null,
    address: `receiver${serial}@example.org`,
    language: 'zh-CN',
    subject: `主题 ${serial}`,
    body: `正文 ${serial}`,
    createdBy: null,
    ...overrides,
  };
}

async function queue(...messages: OutboundMessage[]): Promise<number[]> {
  return t.deps.db.transaction().execute((trx) => queueMessages(trx, messages));
}

async function queueOne(message: OutboundMessage): Promise<number> {
  const ids = await queue(message);
  return ids[0] ?? 0;
}

/** The wait a retry was given: from the attempt's start to the next attempt. */
const waitOf = (message: OutboundMessageRow): number => message.next_attempt_at.getTime() - (message.claimed_at?.getTime() ?? 0);

async function row(id: number): Promise<OutboundMessageRow> {
  return t.deps.db.selectFrom('outbound_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function auditActions(id: number): Promise<string[]> {
  const rows = await t.deps.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'outbound_message').where('entity_id', '=', String(id)).orderBy('id').execute();
  return rows.map((r) => r.action);
}

const messageIdOf = (id: number) => `<outbound-${id}@dcap.test>`;

describe('e-mail', () => {
  it('reaches the SMTP server with the rendered subject, body and language, once, and is audited as sent', async () => {
    const before = smtp.messages.length;
    const zh = await queueOne(email({ subject: '质疑待回复', body: '受试者 S-001 的 AGE 有新质疑' }));
    const en = await queueOne(email({ language: 'en-US', subject: 'Query raised', body: 'A query on AGE of S-001' }));
    expect(await t.app.messages.drain()).toMatchObject({ sent: 2, retried: 0, failed: 0 });

    const received = smtp.messages.slice(before);
    expect(received.map((m) => [m.messageId, m.subject, m.text, m.language])).toEqual([
      [messageIdOf(zh), '质疑待回复', '受试者 S-001 的 AGE 有新质疑', 'zh-CN'],
      [messageIdOf(en), 'Query raised', 'A query on AGE of S-001', 'en-US'],
    ]);
    expect(received[0]?.from).toContain('no-reply@dcap.test');
    expect((await row(zh)).status).toBe('sent');
    expect((await row(zh)).sent_at).not.toBeNull();
    expect(await auditActions(zh)).toEqual(['message.sent']);
    // Nothing is due any more: another pass sends nothing.
    expect(await t.app.messages.drain()).toMatchObject({ sent: 0 });
    expect(smtp.messages.length).toBe(before + 2);
  });

  it('tries again after a temporary refusal, at the backoff time and not before, then delivers', async () => {
    smtp.refuseNext(451, 'greylisted');
    const id = await queueOne(email());
    expect(await t.app.messages.drain()).toMatchObject({ sent: 0, retried: 1 });
    const waiting = await row(id);
    expect(waiting.status).toBe('queued');
    expect(waiting.attempts).toBe(1);
    expect(waitOf(waiting)).toBe(DEFAULT_SENDER_OPTIONS.backoffMs[0]);
    expect(renderStoredError(waiting.last_error, 'en-US')).toMatchObject({ code: 'message.smtp_unavailable' });

    expect(await t.app.messages.drain()).toMatchObject({ sent: 0, retried: 0 });
    t.clock.advance(MINUTE);
    expect(await t.app.messages.drain()).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.countByMessageId().get(messageIdOf(id))).toBe(1);
  });

  it('fails after the last attempt, each wait longer than the one before', async () => {
    smtp.refuseNext(421, 'service not available', DEFAULT_SENDER_OPTIONS.maxAttempts);
    const id = await queueOne(email());
    const waits: number[] = [];
    for (let attempt = 1; attempt < DEFAULT_SENDER_OPTIONS.maxAttempts; attempt += 1) {
      expect(await t.app.messages.drain()).toMatchObject({ retried: 1 });
      const waiting = await row(id);
      waits.push(waitOf(waiting));
      t.clock.advance(waitOf(waiting));
    }
    expect(waits).toEqual([1, 5, 30, 120].map((minutes) => minutes * MINUTE));
    expect(await t.app.messages.drain()).toMatchObject({ failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: DEFAULT_SENDER_OPTIONS.maxAttempts });
    expect(renderStoredError(failed.last_error, 'en-US')).toMatchObject({ code: 'message.smtp_unavailable', detail: expect.stringContaining('service not available') as string });
    expect(await auditActions(id)).toEqual(['message.failed']);
    expect(smtp.countByMessageId().get(messageIdOf(id))).toBeUndefined();
  });

  it('fails at once on a permanent refusal or a bad address', async () => {
    smtp.refuseNext(550, 'mailbox unavailable');
    const refused = await queueOne(email());
    const bad = await queueOne(email({ address: 'not-an-address' }));
    expect(await t.app.messages.drain()).toMatchObject({ failed: 2, retried: 0 });
    expect(await row(refused)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(renderStoredError((await row(refused)).last_error, 'zh-CN')?.message).toContain('邮件服务器拒绝了该邮件');
    expect(renderStoredError((await row(bad)).last_error, 'en-US')).toMatchObject({ code: 'message.bad_address', message: 'The address is not valid: not-an-address' });
  });
});

describe('WeChat', () => {
  it('sends the template with the payload’s data, reuses the token, and fetches a new one once when it was replaced', async () => {
    const before = wx.templates.length;
    const first = await queueOne({
      ...email(),
      channel: 'wechat',
      address: 'o-alice',
      payload: { data: { first: { value: '新质疑' }, keyword1: { value: 'S-001' } }, url: 'https://dcap.example/survey/queries' },
    });
    const second = await queueOne({ ...email({ subject: 'Visit due', body: 'V2 is due', language: 'en-US' }), channel: 'wechat', address: 'o-bob' });
    expect(await t.app.messages.drain()).toMatchObject({ sent: 2 });
    expect(wx.templates.slice(before)).toEqual([
      { touser: 'o-alice', template_id: wx.env.WECHAT_TEMPLATE_ID, url: 'https://dcap.example/survey/queries', data: { first: { value: '新质疑' }, keyword1: { value: 'S-001' } } },
      { touser: 'o-bob', template_id: wx.env.WECHAT_TEMPLATE_ID, data: { first: { value: 'Visit due' }, remark: { value: 'V2 is due' } } },
    ]);
    expect(wx.tokensIssued()).toBe(1);
    expect((await row(first)).status).toBe('sent');
    expect((await row(second)).status).toBe('sent');

    wx.revokeToken();
    const third = await queueOne({ ...email(), channel: 'wechat', address: 'o-carol' });
    expect(await t.app.messages.drain()).toMatchObject({ sent: 1 });
    expect(wx.tokensIssued()).toBe(2);
    expect((await row(third)).status).toBe('sent');
  });

  it('retries when WeChat is busy and fails at once when it refuses the receiver', async () => {
    wx.failNext(-1, 'system error');
    const busy = await queueOne({ ...email(), channel: 'wechat', address: 'o-dave' });
    expect(await t.app.messages.drain()).toMatchObject({ retried: 1 });
    expect((await row(busy)).status).toBe('queued');
    t.clock.advance(MINUTE);
    expect(await t.app.messages.drain()).toMatchObject({ sent: 1 });

    wx.failNext(43004, 'require subscribe');
    const unfollowed = await queueOne({ ...email(), channel: 'wechat', address: 'o-erin' });
    expect(await t.app.messages.drain()).toMatchObject({ failed: 1 });
    expect(renderStoredError((await row(unfollowed)).last_error, 'en-US')?.message).toBe('WeChat refused the message (error 43004: require subscribe)');
  });
});

describe('a sender killed between sending and recording (never twice)', () => {
  it('leaves the interrupted message unconfirmed; a new sender sends the rest exactly once; resend sends it again only when asked', async () => {
    const real = createEmailChannel(t.config.smtp);
    let sends = 0;
    // The process "dies" right after the 7th message left and before its outcome is recorded.
    const crashing: ChannelAdapter = {
      channel: 'email',
      send: async (message) => {
        await real.send(message);
        sends += 1;
        if (sends === 7) throw new Error('killed');
      },
    };
    const dying = new MessageSender(t.deps, { email: crashing, wechat: real }, { warn: () => undefined });
    const ids = await queue(...Array.from({ length: 20 }, () => email({ kind: 'visit.due' })));
    const before = smtp.messages.length;

    await expect(dying.drain()).rejects.toThrow('killed');
    expect(smtp.messages.length).toBe(before + 7);
    const interrupted = ids[6] ?? 0;
    expect((await row(interrupted)).status).toBe('sending');

    // Before the lease runs out a new sender sends the others but leaves the claimed one alone.
    const successor = new MessageSender(t.deps, { email: real, wechat: real }, { warn: () => undefined });
    t.clock.advance(DEFAULT_SENDER_OPTIONS.leaseMs - MINUTE);
    expect(await successor.drain()).toMatchObject({ sent: 13, unconfirmed: 0 });
    expect((await row(interrupted)).status).toBe('sending');
    t.clock.advance(2 * MINUTE);
    expect(await successor.drain()).toMatchObject({ sent: 0, unconfirmed: 1 });
    expect(await successor.drain()).toMatchObject({ sent: 0, unconfirmed: 0 });

    const counts = smtp.countByMessageId();
    expect(ids.map((id) => counts.get(messageIdOf(id)))).toEqual(ids.map(() => 1));
    const statuses = await t.deps.db.selectFrom('outbound_messages').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute();
    expect(statuses.filter((s) => s.status !== 'sent')).toEqual([{ id: interrupted, status: 'unconfirmed' }]);
    const stopped = await row(interrupted);
    expect(renderStoredError(stopped.last_error, 'zh-CN')?.message).toBe(errorMessage('message.sender_stopped', 'zh-CN'));
    expect(await auditActions(interrupted)).toEqual(['message.unconfirmed']);

    // Resending is an administrator's choice: a new message with its own Message-ID, sent once.
    // (The test's clock moved past the session's idle time: sign in again.)
    admin = await t.signIn(ADMIN.username, ADMIN.password);
    const resent = await t.call('POST', `/dcap/sys/messageLog/resend/${interrupted}`, { token: admin });
    expect(resent.status).toBe(200);
    const copy = (resent.body.data as { id: number; resendOf: number; status: string });
    expect(copy).toMatchObject({ resendOf: interrupted, status: 'queued' });
    expect(await successor.drain()).toMatchObject({ sent: 1 });
    expect(smtp.countByMessageId().get(messageIdOf(copy.id))).toBe(1);
    expect(smtp.countByMessageId().get(messageIdOf(interrupted))).toBe(1);
    expect(smtp.messages.at(-1)?.subject).toBe(stopped.subject);
    expect((await row(interrupted)).status).toBe('unconfirmed');
  });

  it('never lets two senders draining side by side send a message twice', async () => {
    const ids = await queue(...Array.from({ length: 30 }, () => email()));
    const before = smtp.messages.length;
    const a = new MessageSender(t.deps, { email: createEmailChannel(t.config.smtp), wechat: createEmailChannel(null) }, { warn: () => undefined });
    const b = new MessageSender(t.deps, { email: createEmailChannel(t.config.smtp), wechat: createEmailChannel(null) }, { warn: () => undefined });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra.sent + rb.sent).toBe(30);
    expect(smtp.messages.length).toBe(before + 30);
    const counts = smtp.countByMessageId();
    expect(ids.map((id) => counts.get(messageIdOf(id)))).toEqual(ids.map(() => 1));
  });
});

describe('an unconfigured channel', () => {
  it('fails the message at once with the catalogue’s reason in both languages', async () => {
    const bare = await createTestContext();
    try {
      const ids = await bare.deps.db.transaction().execute((trx) => queueMessages(trx, [email(), { ...email(), channel: 'wechat', address: 'o-x' }]));
      expect(await bare.app.messages.drain()).toMatchObject({ failed: 2, sent: 0 });
      const token = await bare.signIn(ADMIN.username, ADMIN.password);
      const zh = await bare.call('GET', `/dcap/sys/messageLog/info/${ids[0]}`, { token, lang: 'zh-CN' });
      const en = await bare.call('GET', `/dcap/sys/messageLog/info/${ids[1]}`, { token, lang: 'en-US' });
      expect(zh.body.data).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'message.email_not_configured', message: '未配置邮件服务器，邮件无法发送' } });
      expect(en.body.data).toMatchObject({ status: 'failed', error: { code: 'message.wechat_not_configured', message: 'No WeChat official account is configured; WeChat messages cannot be sent' } });
    } finally {
      await bare.close();
    }
  });
});
