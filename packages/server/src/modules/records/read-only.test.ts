import type { Panel, RecordPanel, TableColumn } from '@dcap/core';
import { ROW_KEY_FIELD, evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy, useDesignVariant } from '../../test/records.fixture.js';

/*
 * Spec 002 §4: a reference upper-limit cell is read-only, as are a preset lab row's test item and unit (spec
 * 001 §3.9), and a huge-data table (more than 50 rows, §5) holds
 * the same rules as any other. The browser greys the one out and shows the other as text; the server holds a
 * save to both (docs/decisions.md, "Panel entry").
 */

let rs: RecordsStudy;
beforeAll(async () => {
  rs = await openRecordsStudy('RORS');
});
afterAll(() => rs.study.t.close());

const UUL = 'LBUUL1';
const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
const read = async (who: Persona, id: number) => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(id)}`, { token: who.token })) as RecordPanel;
/** The study's day, as the server's save computes it (core time/study-day.ts). */
const today = () => studyToday(rs.study.t.clock.now());
/** What a browser sends: the engine's values for what the user typed. */
const browser = (panel: Panel, typed: Record<string, unknown>) => evaluateForm(panel, typed, { today }).values;
const send = (who: Persona, panel: RecordPanel, values: Record<string, unknown>, extra: Record<string, unknown> = {}, lang?: string) =>
  post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: panel.panelInstanceId, version: panel.version, values: browser(panel.instrument.panel, values), ...extra }, lang);
const reason = { code: 'TRANSCRIPTION_ERROR' };
const auditCount = async () => Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).where('project_id', '=', rs.projectId).executeTakeFirstOrThrow()).n);
const stored = async (panelId: number, path: string) =>
  (await db().selectFrom('field_values').select('value').where('panel_instance_id', '=', panelId).where('path', '=', path).executeTakeFirst())?.value ?? null;

/**
 * A new subject's blood-routine panel on a design whose lab table has a reference upper-limit column (lab role
 * `uul`), preset to three times each row's upper limit.
 */
async function labPanelWithUpperLimit(): Promise<RecordPanel> {
  const { coordinator } = rs.people;
  const subject = await addSubject(rs, coordinator, rs.siteA.id);
  const id = subject.panelInstances.screening?.LB;
  if (id === undefined) throw new Error('no LB panel');
  await useDesignVariant(rs, id, rs.instruments.LB, (panel) => {
    const lab = panel.list.find((widget) => widget.model === rs.lab.table);
    const columns = (lab?.options.columns ?? []) as TableColumn[];
    const up = columns.find((column) => column.refCtrl === 'up');
    if (!lab || !up) throw new Error('no lab table');
    columns.push({ ...up, key: UUL, title: '参考值上限', titleEn: 'Reference upper limit', refCtrl: 'uul', widget: { ...up.widget, key: `${lab.key}_${UUL}`, model: `${lab.key}_${UUL}` } });
    for (const row of lab.options.data ?? []) row[UUL] = Number(row[rs.lab.up]) * 3;
  }, 'reference upper limit');
  return read(coordinator, id);
}

type Row = Record<string, unknown>;
const rowsOf = (panel: RecordPanel): Row[] => panel.values[rs.lab.table] as Row[];

describe('read-only values the design sets (spec 002 §4)', () => {
  it('accepts a reference upper limit as the design presets it and refuses a changed one with its path, writing nothing', async () => {
    const { coordinator } = rs.people;
    const empty = await labPanelWithUpperLimit();
    const saved = ok(await send(coordinator, empty, { LBDAT: '2024-01-01' })) as RecordPanel;
    const [first] = rowsOf(saved);
    expect(first).toMatchObject({ [ROW_KEY_FIELD]: 'r1', [UUL]: 28.5 });
    const path = `${rs.lab.table}#r1.${UUL}`;

    const before = await auditCount();
    const changed = rowsOf(saved).map((row, index) => (index === 0 ? { ...row, [UUL]: 999 } : row));
    const reply = await send(coordinator, saved, { ...saved.values, [rs.lab.table]: changed }, { reasons: { [path]: reason } }, 'en-US');
    refused(reply, 422, 'record.field_readonly');
    expect(reply.body.errors).toEqual([{ path, message: 'The reference upper limit is set by the form design and cannot be changed' }]);
    expect(reply.body.msg).toContain(path);
    const zh = await send(coordinator, saved, { ...saved.values, [rs.lab.table]: changed }, { reasons: { [path]: reason } }, 'zh-CN');
    expect(zh.body.errors).toEqual([{ path, message: '参考值上限由表单设计给定，不能修改' }]);

    expect(await stored(saved.panelInstanceId, path)).toBe(28.5);
    expect((await read(coordinator, saved.panelInstanceId)).version).toBe(saved.version);
    expect(await auditCount()).toBe(before);
    // The limits beside it stay editable: sites have their own.
    const upPath = `${rs.lab.table}#r1.${rs.lab.up}`;
    const edited = rowsOf(saved).map((row, index) => (index === 0 ? { ...row, [rs.lab.up]: 10 } : row));
    ok(await send(coordinator, saved, { ...saved.values, [rs.lab.table]: edited }, { reasons: { [upPath]: reason } }));
  });
});

describe('a preset lab row’s test item and unit (spec 001 §3.9)', () => {
  it('refuses a changed test item or unit of a preset row with its path in the caller’s language, writing nothing', async () => {
    const { coordinator } = rs.people;
    const subject = await addSubject(rs, coordinator, rs.siteA.id);
    const id = subject.panelInstances.screening?.LB;
    if (id === undefined) throw new Error('no LB panel');
    const empty = await read(coordinator, id);
    const { unit, range } = rs.lab;
    const before = await auditCount();
    // A first save may not rename what a preset row measures either.
    const renamed = rowsOf({ ...empty, values: browser(empty.instrument.panel, {}) }).map((row, index) => (index === 0 ? { ...row, [rs.lab.subject]: 'CRP' } : row));
    const first = await send(coordinator, empty, { [rs.lab.table]: renamed }, {}, 'en-US');
    refused(first, 422, 'record.field_readonly');
    expect(first.body.errors).toEqual([{ path: `${rs.lab.table}#r1.${rs.lab.subject}`, message: 'A preset row’s test item and unit are set by the form design and cannot be changed' }]);
    expect(await auditCount()).toBe(before);

    const saved = ok(await send(coordinator, empty, { LBDAT: '2024-01-01' })) as RecordPanel;
    const path = `${rs.lab.table}#r2.${unit}`;
    const changed = rowsOf(saved).map((row, index) => (index === 1 ? { ...row, [unit]: 'mg/dL' } : row));
    const afterSave = await auditCount();
    const zh = await send(coordinator, saved, { ...saved.values, [rs.lab.table]: changed }, { reasons: { [path]: reason } }, 'zh-CN');
    refused(zh, 422, 'record.field_readonly');
    expect(zh.body.errors).toEqual([{ path, message: '预设行的检查项目和单位由表单设计给定，不能修改' }]);
    expect(await stored(saved.panelInstanceId, path)).toBe(rowsOf(saved)[1]?.[unit]);
    expect((await read(coordinator, saved.panelInstanceId)).version).toBe(saved.version);
    expect(await auditCount()).toBe(afterSave);
    // The reference range beside them stays editable: sites have their own.
    const rangePath = `${rs.lab.table}#r2.${range}`;
    const edited = rowsOf(saved).map((row, index) => (index === 1 ? { ...row, [range]: '120-160' } : row));
    ok(await send(coordinator, saved, { ...saved.values, [rs.lab.table]: edited }, { reasons: { [rangePath]: reason } }));
  });
});

describe('huge-data tables (more than 50 rows, spec 002 §5)', () => {
  /** Sixty lab rows, as a spreadsheet upload gives them, each row's cells made by `cells` from a preset row. */
  const sixty = (panel: RecordPanel, cells: (row: Row, index: number) => Row = (row) => row): Row[] => {
    const preset = rowsOf({ ...panel, values: browser(panel.instrument.panel, {}) });
    return Array.from({ length: 60 }, (_, index) => {
      const { [ROW_KEY_FIELD]: _key, ...row } = preset[index % preset.length] ?? {};
      return cells({ ...row, [rs.lab.result]: 5 }, index);
    });
  };

  it('checks every row for types like any table, and names the cell', async () => {
    const { coordinator } = rs.people;
    const panel = await labPanelWithUpperLimit();
    const before = await auditCount();
    const rows = sixty(panel, (row, index) => (index === 54 ? { ...row, [rs.lab.result]: 'abc' } : row));
    const reply = await send(coordinator, panel, { [rs.lab.table]: rows }, {}, 'en-US');
    refused(reply, 422, 'record.invalid_values');
    expect(reply.body.errors).toEqual([{ path: `${rs.lab.table}#r55.${rs.lab.result}`, message: 'Format incorrect' }]);
    expect(await auditCount()).toBe(before);
    expect((await read(coordinator, panel.panelInstanceId)).version).toBe(panel.version);
  });

  it('refuses a changed read-only cell in any row, new or saved, and saves the rows the design allows', async () => {
    const { coordinator } = rs.people;
    const panel = await labPanelWithUpperLimit();
    const typed = sixty(panel, (row, index) => (index === 55 ? { ...row, [UUL]: 1 } : row));
    const first = await send(coordinator, panel, { [rs.lab.table]: typed }, {}, 'en-US');
    refused(first, 422, 'record.field_readonly');
    expect(first.body.errors?.map((error) => error.path)).toEqual([`${rs.lab.table}#r56.${UUL}`]);

    const saved = ok(await send(coordinator, panel, { [rs.lab.table]: sixty(panel) })) as RecordPanel;
    expect(rowsOf(saved)).toHaveLength(60);
    const before = await auditCount();
    const path = `${rs.lab.table}#r58.${UUL}`;
    const changed = rowsOf(saved).map((row, index) => (index === 57 ? { ...row, [UUL]: 1 } : row));
    const reply = await send(coordinator, saved, { [rs.lab.table]: changed }, { reasons: { [path]: reason } });
    refused(reply, 422, 'record.field_readonly');
    expect(reply.body.errors?.map((error) => error.path)).toEqual([path]);
    expect(await stored(saved.panelInstanceId, path)).not.toBe(1);
    expect(await auditCount()).toBe(before);
  });
});
