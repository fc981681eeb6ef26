import type { Instrument, PanelData, RedcapImportResult, Widget } from '@dcap/core';
import { compileFormula, evaluateFormula, isWidgetShown, validatePanel } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../attachments/attachments.fixture.js';
import type { DesignTeam } from '../instruments/design.fixture.js';
import { auditCount, designTeam, get, lastAudit, post } from '../instruments/design.fixture.js';
import type { Persona } from '../roles/study.fixture.js';
import { ok, refused } from '../roles/study.fixture.js';
import type { Reply } from '../../test/harness.js';
import { STUDY_DICTIONARY } from './redcap.fixture.js';

let team: DesignTeam;
beforeAll(async () => {
  team = await designTeam('RCI');
});
afterAll(() => team.study.t.close());

const URL = '/dcap/project/design/importRedcap';

async function importDictionary(who: Persona, file: Buffer | null, fields: Record<string, string> = {}, lang = 'zh-CN'): Promise<Reply> {
  const form = multipartForm({ projectId: team.projectId, ...fields }, file === null ? null : { name: 'study_DataDictionary.csv', type: 'text/csv', bytes: file });
  const response = await team.study.t.request({ method: 'POST', url: URL, headers: { token: who.token, 'content-type': form.contentType, 'accept-language': lang }, payload: form.payload });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

const dictionary = Buffer.from(STUDY_DICTIONARY, 'utf8');
const instruments = async () => ok(await get(team, team.designer, `/dcap/project/instrument/list/${team.projectId}`)) as Instrument[];
const byModel = (list: readonly Widget[]) => new Map(list.map((widget) => [widget.model, widget]));

function evaluate(formula: string | undefined, values: Record<string, unknown>) {
  const compiled = compileFormula(formula ?? '');
  if (!compiled.ok) throw new Error(`${String(formula)}: ${compiled.error.messageEn}`);
  return evaluateFormula(compiled.ast, { value: (model) => values[model], today: () => '2024-06-15' });
}

describe('REDCap data dictionary import (docs/design-import.md)', () => {
  it('previews the panels and the per-field report on a dry run, changing nothing', async () => {
    const before = await auditCount(team, 'instrument.import_redcap');
    const result = ok(await importDictionary(team.designer, dictionary, { dryRun: 'true' })) as RedcapImportResult;
    expect(result.dryRun).toBe(true);
    expect(result.panels.map((panel) => [panel.nameAbbr, panel.name, panel.instrumentId, panel.fieldCount])).toEqual([
      ['demographics', 'Demographics', null, 16],
      ['vital_signs', 'Vital signs', null, 14],
    ]);
    // Exactly what could not be carried over, each with its line, what it concerns and why.
    expect(result.report.map((entry) => [entry.line, entry.field, entry.what, entry.level, entry.code])).toEqual([
      [4, 'dob', 'validation', 'warning', 'redcap.range_not_imported'],
      [5, 'sex', 'layout', 'info', 'redcap.alignment'],
      [15, 'prior_consent', 'branching', 'warning', 'redcap.logic_event'],
      [17, 'id_photo', 'field', 'info', 'redcap.file_as_upload'],
      [23, 'pain', 'choices', 'info', 'redcap.slider_labels'],
      [28, 'male_only', 'branching', 'warning', 'redcap.logic_other_form'],
      [29, 'growth', 'calculation', 'warning', 'redcap.logic_function'],
      [31, 'remarks', 'annotation', 'info', 'redcap.annotations'],
      [32, 'lookup', 'field', 'warning', 'redcap.sql_field'],
      [35, '2nd_weight', 'row', 'warning', 'redcap.field_name_invalid'],
      [36, 'tube', 'row', 'warning', 'redcap.type_unknown'],
      [37, 'extra', 'row', 'warning', 'redcap.row_malformed'],
    ]);
    const otherForm = result.report.find((entry) => entry.field === 'male_only');
    expect(otherForm).toMatchObject({
      source: "[sex] = '1'",
      message: '引用了其他表单（demographics）的字段 [sex]：公式只能引用本表单的字段，未导入该逻辑',
      messageEn: 'It names [sex], a field of another form (demographics): a formula reads only fields of its own panel; the logic was not imported',
    });
    expect(result.report.find((entry) => entry.field === 'growth')?.messageEn).toContain('exponential');
    expect(await instruments()).toEqual([]);
    expect(await auditCount(team, 'instrument.import_redcap')).toBe(before);
  });

  it('maps every field type of the dictionary to its widget', async () => {
    const result = ok(await importDictionary(team.designer, dictionary, { dryRun: 'true' })) as RedcapImportResult;
    const [demographics, vitals] = result.panels;
    expect(demographics?.panel.list.map((widget) => [widget.model, widget.type])).toEqual([
      ['record_id', 'input'],
      ['SECTION', 'blank'],
      ['patient_name', 'input'],
      ['dob', 'date'],
      ['sex', 'radio'],
      ['email', 'input'],
      ['phone', 'input'],
      ['zip', 'input'],
      ['initials', 'input'],
      ['race', 'checkbox'],
      ['race_other', 'input'],
      ['consent_date', 'date'],
      ['age', 'number'],
      ['pregnant', 'radio'],
      ['prior_consent', 'radio'],
      ['comments', 'textarea'],
      ['id_photo', 'uploader'],
    ]);
    expect(vitals?.panel.list.map((widget) => [widget.model, widget.type])).toEqual([
      ['SECTION_2', 'blank'],
      ['vital_time', 'time'],
      ['weight', 'number'],
      ['height', 'number'],
      ['bmi', 'number'],
      ['temp', 'number'],
      ['pain', 'slider'],
      ['rest_note', 'alert'],
      ['SECTION_3', 'blank'],
      ['q_sleep', 'radio'],
      ['q_appetite', 'radio'],
      ['symptom_score', 'number'],
      ['male_only', 'radio'],
      ['growth', 'number'],
      ['followup_at', 'date'],
      ['remarks', 'input'],
      ['lookup', 'input'],
      ['consent_text', 'alert'],
    ]);
    const demo = byModel(demographics?.panel.list ?? []);
    expect(demo.get('patient_name')).toMatchObject({ name: '姓名', options: { required: true, sensitiveInformation: true, placeholder: 'Family name first' } });
    expect(demo.get('patient_name')?.nameEn).toBeUndefined();
    expect(demo.get('SECTION')?.options.content).toBe('基本信息 Basic information');
    expect(demo.get('sex')?.options.options).toEqual([
      { key: '0', value: '0', label: '女 Female' },
      { key: '1', value: '1', label: '男 Male' },
    ]);
    expect(demo.get('race')?.options.options?.map((option) => option.key)).toEqual(['1', '2', '3', '99']);
    expect(demo.get('email')?.options.pattern).toBeDefined();
    expect(demo.get('age')).toMatchObject({ disabled: false, options: { expression: 'rounddown(datediff([dob],[consent_date],"y"),0)' } });
    expect(demo.get('pregnant')?.options.logicExpression).toBe("[sex] = '0' and [age] >= 12");
    expect(demo.get('prior_consent')?.options.logicExpression).toBeUndefined();
    const vital = byModel(vitals?.panel.list ?? []);
    expect(vital.get('weight')?.options).toMatchObject({ dataType: 'number', min: 30, max: 250, placeholder: 'kg', required: true });
    expect(vital.get('height')?.options).toMatchObject({ dataType: 'integer', min: 100, max: 250 });
    expect(vital.get('temp')?.options).toMatchObject({ dataType: 'float', precision: 1, min: 35, max: 42 });
    expect(vital.get('vital_time')?.options.format).toBe('HH:mm');
    expect(vital.get('followup_at')?.options.format).toBe('YYYY-MM-DD HH:mm:ss');
    expect(vital.get('pain')?.options).toMatchObject({ min: 0, max: 10 });
    expect(vital.get('SECTION_2')?.options.content).toBe('Vital signs 生命体征');
    expect(vital.get('consent_text')?.options.content).toBe('I have read the "study information" and agree.');
    expect(vital.get('growth')?.options.expression).toBeUndefined();
  });

  it('creates the panels in the development draft, all at once, read back through the API', async () => {
    const result = ok(await importDictionary(team.designer, dictionary, { dryRun: 'false' })) as RedcapImportResult;
    expect(result.dryRun).toBe(false);
    const list = await instruments();
    expect(list.map((row) => [row.nameAbbr, row.kind, row.fieldCount])).toEqual([
      ['demographics', 'form', 16],
      ['vital_signs', 'form', 14],
    ]);
    expect(result.panels.map((panel) => panel.instrumentId)).toEqual(list.map((row) => row.id));
    for (const planned of result.panels) {
      const stored = ok(await post(team, team.designer, '/dcap/project/instrument/preview', { instrumentId: planned.instrumentId })) as PanelData;
      expect(stored.panel).toEqual(planned.panel);
      expect(validatePanel(stored.panel)).toEqual([]);
    }
    const audit = await lastAudit(team, 'instrument.import_redcap');
    expect(audit.new_value).toMatchObject({ mode: 'append', origin: { source: 'redcap-data-dictionary', filename: 'study_DataDictionary.csv', warnings: 8 } });
    expect((audit.new_value as { created: unknown[] }).created).toHaveLength(2);
  });

  it('stores formulas that compute what REDCap computes', async () => {
    const [demographics, vitals] = await instruments();
    const panelOf = async (row: Instrument | undefined) => (ok(await post(team, team.designer, '/dcap/project/instrument/preview', { instrumentId: row?.id })) as PanelData).panel;
    const demo = byModel((await panelOf(demographics)).list);
    const vital = byModel((await panelOf(vitals)).list);
    // REDCap: round((70*10000)/((175)^2),1) = 22.9
    expect(evaluate(vital.get('bmi')?.options.expression, { weight: '70', height: '175' })).toBe(22.9);
    expect(evaluate(vital.get('bmi')?.options.expression, { weight: '70' })).toBeNull();
    expect(evaluate(vital.get('symptom_score')?.options.expression, { q_sleep: '2', q_appetite: '3' })).toBe(5);
    expect(evaluate(demo.get('age')?.options.expression, { dob: '1990-05-20', consent_date: '2024-05-19' })).toBe(33);
    expect(evaluate(demo.get('age')?.options.expression, { dob: '1990-05-20', consent_date: '2024-05-21' })).toBe(34);
    const raceOther = demo.get('race_other');
    const scope = (values: Record<string, unknown>) => ({ value: (model: string) => values[model], today: () => '2024-06-15' });
    if (!raceOther) throw new Error('race_other missing');
    expect(isWidgetShown(raceOther, scope({ race: ['1', '99'] }))).toBe(true);
    expect(isWidgetShown(raceOther, scope({ race: ['1'] }))).toBe(false);
    expect(evaluate(demo.get('pregnant')?.options.logicExpression, { sex: '0', age: 30 })).toBe(true);
    expect(evaluate(demo.get('pregnant')?.options.logicExpression, { sex: '1', age: 30 })).toBe(false);
  });

  it('refuses a dictionary whose forms clash with existing panels, on a dry run too, changing nothing', async () => {
    const before = (await instruments()).length;
    refused(await importDictionary(team.designer, dictionary, { dryRun: 'true' }), 409, 'design_import.name_taken');
    const reply = await importDictionary(team.designer, dictionary, { dryRun: 'false' }, 'en-US');
    refused(reply, 409, 'design_import.name_taken');
    expect(reply.body.msg).toBe('The project already has panels named demographics, vital_signs (abbreviations ignore case); nothing was imported');
    expect(await instruments()).toHaveLength(before);
  });

  it('refuses a file that is not a readable data dictionary with a clear error, changing nothing', async () => {
    const before = (await instruments()).length;
    const fresh = STUDY_DICTIONARY.replaceAll('demographics', 'demo2').replaceAll('vital_signs', 'vitals2');
    const unclosed = await importDictionary(team.designer, Buffer.from(`${fresh}late,vitals2,,text,"never closed\r\n`), { dryRun: 'false' });
    refused(unclosed, 400, 'design_import.csv_unreadable');
    expect(unclosed.body.msg).toBe('无法读取 CSV：第 38 行开始的引号没有结束，未导入');
    const sheet = await importDictionary(team.designer, Buffer.from('Login name,Name\nwang,王\n'), { dryRun: 'false' }, 'en-US');
    refused(sheet, 400, 'design_import.not_a_dictionary');
    expect(sheet.body.msg).toContain('column 1 should be “Variable / Field Name” but is “Login name”');
    refused(await importDictionary(team.designer, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]), { dryRun: 'false' }), 400, 'design_import.not_text');
    refused(await importDictionary(team.designer, null, { dryRun: 'false' }), 400, 'design_import.file_missing');
    const headerOnly = STUDY_DICTIONARY.split('\r\n')[0] ?? '';
    refused(await importDictionary(team.designer, Buffer.from(headerOnly), { dryRun: 'false' }), 400, 'design_import.empty');
    expect(await instruments()).toHaveLength(before);
  });

  it('refuses a caller without the design right, and applies only in the development environment', async () => {
    const fresh = Buffer.from(STUDY_DICTIONARY.replaceAll('demographics', 'demo3').replaceAll('vital_signs', 'vitals3'));
    refused(await importDictionary(team.investigator, fresh, { dryRun: 'true' }), 403, 'permission.project_forbidden');
    refused(await importDictionary(team.investigator, fresh, { dryRun: 'false' }), 403, 'permission.project_forbidden');
    refused(await importDictionary(team.testEnvDesigner, fresh, { dryRun: 'false' }), 409, 'design.dev_env_required');
    expect((await instruments()).map((row) => row.nameAbbr)).toEqual(['demographics', 'vital_signs']);
  });
});
