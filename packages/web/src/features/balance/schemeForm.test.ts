import { describe, expect, it } from 'vitest';
import { schemeSettingsSchema } from '@dcap/core';
import type { SchemeSettings } from '@dcap/core';
import { emptySchemeForm, formFieldOf, fromSettings, toSettings, validateSchemeForm } from './schemeForm';
import type { FieldName, SchemeFormValues } from './schemeForm';

const label = (name: FieldName) => name.join('/');

function form(overrides: Partial<SchemeFormValues> = {}): SchemeFormValues {
  return {
    ...emptySchemeForm(),
    name: 'Main',
    treatmentPhase: 'Treatment',
    arms: [
      { code: 'A', name: '试验组', nameEn: 'Active', ratio: 2 },
      { code: 'B', name: '对照组', nameEn: '', ratio: 1 },
    ],
    blockSizes: [6],
    factors: [
      {
        code: 'SEX',
        name: '性别',
        nameEn: 'Sex',
        options: [
          { code: 'M', label: '男', labelEn: 'Male' },
          { code: 'F', label: '女', labelEn: 'Female' },
        ],
        sourceInstrumentId: 7,
        sourceModel: 'sex',
      },
    ],
    ...overrides,
  };
}

describe('the scheme designer form, checked by core', () => {
  it('turns a valid stratified block design into the settings core accepts, without empty English names', () => {
    const checked = validateSchemeForm(form(), 'en-US', label);
    expect(checked.problems).toEqual([]);
    expect(checked.settings?.scheme).toMatchObject({ method: 'stratifiedBlocks', blockSizes: [6], stratifyBySite: true, tableSize: 100 });
    expect(checked.settings?.scheme.arms[1]).toEqual({ code: 'B', name: '对照组', ratio: 1 });
    expect(checked.settings?.factorSources).toEqual({ SEX: { instrumentId: 7, model: 'sex' } });
  });

  it('puts core’s block-size rule on the block size, in the caller’s language, naming the field by its label', () => {
    const problems = validateSchemeForm(form({ blockSizes: [6, 4] }), 'en-US', () => 'Block size 2').problems;
    expect(problems).toEqual([{ name: ['blockSizes', 1], message: 'Block size 2 must be a multiple of the sum of the arm ratios, 3' }]);
    const zh = validateSchemeForm(form({ blockSizes: [4] }), 'zh-CN', () => '区组长度 1').problems;
    expect(zh).toEqual([{ name: ['blockSizes', 0], message: '区组长度 1 须为各组比例之和 3 的整数倍' }]);
  });

  it('reports repeated codes and reserved factor codes on their fields', () => {
    const values = form({ arms: [{ code: 'A', name: '甲', ratio: 1 }, { code: 'a', name: '乙', ratio: 1 }], blockSizes: [4] });
    values.factors = values.factors.map((factor) => ({ ...factor, code: 'site' }));
    const names = validateSchemeForm(values, 'en-US', label).problems.map((problem) => problem.name.join('.'));
    expect(names).toEqual(expect.arrayContaining(['arms.1.code', 'factors.0.code']));
  });

  it('leaves out what another method would refuse: a simple scheme sends no factors or block sizes', () => {
    const settings = schemeSettingsSchema.parse(toSettings(form({ method: 'simple' })));
    expect(settings.scheme).not.toHaveProperty('factors');
    expect(settings.scheme).not.toHaveProperty('blockSizes');
    expect(settings.factorSources).toEqual({});
  });

  it('sends minimisation weights by factor code and for the site, and maps their problems back', () => {
    const values = form({ method: 'minimisation', includeSite: true, siteWeight: 2, probability: 0.9 });
    values.factors = values.factors.map((factor) => ({ ...factor, weight: 3 }));
    const checked = validateSchemeForm(values, 'en-US', label);
    expect(checked.settings?.scheme).toMatchObject({ method: 'minimisation', weights: { SEX: 3, site: 2 }, probability: 0.9, includeSite: true });
    expect(formFieldOf(['scheme', 'weights', 'SEX'], values)).toEqual(['factors', 0, 'weight']);
    expect(formFieldOf(['scheme', 'weights', 'site'], values)).toEqual(['siteWeight']);
    expect(formFieldOf(['scheme', 'randomNumber', 'width'], values)).toEqual(['width']);
    expect(formFieldOf(['factorSources', 'SEX', 'model'], values)).toEqual(['factors', 0, 'sourceModel']);
  });

  it('reads a saved scheme back into the same form', () => {
    const settings: SchemeSettings = schemeSettingsSchema.parse(toSettings(form()));
    const again = fromSettings('Main', settings);
    expect(schemeSettingsSchema.parse(toSettings(again))).toEqual(settings);
    expect(again.factors[0]).toMatchObject({ sourceInstrumentId: 7, sourceModel: 'sex' });
  });
});
