import type { Panel, Widget } from '@dcap/core';
import { DEFAULT_LABEL_COL, DEFAULT_LABEL_POSITION } from '@dcap/core';
import { CDASH_VARIABLES } from './cdash-domains.js';
import { alertWidget, computedWidget, gridWidget, numberWidget, tableWidget } from './widgets.js';

/** Panel templates seeded from the standard variables (spec 001 §2.1 panel library select). */
export interface SeedTemplate {
  name: string;
  nameEn: string;
  nameAbbr: string;
  description: string;
  descriptionEn: string;
  panel: Panel;
}

function variable(name: string): Widget {
  const found = CDASH_VARIABLES.find((item) => item.fieldName === name);
  if (!found) throw new Error(`unknown seed variable ${name}`);
  return structuredClone(found.widget);
}

const panel = (list: Widget[]): Panel => ({ list, config: { labelWidth: DEFAULT_LABEL_COL, labelPosition: DEFAULT_LABEL_POSITION } });

export const BMI_EXPRESSION = 'round([WEIGHT]/(([HEIGHT]/100)^2), 1)';

export const SEED_TEMPLATES: SeedTemplate[] = [
  {
    name: '知情同意',
    nameEn: 'Informed Consent',
    nameAbbr: 'IC',
    description: '知情同意日期及版本确认',
    descriptionEn: 'Date of informed consent',
    panel: panel([
      alertWidget('ALERT_IC', { zh: '提示', en: 'Note' }, { zh: '受试者须在任何研究程序前签署知情同意书。', en: 'The subject signs the informed consent before any study procedure.' }),
      variable('RFICDAT'),
    ]),
  },
  {
    name: '人口学资料',
    nameEn: 'Demographics',
    nameAbbr: 'DM',
    description: '出生日期、年龄、性别、民族、种族',
    descriptionEn: 'Date of birth, age, sex, ethnicity, race',
    panel: panel([variable('BRTHDAT'), variable('AGE'), variable('SEX'), variable('ETHNIC'), variable('RACE'), variable('RACEOTH')]),
  },
  {
    name: '生命体征',
    nameEn: 'Vital Signs',
    nameAbbr: 'VS',
    description: '身高、体重、BMI、血压、脉搏、呼吸、体温',
    descriptionEn: 'Height, weight, BMI, blood pressure, pulse, respiration, temperature',
    panel: panel([
      variable('VSDAT'),
      variable('HEIGHT'),
      variable('WEIGHT'),
      computedWidget(numberWidget('BMI', { zh: '体重指数', en: 'Body mass index' }, { precision: 1, annotation: 'kg/m^2' }), BMI_EXPRESSION),
      gridWidget('GRID_BP', [[variable('SYSBP')], [variable('DIABP')]]),
      variable('PULSE'),
      variable('RESP'),
      variable('TEMP'),
    ]),
  },
  {
    name: '不良事件',
    nameEn: 'Adverse Events',
    nameAbbr: 'AE',
    description: '不良事件记录表（可重复行）',
    descriptionEn: 'Adverse event log (repeatable rows)',
    panel: panel([
      tableWidget('AE_LOG', { zh: '不良事件记录', en: 'Adverse event log' }, ['AETERM', 'AESTDAT', 'AEENDAT', 'AESEV', 'AESER', 'AEREL', 'AEOUT'].map(variable)),
    ]),
  },
  {
    name: '合并用药',
    nameEn: 'Concomitant Medications',
    nameAbbr: 'CM',
    description: '既往及合并用药记录表（可重复行）',
    descriptionEn: 'Prior and concomitant medication log (repeatable rows)',
    panel: panel([
      tableWidget('CM_LOG', { zh: '合并用药记录', en: 'Concomitant medication log' }, ['CMTRT', 'CMINDC', 'CMDOSE', 'CMDOSU', 'CMDOSFRQ', 'CMROUTE', 'CMSTDAT', 'CMENDAT'].map(variable)),
    ]),
  },
  {
    name: '入选/排除标准',
    nameEn: 'Inclusion/Exclusion Criteria',
    nameAbbr: 'IE',
    description: '是否符合入排标准，以及未满足的标准',
    descriptionEn: 'Eligibility, and the criteria not met',
    panel: panel([
      variable('IEYN'),
      tableWidget('IE_LOG', { zh: '未满足的标准', en: 'Criteria not met' }, ['IECAT', 'IETESTCD', 'IEORRES'].map(variable)),
    ]),
  },
];
