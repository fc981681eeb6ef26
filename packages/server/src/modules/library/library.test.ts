import type { DerivedFieldsAll, DictOptionsResponse, StandardDomainFields, StandardDomainPanel, SysTemplateDetail, TemplateDetail, TemplatesResponse, Widget } from '@dcap/core';
import { DERIVED_FIELD_GROUPS, formulaReferences, panelSchema, validatePanel, widgetSchema } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, refused } from '../roles/study.fixture.js';

/**
 * The libraries (issue deliverable 5; spec 001 §2.1, §3.8, §7): the seeded CDASH content, the designer's
 * read calls, and the platform administration with its refusals and audit rows.
 */
const CDASH = ['DM', 'VS', 'AE', 'CM', 'MH', 'LB', 'EX', 'DS', 'IE'];

let study: Study;
let user: Persona;

beforeAll(async () => {
  study = await openStudy();
  user = await person(study, 'lib.user');
});
afterAll(() => study.t.close());

const get = (url: string, token = user.token, lang?: string) => study.t.call('GET', url, { token, ...(lang ? { lang } : {}) });
const post = (url: string, body: unknown, token = study.admin.token, lang?: string) => study.t.call('POST', url, { token, body, ...(lang ? { lang } : {}) });

async function auditRows(entityType: string) {
  return study.t.database.db.selectFrom('audit_log').selectAll().where('entity_type', '=', entityType).orderBy('id').execute();
}

async function tableCount(table: 'std_fields' | 'std_templates' | 'dicts' | 'derived_fields' | 'std_domains'): Promise<number> {
  const row = await study.t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('seeded standard variable library', () => {
  it('lists every CDASH domain with its variables, labels and instructions in both languages', async () => {
    const domains = ok(await get('/dcap/standard/fields')) as StandardDomainFields[];
    expect(domains.map((d) => d.domain)).toEqual(expect.arrayContaining(CDASH));
    for (const domain of domains) {
      expect(domain.description).not.toBe('');
      expect(domain.descriptionEn).not.toBe('');
      expect(domain.count).toBe(domain.fields.length);
      expect(domain.count).toBeGreaterThan(0);
      for (const field of domain.fields) {
        expect(field.fieldLabel, field.fieldName).not.toBe('');
        expect(field.fieldLabelEn, field.fieldName).not.toBe('');
        expect(field.instruction, field.fieldName).not.toBe('');
        expect(field.instructionEn, field.fieldName).not.toBe('');
      }
    }
    const names = domains.flatMap((d) => d.fields.map((f) => f.fieldName));
    for (const name of ['BRTHDAT', 'SEX', 'RACE', 'ETHNIC', 'VSDAT', 'HEIGHT', 'WEIGHT', 'SYSBP', 'DIABP', 'PULSE', 'TEMP', 'AETERM', 'AESTDAT', 'AEENDAT', 'AESEV', 'AESER', 'AEREL', 'AEOUT', 'CMTRT', 'CMDOSE', 'CMDOSU', 'CMROUTE', 'CMSTDAT', 'MHTERM', 'MHSTDAT', 'LBDAT', 'LBTEST', 'LBORRES', 'LBORRESU', 'EXTRT', 'EXDOSE', 'EXSTDAT', 'DSDECOD', 'DSSTDAT', 'IETESTCD', 'IEORRES']) {
      expect(names).toContain(name);
    }
  });

  it('stores every variable as a widget core accepts, keyed by its CDASH name, coded ones with options', async () => {
    const domains = ok(await get('/dcap/standard/fields')) as StandardDomainFields[];
    for (const { domain } of domains) {
      const { panel } = ok(await get(`/dcap/standard/domain?domain=${domain}`)) as StandardDomainPanel;
      expect(panelSchema.safeParse(panel).success, domain).toBe(true);
      expect(validatePanel(panel), domain).toEqual([]);
      for (const widget of panel.list) {
        expect(widget.options.domain).toBe(domain);
        expect(widget.model).toBe(widget.key);
      }
    }
    const vs = ok(await get('/dcap/standard/domain?domain=vs', user.token)) as StandardDomainPanel;
    expect(vs.domain).toBe('VS');
    expect(vs.panel.list.find((w) => w.key === 'HEIGHT')?.options).toMatchObject({ dataType: 'float', annotation: 'cm' });
    const ae = ok(await get('/dcap/standard/domain?domain=AE')) as StandardDomainPanel;
    const severity = ae.panel.list.find((w) => w.key === 'AESEV');
    expect(severity?.type).toBe('radio');
    expect(severity?.options.options?.map((o) => o.value)).toEqual(['MILD', 'MODERATE', 'SEVERE']);
    expect(ae.panel.list.find((w) => w.key === 'AESER')?.options.options?.map((o) => o.value)).toEqual(['Y', 'N']);
  });

  it('returns one variable as a widget, and 404 in the caller’s language for an unknown one', async () => {
    const domains = ok(await get('/dcap/standard/fields')) as StandardDomainFields[];
    const sex = domains.flatMap((d) => d.fields).find((f) => f.fieldName === 'SEX');
    const { widget } = ok(await get(`/dcap/standard/field/${String(sex?.id)}`)) as { widget: Widget };
    expect(widgetSchema.safeParse(widget).success).toBe(true);
    expect(widget).toMatchObject({ key: 'SEX', type: 'radio', name: '性别', nameEn: 'Sex' });
    const missing = await get('/dcap/standard/field/999999', user.token, 'en-US');
    refused(missing, 404, 'library.field_not_found');
    expect(missing.body.msg).toBe('Standard variable not found');
    refused(await get('/dcap/standard/domain?domain=ZZ'), 404, 'library.domain_not_found');
    refused(await get('/dcap/standard/domain?domain=1'), 400, 'request.invalid');
  });

  it('needs a signed-in user to read the libraries', async () => {
    for (const url of ['/dcap/standard/fields', '/dcap/project/instrument/templates', '/dcap/project/derivedField/all', '/dcap/standard/domain?domain=DM']) {
      expect((await study.t.call('GET', url)).status).toBe(401);
    }
    expect((await study.t.call('POST', '/dcap/project/dict/getDictOptions', { body: {} })).status).toBe(401);
  });
});

describe('panel templates', () => {
  it('lists templates as data.instruments and domains as data.domains (spec 001 §7)', async () => {
    const data = ok(await get('/dcap/project/instrument/templates')) as TemplatesResponse;
    expect(data.instruments.map((t) => t.nameAbbr)).toEqual(expect.arrayContaining(['IC', 'DM', 'VS', 'AE', 'CM', 'IE']));
    expect(data.domains.map((d) => d.domain)).toEqual(expect.arrayContaining(CDASH));
    expect(data.domains.find((d) => d.domain === 'DM')).toMatchObject({ description: '人口学资料', descriptionEn: 'Demographics' });
  });

  it('gives every seeded template a panel that passes panelSchema and validatePanel', async () => {
    const data = ok(await get('/dcap/project/instrument/templates')) as TemplatesResponse;
    for (const summary of data.instruments) {
      const detail = ok(await get(`/dcap/project/instrument/template/${String(summary.id)}`)) as TemplateDetail;
      expect(panelSchema.safeParse(detail.panel).success, summary.nameAbbr).toBe(true);
      expect(validatePanel(detail.panel), summary.nameAbbr).toEqual([]);
    }
    const ae = data.instruments.find((t) => t.nameAbbr === 'AE');
    const detail = ok(await get(`/dcap/project/instrument/template/${String(ae?.id)}`)) as TemplateDetail;
    const table = detail.panel.list[0];
    expect(table?.type).toBe('table');
    expect(table?.options.repeatable).toBe(true);
    expect((table?.options.columns ?? []).map((c) => ('widget' in c ? c.widget.key : ''))).toEqual(['AETERM', 'AESTDAT', 'AEENDAT', 'AESEV', 'AESER', 'AEREL', 'AEOUT']);
    refused(await get('/dcap/project/instrument/template/999999'), 404, 'library.template_not_found');
  });
});

describe('derived fields', () => {
  it('lists the three groups with BMI, and searches label, name, expression and description', async () => {
    const all = ok(await get('/dcap/project/derivedField/all')) as DerivedFieldsAll;
    for (const group of DERIVED_FIELD_GROUPS) expect(all[group].length, group).toBeGreaterThan(0);
    expect(all.CONTINUOUS_VARIABLES.find((f) => f.fieldName === 'BMI')?.expression).toBe('round([WEIGHT]/(([HEIGHT]/100)^2), 1)');
    expect(all.CONTINUOUS_VARIABLES.map((f) => f.fieldName)).toEqual(expect.arrayContaining(['BSA', 'AGECONS', 'EGFR']));
    const byExpression = ok(await get('/dcap/project/derivedField/all?keyword=age(')) as DerivedFieldsAll;
    expect(byExpression.CONTINUOUS_VARIABLES.map((f) => f.fieldName)).toEqual(['AGECONS']);
    const byDescription = ok(await get(`/dcap/project/derivedField/all?keyword=${encodeURIComponent('Mosteller')}`)) as DerivedFieldsAll;
    expect(byDescription.CONTINUOUS_VARIABLES.map((f) => f.fieldName)).toEqual(['BSA']);
    expect(byDescription.CATEGORICAL_VARIABLES).toEqual([]);
  });

  it('previews the inputs first and the computed widget last, following a derived input', async () => {
    const all = ok(await get('/dcap/project/derivedField/all')) as DerivedFieldsAll;
    const bmi = all.CONTINUOUS_VARIABLES.find((f) => f.fieldName === 'BMI');
    const { list } = ok(await get(`/dcap/project/derivedField/preview/${String(bmi?.id)}`)) as { list: Widget[] };
    expect(list.map((w) => w.key)).toEqual(['WEIGHT', 'HEIGHT', 'BMI']);
    expect(list[2]?.options.expression).toBe(bmi?.expression);
    expect(list[2]?.disabled).toBe(true);
    const category = all.CATEGORICAL_VARIABLES.find((f) => f.fieldName === 'BMICAT');
    const chain = ok(await get(`/dcap/project/derivedField/preview/${String(category?.id)}`)) as { list: Widget[] };
    expect(chain.list.map((w) => w.key)).toEqual(['WEIGHT', 'HEIGHT', 'BMI', 'BMICAT']);
    refused(await get('/dcap/project/derivedField/preview/999999'), 404, 'library.derived_not_found');
  });

  it('gives every seeded derived field a valid widget whose inputs resolve in a panel', async () => {
    const all = ok(await get('/dcap/project/derivedField/all')) as DerivedFieldsAll;
    for (const field of DERIVED_FIELD_GROUPS.flatMap((group) => all[group])) {
      const { list } = ok(await get(`/dcap/project/derivedField/preview/${String(field.id)}`)) as { list: Widget[] };
      const panel = { list, config: { labelWidth: 8, labelPosition: 'right' as const } };
      expect(panelSchema.safeParse(panel).success, field.fieldName).toBe(true);
      const known = new Set(list.map((w) => w.key));
      // EGFR reads serum creatinine, which the designer supplies from the project's lab panel.
      const unresolved = formulaReferences(field.expression).filter((name) => !known.has(name));
      expect(unresolved, field.fieldName).toEqual(field.fieldName === 'EGFR' ? ['CREAT'] : []);
    }
  });
});

describe('platform dictionaries', () => {
  it('returns platform dictionaries, each marked isSysProjectDict', async () => {
    const { dictList } = ok(await post('/dcap/project/dict/getDictOptions', {}, user.token)) as DictOptionsResponse;
    expect(dictList.map((d) => d.key)).toEqual(expect.arrayContaining(['NY', 'SEX', 'AESEV', 'ROUTE', 'UNIT_DOSE', 'LBCLSIG']));
    expect(dictList.every((d) => d.isSysProjectDict)).toBe(true);
    expect(dictList.find((d) => d.key === 'SEX')?.items.map((i) => i.value)).toEqual(['M', 'F']);
    // Spec 001 §7 sends no payload at all.
    const bare = await study.t.request({ method: 'POST', url: '/dcap/project/dict/getDictOptions', headers: { token: user.token } });
    expect(bare.statusCode).toBe(200);
  });
});

describe('platform administration', () => {
  it('refuses every administration call to a user without the platform right, changing nothing', async () => {
    const before = await Promise.all([tableCount('std_fields'), tableCount('std_templates'), tableCount('dicts'), tableCount('derived_fields'), tableCount('std_domains')]);
    const auditBefore = (await study.t.database.db.selectFrom('audit_log').select('id').execute()).length;
    for (const url of ['/dcap/sys/standardField/list', '/dcap/sys/standardInstrument/list', '/dcap/sys/standardInstrument/get/1', '/dcap/sys/dict/list', '/dcap/sys/derivedField/list', '/dcap/sys/standardDomain/list']) {
      refused(await get(url), 403, 'permission.platform_admin_required');
    }
    const writes: [string, unknown][] = [
      ['/dcap/sys/standardField/save', { domain: 'DM', fieldName: 'XX', fieldLabel: 'x', fieldLabelEn: 'x', widget: { type: 'input', key: 'XX', model: 'XX', name: 'x', options: {} } }],
      ['/dcap/sys/standardField/delete', { id: 1 }],
      ['/dcap/sys/standardDomain/save', { domain: 'QS', description: '问卷', descriptionEn: 'Questionnaires' }],
      ['/dcap/sys/standardDomain/delete', { domain: 'DM' }],
      ['/dcap/sys/standardInstrument/save', { name: 't', nameEn: 't', nameAbbr: 'T', panel: { list: [], config: { labelWidth: 8, labelPosition: 'right' } } }],
      ['/dcap/sys/standardInstrument/delete', { id: 1 }],
      ['/dcap/sys/dict/save', { key: 'X', value: 'x', items: [{ key: '1', value: '1', label: 'one' }] }],
      ['/dcap/sys/dict/delete', { id: 1 }],
      ['/dcap/sys/derivedField/save', { group: 'CONTINUOUS_VARIABLES', fieldName: 'X', fieldLabel: 'x', fieldLabelEn: 'x', expression: '1', widget: { type: 'number', key: 'X', model: 'X', name: 'x', options: {} } }],
      ['/dcap/sys/derivedField/delete', { id: 1 }],
    ];
    for (const [url, body] of writes) refused(await post(url, body, user.token), 403, 'permission.platform_admin_required');
    const after = await Promise.all([tableCount('std_fields'), tableCount('std_templates'), tableCount('dicts'), tableCount('derived_fields'), tableCount('std_domains')]);
    expect(after).toEqual(before);
    expect((await study.t.database.db.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore);
  });

  it('creates, updates and deletes a standard variable, auditing each step', async () => {
    const widget = { type: 'number', key: 'ignored', model: 'ignored', name: 'x', options: { dataType: 'float', annotation: 'cm' } };
    const created = ok(
      await post('/dcap/sys/standardField/save', { domain: 'VS', fieldName: 'WSTCIR', fieldLabel: '腰围', fieldLabelEn: 'Waist circumference', instruction: '呼气末测量。', instructionEn: 'Measured at the end of expiration.', widget }),
    ) as { id: number; widget: Widget; sort: number };
    expect(created.widget).toMatchObject({ key: 'WSTCIR', model: 'WSTCIR', name: '腰围', nameEn: 'Waist circumference', options: { domain: 'VS', annotation: 'cm' } });
    const vs = ok(await get('/dcap/standard/domain?domain=VS')) as StandardDomainPanel;
    expect(vs.panel.list.at(-1)?.key).toBe('WSTCIR');

    const updated = ok(await post('/dcap/sys/standardField/save', { id: created.id, domain: 'VS', fieldName: 'WSTCIR', fieldLabel: '腰围（cm）', fieldLabelEn: 'Waist circumference', widget })) as { fieldLabel: string };
    expect(updated.fieldLabel).toBe('腰围（cm）');
    const listed = ok(await get('/dcap/sys/standardField/list?keyword=waist', study.admin.token)) as { fieldName: string }[];
    expect(listed.map((f) => f.fieldName)).toEqual(['WSTCIR']);

    ok(await post('/dcap/sys/standardField/delete', { id: created.id }));
    refused(await get(`/dcap/standard/field/${String(created.id)}`), 404, 'library.field_not_found');
    const rows = (await auditRows('std_field')).filter((row) => row.entity_id === String(created.id));
    expect(rows.map((row) => row.action)).toEqual(['std_field.create', 'std_field.update', 'std_field.delete']);
    expect(rows[1]?.new_value).toMatchObject({ fieldLabel: '腰围（cm）' });
    expect(rows[1]?.old_value).toMatchObject({ fieldLabel: '腰围' });
  });

  it('refuses a duplicate variable name (409), an unknown domain (404) and bad input (400), changing nothing', async () => {
    const count = await tableCount('std_fields');
    const auditCount = (await auditRows('std_field')).length;
    const widget = { type: 'input', key: 'X', model: 'X', name: 'x', options: {} };
    const taken = await post('/dcap/sys/standardField/save', { domain: 'DM', fieldName: 'sex', fieldLabel: '性别2', fieldLabelEn: 'Sex 2', widget }, study.admin.token, 'en-US');
    refused(taken, 409, 'library.field_name_taken');
    expect(taken.body.msg).toContain('sex');
    refused(await post('/dcap/sys/standardField/save', { domain: 'QQ', fieldName: 'NEWVAR', fieldLabel: 'x', fieldLabelEn: 'x', widget }), 404, 'library.domain_not_found');
    const bad = await post('/dcap/sys/standardField/save', { domain: 'DM', fieldName: '1BAD', fieldLabel: '', fieldLabelEn: 'x', widget });
    refused(bad, 400, 'request.invalid');
    expect(bad.body.msg).toMatch(/fieldName|fieldLabel/);
    refused(await post('/dcap/sys/standardField/save', { domain: 'DM', fieldName: 'GOOD', fieldLabel: 'x', fieldLabelEn: 'x', widget: { ...widget, type: 'nonsense' } }), 400, 'request.invalid');
    expect(await tableCount('std_fields')).toBe(count);
    expect((await auditRows('std_field')).length).toBe(auditCount);
  });

  it('creates a domain, refuses deleting one that holds variables, and deletes an empty one', async () => {
    const created = ok(await post('/dcap/sys/standardDomain/save', { domain: 'qs', description: '问卷', descriptionEn: 'Questionnaires' })) as { domain: string; count: number };
    expect(created).toMatchObject({ domain: 'QS', count: 0 });
    const updated = ok(await post('/dcap/sys/standardDomain/save', { domain: 'QS', description: '量表问卷', descriptionEn: 'Questionnaires' })) as { description: string };
    expect(updated.description).toBe('量表问卷');
    const full = await post('/dcap/sys/standardDomain/delete', { domain: 'DM' }, study.admin.token, 'en-US');
    refused(full, 409, 'library.domain_not_empty');
    expect(full.body.msg).toContain('DM');
    ok(await post('/dcap/sys/standardDomain/delete', { domain: 'QS' }));
    refused(await get('/dcap/standard/domain?domain=QS'), 404, 'library.domain_not_found');
    expect((await auditRows('std_domain')).map((row) => row.action)).toEqual(['std_domain.create', 'std_domain.update', 'std_domain.delete']);
  });

  it('saves a template only when its panel is valid, refuses a taken abbreviation, and deletes it', async () => {
    const panel = { list: [{ type: 'input', key: 'NOTE', model: 'NOTE', name: '备注', options: {} }], config: { labelWidth: 8, labelPosition: 'right' } };
    const created = ok(await post('/dcap/sys/standardInstrument/save', { name: '备注', nameEn: 'Notes', nameAbbr: 'NOTES', panel })) as SysTemplateDetail;
    expect(created).toMatchObject({ nameAbbr: 'NOTES', fieldCount: 1 });
    const fetched = ok(await get(`/dcap/sys/standardInstrument/get/${String(created.id)}`, study.admin.token)) as SysTemplateDetail;
    expect(fetched.panel.list[0]?.key).toBe('NOTE');
    refused(await post('/dcap/sys/standardInstrument/save', { name: 'x', nameEn: 'x', nameAbbr: 'notes', panel }), 409, 'library.template_abbr_taken');
    const count = await tableCount('std_templates');
    refused(await post('/dcap/sys/standardInstrument/save', { name: 'x', nameEn: 'x', nameAbbr: 'BROKEN', panel: { list: [{ type: 'input' }], config: {} } }), 400, 'request.invalid');
    expect(await tableCount('std_templates')).toBe(count);
    const twice = { ...panel, list: [...panel.list, ...panel.list] };
    const invalid = await post('/dcap/sys/standardInstrument/save', { name: 'x', nameEn: 'x', nameAbbr: 'TWICE', panel: twice }, study.admin.token, 'en-US');
    refused(invalid, 422, 'design.panel_invalid');
    expect(invalid.body.errors?.map((e) => e.path)).toContain('panel.list.1.key');
    expect(await tableCount('std_templates')).toBe(count);
    const renamed = ok(await post('/dcap/sys/standardInstrument/save', { id: created.id, name: '备注页', nameEn: 'Notes', nameAbbr: 'NOTES', panel })) as SysTemplateDetail;
    expect(renamed.name).toBe('备注页');
    const list = ok(await get('/dcap/sys/standardInstrument/list?keyword=notes', study.admin.token)) as { id: number }[];
    expect(list.map((t) => t.id)).toEqual([created.id]);
    ok(await post('/dcap/sys/standardInstrument/delete', { id: created.id }));
    refused(await post('/dcap/sys/standardInstrument/delete', { id: created.id }), 404, 'library.template_not_found');
    expect((await auditRows('std_template')).map((row) => row.action)).toEqual(['std_template.create', 'std_template.update', 'std_template.delete']);
  });

  it('manages platform dictionaries with unique keys and unique item codes', async () => {
    const items = [
      { key: 'L', value: 'L', label: '左', labelEn: 'Left' },
      { key: 'R', value: 'R', label: '右', labelEn: 'Right' },
    ];
    const created = ok(await post('/dcap/sys/dict/save', { key: 'LAT', value: '侧别', valueEn: 'Laterality', items })) as { id: number };
    refused(await post('/dcap/sys/dict/save', { key: 'lat', value: 'x', items }), 409, 'library.dict_key_taken');
    const dup = await post('/dcap/sys/dict/save', { key: 'LAT2', value: 'x', items: [...items, items[0]] });
    refused(dup, 400, 'request.invalid');
    refused(await post('/dcap/sys/dict/save', { key: 'EMPTY', value: 'x', items: [] }), 400, 'request.invalid');
    ok(await post('/dcap/sys/dict/save', { id: created.id, key: 'LAT', value: '部位侧别', valueEn: 'Laterality', items }));
    const { dictList } = ok(await post('/dcap/project/dict/getDictOptions', {}, user.token)) as DictOptionsResponse;
    expect(dictList.find((d) => d.key === 'LAT')).toMatchObject({ value: '部位侧别', isSysProjectDict: true });
    const listed = ok(await get('/dcap/sys/dict/list?keyword=later', study.admin.token)) as { key: string }[];
    expect(listed.map((d) => d.key)).toEqual(['LAT']);
    ok(await post('/dcap/sys/dict/delete', { id: created.id }));
    refused(await post('/dcap/sys/dict/delete', { id: created.id }), 404, 'library.dict_not_found');
    expect((await auditRows('dict')).map((row) => row.action)).toEqual(['dict.create', 'dict.update', 'dict.delete']);
  });

  it('manages derived fields: the widget suits the group, the formula lands in options.expression', async () => {
    const widget = { type: 'number', key: 'X', model: 'X', name: 'x', options: { precision: 0 } };
    const body = { group: 'CONTINUOUS_VARIABLES', fieldName: 'PP', fieldLabel: '脉压', fieldLabelEn: 'Pulse pressure', expression: '[SYSBP]-[DIABP]', description: '收缩压减舒张压', widget };
    const created = ok(await post('/dcap/sys/derivedField/save', body)) as { id: number; widget: Widget };
    expect(created.widget).toMatchObject({ key: 'PP', disabled: true, options: { expression: '[SYSBP]-[DIABP]' } });
    const { list } = ok(await get(`/dcap/project/derivedField/preview/${String(created.id)}`)) as { list: Widget[] };
    expect(list.map((w) => w.key)).toEqual(['SYSBP', 'DIABP', 'PP']);
    refused(await post('/dcap/sys/derivedField/save', { ...body, fieldName: 'bmi' }), 409, 'library.derived_name_taken');
    const mismatch = await post('/dcap/sys/derivedField/save', { ...body, fieldName: 'PPCAT', group: 'ORDINAL_VARIABLES' }, study.admin.token, 'en-US');
    refused(mismatch, 422, 'library.derived_widget_mismatch');
    expect(mismatch.body.msg).toContain('radio/select');
    refused(await post('/dcap/sys/derivedField/save', { ...body, fieldName: 'PPCAT', group: 'ORDINAL_VARIABLES', widget: { ...widget, type: 'radio' } }), 422, 'library.derived_options_required');
    refused(await post('/dcap/sys/derivedField/save', { ...body, fieldName: 'LONG', expression: 'x'.repeat(201) }), 400, 'request.invalid');
    // A formula the engine cannot read is refused with its reason in the caller's language.
    const unreadable = await post('/dcap/sys/derivedField/save', { ...body, fieldName: 'BAD', expression: '[SYSBP] - ' }, study.admin.token, 'en-US');
    refused(unreadable, 422, 'library.derived_formula_invalid');
    expect(unreadable.body.msg).toMatch(/^The formula cannot be read: /);
    ok(await post('/dcap/sys/derivedField/save', { ...body, id: created.id, expression: 'abs([SYSBP]-[DIABP])' }));
    const listed = ok(await get('/dcap/sys/derivedField/list?group=CONTINUOUS_VARIABLES&keyword=abs(', study.admin.token)) as { fieldName: string }[];
    expect(listed.map((f) => f.fieldName)).toEqual(['PP']);
    ok(await post('/dcap/sys/derivedField/delete', { id: created.id }));
    expect((await auditRows('derived_field')).map((row) => row.action)).toEqual(['derived_field.create', 'derived_field.update', 'derived_field.delete']);
  });
});
