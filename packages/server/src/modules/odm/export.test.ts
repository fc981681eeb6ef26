import type { Panel } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject } from '../../test/records.fixture.js';
import { elements, expectValidOdm, getFile, memorySink, openOdmStudy, saveValues, widgetOf } from './odm.fixture.js';
import type { OdmScope } from './writer.js';
import { writeOdm } from './writer.js';

/**
 * ODM files written from a study's data (docs/decisions.md, "CDISC ODM"): every file validates against the
 * official schema with xmllint and passes the OID reference checker, and what it says equals what was
 * entered through the API.
 */
let rs: RecordsStudy;
let a: AddedSubject;
let b: AddedSubject;
const REASON = { code: 'OTHER', text: '转录错误 corrected' };

const post = (who: Persona, url: string, body: unknown) => rs.study.t.call('POST', url, { token: who.token, body });
const db = () => rs.study.t.database.db;
const pid = (s: AddedSubject, event: 'screening' | 'baseline', abbr: 'DM' | 'VS' | 'CM') => s.panelInstances[event]?.[abbr] ?? 0;
const save = (who: Persona, id: number, typed: Record<string, unknown>, reasons: Record<string, unknown> = {}) => saveValues(rs, who, id, typed, reasons);

const scope = (extra: Partial<OdmScope> = {}): OdmScope => ({
  projectId: rs.projectId,
  envId: rs.env.id,
  siteIds: 'all',
  eventIds: null,
  instrumentIds: null,
  statuses: null,
  mode: 'snapshot',
  locale: 'zh-CN',
  description: 'chain head 42:abc',
  fileOid: 'DCAP.TEST.1',
  createdAt: new Date('2024-05-01T08:00:00Z'),
  ...extra,
});

async function written(extra: Partial<OdmScope> = {}, batchSize?: number) {
  const sink = memorySink();
  const summary = await writeOdm(db(), scope(extra), sink, batchSize === undefined ? {} : { batchSize });
  return { summary, xml: sink.text(), writes: sink.writes };
}

beforeAll(async () => {
  rs = await openOdmStudy('ODM');
  const { coordinator, siteBUser, monitor, dataManager, investigator } = rs.people;
  a = await addSubject(rs, coordinator, rs.siteA.id);
  b = await addSubject(rs, siteBUser, rs.siteB.id);
  await save(coordinator, pid(a, 'screening', 'DM'), { INITIALS: 'ZS', BRTHDAT: '1980-02-03', SEX: '2' });
  await save(coordinator, pid(a, 'screening', 'DM'), { INITIALS: 'LS' }, { INITIALS: REASON });
  await save(coordinator, pid(a, 'screening', 'VS'), { VSDAT: '2024-03-01', HEIGHT: 170, WEIGHT: 65.5 });
  await save(coordinator, pid(a, 'baseline', 'CM'), {
    CMTAB: [
      { CMTRT: '阿司匹林', CMDOSE: 100, CMSTDAT: '2024-03-01' },
      { CMTRT: 'Metformin & <co>', CMDOSE: 500 },
    ],
  });
  await save(siteBUser, pid(b, 'screening', 'DM'), { INITIALS: 'WB', SEX: '1' });
  for (const height of [171, 172]) {
    const visit = ok(await post(coordinator, '/dcap/schedule/addUnscheduled', { subjectId: a.id, eventId: rs.events.unscheduled })) as { panelInstanceIds: number[] };
    await save(coordinator, visit.panelInstanceIds[0] ?? 0, { VSDAT: '2024-04-01', HEIGHT: height });
  }
  const firstLog = a.panelInstances.log?.AE ?? 0;
  await save(coordinator, firstLog, { AETAB: [{ AETERM: '头痛', AESTDAT: '2024-03-02', AESER: 'N' }] });
  ok(await post(coordinator, '/dcap/schedule/addLogEntry', { panelInstanceId: firstLog }));
  ok(await post(monitor, '/dcap/query/raise', { panelInstanceId: pid(a, 'screening', 'DM'), path: 'BRTHDAT', content: '请核实出生日期', contentEn: 'Please verify the date of birth' }));
  ok(await post(monitor, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: pid(a, 'screening', 'VS'), action: 'verify' }));
  ok(await post(dataManager, '/dcap/project/recordData/workflow/bulk', { scope: 'panel', id: pid(a, 'screening', 'VS'), action: 'review' }));
  ok(
    await post(investigator, '/dcap/project/recordData/signature/sign', {
      scope: 'panel',
      id: pid(a, 'screening', 'VS'),
      username: investigator.username,
      password: 'Passw0rd!x',
      meaning: 'approval',
      attested: true,
    }),
  );
}, 180_000);
afterAll(() => rs.study.t.close());
const item = (root: ReturnType<typeof expectValidOdm>, subjectKey: string, oid: string) =>
  elements(elements(root, 'SubjectData').find((subject) => subject.attrs.SubjectKey === subjectKey) ?? root, 'ItemData').filter((data) => data.attrs.ItemOID === oid);

describe('the design as ODM metadata', () => {
  it('writes the environment’s design with both languages, code lists, formulas and tables, and no data', async () => {
    const file = await getFile(rs, rs.people.projectAdmin, `/dcap/project/design/odm?projectId=${String(rs.projectId)}&env=uat`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/xml');
    const root = expectValidOdm(file.text);
    expect(elements(root, 'StudyEventDef').map((event) => event.attrs.OID)).toEqual(Object.values(rs.events).map((id) => `SE.${String(id)}`));
    expect(elements(root, 'FormDef').map((form) => form.attrs.OID)).toEqual(['F.DM', 'F.VS', 'F.LB', 'F.CM', 'F.AE']);
    const sex = elements(root, 'CodeList').find((list) => list.attrs.OID === 'CL.DM.SEX');
    expect(elements(sex ?? root, 'TranslatedText').map((text) => `${text.attrs['xml:lang'] ?? ''}:${text.text}`)).toEqual(['zh:男', 'en:Male', 'zh:女', 'en:Female']);
    const bmi = elements(root, 'ItemDef').find((def) => def.attrs.OID === 'IT.VS.BMI');
    expect(elements(bmi ?? root, 'Alias').find((alias) => alias.attrs.Context === 'DCAP:formula')?.attrs.Name).toContain('[WEIGHT]');
    expect(elements(root, 'ItemGroupDef').find((group) => group.attrs.OID === 'IG.CM.CMTAB')?.attrs.Repeating).toBe('Yes');
    expect(elements(root, 'ClinicalData')).toEqual([]);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'design.exportOdm').where('project_id', '=', rs.projectId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: rs.people.projectAdmin.id, env: 'uat', entity_id: String(rs.projectId), new_value: { fileOid: root.attrs.FileOID, versions: 'MDV.1' } });
  });

  it('needs the export right', async () => {
    const reply = await rs.study.t.call('GET', `/dcap/project/design/odm?projectId=${String(rs.projectId)}&env=uat`, { token: rs.people.coordinator.token, lang: 'en-US' });
    refused(reply, 403, 'permission.project_forbidden');
  });
});

describe('snapshot files', () => {
  it('hold the current values as entered, table rows under their row keys, queries and signatures', async () => {
    const { summary, xml, writes } = await written();
    const root = expectValidOdm(xml);
    expect(root.attrs.FileType).toBe('Snapshot');
    expect(root.attrs.Description).toBe('chain head 42:abc');
    expect(summary.subjects).toBe(2);
    expect(writes).toBeGreaterThan(4);
    const value = (oid: string) => item(root, a.platformNo, oid).map((data) => data.attrs.Value);
    expect(value('IT.DM.INITIALS')).toEqual(['LS']);
    expect(value('IT.DM.BRTHDAT')).toEqual(['1980-02-03']);
    expect(value('IT.DM.SEX')).toEqual(['2']);
    expect(value('IT.VS.WEIGHT')).toEqual(['65.5']);
    expect(value('IT.VS.HEIGHT')).toEqual(['170', '171', '172']);
    const rows = elements(root, 'ItemGroupData').filter((group) => group.attrs.ItemGroupOID === 'IG.CM.CMTAB');
    expect(rows.map((row) => [row.attrs.ItemGroupRepeatKey, elements(row, 'ItemData').find((data) => data.attrs.ItemOID === 'IT.CM.CMTAB.CMTRT')?.attrs.Value])).toEqual([
      ['1', '阿司匹林'],
      ['2', 'Metformin & <co>'],
    ]);
    expect(item(root, b.platformNo, 'IT.DM.INITIALS').map((data) => data.attrs.Value)).toEqual(['WB']);
    expect(summary.items).toBe(elements(root, 'ItemData').filter((data) => data.attrs.Value !== undefined).length);

    const [birth] = item(root, a.platformNo, 'IT.DM.BRTHDAT');
    expect(elements(birth ?? root, 'Comment')[0]?.text).toBe('请核实出生日期 / Please verify the date of birth');
    expect(elements(birth ?? root, 'FlagValue')[0]?.text).toBe('OPEN');
    const vitals = elements(root, 'FormData').find((form) => form.attrs.FormOID === 'F.VS' && elements(form, 'Signature').length > 0);
    expect(elements(vitals ?? root, 'SignatureRef')[0]?.attrs.SignatureOID).toBe('SD.approval');
    expect(elements(vitals ?? root, 'UserRef')[0]?.attrs.UserOID).toBe(`USR.${String(rs.people.investigator.id)}`);
    expect(elements(root, 'SignatureDef').map((def) => elements(def, 'Meaning')[0]?.text)).toEqual(['approval']);
    const subjectA = elements(root, 'SubjectData').find((subject) => subject.attrs.SubjectKey === a.platformNo);
    expect(elements(subjectA ?? root, 'SiteRef')[0]?.attrs.LocationOID).toBe('LOC.A01');
  });

  it('limit subjects to the scope’s sites: a scope without a site writes none of its subjects', async () => {
    const onlyA = await written({ siteIds: [rs.siteA.id], mode: 'transactional' });
    const rootA = expectValidOdm(onlyA.xml);
    const keys = elements(rootA, 'SubjectData').map((subject) => subject.attrs.SubjectKey);
    // Nothing of site B is named: not its Location, not the user who entered its data.
    expect(elements(rootA, 'Location').map((location) => location.attrs.OID)).toEqual(['LOC.A01']);
    expect(elements(rootA, 'User').map((user) => user.attrs.OID)).not.toContain(`USR.${String(rs.people.siteBUser.id)}`);
    expect(onlyA.xml).not.toContain(rs.people.siteBUser.username);
    expect((await written({ mode: 'transactional' })).xml).toContain(rs.people.siteBUser.username);
    expect(keys).toContain(a.platformNo);
    expect(keys).not.toContain(b.platformNo);
    expect(onlyA.summary.subjects).toBe(1);
    const none = await written({ siteIds: [], mode: 'transactional' });
    const rootNone = expectValidOdm(none.xml);
    expect(elements(rootNone, 'SubjectData')).toEqual([]);
    expect(elements(rootNone, 'User')).toEqual([]);
    expect(none.summary).toEqual({ subjects: 0, items: 0 });
  });

  it('limit subjects to the scope’s subject statuses', async () => {
    const same = await written({ statuses: [a.status] });
    expect(elements(expectValidOdm(same.xml), 'SubjectData').map((subject) => subject.attrs.SubjectKey)).toContain(a.platformNo);
    const other = await written({ statuses: ['NO_SUCH_STATUS'] });
    expect(elements(expectValidOdm(other.xml), 'SubjectData')).toEqual([]);
  });

  it('limit forms to the scope’s instruments and events', async () => {
    const { xml } = await written({ instrumentIds: [rs.instruments.DM], eventIds: [rs.events.screening] });
    const root = expectValidOdm(xml);
    expect([...new Set(elements(root, 'FormData').map((form) => form.attrs.FormOID))]).toEqual(['F.DM']);
    expect(elements(root, 'FormDef').map((form) => form.attrs.OID)).toEqual(['F.DM']);
  });
});

describe('repeats and batches', () => {
  it('write repeated visits and log entries under their sequence as repeat keys', async () => {
    const root = expectValidOdm((await written()).xml);
    const subjectA = elements(root, 'SubjectData').find((subject) => subject.attrs.SubjectKey === a.platformNo) ?? root;
    const unscheduled = elements(subjectA, 'StudyEventData').filter((event) => event.attrs.StudyEventOID === `SE.${String(rs.events.unscheduled)}`);
    expect(unscheduled.map((event) => [event.attrs.StudyEventRepeatKey, elements(event, 'ItemData').find((data) => data.attrs.ItemOID === 'IT.VS.HEIGHT')?.attrs.Value])).toEqual([
      ['1', '171'],
      ['2', '172'],
    ]);
    const logForms = elements(subjectA, 'FormData').filter((form) => form.attrs.FormOID === 'F.AE');
    expect(logForms.map((form) => form.attrs.FormRepeatKey)).toEqual(['1', '2']);
    expect(elements(logForms[0] ?? root, 'ItemData').find((data) => data.attrs.ItemOID === 'IT.AE.AETAB.AETERM')?.attrs.Value).toBe('头痛');
    expect(elements(root, 'StudyEventDef').find((event) => event.attrs.OID === `SE.${String(rs.events.unscheduled)}`)?.attrs.Repeating).toBe('Yes');
    expect(elements(root, 'FormDef').find((form) => form.attrs.OID === 'F.AE')?.attrs.Repeating).toBe('Yes');
  });

  it('page subjects by id: batches of one write each subject once, in order, as one batch does', async () => {
    const whole = await written();
    const paged = await written({}, 1);
    // Line breaks fall between batches; the elements are the same.
    expect(paged.xml.replaceAll('\n', '')).toBe(whole.xml.replaceAll('\n', ''));
    expect(paged.summary).toEqual(whole.summary);
    expect(paged.writes).toBeGreaterThan(whole.writes);
  });
});

describe('transactional files', () => {
  it('hold each change with who, where, when and why from the audit trail', async () => {
    const { xml } = await written({ mode: 'transactional' });
    const root = expectValidOdm(xml);
    expect(root.attrs.FileType).toBe('Transactional');
    const initials = item(root, a.platformNo, 'IT.DM.INITIALS');
    expect(initials.map((data) => [data.attrs.TransactionType, data.attrs.Value])).toEqual([
      ['Insert', 'ZS'],
      ['Update', 'LS'],
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['id', 'reason'])
      .where('action', '=', 'record.value')
      .where('entity_id', '=', `${String(pid(a, 'screening', 'DM'))}:INITIALS`)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    const update = initials[1];
    expect(elements(update ?? root, 'ReasonForChange')[0]?.text).toBe(audit[1]?.reason);
    expect(audit[1]?.reason).toContain('转录错误 corrected');
    expect(elements(update ?? root, 'SourceID')[0]?.text).toBe(`audit:${String(audit[1]?.id)}`);
    expect(elements(update ?? root, 'UserRef')[0]?.attrs.UserOID).toBe(`USR.${String(rs.people.coordinator.id)}`);
    expect(elements(update ?? root, 'LocationRef')[0]?.attrs.LocationOID).toBe('LOC.A01');
    const coordinator = elements(root, 'User').find((user) => user.attrs.OID === `USR.${String(rs.people.coordinator.id)}`);
    expect(elements(coordinator ?? root, 'LoginName')[0]?.text).toBe(rs.people.coordinator.username);
    expect(elements(root, 'Location').map((location) => location.attrs.OID)).toEqual(['LOC.A01', 'LOC.B01']);
  });
});

describe('a design republished after data was entered', () => {
  it('writes each version with its own ClinicalData, so every value resolves against the design it was entered under', async () => {
    const { projectAdmin, coordinator } = rs.people;
    ok(await rs.study.t.call('GET', `/dcap/project/store/${String(rs.projectId)}`, { token: projectAdmin.token }));
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: projectAdmin.token }));
    const draft = await db().selectFrom('instruments').select('panel').where('id', '=', rs.instruments.DM).executeTakeFirstOrThrow();
    const panel = draft.panel as Panel;
    ok(await post(projectAdmin, '/dcap/project/field/saveAllCfg', { instrumentId: rs.instruments.DM, list: [...panel.list, widgetOf('input', 'NICK', '昵称', 'Nickname')], config: panel.config }));
    ok(await post(projectAdmin, '/dcap/project/design/publish', { projectId: rs.projectId, target: 'uat', note: 'v2' }));
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: projectAdmin.token }));
    const c = await addSubject(rs, coordinator, rs.siteA.id);
    await save(coordinator, pid(c, 'screening', 'DM'), { INITIALS: 'CC', NICK: '小明' });

    const { xml, summary } = await written();
    const root = expectValidOdm(xml);
    expect(elements(root, 'MetaDataVersion').map((version) => version.attrs.OID)).toEqual(['MDV.1', 'MDV.2']);
    const blocks = elements(root, 'ClinicalData');
    expect(blocks.map((block) => block.attrs.MetaDataVersionOID)).toEqual(['MDV.1', 'MDV.2']);
    const keysOf = (index: number) => elements(blocks[index] ?? root, 'SubjectData').map((subject) => subject.attrs.SubjectKey);
    expect(keysOf(0)).toEqual([a.platformNo, b.platformNo]);
    expect(keysOf(1)).toContain(c.platformNo);
    expect(elements(blocks[1] ?? root, 'ItemData').find((data) => data.attrs.ItemOID === 'IT.DM.NICK')?.attrs.Value).toBe('小明');
    expect(elements(blocks[0] ?? root, 'ItemData').find((data) => data.attrs.ItemOID === 'IT.DM.INITIALS')?.attrs.Value).toBe('LS');
    expect(summary.subjects).toBe(3);
  });
});

describe('a change made while a file is written', () => {
  it('is left out of the AuditRecords when it came after the head, so every UserRef names someone AdminData lists', async () => {
    const { projectAdmin } = rs.people;
    const vitals = pid(b, 'screening', 'VS');
    const parts: string[] = [];
    // The head is the first write; the change is saved before any subject is read, by someone who changed nothing before.
    await writeOdm(db(), scope({ mode: 'transactional' }), {
      write: async (text) => {
        if (parts.length === 0) await save(projectAdmin, vitals, { VSDAT: '2024-03-05', HEIGHT: 180 });
        parts.push(text);
      },
    });
    const root = expectValidOdm(parts.join(''));
    expect(elements(root, 'User').map((user) => user.attrs.OID)).not.toContain(`USR.${String(projectAdmin.id)}`);
    // The value is written as it stands, without the change that named its author.
    const height = item(root, b.platformNo, 'IT.VS.HEIGHT');
    expect(height.map((data) => [data.attrs.TransactionType, data.attrs.Value, elements(data, 'AuditRecord').length])).toEqual([['Upsert', '180', 0]]);

    const next = expectValidOdm((await written({ mode: 'transactional' })).xml);
    const [change] = item(next, b.platformNo, 'IT.VS.HEIGHT');
    expect(change?.attrs.TransactionType).toBe('Insert');
    expect(elements(change ?? next, 'UserRef')[0]?.attrs.UserOID).toBe(`USR.${String(projectAdmin.id)}`);
  });
});
