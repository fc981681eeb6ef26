import type { CopySource, Panel, PrepareForQuery, RecordPanel } from '@dcap/core';
import { ROW_KEY_FIELD, evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy, useDesignVariant } from '../../test/records.fixture.js';
import { verifyAuditChain } from '../audit/verify.js';

let rs: RecordsStudy;
let subject: AddedSubject;
beforeAll(async () => {
  rs = await openRecordsStudy('RECS');
  subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
});
afterAll(() => rs.study.t.close());

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
const get = (who: Persona, url: string) => rs.study.t.call('GET', url, { token: who.token });
const read = async (who: Persona, id: number) => ok(await get(who, `/dcap/project/recordDataManage/panel/${String(id)}`)) as RecordPanel;
/** The browser's today(): the study's day at the test clock's now, as the renderer computes it. */
const today = () => studyToday(rs.study.t.clock.now());
/** What a browser sends: the engine's values for what the user typed, as the renderer's store reads them out. */
const browser = (panel: Panel, typed: Record<string, unknown>) => evaluateForm(panel, typed, { today }).values;
const save = (who: Persona, panel: RecordPanel, typed: Record<string, unknown>, extra: Record<string, unknown> = {}, lang?: string) =>
  post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: panel.panelInstanceId, version: panel.version, values: browser(panel.instrument.panel, { ...panel.values, ...typed }), ...extra }, lang);
const fieldAudit = (panelId: number, path: string) =>
  db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'field').where('entity_id', '=', `${String(panelId)}:${path}`).orderBy('id').execute();
const storedValue = async (panelId: number, path: string) =>
  (await db().selectFrom('field_values').select(['value', 'status', 'saved']).where('panel_instance_id', '=', panelId).where('path', '=', path).executeTakeFirst()) ?? null;
const reason = { code: 'TRANSCRIPTION_ERROR' };
const pid = (event: 'screening' | 'baseline' | 'visit2' | 'log', abbr: 'DM' | 'VS' | 'LB' | 'CM' | 'AE', of: AddedSubject = subject) => {
  const id = of.panelInstances[event]?.[abbr];
  if (id === undefined) throw new Error(`no ${event} ${abbr}`);
  return id;
};

describe('reading and saving a panel', () => {
  it('reads an empty panel with its panel definition, flags and rights, then saves and reloads it', async () => {
    const { coordinator } = rs.people;
    const empty = await read(coordinator, pid('screening', 'DM'));
    expect(empty).toMatchObject({ version: 0, status: 'EXPIRED', unchecked: false, instrument: { nameAbbr: 'DM' }, event: { nameEn: 'Screening' } });
    expect(empty.rights).toMatchObject({ view: true, enter: true, editable: true, verify: false });
    expect(empty.flags).toEqual({ panelAutoCover: false, panelAutoSwitch: false });
    expect(empty.visitPanels.map((panel) => panel.panelInstanceId)).toContain(pid('screening', 'VS'));

    const saved = ok(await save(coordinator, empty, { INITIALS: 'ZS', SEX: '1' })) as RecordPanel;
    expect(saved).toMatchObject({ version: 1, status: 'COMPLETED', values: { INITIALS: 'ZS', SEX: '1' } });
    expect(saved.fields.INITIALS).toMatchObject({ status: 'COMPLETED', saved: true, updatedBy: coordinator.username });
    expect(saved.firstSavedAt).not.toBeNull();
    const again = await read(coordinator, pid('screening', 'DM'));
    expect(again.values).toMatchObject({ INITIALS: 'ZS', SEX: '1' });
    expect(again.fields.BRTHDAT).toBeUndefined();
  });

  it('AT-2 refuses a change of a saved value without a reason and writes nothing', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid('screening', 'DM'));
    const auditBefore = (await fieldAudit(panel.panelInstanceId, 'INITIALS')).length;
    const reply = await save(coordinator, panel, { INITIALS: 'LS' }, {}, 'en-US');
    refused(reply, 422, 'record.reason_required');
    expect(reply.body.errors).toEqual([{ path: 'INITIALS', message: 'Choose a reason for the change' }]);
    expect((await storedValue(panel.panelInstanceId, 'INITIALS'))?.value).toBe('ZS');
    expect((await read(coordinator, panel.panelInstanceId)).version).toBe(panel.version);
    expect(await fieldAudit(panel.panelInstanceId, 'INITIALS')).toHaveLength(auditBefore);
    // OTHER needs its text.
    refused(await save(coordinator, panel, { INITIALS: 'LS' }, { reasons: { INITIALS: { code: 'OTHER' } } }), 422, 'record.reason_required');
  });

  it('AT-1 AT-6 writes one audit row per changed field with old and new value, reason, site and environment, to and from blank', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid('screening', 'DM'));
    const saved = ok(await save(coordinator, panel, { INITIALS: 'LS', SEX: null, BRTHDAT: '1980-02-03' }, { reasons: { INITIALS: reason, SEX: { code: 'OTHER', text: 'asked again' } } })) as RecordPanel;
    expect(saved.version).toBe(panel.version + 1);
    const [initials] = (await fieldAudit(panel.panelInstanceId, 'INITIALS')).slice(-1);
    expect(initials).toMatchObject({ action: 'record.value', site_id: rs.siteA.id, env: 'uat', actor_username: coordinator.username });
    expect(initials?.old_value).toMatchObject({ value: 'ZS' });
    expect(initials?.new_value).toMatchObject({ value: 'LS', status: 'COMPLETED' });
    expect(initials?.reason).toContain('TRANSCRIPTION_ERROR');
    const [sex] = (await fieldAudit(panel.panelInstanceId, 'SEX')).slice(-1);
    expect(sex?.old_value).toMatchObject({ value: '1' });
    expect(sex?.new_value).toMatchObject({ value: null, status: '' });
    expect(sex?.reason).toContain('asked again');
    const birth = await fieldAudit(panel.panelInstanceId, 'BRTHDAT');
    expect(birth).toHaveLength(1);
    expect(birth[0]?.old_value).toBeNull();
    expect(birth[0]?.new_value).toMatchObject({ value: '1980-02-03' });
    // Unchanged fields get no row.
    const save2 = await db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'panel').where('entity_id', '=', String(panel.panelInstanceId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(save2.new_value).toMatchObject({ version: saved.version, paths: expect.arrayContaining(['INITIALS', 'SEX', 'BRTHDAT']) as unknown });
  });

  it('TS-1 refuses the second of two saves on one version with who changed which fields, and loses nothing', async () => {
    const { coordinator, investigator } = rs.people;
    const first = await read(coordinator, pid('screening', 'VS'));
    const second = await read(investigator, pid('screening', 'VS'));
    ok(await save(coordinator, first, { HEIGHT: 170, WEIGHT: 70 }));
    const reply = await save(investigator, second, { VSDAT: '2024-01-02' }, {}, 'en-US');
    refused(reply, 409, 'record.stale');
    expect(reply.body.msg).toContain(coordinator.username);
    expect(reply.body.msg).toContain('HEIGHT');
    expect(reply.body.errors?.map((error) => error.path)).toEqual(expect.arrayContaining(['HEIGHT', 'WEIGHT', 'BMI']));
    const now = await read(coordinator, pid('screening', 'VS'));
    expect(now.values).toMatchObject({ HEIGHT: 170, WEIGHT: 70, BMI: 24.2 });
    expect(now.values.VSDAT ?? null).toBeNull();
    // After reloading, the second user's save goes through.
    ok(await save(investigator, await read(investigator, pid('screening', 'VS')), { VSDAT: '2024-01-02' }));
  });
});

describe('one save, few statements (docs/decisions.md, "Panel entry")', () => {
  it('AT-1 answers a save with the panel exactly as a later read shows it, its audit rows one unbroken run of the project chain', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid('baseline', 'VS', await addSubject(rs, coordinator, rs.siteA.id)));
    const lastBefore = (await db().selectFrom('audit_log').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const saved = ok(await save(coordinator, panel, { HEIGHT: 180, WEIGHT: 81, VSDAT: '2024-03-04' })) as RecordPanel;
    expect(saved).toEqual(await read(coordinator, panel.panelInstanceId));
    expect(saved.values).toMatchObject({ HEIGHT: 180, WEIGHT: 81, BMI: 25 });

    // Written in one statement, the rows keep their order: each changed field, then the save; ids follow on.
    const rows = await db().selectFrom('audit_log').selectAll().where('id', '>', lastBefore).where('project_id', '=', rs.projectId).orderBy('id').execute();
    expect(rows.map((row) => row.action)).toEqual(['record.value', 'record.value', 'record.value', 'record.value', 'record.save']);
    expect(rows.map((row) => row.entity_id)).toEqual(expect.arrayContaining([`${String(panel.panelInstanceId)}:HEIGHT`, `${String(panel.panelInstanceId)}:BMI`]));
    for (const [i, row] of rows.entries()) {
      if (i > 0) expect(row.prev_hash).toBe(rows[i - 1]?.hash);
    }
    expect(await verifyAuditChain(db())).toMatchObject({ intact: true });

    // The panel's surroundings come with it: its visit's panels, and the open queries per field.
    ok(await post(rs.people.monitor, '/dcap/query/raise', { panelInstanceId: panel.panelInstanceId, path: 'HEIGHT', content: '请核实' }));
    const next = ok(await save(coordinator, saved, { VSDAT: '2024-03-05' }, { reasons: { VSDAT: reason } })) as RecordPanel;
    expect(next.openQueries).toEqual({ HEIGHT: 1 });
    expect(next.signatures).toEqual({ active: 0, lastSignedAt: null, lastSigner: null });
    expect(next.visitPanels.map((item) => item.panelInstanceId)).toEqual(expect.arrayContaining([panel.panelInstanceId]));
    expect(next.event).toMatchObject({ nameEn: 'Baseline', seq: 1 });
    expect(next.subject.platformNo).toBe(panel.subject.platformNo);
    expect(next).toEqual(await read(coordinator, panel.panelInstanceId));
  });
});

describe('the server re-runs the form rules', () => {
  it('refuses a panel whose formula result the browser got wrong, and stores the engine’s result otherwise', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid('visit2', 'VS'));
    const values = { ...browser(panel.instrument.panel, { HEIGHT: 180, WEIGHT: 81 }), BMI: 30 };
    const reply = await post(coordinator, '/dcap/project/recordDataManage/save', { panelInstanceId: panel.panelInstanceId, version: panel.version, values }, 'en-US');
    refused(reply, 422, 'record.mismatch');
    expect(reply.body.errors).toEqual([{ path: 'BMI', message: 'The computed result is 25' }]);
    expect(await storedValue(panel.panelInstanceId, 'BMI')).toBeNull();
    const saved = ok(await save(coordinator, panel, { HEIGHT: 180, WEIGHT: 81 })) as RecordPanel;
    expect(saved.values.BMI).toBe(25);
  });

  it('refuses a panel whose hidden field kept a value (spec 002 §4 hiding clears)', async () => {
    const { coordinator } = rs.people;
    // Demographics with a conditional field, shown for women only, on a new subject's panel.
    const other = await addSubject(rs, coordinator, rs.siteA.id);
    await useDesignVariant(rs, pid('screening', 'DM', other), rs.instruments.DM, (dm) => {
      const sex = dm.list.find((widget) => widget.model === 'SEX');
      if (!sex) throw new Error('no SEX');
      dm.list.push({ ...sex, key: 'PREG', model: 'PREG', name: '妊娠', nameEn: 'Pregnant', options: { ...sex.options, logicExpression: "[SEX] = '2'" } });
    }, 'conditional');
    const panel = await read(coordinator, pid('screening', 'DM', other));
    const values = { ...browser(panel.instrument.panel, { SEX: '1' }), PREG: '1' };
    const reply = await post(coordinator, '/dcap/project/recordDataManage/save', { panelInstanceId: panel.panelInstanceId, version: panel.version, values }, 'en-US');
    refused(reply, 422, 'record.mismatch');
    expect(reply.body.errors).toEqual([{ path: 'PREG', message: 'This field is hidden and cannot hold a value' }]);
    ok(await save(coordinator, panel, { SEX: '2', PREG: '1' }));
  });

  it('refuses values of the wrong type or range with per-field messages in the caller’s language', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid('screening', 'DM'));
    const reply = await save(coordinator, panel, { INITIALS: 'x'.repeat(65) }, { reasons: { INITIALS: reason } }, 'zh-CN');
    refused(reply, 422, 'record.invalid_values');
    expect(reply.body.errors).toEqual([{ path: 'INITIALS', message: '长度不能超过 64' }]);
  });

  it('WF-2 refuses changes to frozen and locked fields and writes nothing', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid('screening', 'VS'));
    const id = panel.panelInstanceId;
    await db().updateTable('field_values').set({ frozen: true }).where('panel_instance_id', '=', id).where('path', '=', 'HEIGHT').execute();
    const frozen = await save(coordinator, panel, { HEIGHT: 171 }, { reasons: { HEIGHT: reason } }, 'en-US');
    refused(frozen, 422, 'record.field_readonly');
    // The formula over it would change too; both are named.
    expect(frozen.body.errors).toEqual(expect.arrayContaining([{ path: 'HEIGHT', message: 'The field is frozen' }]));
    await db().updateTable('field_values').set({ frozen: false, status: 'LOCKED' }).where('panel_instance_id', '=', id).where('path', '=', 'HEIGHT').execute();
    refused(await save(coordinator, panel, { HEIGHT: 171 }, { reasons: { HEIGHT: reason } }), 422, 'record.field_readonly');
    expect((await storedValue(id, 'HEIGHT'))?.value).toBe(170);
    // Other fields of the panel stay editable.
    ok(await save(coordinator, panel, { VSDAT: '2024-01-03' }, { reasons: { VSDAT: reason } }));
    await db().updateTable('field_values').set({ status: 'COMPLETED' }).where('panel_instance_id', '=', id).where('path', '=', 'HEIGHT').execute();
  });
});

describe('tables', () => {
  it('keeps row keys across a delete, gives new rows new keys and audits the deleted row with its values', async () => {
    const { coordinator } = rs.people;
    const { table, drug, dose } = rs.cm;
    const panel = await read(coordinator, pid('baseline', 'CM'));
    const rows = [
      { [drug]: 'A', [dose]: 1 },
      { [drug]: 'B', [dose]: 2 },
      { [drug]: 'C', [dose]: 3 },
    ];
    const saved = ok(await save(coordinator, panel, { [table]: rows })) as RecordPanel;
    const keys = (saved.values[table] as Record<string, unknown>[]).map((row) => row[ROW_KEY_FIELD]);
    expect(keys).toEqual(['r1', 'r2', 'r3']);
    const [a, , c] = saved.values[table] as Record<string, unknown>[];
    refused(await save(coordinator, saved, { [table]: [a, c] }), 422, 'record.reason_required');
    const after = ok(await save(coordinator, saved, { [table]: [a, c, { [drug]: 'D' }] }, { reasons: { [`${table}#r2`]: reason } })) as RecordPanel;
    expect((after.values[table] as Record<string, unknown>[]).map((row) => [row[ROW_KEY_FIELD], row[drug]])).toEqual([
      ['r1', 'A'],
      ['r3', 'C'],
      ['r4', 'D'],
    ]);
    const deleted = await db().selectFrom('audit_log').selectAll().where('action', '=', 'record.rowDelete').where('entity_id', '=', `${String(panel.panelInstanceId)}:${table}#r2`).execute();
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.old_value).toMatchObject({ [drug]: 'B', [dose]: 2 });
    expect(await storedValue(panel.panelInstanceId, `${table}#r2.${drug}`)).toBeNull();
  });

  it('saves a lab table with the engine’s level and significance', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid('screening', 'LB'));
    const start = browser(panel.instrument.panel, {});
    const rows = (start[rs.lab.table] as Record<string, unknown>[]).map((row, index) => (index === 0 ? { ...row, [rs.lab.result]: 999 } : row));
    const saved = ok(await save(coordinator, panel, { LBDAT: '2024-01-01', [rs.lab.table]: rows })) as RecordPanel;
    const [first] = saved.values[rs.lab.table] as Record<string, unknown>[];
    expect(first?.[ROW_KEY_FIELD]).toBe('r1');
    expect(first?.[rs.lab.result]).toBe(999);
    expect(first?.[rs.lab.clinicalSig]).not.toBeNull();
  });
});

describe('unchecked panels and copying', () => {
  it('refuses an unchecked panel with values entered (spec 002 §5) and saves an empty one as NOT_CHECKED', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid('baseline', 'VS'));
    refused(await save(coordinator, panel, { HEIGHT: 160 }, { unchecked: true }), 422, 'record.unchecked_has_values');
    const saved = ok(await save(coordinator, panel, {}, { unchecked: true })) as RecordPanel;
    expect(saved).toMatchObject({ unchecked: true, status: 'NOT_CHECKED' });
    const back = ok(await save(coordinator, saved, { HEIGHT: 160 }, { unchecked: false })) as RecordPanel;
    expect(back).toMatchObject({ unchecked: false, status: 'COMPLETED' });
  });

  it('lists the saved instances of the same form and copies one as an audited save', async () => {
    const { coordinator } = rs.people;
    const target = await read(coordinator, pid('visit2', 'VS'));
    const sources = ok(await get(coordinator, `/dcap/project/recordDataManage/copySources/${String(target.panelInstanceId)}`)) as CopySource[];
    expect(sources.map((source) => source.panelInstanceId)).toContain(pid('screening', 'VS'));
    expect(sources.every((source) => source.panelInstanceId !== target.panelInstanceId)).toBe(true);
    const body = { panelInstanceId: target.panelInstanceId, sourcePanelInstanceId: pid('screening', 'VS'), version: target.version };
    refused(await post(coordinator, '/dcap/project/recordDataManage/copy', body), 422, 'record.reason_required');
    const copied = ok(await post(coordinator, '/dcap/project/recordDataManage/copy', { ...body, reason })) as RecordPanel;
    expect(copied.values).toMatchObject({ HEIGHT: 170, WEIGHT: 70, BMI: 24.2 });
    const rows = await fieldAudit(target.panelInstanceId, 'HEIGHT');
    expect(rows.at(-1)?.old_value).toMatchObject({ value: 180 });
    expect(rows.at(-1)?.new_value).toMatchObject({ value: 170 });
    // Not from another form.
    refused(await post(coordinator, '/dcap/project/recordDataManage/copy', { ...body, version: copied.version, sourcePanelInstanceId: pid('screening', 'DM') }), 404, 'record.copy_source_invalid');
  });
});

describe('site scope and the query dialog', () => {
  it('WF-3 answers another site’s panel as not found on read, save, copy and prepareForQuery', async () => {
    const { siteBUser, coordinator } = rs.people;
    const id = pid('screening', 'DM');
    refused(await get(siteBUser, `/dcap/project/recordDataManage/panel/${String(id)}`), 404, 'subject.panel_not_found');
    refused(await post(siteBUser, '/dcap/project/recordDataManage/save', { panelInstanceId: id, version: 0, values: {} }), 404, 'subject.panel_not_found');
    refused(await get(siteBUser, `/dcap/project/recordDataManage/prepareForQuery?panelInstanceId=${String(id)}`), 404, 'subject.panel_not_found');
    const prepared = ok(await get(coordinator, `/dcap/project/recordDataManage/prepareForQuery?panelInstanceId=${String(id)}`)) as PrepareForQuery;
    expect(prepared.fields.find((field) => field.path === 'INITIALS')).toMatchObject({ label: '姓名缩写', labelEn: 'Initials', status: 'COMPLETED', queryable: true, queries: [] });
  });

  it('answers the entry flags of the project configuration (panelAutoCover, panelAutoSwitch)', async () => {
    const { coordinator } = rs.people;
    const project = await db().selectFrom('projects').select('config').where('id', '=', rs.projectId).executeTakeFirstOrThrow();
    const config = project.config as Record<string, unknown>;
    await db().updateTable('projects').set({ config: JSON.stringify({ ...config, panelAutoCover: true, panelAutoSwitch: true }) }).where('id', '=', rs.projectId).execute();
    try {
      expect((await read(coordinator, pid('screening', 'DM'))).flags).toEqual({ panelAutoCover: true, panelAutoSwitch: true });
    } finally {
      await db().updateTable('projects').set({ config: JSON.stringify(config) }).where('id', '=', rs.projectId).execute();
    }
  });

  it('refuses saving without the entry right', async () => {
    const { monitor } = rs.people;
    const panel = await read(monitor, pid('screening', 'DM'));
    expect(panel.rights).toMatchObject({ enter: false, editable: false, verify: true });
    refused(await save(monitor, panel, { INITIALS: 'MM' }, { reasons: { INITIALS: reason } }), 403, 'permission.project_forbidden');
  });
});
