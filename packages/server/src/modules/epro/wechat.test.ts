import type { CreatedSurveyLink, PublicSurvey, Subject, SurveyLinks, SurveyWechat } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../test/harness.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import type { WechatFake } from '../../test/wechat-fake.js';
import { startWechatFake } from '../../test/wechat-fake.js';
import type { Persona } from '../roles/study.fixture.js';
import { ok, openStudy, refused } from '../roles/study.fixture.js';

/**
 * Subjects' WeChat binding (spec 002 §3 "bound WeChat ids"; docs/decisions.md "Subject WeChat binding")
 * against the local WeChat stand-in: a subject opens the questionnaire in WeChat, follows the offer through
 * the official account's authorisation and comes back with a code the server exchanges; reminders and
 * pushed panels then reach that id, and the site's coordinator sees it and unbinds it.
 */
let wx: WechatFake;
let rs: RecordsStudy;
let subject: AddedSubject;
beforeAll(async () => {
  wx = await startWechatFake();
  rs = await openRecordsStudy('EWX', await openStudy({ ...wx.env }));
  subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id, { subjectCode: 'EWX-001' });
});
afterAll(async () => {
  await rs.study.t.close();
  await wx.close();
});

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
const get = (who: Persona, url: string) => rs.study.t.call('GET', url, { token: who.token });
const pid = (event: 'screening' | 'baseline' | 'visit2', abbr: 'VS' | 'LB', of: AddedSubject = subject) => of.panelInstances[event]?.[abbr] ?? 0;
const create = async (panelInstanceId: number, language = 'zh-CN') =>
  ok(await post(rs.people.coordinator, '/dcap/epro/link/create', { panelInstanceId, scope: 'panel', language })) as CreatedSurveyLink;
const list = async (who: Persona, of: AddedSubject = subject) => ok(await get(who, `/dcap/epro/link/list?subjectId=${String(of.id)}`)) as SurveyLinks;
const officialOf = async (of: AddedSubject) => (await db().selectFrom('subjects').select('wechat_ids').where('id', '=', of.id).executeTakeFirstOrThrow()).wechat_ids;
const audits = (action: string, of: AddedSubject) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', action).where('entity_type', '=', 'subject').where('entity_id', '=', String(of.id)).orderBy('id').execute();

let address = 0;
/** A call of the public page, each from its own address so the per-address limit stays apart. */
async function publicCall(method: 'GET' | 'POST', url: string, body?: unknown, lang = 'zh-CN'): Promise<Reply> {
  address += 1;
  const response = await rs.study.t.request({
    method,
    url,
    remoteAddress: `10.9.0.${String(address)}`,
    headers: { 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: response.json() } as Reply;
}
const open = (token: string) => publicCall('GET', `/dcap/public/survey/${token}`);
const bind = (token: string, code: string, lang?: string) => publicCall('POST', `/dcap/public/survey/${token}/wechat`, { code }, lang);

describe('a subject binds WeChat from the questionnaire page', () => {
  it('offers the official account’s authorisation back to the page, binds the code’s open id and is audited as the subject', async () => {
    const made = await create(pid('baseline', 'VS'), 'en-US');
    const survey = ok(await open(made.token)) as PublicSurvey;
    expect(survey.wechat.bound).toBe(false);
    const offer = new URL(survey.wechat.authorizeUrl ?? '');
    expect(`${offer.origin}${offer.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(offer.hash).toBe('#wechat_redirect');
    expect([...offer.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(offer.searchParams.get('appid')).toBe(wx.env.WECHAT_APP_ID);
    expect(offer.searchParams.get('redirect_uri')).toBe(`${rs.study.t.deps.config.publicUrl}/epro/${made.token}?lang=en-US`);
    expect(offer.searchParams.get('scope')).toBe('snsapi_base');

    wx.addOAuthCode('ewx-code-1', { openId: 'o-subject-ewx-0001', unionId: 'u-ewx-1' });
    const hitsBefore = await db().selectFrom('survey_hits').select('id').execute();
    const bound = await bind(made.token, 'ewx-code-1', 'en-US');
    expect(bound.body.msg).toBe('WeChat bound');
    expect(ok(bound) as SurveyWechat).toMatchObject({ bound: true });
    expect(await db().selectFrom('survey_hits').select('id').execute()).toHaveLength(hitsBefore.length + 1);
    expect(await officialOf(subject)).toEqual({ official: 'o-subject-ewx-0001' });
    const [row] = await audits('epro.wechatBind', subject);
    expect(row).toMatchObject({ actor_id: null, actor_username: 'subject:EWX-001', actor_role: 'subject', site_id: rs.siteA.id });
    expect(row?.old_value).toEqual({ official: null });
    expect(row?.new_value).toMatchObject({ official: 'o-subject-ewx-0001', surveyLinkId: made.link.id });
    expect(((ok(await open(made.token)) as PublicSurvey).wechat.bound)).toBe(true);

    // Staff see it shortened, and WeChat sends use it.
    expect(await list(rs.people.coordinator)).toMatchObject({ wechatBound: true, wechatId: 'o-su…0001' });
    expect((ok(await get(rs.people.coordinator, `/dcap/subject/info/${String(subject.id)}`)) as Subject).wechatIds).toEqual({ official: 'o-su…0001' });
    const pushed = ok(await post(rs.people.coordinator, '/dcap/epro/panel/push', { panelInstanceId: pid('visit2', 'VS'), language: 'zh-CN' })) as { messageIds: number[] };
    const message = await db().selectFrom('outbound_messages').selectAll().where('id', '=', pushed.messageIds[0] ?? 0).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ channel: 'wechat', address: 'o-subject-ewx-0001', recipient_subject_id: subject.id });
  });

  it('refuses a code WeChat refuses, with its reason, and a token of no link or of a revoked one, changing nothing', async () => {
    const other = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    const made = await create(pid('baseline', 'VS', other));
    const badCode = await bind(made.token, 'ewx-no-such-code', 'en-US');
    refused(badCode, 422, 'wechat.bind_failed');
    expect(badCode.body.msg).toContain('40029');
    refused(await bind(made.token, 'ewx-no-such-code'), 422, 'wechat.bind_failed');
    wx.addOAuthCode('ewx-code-2', { openId: 'o-subject-ewx-0002' });
    refused(await bind('A'.repeat(43), 'ewx-code-2'), 404, 'epro.link_unknown');
    refused(await bind(made.token, ''), 400, 'request.invalid');
    refused(await bind(made.token, 'a\u0000b'), 400, 'request.invalid');
    ok(await post(rs.people.coordinator, '/dcap/epro/link/revoke', { linkId: made.link.id }));
    refused(await bind(made.token, 'ewx-code-2'), 410, 'epro.link_revoked');
    expect(await officialOf(other)).toEqual({});
    expect(await audits('epro.wechatBind', other)).toEqual([]);
  });

  it('binds the subject of the token only, and a later code replaces the id', async () => {
    const other = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    const own = await create(pid('baseline', 'VS', other));
    wx.addOAuthCode('ewx-code-3', { openId: 'o-subject-ewx-0003' });
    ok(await bind(own.token, 'ewx-code-3'));
    expect(await officialOf(other)).toEqual({ official: 'o-subject-ewx-0003' });
    expect(await officialOf(subject)).toEqual({ official: 'o-subject-ewx-0001' });
    wx.addOAuthCode('ewx-code-4', { openId: 'o-subject-ewx-0004' });
    ok(await bind(own.token, 'ewx-code-4'));
    expect(await officialOf(other)).toEqual({ official: 'o-subject-ewx-0004' });
    expect((await audits('epro.wechatBind', other)).map((row) => row.old_value)).toEqual([{ official: null }, { official: 'o-subject-ewx-0003' }]);
  });
});

describe('staff unbind a subject’s WeChat', () => {
  it('is for those who may enter the subject’s data at its site, with the unbind notices, audited', async () => {
    const { coordinator, monitor, siteBUser } = rs.people;
    refused(await post(siteBUser, '/dcap/epro/wechat/unbind', { subjectId: subject.id }), 404, 'subject.not_found');
    refused(await post(monitor, '/dcap/epro/wechat/unbind', { subjectId: subject.id }), 403, 'permission.project_forbidden');
    expect(await officialOf(subject)).toEqual({ official: 'o-subject-ewx-0001' });

    const done = await post(coordinator, '/dcap/epro/wechat/unbind', { subjectId: subject.id }, 'en-US');
    expect(done.body.msg).toBe('WeChat unbound');
    expect(ok(done) as SurveyLinks).toMatchObject({ wechatBound: false, wechatId: null });
    expect(await officialOf(subject)).toEqual({});
    const [row] = await audits('epro.wechatUnbind', subject);
    expect(row).toMatchObject({ actor_username: coordinator.username, site_id: rs.siteA.id, old_value: { official: 'o-subject-ewx-0001' }, new_value: { official: null } });

    const again = await post(coordinator, '/dcap/epro/wechat/unbind', { subjectId: subject.id }, 'en-US');
    refused(again, 404, 'epro.wechat_unbind_failed');
    expect(again.body.msg).toBe('WeChat unbinding failed: the subject has no bound WeChat id');
    refused(await post(coordinator, '/dcap/epro/panel/push', { panelInstanceId: pid('visit2', 'LB'), language: 'zh-CN' }), 422, 'epro.no_wechat');
    expect(await audits('epro.wechatUnbind', subject)).toHaveLength(1);
  });
});
