import { createHash } from 'node:crypto';
import type { CreatedSurveyLink, FieldAudit, Panel, PublicSurvey, RecordPanel, SurveyLinks } from '@dcap/core';
import { SURVEY_RATE_PER_ADDRESS, SURVEY_RATE_PER_TOKEN, evaluateForm, studyToday } from '@dcap/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../test/harness.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy, useDesignVariant } from '../../test/records.fixture.js';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';

/**
 * Subject questionnaires (spec 002 §2, §4; docs/decisions.md "Subject questionnaires"): a coordinator makes
 * links for a subject's blank panels, sends them, and the subject fills them in on the public page, whose
 * save is the staff save and whose audit rows name the subject.
 */
let rs: RecordsStudy;
let subject: AddedSubject;
beforeAll(async () => {
  rs = await openRecordsStudy('EPRO');
  subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id, { subjectCode: 'EP-001' });
});
afterAll(() => rs.study.t.close());

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
const get = (who: Persona, url: string) => rs.study.t.call('GET', url, { token: who.token });
const pid = (event: 'screening' | 'baseline' | 'visit2', abbr: 'DM' | 'VS' | 'LB' | 'CM', of: AddedSubject = subject) => {
  const id = of.panelInstances[event]?.[abbr];
  if (id === undefined) throw new Error(`no ${event} ${abbr}`);
  return id;
};
const create = async (who: Persona, panelInstanceId: number, scope: 'panel' | 'event' = 'panel', language = 'zh-CN') =>
  ok(await post(who, '/dcap/epro/link/create', { panelInstanceId, scope, language })) as CreatedSurveyLink;
const list = async (who: Persona, of: AddedSubject = subject) => ok(await get(who, `/dcap/epro/link/list?subjectId=${String(of.id)}`)) as SurveyLinks;
const browser = (panel: Panel, typed: Record<string, unknown>) => evaluateForm(panel, typed, { today: () => studyToday(rs.study.t.clock.now()) }).values;
let address = 0;
/** A call of the public page, from its own address unless one is given, so the per-address limit stays apart. */
async function publicCall(method: 'GET' | 'POST', url: string, options: { body?: unknown; lang?: string; ip?: string } = {}): Promise<Reply> {
  address += 1;
  const response = await rs.study.t.request({
    method,
    url,
    remoteAddress: options.ip ?? `10.0.${String(Math.floor(address / 250))}.${String((address % 250) + 1)}`,
    headers: { 'accept-language': options.lang ?? 'zh-CN', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return { status: response.statusCode, body: response.json() } as Reply;
}
const open = (token: string, lang?: string) => publicCall('GET', `/dcap/public/survey/${token}`, { lang });
const submit = (token: string, panels: { panelInstanceId: number; values: Record<string, unknown> }[], lang?: string) =>
  publicCall('POST', `/dcap/public/survey/${token}/submit`, { body: { panels }, lang });
const readPanel = async (who: Persona, id: number) => ok(await get(who, `/dcap/project/recordDataManage/panel/${String(id)}`)) as RecordPanel;

describe('making links', () => {
  it('gives a panel link an unguessable token kept only as its hash, audited without it', async () => {
    const made = await create(rs.people.coordinator, pid('baseline', 'VS'), 'panel', 'en-US');
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.path).toBe(`/epro/${made.token}?lang=en-US`);
    expect(made.link).toMatchObject({ scope: 'panel', language: 'en-US', validity: 'valid', sendState: 'none', enteredAt: null, createdBy: rs.people.coordinator.username });
    expect(made.link.panels.map((panel) => panel.panelInstanceId)).toEqual([pid('baseline', 'VS')]);
    const row = await db().selectFrom('survey_links').selectAll().where('id', '=', made.link.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(7 * 86_400_000);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'epro.linkCreate').where('entity_id', '=', String(made.link.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_username: rs.people.coordinator.username, site_id: rs.siteA.id });
    expect(JSON.stringify(audit.new_value)).not.toContain(made.token);
  });

  it('is for those who may enter data at the subject’s site only', async () => {
    const before = await db().selectFrom('survey_links').select('id').execute();
    refused(await post(rs.people.siteBUser, '/dcap/epro/link/create', { panelInstanceId: pid('baseline', 'VS'), scope: 'panel', language: 'zh-CN' }), 404, 'subject.panel_not_found');
    refused(await post(rs.people.monitor, '/dcap/epro/link/create', { panelInstanceId: pid('baseline', 'VS'), scope: 'panel', language: 'zh-CN' }), 403, 'permission.project_forbidden');
    refused(await get(rs.people.siteBUser, `/dcap/epro/link/list?subjectId=${String(subject.id)}`), 404, 'subject.not_found');
    expect(await db().selectFrom('survey_links').select('id').execute()).toHaveLength(before.length);
  });

  it('binds an event link to the visit’s blank panels, and refuses a saved panel', async () => {
    const { coordinator } = rs.people;
    const other = await addSubject(rs, coordinator, rs.siteA.id);
    const dm = await readPanel(coordinator, pid('screening', 'DM', other));
    ok(await post(coordinator, '/dcap/project/recordDataManage/save', { panelInstanceId: dm.panelInstanceId, version: dm.version, values: browser(dm.instrument.panel, { INITIALS: 'LS' }) }));
    const event = await create(coordinator, pid('screening', 'VS', other), 'event');
    expect(event.link.panels.map((panel) => panel.panelInstanceId).sort()).toEqual([pid('screening', 'VS', other), pid('screening', 'LB', other)].sort());
    refused(await post(coordinator, '/dcap/epro/link/create', { panelInstanceId: dm.panelInstanceId, scope: 'panel', language: 'en-US' }, 'en-US'), 409, 'epro.panel_entered');
  });
});

describe('the public page', () => {
  it('shows the link’s panels and nothing of the subject', async () => {
    const made = await create(rs.people.coordinator, pid('visit2', 'VS'), 'panel', 'en-US');
    const survey = ok(await open(made.token)) as PublicSurvey;
    expect(survey).toMatchObject({ language: 'en-US', eventNameEn: 'Visit 2', panels: [{ panelInstanceId: pid('visit2', 'VS'), nameEn: 'Vital signs' }] });
    // No WeChat official account is configured here: no offer to bind (wechat.test.ts has one).
    expect(survey.wechat).toEqual({ bound: false, authorizeUrl: null });
    refused(await publicCall('POST', `/dcap/public/survey/${made.token}/wechat`, { body: { code: 'any' } }), 422, 'wechat.not_configured');
    const text = JSON.stringify(survey);
    expect(text).not.toContain(subject.platformNo);
    expect(text).not.toContain('EP-001');
  });

  it('refuses an unknown, revoked, expired or submitted link, saying which in the page’s language', async () => {
    const { coordinator } = rs.people;
    const unknown = await open('A'.repeat(43), 'en-US');
    refused(unknown, 404, 'epro.link_unknown');
    expect(unknown.body.msg).toContain('not valid');
    refused(await open('A'.repeat(43), 'zh-CN'), 404, 'epro.link_unknown');
    refused(await open('short'), 400, 'request.invalid');

    const other = await addSubject(rs, coordinator, rs.siteA.id);
    const revoked = await create(coordinator, pid('baseline', 'VS', other));
    ok(await post(coordinator, '/dcap/epro/link/revoke', { linkId: revoked.link.id }));
    refused(await open(revoked.token), 410, 'epro.link_revoked');
    refused(await submit(revoked.token, [{ panelInstanceId: pid('baseline', 'VS', other), values: {} }]), 410, 'epro.link_revoked');
    refused(await post(coordinator, '/dcap/epro/link/revoke', { linkId: revoked.link.id }), 409, 'epro.link_closed');
    expect((await list(coordinator, other)).links.find((link) => link.id === revoked.link.id)?.validity).toBe('revoked');

    const expiring = await create(coordinator, pid('visit2', 'VS', other));
    // The link as it stands eight days later (moving the clock would end the staff sessions as idle).
    const past = (days: number) => new Date(rs.study.t.clock.now().getTime() - days * 86_400_000);
    await db().updateTable('survey_links').set({ created_at: past(8), expires_at: past(1) }).where('id', '=', expiring.link.id).execute();
    const expired = await open(expiring.token, 'en-US');
    refused(expired, 410, 'epro.link_expired');
    expect(expired.body.msg).toContain('expired');
    expect((await list(coordinator, other)).links.find((link) => link.id === expiring.link.id)?.validity).toBe('expired');
  });

  it('writes only the link’s own panels: another subject’s, or one not in the link, is refused and nothing saved', async () => {
    const { coordinator } = rs.people;
    const mine = await addSubject(rs, coordinator, rs.siteA.id);
    const theirs = await addSubject(rs, coordinator, rs.siteA.id);
    const made = await create(coordinator, pid('baseline', 'VS', mine));
    const panel = (await readPanel(coordinator, pid('baseline', 'VS', mine))).instrument.panel;
    refused(await submit(made.token, [{ panelInstanceId: pid('baseline', 'VS', theirs), values: browser(panel, { HEIGHT: 170 }) }]), 404, 'epro.panel_not_in_link');
    refused(await submit(made.token, [{ panelInstanceId: pid('visit2', 'VS', mine), values: browser(panel, { HEIGHT: 170 }) }]), 404, 'epro.panel_not_in_link');
    const stored = await db().selectFrom('field_values').select('path').where('panel_instance_id', 'in', [pid('baseline', 'VS', theirs), pid('visit2', 'VS', mine)]).execute();
    expect(stored).toEqual([]);
    expect((await list(coordinator, mine)).links[0]?.validity).toBe('valid');
  });

  it('applies the staff save’s checks: a value out of range and a wrong formula are refused exactly as for staff', async () => {
    const { coordinator } = rs.people;
    const other = await addSubject(rs, coordinator, rs.siteA.id);
    const id = pid('baseline', 'VS', other);
    await useDesignVariant(rs, id, rs.instruments.VS, (vs) => {
      const weight = vs.list.find((widget) => widget.model === 'WEIGHT');
      if (!weight) throw new Error('no WEIGHT');
      weight.options.max = 300;
    }, 'weight range');
    const made = await create(coordinator, id);
    const staff = await readPanel(coordinator, id);
    const tooHeavy = browser(staff.instrument.panel, { HEIGHT: 180, WEIGHT: 400 });
    const staffReply = await post(coordinator, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: staff.version, values: tooHeavy }, 'en-US');
    refused(staffReply, 422, 'record.invalid_values');
    const subjectReply = await submit(made.token, [{ panelInstanceId: id, values: tooHeavy }], 'en-US');
    refused(subjectReply, 422, 'record.invalid_values');
    expect(subjectReply.body.errors).toEqual(staffReply.body.errors);

    const wrongBmi = { ...browser(staff.instrument.panel, { HEIGHT: 180, WEIGHT: 81 }), BMI: 30 };
    const staffMismatch = await post(coordinator, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: staff.version, values: wrongBmi }, 'en-US');
    const subjectMismatch = await submit(made.token, [{ panelInstanceId: id, values: wrongBmi }], 'en-US');
    refused(subjectMismatch, 422, 'record.mismatch');
    expect(subjectMismatch.body.errors).toEqual(staffMismatch.body.errors);
    expect(await db().selectFrom('field_values').select('path').where('panel_instance_id', '=', id).execute()).toEqual([]);
    expect((await list(coordinator, other)).links[0]).toMatchObject({ validity: 'valid', enteredAt: null });
  });

  it('saves a submission as the subject: the audit rows name them, the link is entered and cannot be used again', async () => {
    const { coordinator } = rs.people;
    const id = pid('baseline', 'VS');
    const older = await create(coordinator, id);
    const panel = (await readPanel(coordinator, id)).instrument.panel;
    const tokenOf = await create(coordinator, id, 'panel', 'en-US');
    const reply = await submit(tokenOf.token, [{ panelInstanceId: id, values: browser(panel, { HEIGHT: 180, WEIGHT: 81 }) }], 'en-US');
    const submitted = ok(reply) as { enteredAt: string; panels: { panelInstanceId: number; status: string }[] };
    expect(submitted.panels.map((item) => item.panelInstanceId)).toEqual([id]);
    expect(submitted.panels[0]?.status).toBe((await readPanel(coordinator, id)).status);

    const stored = await readPanel(coordinator, id);
    expect(stored.values).toMatchObject({ HEIGHT: 180, WEIGHT: 81, BMI: 25 });
    expect(stored.fields.HEIGHT?.updatedBy).toBeNull();
    const rows = (await db().selectFrom('audit_log').selectAll().where('action', 'in', ['record.value', 'record.save', 'epro.linkEntered']).execute()).filter(
      (row) =>
        (row.entity_type === 'field' && row.entity_id === `${String(id)}:HEIGHT`) ||
        (row.entity_type === 'panel' && row.entity_id === String(id)) ||
        (row.entity_type === 'surveyLink' && row.entity_id === String(tokenOf.link.id)),
    );
    expect(rows.map((row) => row.action).sort()).toEqual(['epro.linkEntered', 'record.save', 'record.value']);
    for (const row of rows) expect(row).toMatchObject({ actor_id: null, actor_username: 'subject:EP-001', actor_role: 'subject', site_id: rs.siteA.id });
    expect(rows.find((row) => row.action === 'record.save')?.new_value).toMatchObject({ via: 'survey', surveyLinkId: tokenOf.link.id });
    // The staff's audit trail of the field names the subject.
    const trail = ok(await get(coordinator, `/dcap/audit/field?panelInstanceId=${String(id)}&path=HEIGHT`)) as FieldAudit;
    expect(trail.rows.find((row) => row.action === 'record.value')).toMatchObject({ actorId: null, actorUsername: 'subject:EP-001', actorRole: 'subject' });

    // The alteration log places the link's rows at the subject and visit.
    const log = ok(await get(coordinator, `/dcap/audit/alteration?subjectId=${String(subject.id)}&action=epro.*`)) as { list: { action: string; actorUsername: string | null }[] };
    expect(log.list.map((row) => row.action)).toEqual(expect.arrayContaining(['epro.linkCreate', 'epro.linkEntered']));
    expect(log.list.find((row) => row.action === 'epro.linkEntered')?.actorUsername).toBe('subject:EP-001');

    const links = await list(coordinator);
    expect(links.links.find((link) => link.id === tokenOf.link.id)).toMatchObject({ validity: 'entered', enteredAt: submitted.enteredAt });
    refused(await open(tokenOf.token, 'en-US'), 410, 'epro.link_entered');
    refused(await submit(tokenOf.token, [{ panelInstanceId: id, values: {} }]), 410, 'epro.link_entered');
    // An older link of the same panel now finds it saved: the subject can no longer fill it.
    refused(await open(older.token), 410, 'epro.link_entered');
  });

  it('limits calls per token and per address', async () => {
    const token = 'B'.repeat(43);
    for (let call = 0; call < SURVEY_RATE_PER_TOKEN; call += 1) refused(await open(token), 404, 'epro.link_unknown');
    refused(await open(token), 429, 'request.rate_limited');
    const ip = '192.0.2.7';
    for (let call = 0; call < SURVEY_RATE_PER_ADDRESS; call += 1) {
      refused(await publicCall('GET', `/dcap/public/survey/${String(call).padStart(43, 'C')}`, { ip }), 404, 'epro.link_unknown');
    }
    refused(await publicCall('GET', `/dcap/public/survey/${'D'.repeat(43)}`, { ip }), 429, 'request.rate_limited');
    // Another address with another token is not held back.
    refused(await open('E'.repeat(43)), 404, 'epro.link_unknown');
  });
});

describe('sending', () => {
  const outbox = (ids: number[]) => db().selectFrom('outbound_messages').selectAll().where('id', 'in', ids).orderBy('id').execute();

  it('queues a link by e-mail to the address given in the link’s language, and its send state follows the outbox row', async () => {
    const { coordinator } = rs.people;
    const other = await addSubject(rs, coordinator, rs.siteA.id, { email: 'subject@example.org' });
    const made = await create(coordinator, pid('baseline', 'VS', other), 'panel', 'en-US');
    expect(made.subjectEmail).toBe('subject@example.org');
    const sent = ok(await post(coordinator, '/dcap/epro/link/send', { linkId: made.link.id, token: made.token, channel: 'email', email: 'typed@example.org' })) as { messageIds: number[] };
    const [message] = await outbox(sent.messageIds);
    expect(message).toMatchObject({ channel: 'email', kind: 'survey.invitation', address: 'typed@example.org', language: 'en-US', recipient_subject_id: other.id, status: 'queued', created_by: coordinator.id });
    expect(message?.body).toContain(`${rs.study.t.config.publicUrl}/epro/${made.token}`);
    expect(message?.subject).toContain('Baseline');
    const stateOf = async () => (await list(coordinator, other)).links.find((link) => link.id === made.link.id);
    expect(await stateOf()).toMatchObject({ sendState: 'pending', sentVia: 'email' });
    await db().updateTable('outbound_messages').set({ status: 'sent' }).where('id', '=', sent.messageIds[0] ?? 0).execute();
    expect((await stateOf())?.sendState).toBe('sent');
    await db().updateTable('outbound_messages').set({ status: 'failed' }).where('id', '=', sent.messageIds[0] ?? 0).execute();
    expect((await stateOf())?.sendState).toBe('failed');
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'epro.linkSend').where('entity_id', '=', String(made.link.id)).executeTakeFirstOrThrow();
    expect(audit.new_value).toMatchObject({ channel: 'email', address: 'typed@example.org' });

    // Without its token a link cannot be sent: the token is not stored.
    refused(await post(coordinator, '/dcap/epro/link/send', { linkId: made.link.id, token: 'Z'.repeat(43), channel: 'email' }), 422, 'epro.link_token_mismatch');
    refused(await post(rs.people.siteBUser, '/dcap/epro/link/send', { linkId: made.link.id, token: made.token, channel: 'email' }), 404, 'epro.link_not_found');
  });

  it('sends WeChat to the subject’s bound id only, and pushes a panel as a new link', async () => {
    const { coordinator } = rs.people;
    const other = await addSubject(rs, coordinator, rs.siteA.id);
    const made = await create(coordinator, pid('baseline', 'VS', other));
    const before = await db().selectFrom('outbound_messages').select('id').execute();
    refused(await post(coordinator, '/dcap/epro/link/send', { linkId: made.link.id, token: made.token, channel: 'wechat' }), 422, 'epro.no_wechat');
    refused(await post(coordinator, '/dcap/epro/panel/push', { panelInstanceId: pid('visit2', 'VS', other), language: 'zh-CN' }), 422, 'epro.no_wechat');
    expect(await db().selectFrom('outbound_messages').select('id').execute()).toHaveLength(before.length);

    await db().updateTable('subjects').set({ wechat_ids: sql`${JSON.stringify({ official: 'o-subject-1' })}::jsonb` }).where('id', '=', other.id).execute();
    const sent = ok(await post(coordinator, '/dcap/epro/link/send', { linkId: made.link.id, token: made.token, channel: 'wechat' })) as { messageIds: number[] };
    expect((await outbox(sent.messageIds))[0]).toMatchObject({ channel: 'wechat', address: 'o-subject-1', language: 'zh-CN', recipient_subject_id: other.id });
    expect((await outbox(sent.messageIds))[0]?.body).toContain(`/epro/${made.token}`);

    const pushed = ok(await post(coordinator, '/dcap/epro/panel/push', { panelInstanceId: pid('visit2', 'VS', other), language: 'en-US' })) as { messageIds: number[] };
    const [push] = await outbox(pushed.messageIds);
    expect(push).toMatchObject({ channel: 'wechat', kind: 'panel.push', address: 'o-subject-1', language: 'en-US' });
    const links = (await list(coordinator, other)).links;
    const pushedLink = links.find((link) => link.panels.some((panel) => panel.panelInstanceId === pid('visit2', 'VS', other)));
    expect(pushedLink).toMatchObject({ sendState: 'pending', sentVia: 'wechat', language: 'en-US' });
    const token = /\/epro\/([A-Za-z0-9_-]{43})/.exec(push?.body ?? '')?.[1] ?? '';
    expect((ok(await open(token)) as PublicSurvey).panels.map((panel) => panel.panelInstanceId)).toEqual([pid('visit2', 'VS', other)]);
  });

  it('mails a readable copy of a panel to a typed address, without hidden or sensitive fields', async () => {
    const { coordinator } = rs.people;
    const other = await addSubject(rs, coordinator, rs.siteA.id);
    const id = pid('screening', 'DM', other);
    await useDesignVariant(rs, id, rs.instruments.DM, (dm) => {
      const sex = dm.list.find((widget) => widget.model === 'SEX');
      const initials = dm.list.find((widget) => widget.model === 'INITIALS');
      if (!sex || !initials) throw new Error('no SEX');
      dm.list.push({ ...sex, key: 'PREG', model: 'PREG', name: '妊娠', nameEn: 'Pregnant', options: { ...sex.options, logicExpression: "[SEX] = '2'" } });
      dm.list.push({ ...initials, key: 'IDNO', model: 'IDNO', name: '身份证号', nameEn: 'Identity number', options: { ...initials.options, sensitiveInformation: true } });
    }, 'mail');
    const panel = await readPanel(coordinator, id);
    ok(await post(coordinator, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: panel.version, values: browser(panel.instrument.panel, { INITIALS: 'WW', SEX: '1', IDNO: '110101199001011234' }) }));
    const sent = ok(await post(coordinator, '/dcap/epro/panel/mail', { panelInstanceId: id, email: 'monitor@example.org', language: 'en-US' })) as { messageIds: number[] };
    const [mail] = await outbox(sent.messageIds);
    expect(mail).toMatchObject({ channel: 'email', kind: 'record.mail', address: 'monitor@example.org', language: 'en-US', recipient_subject_id: null });
    expect(mail?.body).toContain('Initials: WW');
    expect(mail?.body).toContain('Sex: Male (1)');
    expect(mail?.body).not.toContain('Pregnant');
    expect(mail?.body).not.toContain('110101199001011234');
    expect(mail?.body).not.toContain('Identity number');
    refused(await post(rs.people.siteBUser, '/dcap/epro/panel/mail', { panelInstanceId: id, email: 'x@example.org', language: 'en-US' }), 404, 'subject.panel_not_found');
    refused(await post(rs.people.monitor, '/dcap/epro/panel/mail', { panelInstanceId: id, email: 'x@example.org', language: 'en-US' }), 403, 'permission.project_forbidden');
  });
});
