import type { AlterationPage, DerivedLog, FieldAudit, PanelQueries, Query, QueryFilterOptions, QueryPage, QueryThread, RecordPanel } from '@dcap/core';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import { verifyAuditChain } from '../audit/verify.js';
import { openQueryCounts } from './service.js';

let rs: RecordsStudy;
let subjectA: AddedSubject;
let subjectB: AddedSubject;
/** A second user of the monitor's role (CRA), for the raising-role rules. */
let monitor2: Persona;

const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, ...(lang ? { lang } : {}) });
const get = (who: Persona, url: string, lang?: string) => rs.study.t.call('GET', url, { token: who.token, ...(lang ? { lang } : {}) });
const db = () => rs.study.t.database.db;
const dm = (s: AddedSubject) => s.panelInstances.screening?.DM ?? 0;
const vs = (s: AddedSubject) => s.panelInstances.screening?.VS ?? 0;

async function save(who: Persona, panelInstanceId: number, values: Record<string, unknown>, reasons: Record<string, unknown> = {}): Promise<void> {
  const panel = ok(await get(who, `/dcap/project/recordDataManage/panel/${String(panelInstanceId)}`)) as RecordPanel;
  ok(await post(who, '/dcap/project/recordDataManage/save', { panelInstanceId, version: panel.version, values: { ...panel.values, ...values }, reasons }));
}

async function raise(who: Persona, panelInstanceId: number, path: string, content = '请核实', contentEn?: string): Promise<Query> {
  return ok(await post(who, '/dcap/query/raise', { panelInstanceId, path, content, ...(contentEn ? { contentEn } : {}) })) as Query;
}

const queryAudit = (id: number) =>
  db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'query').where('entity_id', '=', String(id)).orderBy('id').execute();
const setSameRole = (on: boolean) =>
  db().updateTable('projects').set({ config: JSON.stringify({ sameRoleCancelCloseQuery: on }) }).where('id', '=', rs.projectId).execute();

beforeAll(async () => {
  rs = await openRecordsStudy('QRY');
  subjectA = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
  subjectB = await addSubject(rs, rs.people.siteBUser, rs.siteB.id);
  await save(rs.people.coordinator, dm(subjectA), { INITIALS: 'AB', SEX: '1' });
  await save(rs.people.siteBUser, dm(subjectB), { INITIALS: 'CD' });
  monitor2 = await person(rs.study, 'QRY.cra2');
  await grant(rs.study, rs.people.projectAdmin, rs.projectId, { roleId: rs.roles.monitor, userIds: [monitor2.id] });
  await enter(rs.study, monitor2, rs.projectId, rs.roles.monitor);
  ok(await get(monitor2, '/dcap/projectEnv/selectEnv/uat'));
}, 180_000);
afterAll(() => rs.study.t.close());

describe('raising and settling a query', () => {
  it('AT-3 audits open, answer and close with from and to status, site and environment, and keeps the thread', async () => {
    const { monitor, coordinator } = rs.people;
    const query = await raise(monitor, dm(subjectA), 'INITIALS', '缩写与原始病历不符', 'Initials differ from the source');
    expect(query).toMatchObject({ status: 'OPEN', content: '缩写与原始病历不符', contentEn: 'Initials differ from the source', fieldLabel: '姓名缩写', instrumentName: '人口学资料' });
    expect(query.raisedBy?.id).toBe(monitor.id);
    expect(query.abilities).toEqual(['cancel']);
    const answered = ok(await post(coordinator, '/dcap/query/answer', { id: query.id, comment: '已核对原始病历，无误' })) as Query;
    expect(answered.status).toBe('ANSWERED');
    const closed = ok(await post(monitor, '/dcap/query/close', { id: query.id, comment: '同意' })) as Query;
    expect(closed).toMatchObject({ status: 'CLOSED', closedBy: { id: monitor.id } });

    const rows = await queryAudit(query.id);
    expect(rows.map((row) => [row.action, (row.old_value as { status: unknown }).status, (row.new_value as { status: unknown }).status])).toEqual([
      ['query.open', null, 'OPEN'],
      ['query.answer', 'OPEN', 'ANSWERED'],
      ['query.close', 'ANSWERED', 'CLOSED'],
    ]);
    for (const row of rows) expect(row).toMatchObject({ site_id: rs.siteA.id, env: 'uat', project_id: rs.projectId });
    expect(rows[0]?.actor_role).toBe('CRA');

    const thread = ok(await get(coordinator, `/dcap/query/thread?id=${String(query.id)}`)) as QueryThread;
    expect(thread.comments.map((c) => [c.action, c.content, c.author?.id])).toEqual([
      ['raise', '缩写与原始病历不符', monitor.id],
      ['answer', '已核对原始病历，无误', coordinator.id],
      ['close', '同意', monitor.id],
    ]);
    expect(thread.query.abilities).toEqual([]);
  });

  it('refuses a query without text, on a field the panel does not have, and on another site’s panel, writing nothing', async () => {
    const before = await db().selectFrom('queries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    refused(await post(rs.people.monitor, '/dcap/query/raise', { panelInstanceId: dm(subjectA), path: 'INITIALS', content: '  ' }), 400, 'query.content_required');
    refused(await post(rs.people.monitor, '/dcap/query/raise', { panelInstanceId: dm(subjectA), path: 'NOPE', content: 'x' }), 422, 'query.field_unknown');
    refused(await post(rs.people.siteBUser, '/dcap/query/raise', { panelInstanceId: dm(subjectA), path: 'INITIALS', content: 'x' }), 404, 'subject.panel_not_found');
    const after = await db().selectFrom('queries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers in the caller’s language when refusing', async () => {
    const reply = await post(rs.people.monitor, '/dcap/query/raise', { panelInstanceId: dm(subjectA), path: 'NOPE', content: 'x' }, 'en-US');
    expect(reply.body.msg).toBe('The panel has no field NOPE');
  });
});

describe('who may act on a query (spec 002 §6)', () => {
  type Who = 'monitor' | 'monitor2' | 'coordinator' | 'dataManager' | 'investigator';
  const persona = (who: Who): Persona => (who === 'monitor2' ? monitor2 : rs.people[who]);
  // [title, action, who, status the query is in, expected: 'ok' | [http status, code]]
  const table: [string, 'answer' | 'close' | 'cancel', Who, 'OPEN' | 'ANSWERED', 'ok' | [number, string]][] = [
    ['answerQuery answers an open query', 'answer', 'coordinator', 'OPEN', 'ok'],
    ['query alone may not answer', 'answer', 'monitor', 'OPEN', [403, 'permission.project_forbidden']],
    ['answerQuery may not answer twice', 'answer', 'investigator', 'ANSWERED', [409, 'query.wrong_status']],
    ['query closes an answered query', 'close', 'monitor2', 'ANSWERED', 'ok'],
    ['query may not close an open query', 'close', 'monitor', 'OPEN', [403, 'query.forbidden']],
    ['answerQuery may not close', 'close', 'coordinator', 'ANSWERED', [403, 'permission.project_forbidden']],
    ['handleAllQuery closes an open query', 'close', 'dataManager', 'OPEN', 'ok'],
    ['the raiser cancels', 'cancel', 'monitor', 'OPEN', 'ok'],
    ['another user of the raising role may not cancel', 'cancel', 'monitor2', 'OPEN', [403, 'query.not_owner']],
    ['handleAllQuery cancels someone else’s query', 'cancel', 'dataManager', 'ANSWERED', 'ok'],
  ];
  it.each(table)('%s', async (_title, action, who, status, expected) => {
    await setSameRole(false);
    const query = await raise(rs.people.monitor, dm(subjectA), 'SEX');
    if (status === 'ANSWERED') ok(await post(rs.people.coordinator, '/dcap/query/answer', { id: query.id, comment: '已核实' }));
    const body = action === 'answer' ? { id: query.id, comment: '回复' } : { id: query.id };
    const reply = await post(persona(who), `/dcap/query/${action}`, body);
    const after = await db().selectFrom('queries').select('status').where('id', '=', query.id).executeTakeFirstOrThrow();
    if (expected === 'ok') {
      ok(reply);
      expect(after.status).toBe({ answer: 'ANSWERED', close: 'CLOSED', cancel: 'CANCELED' }[action]);
    } else {
      refused(reply, expected[0], expected[1]);
      expect(after.status).toBe(status);
    }
    // Leave nothing unclosed for the next row.
    if (after.status === 'OPEN' || after.status === 'ANSWERED') ok(await post(rs.people.dataManager, '/dcap/query/cancel', { id: query.id }));
  });

  it('with sameRoleCancelCloseQuery on, the raising role cancels and closes and no other role closes', async () => {
    await setSameRole(true);
    try {
      const first = await raise(rs.people.monitor, dm(subjectA), 'SEX');
      expect(first.abilities).toEqual(['cancel']);
      ok(await post(monitor2, '/dcap/query/cancel', { id: first.id }));
      // A site B user holding `query` but not in the raising role may not close the site B query of the monitor.
      const second = await raise(rs.people.monitor, dm(subjectB), 'INITIALS');
      ok(await post(rs.people.siteBUser, '/dcap/query/answer', { id: second.id, comment: 'ok' }));
      const dmRole = await db().selectFrom('project_roles').select('id').where('id', '=', rs.roles.dataManager).executeTakeFirstOrThrow();
      expect(dmRole.id).toBe(rs.roles.dataManager);
      // siteBUser holds handleAllQuery, so close a query as a plain `query` holder of another role: make one.
      const third = await raise(monitor2, dm(subjectA), 'SEX');
      ok(await post(rs.people.coordinator, '/dcap/query/answer', { id: third.id, comment: 'ok' }));
      ok(await post(rs.people.monitor, '/dcap/query/close', { id: third.id }));
      ok(await post(rs.people.siteBUser, '/dcap/query/close', { id: second.id }));
    } finally {
      await setSameRole(false);
    }
  });

  it('with sameRoleCancelCloseQuery off, only the raiser cancels', async () => {
    const query = await raise(rs.people.monitor, dm(subjectA), 'SEX');
    refused(await post(monitor2, '/dcap/query/cancel', { id: query.id }), 403, 'query.not_owner');
    await setSameRole(true);
    try {
      ok(await post(monitor2, '/dcap/query/cancel', { id: query.id }));
    } finally {
      await setSameRole(false);
    }
  });

  it('a locked field refuses a new query (spec 002 §4) and writes nothing; a frozen one takes it (WF-2)', async () => {
    await db().updateTable('field_values').set({ status: 'LOCKED' }).where('panel_instance_id', '=', dm(subjectA)).where('path', '=', 'INITIALS').execute();
    try {
      const before = await db().selectFrom('queries').select('id').where('panel_instance_id', '=', dm(subjectA)).execute();
      refused(await post(rs.people.monitor, '/dcap/query/raise', { panelInstanceId: dm(subjectA), path: 'INITIALS', content: 'x' }), 422, 'query.field_locked');
      expect(await db().selectFrom('queries').select('id').where('panel_instance_id', '=', dm(subjectA)).execute()).toHaveLength(before.length);
    } finally {
      await db().updateTable('field_values').set({ status: 'COMPLETED' }).where('panel_instance_id', '=', dm(subjectA)).where('path', '=', 'INITIALS').execute();
    }
    await db().updateTable('field_values').set({ frozen: true }).where('panel_instance_id', '=', dm(subjectA)).where('path', '=', 'SEX').execute();
    try {
      const query = await raise(rs.people.monitor, dm(subjectA), 'SEX');
      ok(await post(rs.people.monitor, '/dcap/query/cancel', { id: query.id }));
    } finally {
      await db().updateTable('field_values').set({ frozen: false }).where('panel_instance_id', '=', dm(subjectA)).where('path', '=', 'SEX').execute();
    }
  });
});

describe('auto-close and counts', () => {
  it('AT-3 closes the open and answered queries of a changed value as AUTO_CLOSED, audited, and leaves the others', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    await save(rs.people.coordinator, dm(subject), { INITIALS: 'EF', SEX: '2' });
    const onInitials = await raise(rs.people.monitor, dm(subject), 'INITIALS');
    const answered = await raise(rs.people.monitor, dm(subject), 'INITIALS');
    ok(await post(rs.people.coordinator, '/dcap/query/answer', { id: answered.id, comment: '将更正' }));
    const onSex = await raise(rs.people.monitor, dm(subject), 'SEX');

    const counts = await openQueryCounts(db(), [dm(subject)]);
    expect(counts.byPanel.get(dm(subject))).toBe(3);
    expect(counts.byField.get(`${String(dm(subject))}:INITIALS`)).toBe(2);
    const listed = ok(await get(rs.people.coordinator, `/dcap/query/panel?panelInstanceId=${String(dm(subject))}&path=INITIALS`)) as PanelQueries;
    expect(listed.queries.map((q) => q.id).sort()).toEqual([onInitials.id, answered.id].sort());
    expect(listed.mayRaise).toBe(false);

    await save(rs.people.coordinator, dm(subject), { INITIALS: 'EG' }, { INITIALS: { code: 'QUERY_RESPONSE' } });
    const statuses = await db().selectFrom('queries').select(['id', 'status']).where('panel_instance_id', '=', dm(subject)).orderBy('id').execute();
    expect(statuses).toEqual([
      { id: onInitials.id, status: 'AUTO_CLOSED' },
      { id: answered.id, status: 'AUTO_CLOSED' },
      { id: onSex.id, status: 'OPEN' },
    ]);
    const rows = await queryAudit(answered.id);
    expect(rows.at(-1)).toMatchObject({ action: 'query.autoClose', old_value: { status: 'ANSWERED' }, new_value: { status: 'AUTO_CLOSED' }, site_id: rs.siteA.id, env: 'uat' });
    expect((await openQueryCounts(db(), [dm(subject)])).byPanel.get(dm(subject))).toBe(1);
    const thread = ok(await get(rs.people.monitor, `/dcap/query/thread?id=${String(answered.id)}`)) as QueryThread;
    expect(thread.comments.map((c) => c.action)).toEqual(['raise', 'answer', 'autoClose']);
  });
});

describe('query management', () => {
  let page: (who: Persona, query?: string) => Promise<QueryPage>;
  beforeAll(async () => {
    page = async (who, query = '') => ok(await get(who, `/dcap/query/list?pageSize=200${query}`)) as QueryPage;
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id, { subjectCode: 'MGMT-1' });
    await save(rs.people.coordinator, dm(subject), { INITIALS: 'GH' });
    const old = await raise(rs.people.monitor, dm(subject), 'INITIALS', '十天前');
    const older = await raise(rs.people.monitor, dm(subject), 'SEX', '四十天前');
    const now = Date.now();
    await db().updateTable('queries').set({ raised_at: new Date(now - 10 * 86_400_000) }).where('id', '=', old.id).execute();
    await db().updateTable('queries').set({ raised_at: new Date(now - 40 * 86_400_000) }).where('id', '=', older.id).execute();
  });

  it('WF-3 lists only the caller’s sites and refuses another site as a filter', async () => {
    const siteB = await page(rs.people.siteBUser);
    expect(siteB.total).toBeGreaterThan(0);
    expect(new Set(siteB.list.map((q) => q.siteId))).toEqual(new Set([rs.siteB.id]));
    refused(await get(rs.people.siteBUser, `/dcap/query/list?siteId=${String(rs.siteA.id)}`), 403, 'subject.site_forbidden');
    const all = await page(rs.people.dataManager);
    expect(new Set(all.list.map((q) => q.siteId))).toEqual(new Set([rs.siteA.id, rs.siteB.id]));
  });

  it('filters by status, site, panel, subject and age, pages, and counts per status and per age group', async () => {
    const { dataManager } = rs.people;
    const all = await page(dataManager);
    const open = await page(dataManager, '&status=OPEN');
    expect(open.list.every((q) => q.status === 'OPEN')).toBe(true);
    expect(open.total).toBe(all.counts.OPEN);
    expect(open.counts).toEqual(all.counts);
    expect(Object.values(all.counts).reduce((a, b) => a + b, 0)).toBe(all.total);
    const bySite = await page(dataManager, `&siteId=${String(rs.siteB.id)}`);
    expect(bySite.list.every((q) => q.siteId === rs.siteB.id)).toBe(true);
    const byPanel = await page(dataManager, `&instrumentId=${String(rs.instruments.VS)}`);
    expect(byPanel.total).toBe(0);
    const bySubject = await page(dataManager, '&subject=mgmt');
    expect(bySubject.list.map((q) => q.content).sort()).toEqual(['十天前', '四十天前']);
    expect(bySubject.openAges).toEqual({ le7: 0, d8to30: 1, gt30: 1 });
    expect((await page(dataManager, '&subject=mgmt&age=gt30')).list.map((q) => q.content)).toEqual(['四十天前']);
    expect((await page(dataManager, '&subject=mgmt&age=d8to30')).list.map((q) => q.ageDays)).toEqual([10]);
    const first = ok(await get(dataManager, '/dcap/query/list?pageSize=2&pageNo=1')) as QueryPage;
    const second = ok(await get(dataManager, '/dcap/query/list?pageSize=2&pageNo=2')) as QueryPage;
    expect(first.list).toHaveLength(2);
    expect(first.total).toBe(all.total);
    expect(second.list[0]?.id).toBe(all.list[2]?.id);
  });

  it('TS-2 exports the filtered list as xlsx and CSV with times in ISO 8601 with the offset, and audits the export', async () => {
    const { dataManager } = rs.people;
    const xlsx = await rs.study.t.request({ method: 'GET', url: '/dcap/query/export?subject=mgmt&timeZone=Asia/Shanghai', headers: { token: dataManager.token, 'accept-language': 'en-US' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    const rows = sheet?.data ?? [];
    expect(rows[0]?.slice(0, 7)).toEqual(['ID', 'Site', 'Subject', 'Visit', 'Panel', 'Field', 'Status']);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['MGMT-1', 'MGMT-1']);
    expect(rows.slice(1).map((row) => row[6])).toEqual(['Pending reply', 'Pending reply']);
    expect(String(rows[1]?.[11])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);

    const csv = await rs.study.t.request({ method: 'GET', url: '/dcap/query/export?format=csv&subject=mgmt&age=gt30', headers: { token: dataManager.token } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('质疑内容');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('四十天前');
    expect(lines[1]).toMatch(/\+00:00/);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'query.export').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: dataManager.id, env: 'uat', new_value: { rows: 1 } });
  });

  it('offers the caller’s sites, the design’s visits and panels, and who acted as filter choices', async () => {
    const options = ok(await get(rs.people.siteBUser, '/dcap/query/options')) as QueryFilterOptions;
    expect(options.sites.map((site) => site.id)).toEqual([rs.siteB.id]);
    expect(options.events.map((event) => event.id)).toContain(rs.events.screening);
    expect(options.instruments.map((instrument) => instrument.id)).toContain(rs.instruments.DM);
    expect(options.users.map((user) => user.id)).toContain(rs.people.siteBUser.id);
    expect(options.users.map((user) => user.id)).not.toContain(rs.people.coordinator.id);
  });

  it('a site B user cannot export site A queries', async () => {
    const csv = await rs.study.t.request({ method: 'GET', url: '/dcap/query/export?format=csv', headers: { token: rs.people.siteBUser.token } });
    expect(csv.body).not.toContain('A01-');
  });
});

describe('audit trail screens', () => {
  it('AT-7 shows a field’s audit log: its values, its queries, in sequence order (TS-3)', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    await save(rs.people.coordinator, dm(subject), { INITIALS: 'JK' });
    const query = await raise(rs.people.monitor, dm(subject), 'INITIALS');
    await save(rs.people.coordinator, dm(subject), { INITIALS: 'JL' }, { INITIALS: { code: 'TRANSCRIPTION_ERROR' } });
    const log = ok(await get(rs.people.coordinator, `/dcap/audit/field?panelInstanceId=${String(dm(subject))}&path=INITIALS`)) as FieldAudit;
    const actions = log.rows.map((row) => row.action);
    expect(actions.filter((a) => a === 'record.value')).toHaveLength(2);
    expect(actions).toContain('query.open');
    expect(actions).toContain('query.autoClose');
    expect(actions.indexOf('query.open')).toBeLessThan(actions.indexOf('query.autoClose'));
    const ids = log.rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const change = log.rows.filter((row) => row.action === 'record.value').at(-1);
    expect(change).toMatchObject({ subjectId: subject.id, path: 'INITIALS', instrumentName: '人口学资料', eventName: '筛选期', actorUsername: rs.people.coordinator.username });
    expect(change?.reason).toBeTruthy();
    expect(log.rows.some((row) => row.entityType === 'query' && row.entityId === String(query.id))).toBe(true);
    refused(await get(rs.people.siteBUser, `/dcap/audit/field?panelInstanceId=${String(dm(subject))}&path=INITIALS`), 404, 'subject.panel_not_found');
  });

  it('shows the derived log of a formula field with the inputs that produced it', async () => {
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    await save(rs.people.coordinator, vs(subject), { HEIGHT: 170, WEIGHT: 65, BMI: 22.5 });
    await save(rs.people.coordinator, vs(subject), { WEIGHT: 70, BMI: 24.2 }, { WEIGHT: { code: 'TRANSCRIPTION_ERROR' }, BMI: { code: 'TRANSCRIPTION_ERROR' } });
    const log = ok(await get(rs.people.coordinator, `/dcap/audit/derived?panelInstanceId=${String(vs(subject))}&path=BMI`)) as DerivedLog;
    expect(log.formula).toBe('round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)');
    expect(log.references.map((r) => r.path)).toEqual(['WEIGHT', 'HEIGHT']);
    const paths = new Set(log.rows.map((row) => row.path));
    expect(paths.has('WEIGHT') && paths.has('HEIGHT') && paths.has('BMI')).toBe(true);
    // The recomputed value follows the input change that produced it.
    const lastWeight = log.rows.findLastIndex((row) => row.path === 'WEIGHT');
    expect(log.rows.slice(lastWeight).some((row) => row.path === 'BMI' && (row.newValue as { value?: unknown } | null)?.value === 24.2)).toBe(true);
    expect(log.rows.every((row) => ['WEIGHT', 'HEIGHT', 'BMI'].includes(row.path ?? ''))).toBe(true);
    refused(await get(rs.people.coordinator, `/dcap/audit/derived?panelInstanceId=${String(vs(subject))}&path=HEIGHT`), 422, 'query.no_formula');
  });

  it('WF-3 the alteration log never shows a site B user a row of site A, and filters by subject, action, user and time', async () => {
    const siteB = ok(await get(rs.people.siteBUser, '/dcap/audit/alteration?pageSize=200')) as AlterationPage;
    expect(siteB.total).toBeGreaterThan(0);
    expect(siteB.list.every((row) => row.siteId === rs.siteB.id)).toBe(true);
    refused(await get(rs.people.siteBUser, `/dcap/audit/alteration?siteId=${String(rs.siteA.id)}`), 403, 'subject.site_forbidden');
    const bySubject = ok(await get(rs.people.siteBUser, `/dcap/audit/alteration?pageSize=200&subjectId=${String(subjectA.id)}`)) as AlterationPage;
    expect(bySubject.total).toBe(0);

    const { dataManager, monitor } = rs.people;
    const mine = ok(await get(dataManager, `/dcap/audit/alteration?pageSize=200&subjectId=${String(subjectA.id)}`)) as AlterationPage;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list.every((row) => row.subjectId === subjectA.id)).toBe(true);
    const byNumber = ok(await get(dataManager, `/dcap/audit/alteration?pageSize=200&subject=${encodeURIComponent(subjectA.platformNo)}`)) as AlterationPage;
    expect(byNumber.total).toBe(mine.total);
    const queries = ok(await get(dataManager, `/dcap/audit/alteration?pageSize=200&action=query.*&userId=${String(monitor.id)}`)) as AlterationPage;
    expect(queries.total).toBeGreaterThan(0);
    expect(queries.list.every((row) => row.action.startsWith('query.') && row.actorId === monitor.id)).toBe(true);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((ok(await get(dataManager, `/dcap/audit/alteration?from=${encodeURIComponent(future)}`)) as AlterationPage).total).toBe(0);
    refused(await get(dataManager, `/dcap/audit/alteration?from=${encodeURIComponent(future)}&to=${encodeURIComponent(new Date().toISOString())}`), 400, 'query.range_invalid');
  });

  it('TS-3 orders the alteration log by sequence, newest first, and pages it', async () => {
    const { dataManager } = rs.people;
    const all = ok(await get(dataManager, '/dcap/audit/alteration?pageSize=50')) as AlterationPage;
    const ids = all.list.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = ok(await get(dataManager, '/dcap/audit/alteration?pageSize=5&pageNo=2')) as AlterationPage;
    expect(second.list.map((row) => row.id)).toEqual(ids.slice(5, 10));
  });

  it('AT-7 TS-2 exports the alteration log with old and new values, reason, user and times with offset', async () => {
    const url = `/dcap/audit/alteration/export?format=csv&subjectId=${String(subjectA.id)}&timeZone=Asia/Shanghai`;
    const csv = await rs.study.t.request({ method: 'GET', url, headers: { token: rs.people.dataManager.token, 'accept-language': 'en-US' } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Sequence,Time,Login name,Name,Role,Site,Subject,Visit,Panel,Field,Action,Entity,Old value,New value,Reason');
    const values = lines.filter((line) => line.includes('record.value'));
    expect(values.length).toBeGreaterThan(0);
    expect(values[0]).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00,/);
    const sequence = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
    const xlsx = await rs.study.t.request({ method: 'GET', url: url.replace('format=csv', 'format=xlsx'), headers: { token: rs.people.dataManager.token } });
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    expect(sheet?.data.length).toBe(lines.length);
    expect(sheet?.data[0]?.[0]).toBe('序号');
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'audit.export').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: rs.people.dataManager.id, env: 'uat', new_value: { rows: sheet?.data.length === undefined ? -1 : sheet.data.length - 1, filters: { subjectId: subjectA.id } } });
    const b = await rs.study.t.request({ method: 'GET', url, headers: { token: rs.people.siteBUser.token } });
    expect(b.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });

  it('IM-3 leaves the audit chain intact after the whole workflow', async () => {
    const verdict = await verifyAuditChain(db());
    expect(verdict.intact).toBe(true);
  });
});
