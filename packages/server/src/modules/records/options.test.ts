import type { Panel, RecordPanel, Widget } from '@dcap/core';
import { ROW_KEY_FIELD, createWidget, evaluateForm, studyToday } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy, useDesignVariant } from '../../test/records.fixture.js';

/*
 * Spec 001 §3.3 and spec 002 §5: a select, radio or checkbox holds one of its options. The renderer offers
 * only those; the server refuses a save holding anything else, in a field or in any row of a table, with the
 * path and a message in the caller's language, and writes nothing (docs/decisions.md, "Panel entry").
 */

let rs: RecordsStudy;
beforeAll(async () => {
  rs = await openRecordsStudy('OPTS');
});
afterAll(() => rs.study.t.close());

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown, lang?: string) => rs.study.t.call('POST', url, { token: who.token, body, lang });
const read = async (who: Persona, id: number) => ok(await rs.study.t.call('GET', `/dcap/project/recordDataManage/panel/${String(id)}`, { token: who.token })) as RecordPanel;
/** The study's day, as the server's save computes it (core time/study-day.ts). */
const today = () => studyToday(rs.study.t.clock.now());
/** What a browser sends: the engine's values for what the user typed. */
const browser = (panel: Panel, typed: Record<string, unknown>) => evaluateForm(panel, typed, { today }).values;
const send = (who: Persona, panel: RecordPanel, values: Record<string, unknown>, extra: Record<string, unknown> = {}, lang?: string) =>
  post(who, '/dcap/project/recordDataManage/save', { panelInstanceId: panel.panelInstanceId, version: panel.version, values: browser(panel.instrument.panel, values), ...extra }, lang);
const auditCount = async () => Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).where('project_id', '=', rs.projectId).executeTakeFirstOrThrow()).n);
const stored = async (panelId: number, path: string) =>
  (await db().selectFrom('field_values').select('value').where('panel_instance_id', '=', panelId).where('path', '=', path).executeTakeFirst())?.value ?? null;
const reason = { code: 'TRANSCRIPTION_ERROR' };
const pid = (of: AddedSubject, event: 'screening' | 'log', abbr: 'DM' | 'LB' | 'AE') => {
  const id = of.panelInstances[event]?.[abbr];
  if (id === undefined) throw new Error(`no ${event} ${abbr}`);
  return id;
};

type Row = Record<string, unknown>;

/** Nothing of a refused save is stored: the panel keeps its version and the project its audit rows. */
async function expectNothingWritten(panel: RecordPanel, auditBefore: number): Promise<void> {
  expect((await read(rs.people.coordinator, panel.panelInstanceId)).version).toBe(panel.version);
  expect(await auditCount()).toBe(auditBefore);
}

describe('option fields (spec 001 §3.3)', () => {
  it('refuses a radio value that is not one of its options with the path in the caller’s language, and takes one that is', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid(await addSubject(rs, coordinator, rs.siteA.id), 'screening', 'DM'));
    const before = await auditCount();
    const en = await send(coordinator, panel, { INITIALS: 'ZS', SEX: '9' }, {}, 'en-US');
    refused(en, 422, 'record.invalid_values');
    expect(en.body.errors).toEqual([{ path: 'SEX', message: 'Not one of the field’s options: 9' }]);
    const zh = await send(coordinator, panel, { INITIALS: 'ZS', SEX: '9' }, {}, 'zh-CN');
    expect(zh.body.errors).toEqual([{ path: 'SEX', message: '不是该字段的选项：9' }]);
    await expectNothingWritten(panel, before);
    expect(await stored(panel.panelInstanceId, 'INITIALS')).toBeNull();

    const saved = ok(await send(coordinator, panel, { INITIALS: 'ZS', SEX: '2' })) as RecordPanel;
    expect(saved.values).toMatchObject({ SEX: '2' });
    // A saved value changed to a label instead of a code is refused too.
    refused(await send(coordinator, saved, { ...saved.values, SEX: 'Female' }, { reasons: { SEX: reason } }), 422, 'record.invalid_values');
    expect(await stored(saved.panelInstanceId, 'SEX')).toBe('2');
  });
});

describe('disabled options (spec 002 §1 options[].disabled)', () => {
  it('refuses a disabled option newly chosen, in the caller’s language, and lets a panel that already holds one be saved', async () => {
    const { coordinator } = rs.people;
    const disableFemale = (panel: Panel) => {
      const sex = panel.list.find((widget) => widget.model === 'SEX');
      const female = sex?.options.options?.find((option) => option.value === '2');
      if (!female) throw new Error('no SEX option 2');
      female.disabled = true;
    };
    const fresh = pid(await addSubject(rs, coordinator, rs.siteA.id), 'screening', 'DM');
    await useDesignVariant(rs, fresh, rs.instruments.DM, disableFemale, 'option 2 disabled');
    const panel = await read(coordinator, fresh);
    const before = await auditCount();
    const refusal = await send(coordinator, panel, { INITIALS: 'LS', SEX: '2' }, {}, 'en-US');
    refused(refusal, 422, 'record.invalid_values');
    expect(refusal.body.errors).toEqual([{ path: 'SEX', message: 'Not one of the field’s options: 2' }]);
    await expectNothingWritten(panel, before);
    expect((ok(await send(coordinator, panel, { INITIALS: 'LS', SEX: '1' })) as RecordPanel).values).toMatchObject({ SEX: '1' });

    // Saved before the option was retired: the record stays savable with the value it holds.
    const held = pid(await addSubject(rs, coordinator, rs.siteA.id), 'screening', 'DM');
    const saved = ok(await send(coordinator, await read(coordinator, held), { INITIALS: 'WW', SEX: '2' })) as RecordPanel;
    await useDesignVariant(rs, held, rs.instruments.DM, disableFemale, 'option 2 disabled');
    const again = ok(await send(coordinator, await read(coordinator, held), { ...saved.values, INITIALS: 'WX' }, { reasons: { INITIALS: reason } })) as RecordPanel;
    expect(again.values).toMatchObject({ INITIALS: 'WX', SEX: '2' });
  });
});

describe('option cells of tables', () => {
  const labRows = (panel: RecordPanel): Row[] => panel.values[rs.lab.table] as Row[];

  it('refuses a lab row’s clinical significance outside its options and keeps the one the engine suggests', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid(await addSubject(rs, coordinator, rs.siteA.id), 'screening', 'LB'));
    const rows = labRows({ ...panel, values: browser(panel.instrument.panel, {}) }).map((row, index) => ({ ...row, [rs.lab.result]: 5, ...(index === 2 ? { [rs.lab.clinicalSig]: 'SEVERE' } : {}) }));
    const before = await auditCount();
    const reply = await send(coordinator, panel, { [rs.lab.table]: rows }, {}, 'en-US');
    refused(reply, 422, 'record.invalid_values');
    expect(reply.body.errors).toEqual([{ path: `${rs.lab.table}#r3.${rs.lab.clinicalSig}`, message: 'Not one of the field’s options: SEVERE' }]);
    await expectNothingWritten(panel, before);

    const fixed = rows.map((row, index) => (index === 2 ? { ...row, [rs.lab.clinicalSig]: null } : row));
    const saved = ok(await send(coordinator, panel, { [rs.lab.table]: fixed })) as RecordPanel;
    expect(labRows(saved)[2]?.[rs.lab.clinicalSig]).toMatch(/^LBCLSIG_/);
  });

  it('checks every row of a huge-data table (more than 50 rows, spec 002 §5)', async () => {
    const { coordinator } = rs.people;
    const panel = await read(coordinator, pid(await addSubject(rs, coordinator, rs.siteA.id), 'screening', 'LB'));
    const preset = labRows({ ...panel, values: browser(panel.instrument.panel, {}) });
    const rows = Array.from({ length: 60 }, (_, index) => {
      const { [ROW_KEY_FIELD]: _key, ...row } = preset[index % preset.length] ?? {};
      return { ...row, [rs.lab.result]: 5, [rs.lab.clinicalSig]: index === 57 ? 'LBCLSIG_MAYBE' : 'LBCLSIG_NORMAL' };
    });
    const before = await auditCount();
    const reply = await send(coordinator, panel, { [rs.lab.table]: rows }, {}, 'zh-CN');
    refused(reply, 422, 'record.invalid_values');
    expect(reply.body.errors).toEqual([{ path: `${rs.lab.table}#r58.${rs.lab.clinicalSig}`, message: '不是该字段的选项：LBCLSIG_MAYBE' }]);
    await expectNothingWritten(panel, before);
  });
});

describe('reference selects (spec 002 §9) and lists off the panel', () => {
  /** An adverse-event log whose panel also holds a select of the logged terms, and one naming a dictionary. */
  async function aeWithReferences(): Promise<RecordPanel> {
    const { coordinator } = rs.people;
    const id = pid(await addSubject(rs, coordinator, rs.siteA.id), 'log', 'AE');
    const select = (key: string, options: Partial<Widget['options']>): Widget => ({ ...createWidget('select', new Set()), key, model: key, name: key, nameEn: key, options: { multiple: false, ...options } });
    await useDesignVariant(rs, id, rs.instruments.AE, (panel) => {
      panel.list.push(
        select('AEPICK', { ref: `${rs.ae.table}.${rs.ae.term}`, options: ['Headache', 'Nausea'].map((value) => ({ key: value, value, label: value })) }),
        select('AESEVDICT', { ref: 'AESEV', options: [] }),
      );
    }, 'reference selects');
    return read(coordinator, id);
  }
  const terms = (...names: string[]) => ({ [rs.ae.table]: names.map((name) => ({ [rs.ae.term]: name, [rs.ae.start]: null, [rs.ae.serious]: null })) });

  it('takes its own options among the values entered where it points, and refuses another entered value', async () => {
    const { coordinator } = rs.people;
    const panel = await aeWithReferences();
    const before = await auditCount();
    const reply = await send(coordinator, panel, { ...terms('Headache', 'Rash'), AEPICK: 'Rash' }, {}, 'en-US');
    refused(reply, 422, 'record.invalid_values');
    expect(reply.body.errors).toEqual([{ path: 'AEPICK', message: 'Not one of the field’s options: Rash' }]);
    await expectNothingWritten(panel, before);
    const saved = ok(await send(coordinator, panel, { ...terms('Headache', 'Rash'), AEPICK: 'Headache' })) as RecordPanel;
    expect(saved.values).toMatchObject({ AEPICK: 'Headache' });
  });

  it('accepts and records a value of a select whose list lies off the panel (a dictionary code) and that lists none itself', async () => {
    const { coordinator } = rs.people;
    const panel = await aeWithReferences();
    const saved = ok(await send(coordinator, panel, { ...terms('Headache'), AESEVDICT: 'MILD' })) as RecordPanel;
    expect(await stored(saved.panelInstanceId, 'AESEVDICT')).toBe('MILD');
    const audit = await db().selectFrom('audit_log').select('new_value').where('entity_type', '=', 'field').where('entity_id', '=', `${String(saved.panelInstanceId)}:AESEVDICT`).execute();
    expect(audit.map((row) => row.new_value)).toEqual([expect.objectContaining({ value: 'MILD' })]);
  });
});
