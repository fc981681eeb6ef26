import type { RandomisationSchemeInput } from './scheme.js';
import { randomisationSchemeSchema } from './scheme.js';

/** Schemes the tests share: a 2:1 trial of treatment and control, stratified by age group and sex. */
export const ARMS_2_TO_1 = [
  { code: 'T', name: '试验组', nameEn: 'Treatment', ratio: 2 },
  { code: 'C', name: '对照组', nameEn: 'Control', ratio: 1 },
];

export const UNDER_65 = { code: '1', label: '< 65 岁', labelEn: 'Under 65' };
export const OVER_65 = { code: '2', label: '≥ 65 岁', labelEn: '65 or over' };
export const AGE = { code: 'AGE', name: '年龄', nameEn: 'Age', options: [UNDER_65, OVER_65] };

export const MALE = { code: 'M', label: '男', labelEn: 'Male' };
export const FEMALE = { code: 'F', label: '女', labelEn: 'Female' };
export const SEX = { code: 'SEX', name: '性别', nameEn: 'Sex', options: [MALE, FEMALE] };

export const ECOG = {
  code: 'ECOG',
  name: 'ECOG 评分',
  options: [
    { code: '0', label: '0' },
    { code: '1', label: '1' },
    { code: '2', label: '2' },
  ],
};

export function scheme(input: RandomisationSchemeInput) {
  return randomisationSchemeSchema.parse(input);
}

export function tableScheme(input: RandomisationSchemeInput) {
  const parsed = scheme(input);
  if (parsed.method === 'minimisation') throw new Error('a table scheme was expected');
  return parsed;
}

export function minimisationScheme(input: Omit<Extract<RandomisationSchemeInput, { method: 'minimisation' }>, 'method'>) {
  const parsed = scheme({ method: 'minimisation', ...input });
  if (parsed.method !== 'minimisation') throw new Error('a minimisation scheme was expected');
  return parsed;
}

export const SITES = ['SITE01', 'SITE02', 'SITE03'];
