import type { DerivedFieldGroup, DictItem, Widget } from '@dcap/core';
import { SEVERITY, YES_NO } from './cdash-dicts.js';
import { BMI_EXPRESSION } from './templates.js';
import { choiceWidget, computedWidget, numberWidget } from './widgets.js';

/**
 * Derived fields seeded in the three groups of spec 001 §3.8, written in the formula language of
 * docs/formulas.md. Categorical and ordinal results are codes that match the computed widget's options.
 */
export interface SeedDerived {
  group: DerivedFieldGroup;
  fieldLabel: string;
  fieldLabelEn: string;
  fieldName: string;
  expression: string;
  description: string;
  descriptionEn: string;
  widget: Widget;
}

const coded = (items: [string, string, string][]): { key: string; items: DictItem[] } => ({
  key: '',
  items: items.map(([value, label, labelEn]) => ({ key: value, value, label, labelEn })),
});

function derived(group: DerivedFieldGroup, label: [string, string], expression: string, description: [string, string], widget: Widget): SeedDerived {
  return {
    group,
    fieldLabel: label[0],
    fieldLabelEn: label[1],
    fieldName: widget.key,
    expression,
    description: description[0],
    descriptionEn: description[1],
    widget: computedWidget(widget, expression),
  };
}

function numeric(name: string, label: [string, string], unit: string, precision: number): Widget {
  return numberWidget(name, { zh: label[0], en: label[1] }, { precision, ...(unit ? { annotation: unit } : {}) });
}

function radio(name: string, label: [string, string], options: { key: string; items: DictItem[] }): Widget {
  // Computed codes are the derived field's own, not a dictionary's: the widget names no dictType.
  const widget = choiceWidget('radio', name, { zh: label[0], en: label[1] }, options);
  const own = { ...widget.options };
  delete own.dictType;
  return { ...widget, options: own };
}

const BMI: [string, string] = ['体重指数', 'Body mass index'];
const BSA: [string, string] = ['体表面积', 'Body surface area'];
const AGE_AT_CONSENT: [string, string] = ['知情同意时年龄', 'Age at informed consent'];
const EGFR: [string, string] = ['估算肾小球滤过率', 'Estimated glomerular filtration rate'];
const MAP: [string, string] = ['平均动脉压', 'Mean arterial pressure'];
const AE_DURATION: [string, string] = ['不良事件持续天数', 'Adverse event duration'];
const BMI_CATEGORY: [string, string] = ['BMI 分类', 'BMI category'];
const FEVER: [string, string] = ['是否发热', 'Fever'];
const HYPERTENSION: [string, string] = ['血压是否升高', 'Raised blood pressure'];
const AGE_GROUP: [string, string] = ['年龄组', 'Age group'];
const BP_GRADE: [string, string] = ['高血压分级', 'Hypertension grade'];
const SEVERITY_GRADE: [string, string] = ['严重程度等级', 'Severity grade'];

export const SEED_DERIVED: SeedDerived[] = [
  derived('CONTINUOUS_VARIABLES', BMI, BMI_EXPRESSION, ['体重(kg)除以身高(m)的平方，保留 1 位小数。', 'Weight (kg) over height (m) squared, one decimal.'], numeric('BMI', BMI, 'kg/m^2', 1)),
  derived('CONTINUOUS_VARIABLES', BSA, 'round(sqrt([HEIGHT]*[WEIGHT]/3600), 2)', ['Mosteller 公式，保留 2 位小数。', 'Mosteller formula, two decimals.'], numeric('BSA', BSA, 'm^2', 2)),
  derived('CONTINUOUS_VARIABLES', AGE_AT_CONSENT, 'age([BRTHDAT], [RFICDAT])', ['出生日期至知情同意日期的周岁。', 'Completed years from birth to informed consent.'], numeric('AGECONS', AGE_AT_CONSENT, '岁', 0)),
  derived(
    'CONTINUOUS_VARIABLES',
    EGFR,
    "round(175*[CREAT]^(-1.154)*[AGE]^(-0.203)*if([SEX]='F', 0.742, 1), 1)",
    ['MDRD 公式；血肌酐 CREAT 单位 mg/dL。', 'MDRD equation; serum creatinine CREAT in mg/dL.'],
    numeric('EGFR', EGFR, 'mL/min/1.73m^2', 1),
  ),
  derived('CONTINUOUS_VARIABLES', MAP, 'round(([SYSBP]+2*[DIABP])/3, 0)', ['(收缩压 + 2×舒张压) / 3。', '(Systolic + 2 × diastolic) / 3.'], numeric('MAP', MAP, 'mmHg', 0)),
  derived('CONTINUOUS_VARIABLES', AE_DURATION, "datediff([AESTDAT], [AEENDAT], 'd')+1", ['开始日期至结束日期的天数（含首尾）。', 'Days from start to end date, both included.'], numeric('AEDUR', AE_DURATION, '天', 0)),
  derived(
    'CATEGORICAL_VARIABLES',
    BMI_CATEGORY,
    "if([BMI]<18.5, '1', if([BMI]<24, '2', if([BMI]<28, '3', '4')))",
    ['按中国成人标准：<18.5 偏瘦，18.5–23.9 正常，24–27.9 超重，≥28 肥胖。', 'Chinese adult cut-offs: <18.5 underweight, 18.5–23.9 normal, 24–27.9 overweight, ≥28 obese.'],
    radio('BMICAT', BMI_CATEGORY, coded([['1', '偏瘦', 'Underweight'], ['2', '正常', 'Normal'], ['3', '超重', 'Overweight'], ['4', '肥胖', 'Obese']])),
  ),
  derived('CATEGORICAL_VARIABLES', FEVER, "if([TEMP]>=37.3, 'Y', 'N')", ['腋温 ≥37.3℃ 为发热。', 'Axillary temperature of 37.3 ℃ or more.'], radio('FEVER', FEVER, YES_NO)),
  derived('CATEGORICAL_VARIABLES', HYPERTENSION, "if([SYSBP]>=140 or [DIABP]>=90, 'Y', 'N')", ['收缩压 ≥140 或舒张压 ≥90 mmHg。', 'Systolic 140 or more, or diastolic 90 mmHg or more.'], radio('HTNYN', HYPERTENSION, YES_NO)),
  derived(
    'CATEGORICAL_VARIABLES',
    AGE_GROUP,
    "if([AGE]<18, '1', if([AGE]<65, '2', '3'))",
    ['<18 岁、18–64 岁、≥65 岁。', 'Under 18, 18 to 64, 65 and over.'],
    radio('AGEGRP', AGE_GROUP, coded([['1', '<18 岁', 'Under 18'], ['2', '18–64 岁', '18 to 64'], ['3', '≥65 岁', '65 and over']])),
  ),
  derived(
    'ORDINAL_VARIABLES',
    BP_GRADE,
    "if([SYSBP]>=180 or [DIABP]>=110, '3', if([SYSBP]>=160 or [DIABP]>=100, '2', if([SYSBP]>=140 or [DIABP]>=90, '1', '0')))",
    ['按中国高血压指南分级：0 未达高血压，1–3 级。', 'Graded by the Chinese hypertension guideline: 0 none, grades 1 to 3.'],
    radio('BPGRADE', BP_GRADE, coded([['0', '未达高血压', 'None'], ['1', '1 级', 'Grade 1'], ['2', '2 级', 'Grade 2'], ['3', '3 级', 'Grade 3']])),
  ),
  derived(
    'ORDINAL_VARIABLES',
    SEVERITY_GRADE,
    "if([AESEV]='MILD', '1', if([AESEV]='MODERATE', '2', if([AESEV]='SEVERE', '3', '')))",
    ['轻度 1、中度 2、重度 3。', 'Mild 1, moderate 2, severe 3.'],
    radio('AESEVN', SEVERITY_GRADE, coded(SEVERITY.items.map((item, index) => [String(index + 1), item.label, item.labelEn ?? item.label]))),
  ),
];
