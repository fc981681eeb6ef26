import type { MessageDetail, MessageLogPage, MessageStats } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpFake } from '../../test/smtp-fake.js';
import { startSmtpFake } from '../../test/smtp-fake.js';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, project, refused } from '../roles/study.fixture.js';
import type { OutboundMessage } from './outbox.js';
import { queueMessages } from './outbox.js';

/**
 * The message log of platform administration (spec 000 §2.2 /sys/messageLog): filters, detail, resend and
 * cancel with their audit rows, and refusal for anyone but platform administrators.
 */
let smtp: SmtpFake;
let study: Study;
let plain: Persona;
let projectId: number;
const ids = { delivered: 0, refused: 0, queued: 0 };

function message(overrides: Partial<OutboundMessage>): OutboundMessage {
  return { channel: 'email', kind: 'visit.due', projectId: null, env: null, address: 'x@example.org', language: 'en-US', subject: 'S', body: 'B', createdBy: null, ...overrides };
}

beforeAll(async () => {
  smtp = await startSmtpFake();
  study = await openStudy({ ...smtp.env });
  plain = await person(study, 'log.plain');
  projectId = (await project(study, study.admin, 'MSGLOG')).id;
  const queue = (m: OutboundMessage) => study.t.deps.db.transaction().execute(async (trx) => (await queueMessages(trx, [m]))[0] ?? 0);
  ids.delivered = await queue(message({ projectId, env: 'dev', address: 'carol@example.org', subject: 'Query raised', kind: 'query.raised', recipientUserId: plain.id }));
  await study.t.app.messages.drain();
  ids.refused = await queue(message({ projectId, env: 'dev', address: 'dan@example.org', subject: 'Visit due' }));
  smtp.refuseNext(550, 'no such mailbox');
  await study.t.app.messages.drain();
  ids.queued = await queue(message({ channel: 'wechat', address: 'o-erin', subject: '访视提醒', language: 'zh-CN' }));
});
afterAll(async () => {
  await study.t.close();
  await smtp.close();
});

const list = async (query: string, lang = 'en-US') => ok(await study.t.call('GET', `/dcap/sys/messageLog/list?${query}`, { token: study.admin.token, lang })) as MessageLogPage;
const idsOf = (page: MessageLogPage) => page.list.map((item) => item.id);

async function auditOf(id: number) {
  return study.t.deps.db.selectFrom('audit_log').select(['action', 'actor_username', 'old_value', 'new_value', 'project_id']).where('entity_type', '=', 'outbound_message').where('entity_id', '=', String(id)).orderBy('id').execute();
}

describe('message log', () => {
  it('lists newest first and filters by project, channel, status, kind, receiver and date', async () => {
    expect(idsOf(await list(''))).toEqual([ids.queued, ids.refused, ids.delivered]);
    expect(idsOf(await list(`projectId=${projectId}`))).toEqual([ids.refused, ids.delivered]);
    expect(idsOf(await list('channel=wechat'))).toEqual([ids.queued]);
    expect(idsOf(await list('status=failed'))).toEqual([ids.refused]);
    expect(idsOf(await list('kind=query.raised'))).toEqual([ids.delivered]);
    // The receiver's address, or the receiving user's login or name.
    expect(idsOf(await list('receiver=CAROL'))).toEqual([ids.delivered]);
    expect(idsOf(await list('receiver=log.pla'))).toEqual([ids.delivered]);
    expect(idsOf(await list('receiver=%25'))).toEqual([]);
    const past = encodeURIComponent('2000-01-01T00:00:00+08:00');
    const future = encodeURIComponent('2999-01-01T00:00:00+08:00');
    expect(idsOf(await list(`from=${past}&to=${future}`))).toHaveLength(3);
    expect(idsOf(await list(`from=${future}`))).toEqual([]);
    const page = await list('pageNo=2&pageSize=2');
    expect(page).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(idsOf(page)).toEqual([ids.delivered]);
    refused(await study.t.call('GET', '/dcap/sys/messageLog/list?status=lost', { token: study.admin.token }), 400, 'request.invalid');
  });

  it('shows a message with its text, its failure in the reader’s language and what may be done with it', async () => {
    const row = (await list(`status=failed`, 'zh-CN')).list[0];
    expect(row).toMatchObject({ projectName: 'Study MSGLOG', status: 'failed', canResend: true, canCancel: false, error: { code: 'message.smtp_refused' } });
    expect(row?.error?.message).toContain('邮件服务器拒绝了该邮件');
    const detail = ok(await study.t.call('GET', `/dcap/sys/messageLog/info/${ids.delivered}`, { token: study.admin.token })) as MessageDetail;
    expect(detail).toMatchObject({ status: 'sent', body: 'B', recipientName: 'Name of log.plain (log.plain)', canResend: true, canCancel: false, error: null, resends: [] });
    refused(await study.t.call('GET', '/dcap/sys/messageLog/info/999999', { token: study.admin.token }), 404, 'message.not_found');
  });

  it('counts messages by channel and status for the chart', async () => {
    const stats = ok(await study.t.call('GET', '/dcap/sys/messageLog/stats', { token: study.admin.token })) as MessageStats;
    expect(stats).toEqual([
      { channel: 'email', status: 'failed', count: 1 },
      { channel: 'email', status: 'sent', count: 1 },
      { channel: 'wechat', status: 'queued', count: 1 },
    ]);
    expect(ok(await study.t.call('GET', `/dcap/sys/messageLog/stats?projectId=${projectId}&status=sent`, { token: study.admin.token }))).toEqual([{ channel: 'email', status: 'sent', count: 1 }]);
  });

  it('cancels a queued message, which is then never sent, and refuses what the status does not allow', async () => {
    refused(await study.t.call('POST', `/dcap/sys/messageLog/resend/${ids.queued}`, { token: study.admin.token }), 409, 'message.not_resendable');
    const cancelled = await study.t.call('POST', `/dcap/sys/messageLog/cancel/${ids.queued}`, { token: study.admin.token, lang: 'en-US' });
    expect(cancelled.body.msg).toBe('Message cancelled');
    expect(ok(cancelled)).toMatchObject({ status: 'cancelled', canCancel: false, canResend: false });
    expect(await auditOf(ids.queued)).toMatchObject([{ action: 'outbound_message.update', old_value: { status: 'queued' }, new_value: { status: 'cancelled' } }]);
    expect(await study.t.app.messages.drain()).toMatchObject({ sent: 0, failed: 0 });

    const again = await study.t.call('POST', `/dcap/sys/messageLog/cancel/${ids.queued}`, { token: study.admin.token, lang: 'en-US' });
    refused(again, 409, 'message.not_cancellable');
    expect(again.body.msg).toBe('The message is cancelled; only a queued message can be cancelled');
    refused(await study.t.call('POST', `/dcap/sys/messageLog/cancel/${ids.delivered}`, { token: study.admin.token }), 409, 'message.not_cancellable');
  });

  it('resends a failed message as a new queued one, audited in the project, and sends it when the sender runs', async () => {
    const resent = await study.t.call('POST', `/dcap/sys/messageLog/resend/${ids.refused}`, { token: study.admin.token, lang: 'zh-CN' });
    expect(resent.body.msg).toBe('消息已重新排队发送');
    const copy = ok(resent) as MessageDetail;
    expect(copy).toMatchObject({ resendOf: ids.refused, status: 'queued', attempts: 0, subject: 'Visit due', address: 'dan@example.org', projectId, createdBy: 'admin' });
    expect(await auditOf(copy.id)).toMatchObject([{ action: 'outbound_message.create', actor_username: 'admin', project_id: projectId, new_value: { channel: 'email', status: 'queued', resendOf: ids.refused } }]);
    const original = ok(await study.t.call('GET', `/dcap/sys/messageLog/info/${ids.refused}`, { token: study.admin.token })) as MessageDetail;
    expect(original).toMatchObject({ status: 'failed', resends: [{ id: copy.id, status: 'queued' }] });

    const before = smtp.messages.length;
    expect(await study.t.app.messages.drain()).toMatchObject({ sent: 1 });
    expect(smtp.messages.slice(before).map((m) => m.to)).toEqual([['dan@example.org']]);
  });

  it('is for platform administrators only', async () => {
    for (const [method, url] of [
      ['GET', '/dcap/sys/messageLog/list'],
      ['GET', '/dcap/sys/messageLog/stats'],
      ['GET', `/dcap/sys/messageLog/info/${ids.delivered}`],
      ['POST', `/dcap/sys/messageLog/resend/${ids.delivered}`],
      ['POST', `/dcap/sys/messageLog/cancel/${ids.delivered}`],
    ] as const) {
      refused(await study.t.call(method, url, { token: plain.token }), 403, 'permission.platform_admin_required');
    }
    const count = await study.t.deps.db.selectFrom('outbound_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });
});
