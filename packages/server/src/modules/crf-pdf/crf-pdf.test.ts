import type { RecordPanel, Widget } from '@dcap/core';
import { createWidget, evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, project, refused, role } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';
import { pdfText } from './pdf-text.fixture.js';
import { png } from '../ui-config/png.fixture.js';

let rs: RecordsStudy;
let subjectA: AddedSubject;
let subjectB: AddedSubject;
/** Site A only, with the export flag and nothing else. */
let exporter: Persona;

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown) => rs.study.t.call('POST', url, { token: who.token, body });
const get = (who: Persona, url: string, lang?: string) => rs.study.t.call('GET', url, { token: who.token, ...(lang ? { lang } : {}) });
/** A PDF call answered as a file: its bytes and headers, or the envelope of a refusal. */
const file = (who: Persona, url: string, lang = 'zh-CN') => rs.study.t.request({ method: 'GET', url, headers: { token: who.token, 'accept-language': lang } });
const today = () => studyToday(rs.study.t.clock.now());

async function save(who: Persona, panelInstanceId: number, typed: Record<string, unknown>): Promise<void> {
  const panel = ok(await get(who, `/dcap/project/recordDataManage/panel/${String(panelInstanceId)}`)) as RecordPanel;
  const values = evaluateForm(panel.instrument.panel, { ...panel.values, ...typed }, { today }).values;
  ok(await post(who, '/dcap/project/recordDataManage/save', { panelInstanceId, version: panel.version, values, reasons: {} }));
}

async function readPdf(who: Persona, url: string, lang = 'zh-CN'): Promise<{ pages: string[]; text: string; bytes: number }> {
  const reply = await file(who, url, lang);
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  expect(reply.headers['content-type']).toBe('application/pdf');
  expect(reply.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { ...(await pdfText(reply.rawPayload)), bytes: reply.rawPayload.length };
}

const signatureOf = (panel: { project_id: number; env_id: number; site_id: number; subject_id: number; event_instance_id: number }) => ({
  project_id: panel.project_id,
  env_id: panel.env_id,
  site_id: panel.site_id,
  subject_id: panel.subject_id,
  event_instance_id: panel.event_instance_id,
  panel_instance_id: null,
  signer_id: rs.people.investigator.id,
  values_hash: 'b'.repeat(64),
});

const casebookAudits = (subjectId: number) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', 'crf.casebook').where('entity_id', '=', String(subjectId)).orderBy('id').execute();

beforeAll(async () => {
  rs = await openRecordsStudy('CRF');
  const { coordinator, siteBUser } = rs.people;
  subjectA = await addSubject(rs, coordinator, rs.siteA.id);
  subjectB = await addSubject(rs, siteBUser, rs.siteB.id);
  const dm = subjectA.panelInstances.screening?.DM ?? 0;
  await save(coordinator, dm, { INITIALS: 'LZ', BRTHDAT: '1980-02-03', SEX: '2' });
  await save(coordinator, subjectA.panelInstances.screening?.VS ?? 0, { VSDAT: '2026-01-05', HEIGHT: 170, WEIGHT: 65 });
  await save(coordinator, subjectA.panelInstances.baseline?.CM ?? 0, { CMTAB: [{ CMTRT: '阿司匹林', CMDOSE: 100, CMSTDAT: '2026-01-01' }] });
  await save(siteBUser, subjectB.panelInstances.screening?.DM ?? 0, { INITIALS: 'QQ' });

  // Workflow states as the cleaning steps leave them (spec 002 §4), set on the stored rows.
  const field = (path: string) => db().updateTable('field_values').where('panel_instance_id', '=', dm).where('path', '=', path);
  await field('INITIALS').set({ status: 'VERIFIED' }).execute();
  await field('SEX').set({ status: 'SIGNED', frozen: true }).execute();
  await field('BRTHDAT').set({ inactive_type: 'NA', inactive_note: '病历未记录' }).execute();
  const panel = await db().selectFrom('panel_instances').selectAll().where('id', '=', dm).executeTakeFirstOrThrow();
  await db()
    .insertInto('signatures')
    .values({
      project_id: panel.project_id,
      env_id: panel.env_id,
      site_id: panel.site_id,
      subject_id: panel.subject_id,
      scope: 'panel',
      event_instance_id: panel.event_instance_id,
      panel_instance_id: dm,
      signer_id: rs.people.investigator.id,
      signer_name: '李研究者',
      meaning: 'approval',
      values_hash: 'a'.repeat(64),
    })
    .execute();
  // A visit signature and a subject signature print after the visit and at the end.
  await db()
    .insertInto('signatures')
    .values([
      { ...signatureOf(panel), scope: 'event', signer_name: '王监查', meaning: 'review', reason: '访视完成' },
      { ...signatureOf(panel), scope: 'subject', signer_name: '张主任', meaning: 'responsibility' },
    ])
    .execute();

  const query = ok(await post(rs.people.monitor, '/dcap/query/raise', { panelInstanceId: dm, path: 'SEX', content: '性别与原始病历不符', contentEn: 'Sex differs from the source record' })) as { id: number };
  ok(await post(coordinator, '/dcap/query/answer', { id: query.id, comment: '已核对原始病历' }));

  exporter = await person(rs.study, 'CRF.exporter');
  const exportRole = await role(rs.study, rs.people.projectAdmin, { projectId: rs.projectId, alias: 'EXP-A', institutionIds: [rs.siteA.id], export: true });
  await grant(rs.study, rs.people.projectAdmin, rs.projectId, { roleId: exportRole.id, userIds: [exporter.id] });
  await enter(rs.study, exporter, rs.projectId, exportRole.id);
  ok(await get(exporter, '/dcap/projectEnv/selectEnv/uat'));
}, 240_000);
afterAll(() => rs.study.t.close());

describe('the casebook of a subject', () => {
  it('prints in Chinese the cover, values with option labels and units, field statuses, the signature and the query thread, with page footers', async () => {
    const before = (await casebookAudits(subjectA.id)).length;
    const pdf = await readPdf(exporter, `/dcap/crf/casebook/${String(subjectA.id)}?timeZone=Asia/Shanghai`);
    const { text } = pdf;
    for (const expected of ['受试者病例报告表', subjectA.platformNo, 'A01 协和医院', '筛选中', '人口学资料 (DM)', '姓名缩写', 'LZ', '女 (2)', '已核查', '已签名 · 已冻结', '失活: 不适用 (病历未记录)']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('身高 (cm) 170 已完成');
    expect(text).toContain('阿司匹林');
    expect(text).toContain('李研究者');
    expect(text).toContain('我批准这些数据');
    expect(text).toContain('访视签名 · 签名人: 王监查');
    expect(text).toContain('我已审阅这些数据 · 原因: 访视完成');
    expect(text).toContain('受试者签名 · 签名人: 张主任');
    // The subject's signature closes the casebook, after every visit.
    expect(text.indexOf('受试者签名')).toBeGreaterThan(text.indexOf('不良事件记录'));
    expect(text).toContain('性别与原始病历不符');
    expect(text).toContain('已核对原始病历');
    expect(text).toContain('已回复');
    expect(pdf.pages[0]).toContain(`第 1 页 / 共 ${String(pdf.pages.length)} 页`);
    expect(pdf.pages.at(-1)).toContain(`第 ${String(pdf.pages.length)} 页 / 共 ${String(pdf.pages.length)} 页`);
    expect(text).toMatch(/生成时间 \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00 \(Asia\/Shanghai\)/);

    const audits = await casebookAudits(subjectA.id);
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ actor_id: exporter.id, entity_type: 'subject', site_id: rs.siteA.id, env: 'uat', project_id: rs.projectId });
    expect((audits.at(-1)?.new_value as { panels: number }).panels).toBeGreaterThan(0);
  });

  it('prints beside each signature the signature image its signer had in use when signing, not a later one', async () => {
    const stored = (width: number, height: number, at: string) => {
      const bytes = png(width, height, [10, 10, 10]);
      return { user_id: rs.people.investigator.id, file_name: 'sign.png', content_type: 'image/png' as const, size: bytes.length, sha256: '-', width, height, content: bytes, uploaded_by: rs.people.investigator.id, uploaded_at: new Date(at) };
    };
    await db().insertInto('user_signatures').values([stored(240, 80, '2000-01-01T00:00:00Z'), stored(300, 100, '2999-01-01T00:00:00Z')]).execute();
    const reply = await file(exporter, `/dcap/crf/casebook/${String(subjectA.id)}`);
    expect(reply.statusCode).toBe(200);
    const raw = reply.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/Subtype \/Image[\s\S]*?\/Width 240/);
    expect(raw).not.toContain('/Width 300');
    await db().deleteFrom('user_signatures').where('user_id', '=', rs.people.investigator.id).execute();

    // An image with transparency whose data does not inflate is left out; the PDF is still made.
    const header = Buffer.from(png(240, 80).subarray(0, 33));
    header[25] = 6;
    const broken = Buffer.concat([header, Buffer.from([0, 0, 0, 7]), Buffer.from('IDATgarbage'), Buffer.alloc(4), png(1, 1).subarray(-12)]);
    await db().insertInto('user_signatures').values({ ...stored(240, 80, '2000-01-01T00:00:00Z'), content: broken, size: broken.length }).execute();
    const again = await file(exporter, `/dcap/crf/casebook/${String(subjectA.id)}`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    await db().deleteFrom('user_signatures').where('user_id', '=', rs.people.investigator.id).execute();
  });

  it('prints in English when asked, whatever the caller’s language', async () => {
    const { text } = await readPdf(exporter, `/dcap/crf/casebook/${String(subjectA.id)}?lang=en-US`, 'zh-CN');
    for (const expected of ['Subject casebook', 'Demographics (DM)', 'Initials', 'Female (2)', 'Verified', 'Signed · Frozen', 'Inactive: Not applicable', 'I approve these data', 'Sex differs from the source record', 'Replied', 'Page 1 of']) {
      // A status line may wrap in the PDF; its words still follow one another.
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    }
  });

  it('gives a subject with no data a valid PDF saying so', async () => {
    const fresh = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    const { text, pages } = await readPdf(exporter, `/dcap/crf/casebook/${String(fresh.id)}`);
    expect(text).toContain(fresh.platformNo);
    expect(text).toContain('未录入数据');
    expect(pages.length).toBeGreaterThan(1);
  });

  it('answers another site’s subject as not found and audits nothing; refuses a role without the export flag', async () => {
    const before = await casebookAudits(subjectB.id);
    const reply = await get(exporter, `/dcap/crf/casebook/${String(subjectB.id)}`);
    refused(reply, 404, 'subject.not_found');
    refused(await get(exporter, '/dcap/crf/casebook/999999'), 404, 'subject.not_found');
    expect(await casebookAudits(subjectB.id)).toEqual(before);
    refused(await get(rs.people.coordinator, `/dcap/crf/casebook/${String(subjectA.id)}`), 403, 'permission.project_forbidden');
    // The manager of all sites reads site B's subject.
    const { text } = await readPdf(rs.people.projectAdmin, `/dcap/crf/casebook/${String(subjectB.id)}`);
    expect(text).toContain('QQ');
  });

  it('refuses bad input with a catalogue message in the caller’s language', async () => {
    refused(await get(exporter, '/dcap/crf/casebook/abc'), 400, 'request.invalid');
    refused(await get(exporter, `/dcap/crf/casebook/${String(subjectA.id)}?lang=fr-FR`), 400, 'request.invalid');
    const reply = await get(exporter, `/dcap/crf/casebook/${String(subjectA.id)}?timeZone=Mars/Olympus`, 'en-US');
    refused(reply, 400, 'request.invalid');
    expect(reply.body.msg).toMatch(/^Invalid request/);
  });

  it('lets a long table run over several pages, repeating its header', async () => {
    const rows = Array.from({ length: 70 }, (_, index) => ({ CMTRT: `药物${String(index + 1)}号`, CMDOSE: index + 1, CMSTDAT: '2026-01-01' }));
    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    await save(rs.people.coordinator, subject.panelInstances.baseline?.CM ?? 0, { CMTAB: rows });
    const { pages } = await readPdf(exporter, `/dcap/crf/casebook/${String(subject.id)}`);
    const first = pages.findIndex((page) => page.includes('药物1号'));
    const last = pages.findIndex((page) => page.includes('药物70号'));
    expect(first).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(first);
    expect(pages[last]).toContain('药物名称');
  });
});

describe('the blank annotated CRF', () => {
  it('prints the published design in schedule order with fields, tick boxes, codes and annotations, in Chinese', async () => {
    const pdf = await readPdf(rs.people.coordinator, '/dcap/crf/blank');
    const { text } = pdf;
    for (const expected of ['空白注释病例报告表（CRF）', '环境: uat', '目录（访视 × 表单）', '筛选期', '基线', '人口学资料 (DM)', '性别', '男 (1)', '女 (2)', 'DM.SEX · 单选编码', '编码: 1=男; 2=女', 'VS.BMI', '公式: round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)', 'CM.CMTAB.CMTRT', '药物名称']) {
      expect(text).toContain(expected);
    }
    // Screening's panels come before visit 2's.
    expect(text.indexOf('筛选期 · 人口学资料')).toBeLessThan(text.indexOf('访视2 · 生命体征'));
    // The font is embedded as a subset: a CJK face is megabytes, the whole CRF stays small.
    expect(pdf.bytes).toBeLessThan(1_000_000);
  });

  it('prints one panel in English, with the English option labels', async () => {
    const { text, pages } = await readPdf(rs.people.coordinator, `/dcap/crf/blank?instrumentId=${String(rs.instruments.DM)}&lang=en-US`);
    expect(text).toContain('Blank annotated case report form (CRF)');
    expect(text).toContain('Demographics (DM)');
    expect(text).toContain('Codes: 1=Male; 2=Female');
    expect(text).not.toContain('Vital signs');
    expect(pages).toHaveLength(2);
  });

  it('refuses a panel the design does not have, and the draft to a role that does not design', async () => {
    refused(await get(rs.people.coordinator, '/dcap/crf/blank?instrumentId=999999', 'en-US'), 404, 'crf.instrument_not_found');
    refused(await get(rs.people.coordinator, '/dcap/crf/blank?source=draft'), 403, 'permission.project_forbidden');
    refused(await get(rs.people.coordinator, '/dcap/crf/blank?source=elsewhere'), 400, 'request.invalid');
  });

  it('prints a large draft panel over several pages for a designer', async () => {
    const admin = rs.people.projectAdmin;
    ok(await get(admin, '/dcap/projectEnv/selectEnv/dev'));
    try {
      const created = ok(await post(admin, '/dcap/project/instrument/save', { projectId: rs.projectId, name: '大表单', nameEn: 'Large panel', nameAbbr: 'BIG' })) as { id: number };
      const list: Widget[] = Array.from({ length: 90 }, (_, index) => {
        const widget = createWidget('input', new Set());
        const key = `F${String(index + 1)}`;
        return { ...widget, key, model: key, name: `字段${String(index + 1)}`, nameEn: `Field ${String(index + 1)}` };
      });
      const grid = createWidget('grid', new Set());
      const side = (key: string, name: string): Widget => ({ ...createWidget('input', new Set()), key, model: key, name, nameEn: name });
      const row: Widget = { ...grid, key: 'GRID1', model: 'GRID1', options: { ...grid.options, columns: [{ span: 12, list: [side('LEFT', '左栏字段')] }, { span: 12, list: [side('RIGHT', '右栏字段')] }] } };
      ok(await post(admin, '/dcap/project/field/saveAllCfg', { instrumentId: created.id, list: [row, ...list], config: { labelWidth: 8, labelPosition: 'right' } }));
      const { pages, text } = await readPdf(admin, `/dcap/crf/blank?source=draft&instrumentId=${String(created.id)}`);
      expect(text).toContain('开发草稿');
      // A grid's two columns print side by side, on one line, as on screen.
      expect(text.split('\n').some((line) => line.includes('左栏字段') && line.includes('右栏字段'))).toBe(true);
      expect(pages.length).toBeGreaterThanOrEqual(4);
      expect(pages.at(-1)).toContain('字段90');
      expect(pages.at(-1)).toContain('BIG.F90');
    } finally {
      ok(await get(admin, '/dcap/projectEnv/selectEnv/uat'));
    }
  });

  it('gives an empty design a valid PDF, and says when the environment has no design', async () => {
    const admin = rs.people.projectAdmin;
    const empty = await project(rs.study, admin, 'CRFE');
    ok(await get(admin, `/dcap/project/store/${String(empty.id)}`));
    try {
      ok(await get(admin, '/dcap/projectEnv/selectEnv/dev'));
      const { text } = await readPdf(admin, '/dcap/crf/blank?source=draft&lang=en-US');
      expect(text).toContain('This design has no visits or panels.');
      refused(await get(admin, '/dcap/crf/blank', 'en-US'), 409, 'crf.no_design');
    } finally {
      ok(await get(admin, `/dcap/project/store/${String(rs.projectId)}`));
      ok(await get(admin, '/dcap/projectEnv/selectEnv/uat'));
    }
  });
});
