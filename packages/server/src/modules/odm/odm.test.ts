import type { OdmImportReport, Panel, RecordPanel, Widget } from '@dcap/core';
import { createWidget, evaluateForm, generateRules, isDataWidget, studyToday, walkWidgets } from '@dcap/core';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, project, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import { ADMIN, createTestContext } from '../../test/harness.js';
import type { Reply } from '../../test/harness.js';
import { multipartForm } from '../attachments/attachments.fixture.js';
import type { DesignSnapshot } from '../publishing/snapshot.js';
import { ODM_XSD, elements, expectValidOdm, memorySink } from './odm.fixture.js';
import type { OdmScope } from './writer.js';
import { writeOdm } from './writer.js';

let rs: RecordsStudy;
let a: AddedSubject;
let b: AddedSubject;
const REASON = { code: 'OTHER', text: '转录错误 corrected' };

const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, ...(lang ? { lang } : {}) });
const db = () => rs.study.t.database.db;
const pid = (s: AddedSubject, event: 'screening' | 'baseline', abbr: 'DM' | 'VS' | 'CM') => s.panelInstances[event]?.[abbr] ?? 0;
const today = () => studyToday(rs.study.t.clock.now());

async function save(who: Persona, id: number, typed: Record<string, unknown>, reasons: Record<string, unknown> = {}): Promise<void> {
  const panel = ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(id)}`, { token: who.token })) as RecordPanel;
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, ...typed }, { today }).values;
  ok(await post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: panel.version, values, reasons }));
}

async function getFile(who: Persona, url: string, lang = 'zh-CN'): Promise<{ status: number; text: string; type: string }> {
  const response = await rs.study.t.request({ method: 'GET', url, headers: { token: who.token, 'accept-language': lang } });
  return { status: response.statusCode, text: response.body, type: String(response.headers['content-type']) };
}

async function importFile(who: Persona, projectId: number, xml: string, dryRun: boolean, lang = 'en-US'): Promise<Reply> {
  const form = multipartForm({ projectId, dryRun: String(dryRun) }, { name: 'study.xml', type: 'application/xml', bytes: Buffer.from(xml, 'utf8') });
  const response = await rs.study.t.request({ method: 'POST', url: '/dcap/project/design/importOdm', headers: { token: who.token, 'content-type': form.contentType, 'accept-language': lang }, payload: form.payload });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

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
  const t = await createTestContext({ ODM_SCHEMA: ODM_XSD });
  const token = await t.signIn(ADMIN.username, ADMIN.password);
  rs = await openRecordsStudy('ODM', { t, admin: { id: 1, username: ADMIN.username, token } });
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
    const file = await getFile(rs.people.projectAdmin, `/dcap/project/design/odm?projectId=${String(rs.projectId)}&env=uat`);
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
    const onlyA = await written({ siteIds: [rs.siteA.id] });
    const keys = elements(expectValidOdm(onlyA.xml), 'SubjectData').map((subject) => subject.attrs.SubjectKey);
    expect(keys).toContain(a.platformNo);
    expect(keys).not.toContain(b.platformNo);
    expect(onlyA.summary.subjects).toBe(1);
    const none = await written({ siteIds: [] });
    expect(elements(expectValidOdm(none.xml), 'SubjectData')).toEqual([]);
    expect(none.summary).toEqual({ subjects: 0, items: 0 });
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

describe('importing an ODM design', () => {
  const designXml = async () => (await getFile(rs.people.projectAdmin, `/dcap/project/design/odm?projectId=${String(rs.projectId)}&env=uat`)).text;
  const instrumentCount = async (projectId: number) => (await db().selectFrom('instruments').select('id').where('project_id', '=', projectId).execute()).length;

  it('refuses what is not XML, not schema-valid or has unresolved OIDs, with the reason, changing nothing', async () => {
    const admin = rs.people.projectAdmin;
    const before = await instrumentCount(rs.projectId);
    const garbage = await importFile(admin, rs.projectId, 'not <xml', true, 'zh-CN');
    refused(garbage, 422, 'odm.not_xml');
    expect(garbage.body.msg).toContain('格式正确的 XML');
    const invalid = await importFile(admin, rs.projectId, '<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" FileOID="x"/>', true);
    refused(invalid, 422, 'odm.schema_invalid');
    expect(invalid.body.msg).toContain('CDISC ODM 1.3.2 schema');
    const dangling = (await designXml()).replace('<ItemRef ItemOID="IT.DM.SEX"', '<ItemRef ItemOID="IT.DM.NOPE"');
    const broken = await importFile(admin, rs.projectId, dangling, false);
    refused(broken, 422, 'odm.references_invalid');
    expect(broken.body.msg).toContain('IT.DM.NOPE');
    expect(await instrumentCount(rs.projectId)).toBe(before);
  });

  it('reports per element what an external study’s design could not carry over, then applies the rest', async () => {
    const admin = rs.people.projectAdmin;
    const xml = fs.readFileSync(new URL('./testdata/external-study.xml', import.meta.url), 'utf8');
    expectValidOdm(xml);
    const other = await project(rs.study, admin, 'ODMEXT');
    ok(await rs.study.t.call('GET', `/dcap/project/store/${String(other.id)}`, { token: admin.token }));
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
    const dry = ok(await importFile(admin, other.id, xml, true, 'zh-CN')) as OdmImportReport;
    expect(dry.notes.map((note) => `${note.element}:${note.oid}:${note.code}:${String(note.blocking)}`)).toEqual([
      'MethodDef:MT.AGE:method_ignored:false',
      'ConditionDef:CD.SKIP:condition_ignored:false',
      'ItemDef:IT.AGE:name_renamed:false',
      'ItemDef:IT.AGE:range_ignored:false',
      'ItemDef:IT.BLOB:datatype_approximated:false',
    ]);
    expect(dry.notes.find((note) => note.code === 'datatype_approximated')?.message).toBe('数据类型 hexBinary 没有对应控件，按单行文本导入');
    expect(dry.instruments).toEqual([{ name: 'Vitals', nameEn: null, nameAbbr: 'VITALS', fields: 4, id: null }]);
    expect(await instrumentCount(other.id)).toBe(0);
    const applied = ok(await importFile(admin, other.id, xml, false)) as OdmImportReport;
    const row = await db().selectFrom('instruments').select('panel').where('id', '=', applied.instruments[0]?.id ?? 0).executeTakeFirstOrThrow();
    const list = (row.panel as Panel).list;
    expect(list.map((widget) => [widget.type, widget.model, widget.name, widget.nameEn ?? null, widget.options.required === true])).toEqual([
      ['number', 'AGE_YRS', 'Age', 'Age', true],
      ['input', 'BLOB', 'BLOB', null, false],
      ['textarea', 'NOTE', '备注', 'Note', false],
      ['radio', 'SMOKE', 'SMOKE', null, false],
    ]);
    expect(list[2]?.options.maxlength).toBe(400);
    expect(list[3]?.options.options?.map((option) => [option.value, option.label])).toEqual([
      ['1', 'Yes'],
      ['0', 'No'],
    ]);
    const events = await db().selectFrom('events').select(['name', 'type']).where('project_id', '=', other.id).execute();
    expect(events).toEqual([{ name: 'Visit 1', type: 'TREATMENT' }]);
  });

  it('refuses an empty file, and bytes that are not UTF-8 as not XML', async () => {
    refused(await importFile(rs.people.projectAdmin, rs.projectId, '', true), 400, 'odm.file_required');
    const form = multipartForm({ projectId: rs.projectId }, { name: 'study.xml', type: 'application/xml', bytes: Buffer.from([0x3c, 0x41, 0xff, 0xfe, 0x2f, 0x3e]) });
    const response = await rs.study.t.request({ method: 'POST', url: '/dcap/project/design/importOdm', headers: { token: rs.people.projectAdmin.token, 'content-type': form.contentType }, payload: form.payload });
    expect(response.json()).toMatchObject({ errorCode: 'odm.not_xml' });
    expect(response.statusCode).toBe(422);
  });

  it('refuses every import on a server without the schema to check against, rather than reading it unchecked', async () => {
    const xml = await designXml();
    const t = await createTestContext();
    try {
      const token = await t.signIn(ADMIN.username, ADMIN.password);
      const study = { t, admin: { id: 1, username: ADMIN.username, token } };
      const { id } = await project(study, study.admin, 'NOXSD');
      const form = multipartForm({ projectId: id, dryRun: 'true' }, { name: 'study.xml', type: 'application/xml', bytes: Buffer.from(xml, 'utf8') });
      const response = await t.request({ method: 'POST', url: '/dcap/project/design/importOdm', headers: { token, 'content-type': form.contentType, 'accept-language': 'zh-CN' }, payload: form.payload });
      expect(response.json()).toMatchObject({ errorCode: 'odm.schema_unavailable', msg: '服务器未配置 ODM 架构校验（ODM_SCHEMA 与 xmllint），暂不能导入' });
      expect(response.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });

  it('reports names the project already uses as blocking, and will not apply then', async () => {
    const admin = rs.people.projectAdmin;
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
    const xml = await designXml();
    const report = ok(await importFile(admin, rs.projectId, xml, true)) as OdmImportReport;
    expect(report.applied).toBe(false);
    const blocking = report.notes.filter((note) => note.blocking).map((note) => `${note.code}:${note.oid}`);
    expect(blocking).toEqual(expect.arrayContaining(['abbr_taken:F.DM', 'event_taken:SE.' + String(rs.events.screening)]));
    expect(report.notes.find((note) => note.code === 'abbr_taken')?.message).toContain('already used');
    refused(await importFile(admin, rs.projectId, xml, false), 409, 'odm.import_blocked');
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: admin.token }));
  });

  /** Imports `xml` into a new project's development draft and compares its design with `source`. */
  async function roundTrip(xml: string, code: string, source: DesignSnapshot): Promise<void> {
    const admin = rs.people.projectAdmin;
    const other = await project(rs.study, admin, code);
    ok(await rs.study.t.call('GET', `/dcap/project/store/${String(other.id)}`, { token: admin.token }));
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
    const dry = ok(await importFile(admin, other.id, xml, true)) as OdmImportReport;
    expect(dry.notes.filter((note) => note.blocking)).toEqual([]);
    expect(await instrumentCount(other.id)).toBe(0);
    const applied = ok(await importFile(admin, other.id, xml, false)) as OdmImportReport;
    expect(applied.applied).toBe(true);
    expect(applied.instruments.every((instrument) => instrument.id !== null)).toBe(true);

    const imported = await db().selectFrom('instruments').selectAll().where('project_id', '=', other.id).orderBy('sort').execute();
    expect(imported.map((row) => [row.name_abbr, row.name, row.name_en])).toEqual(source.instruments.map((instrument) => [instrument.nameAbbr, instrument.name, instrument.nameEn]));
    for (const instrument of source.instruments) {
      const copy = imported.find((row) => row.name_abbr === instrument.nameAbbr);
      expect(normalised(copy?.panel as Panel), instrument.nameAbbr).toEqual(normalised(instrument.panel));
    }
    const events = await db().selectFrom('events').selectAll().where('project_id', '=', other.id).orderBy('sort').execute();
    expect(events.map((event) => [event.name, event.name_en, event.type, event.repeatable])).toEqual(
      [...source.events].sort((x, y) => x.sort - y.sort).map((event) => [event.name, event.nameEn, event.type, event.repeatable]),
    );
    const cells = await db().selectFrom('event_instruments').select(['event_id', 'instrument_id']).where('project_id', '=', other.id).execute();
    expect(cells).toHaveLength(source.matrix.length);
    // Applied through the instrument and event services: their audit rows, with what they created.
    const audit = await db().selectFrom('audit_log').select(['action', 'new_value']).where('project_id', '=', other.id).orderBy('id').execute();
    const upload = audit.find((row) => row.action === 'instrument.upload')?.new_value as { created: { nameAbbr: string; panel: Panel }[] } | undefined;
    expect(upload?.created.map((entry) => entry.nameAbbr)).toEqual(source.instruments.map((instrument) => instrument.nameAbbr));
    expect(audit.filter((row) => row.action === 'event.create')).toHaveLength(source.events.length);
    expect((audit.find((row) => row.action === 'event.matrix.save')?.new_value as { added: unknown[] } | undefined)?.added).toHaveLength(source.matrix.length);
  }

  it('round trip: the study’s design (lab table, formulas, logs) exported and imported into another project gives the same panels and visits', async () => {
    const source = (await db().selectFrom('design_versions').select('snapshot').where('id', '=', rs.designVersionId).executeTakeFirstOrThrow()).snapshot as DesignSnapshot;
    await roundTrip(await designXml(), 'ODMRT', source);
  });

  it('round trip: every widget type with units, ranges, options in both languages and a repeatable table', async () => {
    const admin = rs.people.projectAdmin;
    const { id: projectId } = await project(rs.study, admin, 'ODMSRC');
    ok(await rs.study.t.call('GET', `/dcap/project/store/${String(projectId)}`, { token: admin.token }));
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: admin.token }));
    const created = ok(await post(admin, '/dcap/project/instrument/save', { projectId, name: '实验室检查', nameEn: 'Laboratory', nameAbbr: 'LX' })) as { id: number };
    ok(await post(admin, '/dcap/project/field/saveAllCfg', { instrumentId: created.id, list: richList(), config: { labelWidth: 8, labelPosition: 'right' } }));
    const event = ok(await post(admin, '/dcap/project/event/save', { projectId, name: '随访', nameEn: 'Follow-up', type: 'FOLLOW_UP', offsetDays: 28 })) as { id: number };
    ok(await post(admin, '/dcap/project/eventInstrument/saveMatrix', { projectId, cells: [{ eventId: event.id, instrumentId: created.id }] }));
    ok(await post(admin, '/dcap/project/design/publish', { projectId, target: 'uat', note: 'rich' }));
    const file = await getFile(admin, `/dcap/project/design/odm?projectId=${String(projectId)}&env=uat`);
    const root = expectValidOdm(file.text);
    expect(elements(root, 'MeasurementUnit').map((unit) => unit.attrs.Name)).toEqual(['10^9/L', 'mg']);
    expect(elements(root, 'RangeCheck').map((range) => `${range.attrs.Comparator ?? ''}${elements(range, 'CheckValue')[0]?.text ?? ''}`)).toEqual(expect.arrayContaining(['GE0', 'LE500']));
    const source = (await db().selectFrom('design_versions').select('snapshot').where('project_id', '=', projectId).orderBy('id', 'desc').executeTakeFirstOrThrow()).snapshot as DesignSnapshot;
    await roundTrip(file.text, 'ODMRT2', source);
  });
});

const rich = (item: Parameters<typeof createWidget>[0], key: string, name: string, nameEn?: string, options: Partial<Widget['options']> = {}): Widget => {
  const widget = createWidget(item, new Set());
  const made = { ...widget, key, model: key, name, nameEn, options: { ...widget.options, ...options } };
  return { ...made, rules: generateRules(made) };
};

function richList(): Widget[] {
  const choices = [
    { key: '1', value: '1', label: '是', labelEn: 'Yes' },
    { key: '2', value: '2', label: '否', labelEn: 'No' },
  ];
  const table = createWidget('table', new Set());
  const column = (key: string, widget: Widget, title: string, titleEn: string) => ({ title, titleEn, key, width: '50%', widget: { ...widget, key: `LXTAB_${key}`, model: `LXTAB_${key}`, table: 'LXTAB' } });
  return [
    rich('number', 'WBC', '白细胞', 'White blood cells', { annotation: '10^9/L', min: 0, max: 500, precision: 1, required: true }),
    rich('input', 'CODE', '编号', 'Code', { dataType: 'integer', maxlength: 20 }),
    rich('textarea', 'NOTE', '备注', 'Note'),
    rich('radio', 'DONE', '是否完成', 'Done', { options: choices }),
    rich('checkbox', 'WHY', '原因', 'Reasons', { options: choices }),
    rich('select', 'PICK', '选择', 'Pick', { options: choices, multiple: true }),
    rich('date', 'LXDAT', '检查日期', 'Date'),
    rich('time', 'LXTIM', '检查时间', 'Time'),
    rich('switch', 'FAST', '空腹', 'Fasting'),
    rich('slider', 'PAIN', '疼痛', 'Pain', { min: 0, max: 10 }),
    rich('rate', 'SCORE', '评分', 'Score'),
    rich('input', 'NOEN', '仅中文'),
    {
      ...table,
      key: 'LXTAB',
      model: 'LXTAB',
      name: '用药',
      nameEn: 'Drugs',
      options: {
        ...table.options,
        repeatable: true,
        columns: [column('DOSE', rich('number', 'X1', '剂量', 'Dose', { annotation: 'mg', min: 1 }), '剂量', 'Dose'), column('ROUTE', rich('select', 'X2', '途径', 'Route', { options: choices }), '途径', 'Route')],
        data: [{ DOSE: null, ROUTE: null }],
      },
    },
  ];
}

/** What a round trip must keep of a panel: every value field and table column, compared by meaning. */
function normalised(panel: Panel) {
  const optionsOf = (widget: Widget) => (widget.options.options ?? []).map((option) => ({ key: option.key, value: option.value, label: option.label, labelEn: option.labelEn ?? null }));
  return [...walkWidgets(panel.list)]
    .filter(({ widget, place }) => (isDataWidget(widget) || widget.type === 'table') && (place.kind !== 'table' || place.row === null))
    .map(({ widget, place }) => ({
      type: widget.type,
      model: place.kind === 'table' ? `${place.table.model}.${place.column.key}` : widget.model,
      name: place.kind === 'table' ? place.column.title : widget.name,
      nameEn: place.kind === 'table' ? (place.column.titleEn ?? place.column.title) : (widget.nameEn ?? null),
      options: optionsOf(widget),
      min: widget.options.min ?? null,
      max: widget.options.max ?? null,
      unit: widget.options.annotation ?? null,
      formula: widget.options.expression ?? null,
      required: widget.options.required === true || widget.required === true,
      repeatable: widget.type === 'table' ? widget.options.repeatable === true : null,
    }));
}

describe('a design republished after data was entered', () => {
  it('writes each version with its own ClinicalData, so every value resolves against the design it was entered under', async () => {
    const { projectAdmin, coordinator } = rs.people;
    ok(await rs.study.t.call('GET', `/dcap/project/store/${String(rs.projectId)}`, { token: projectAdmin.token }));
    ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: projectAdmin.token }));
    const draft = await db().selectFrom('instruments').select('panel').where('id', '=', rs.instruments.DM).executeTakeFirstOrThrow();
    const panel = draft.panel as Panel;
    ok(await post(projectAdmin, '/dcap/project/field/saveAllCfg', { instrumentId: rs.instruments.DM, list: [...panel.list, rich('input', 'NICK', '昵称', 'Nickname')], config: panel.config }));
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
