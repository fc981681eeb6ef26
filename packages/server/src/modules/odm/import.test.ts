import type { OdmImportReport, Panel, Widget } from '@dcap/core';
import { createWidget, isDataWidget, walkWidgets } from '@dcap/core';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, project, refused } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { ADMIN, createTestContext } from '../../test/harness.js';
import type { Reply } from '../../test/harness.js';
import { multipartForm } from '../attachments/attachments.fixture.js';
import type { DesignSnapshot } from '../publishing/snapshot.js';
import { elements, expectValidOdm, getFile as getFileOf, importFile as importFileOf, openOdmStudy, widgetOf } from './odm.fixture.js';

/**
 * The design import (docs/decisions.md, "CDISC ODM"): refusals with their reasons, the per-element report
 * of a dry run, and round trips of designs exported as ODM and imported into another project.
 */
let rs: RecordsStudy;

const post = (who: Persona, url: string, body: unknown) => rs.study.t.call('POST', url, { token: who.token, body });
const db = () => rs.study.t.database.db;
const getFile = (who: Persona, url: string) => getFileOf(rs, who, url);
const importFile = (who: Persona, projectId: number, xml: string, dryRun: boolean, lang?: string): Promise<Reply> => importFileOf(rs, who, projectId, xml, dryRun, lang);
const rich = widgetOf;

beforeAll(async () => {
  rs = await openOdmStudy('ODMI');
}, 180_000);
afterAll(() => rs.study.t.close());

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

  it('reports names that applying would refuse as blocking, in the caller’s language', async () => {
    const admin = rs.people.projectAdmin;
    const xml = fs
      .readFileSync(new URL('./testdata/external-study.xml', import.meta.url), 'utf8')
      .replace('<StudyEventDef OID="SE.V1" Name="Visit 1"', '<StudyEventDef OID="SE.V1" Name="Visit&#10;1"');
    const dry = ok(await importFile(admin, rs.projectId, xml, true)) as OdmImportReport;
    const invalid = dry.notes.filter((note) => note.code === 'value_invalid');
    expect(invalid.map((note) => [note.element, note.oid, note.blocking])).toEqual([['StudyEventDef', 'SE.V1', true]]);
    expect(invalid[0]?.message).toMatch(/^An imported name or setting is not valid: name: /);
    refused(await importFile(admin, rs.projectId, xml, false), 409, 'odm.import_blocked');
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
