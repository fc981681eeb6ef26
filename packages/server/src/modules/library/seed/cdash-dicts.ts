import type { DictItem } from '@dcap/core';

/**
 * Platform dictionaries seeded with the library (spec 001 §3.8 Dictionary). The codes follow CDISC
 * controlled terminology where one exists, so coded data exports under the submission values.
 */
export interface SeedDict {
  key: string;
  value: string;
  valueEn: string;
  items: DictItem[];
}

const item = (value: string, label: string, labelEn: string): DictItem => ({ key: value, value, label, labelEn });

export const YES_NO: SeedDict = { key: 'NY', value: '是/否', valueEn: 'Yes/No', items: [item('Y', '是', 'Yes'), item('N', '否', 'No')] };

export const YES_NO_UNKNOWN: SeedDict = {
  key: 'NYU',
  value: '是/否/不详',
  valueEn: 'Yes/No/Unknown',
  items: [item('Y', '是', 'Yes'), item('N', '否', 'No'), item('U', '不详', 'Unknown')],
};

export const SEX: SeedDict = {
  key: 'SEX',
  value: '性别',
  valueEn: 'Sex',
  items: [item('M', '男', 'Male'), item('F', '女', 'Female')],
};

export const ETHNIC: SeedDict = {
  key: 'ETHNIC',
  value: '民族',
  valueEn: 'Ethnicity',
  items: [
    item('HISPANIC OR LATINO', '西班牙裔或拉丁裔', 'Hispanic or Latino'),
    item('NOT HISPANIC OR LATINO', '非西班牙裔或拉丁裔', 'Not Hispanic or Latino'),
    item('NOT REPORTED', '未报告', 'Not reported'),
    item('UNKNOWN', '不详', 'Unknown'),
  ],
};

export const RACE: SeedDict = {
  key: 'RACE',
  value: '种族',
  valueEn: 'Race',
  items: [
    item('ASIAN', '亚洲人', 'Asian'),
    item('WHITE', '白人', 'White'),
    item('BLACK OR AFRICAN AMERICAN', '黑人或非裔美国人', 'Black or African American'),
    item('AMERICAN INDIAN OR ALASKA NATIVE', '美洲印第安人或阿拉斯加原住民', 'American Indian or Alaska Native'),
    item('NATIVE HAWAIIAN OR OTHER PACIFIC ISLANDER', '夏威夷原住民或其他太平洋岛民', 'Native Hawaiian or other Pacific Islander'),
    item('OTHER', '其他', 'Other'),
  ],
};

export const SEVERITY: SeedDict = {
  key: 'AESEV',
  value: '严重程度',
  valueEn: 'Severity',
  items: [item('MILD', '轻度', 'Mild'), item('MODERATE', '中度', 'Moderate'), item('SEVERE', '重度', 'Severe')],
};

export const TOXICITY_GRADE: SeedDict = {
  key: 'TOXGR',
  value: 'CTCAE 分级',
  valueEn: 'CTCAE grade',
  items: [
    item('1', '1 级', 'Grade 1'),
    item('2', '2 级', 'Grade 2'),
    item('3', '3 级', 'Grade 3'),
    item('4', '4 级', 'Grade 4'),
    item('5', '5 级', 'Grade 5'),
  ],
};

export const RELATIONSHIP: SeedDict = {
  key: 'AEREL',
  value: '与研究药物的关系',
  valueEn: 'Relationship to study drug',
  items: [
    item('NOT RELATED', '无关', 'Not related'),
    item('UNLIKELY RELATED', '可能无关', 'Unlikely related'),
    item('POSSIBLY RELATED', '可能有关', 'Possibly related'),
    item('RELATED', '有关', 'Related'),
  ],
};

export const ACTION_TAKEN: SeedDict = {
  key: 'AEACN',
  value: '对研究药物采取的措施',
  valueEn: 'Action taken with study drug',
  items: [
    item('DOSE NOT CHANGED', '剂量未改变', 'Dose not changed'),
    item('DOSE REDUCED', '减量', 'Dose reduced'),
    item('DRUG INTERRUPTED', '暂停用药', 'Drug interrupted'),
    item('DRUG WITHDRAWN', '停药', 'Drug withdrawn'),
    item('NOT APPLICABLE', '不适用', 'Not applicable'),
  ],
};

export const OUTCOME: SeedDict = {
  key: 'AEOUT',
  value: '转归',
  valueEn: 'Outcome',
  items: [
    item('RECOVERED/RESOLVED', '痊愈', 'Recovered/resolved'),
    item('RECOVERING/RESOLVING', '好转', 'Recovering/resolving'),
    item('NOT RECOVERED/NOT RESOLVED', '未好转', 'Not recovered/not resolved'),
    item('RECOVERED/RESOLVED WITH SEQUELAE', '痊愈伴后遗症', 'Recovered/resolved with sequelae'),
    item('FATAL', '死亡', 'Fatal'),
    item('UNKNOWN', '不详', 'Unknown'),
  ],
};

export const ROUTE: SeedDict = {
  key: 'ROUTE',
  value: '给药途径',
  valueEn: 'Route of administration',
  items: [
    item('ORAL', '口服', 'Oral'),
    item('INTRAVENOUS', '静脉', 'Intravenous'),
    item('INTRAMUSCULAR', '肌肉注射', 'Intramuscular'),
    item('SUBCUTANEOUS', '皮下注射', 'Subcutaneous'),
    item('TOPICAL', '外用', 'Topical'),
    item('RESPIRATORY (INHALATION)', '吸入', 'Inhalation'),
    item('OTHER', '其他', 'Other'),
  ],
};

export const DOSE_UNIT: SeedDict = {
  key: 'UNIT_DOSE',
  value: '剂量单位',
  valueEn: 'Dose unit',
  items: [
    item('mg', 'mg', 'mg'),
    item('g', 'g', 'g'),
    item('ug', 'μg', 'μg'),
    item('mL', 'mL', 'mL'),
    item('IU', 'IU', 'IU'),
    item('TABLET', '片', 'Tablet'),
    item('CAPSULE', '粒', 'Capsule'),
  ],
};

export const FREQUENCY: SeedDict = {
  key: 'FREQ',
  value: '给药频率',
  valueEn: 'Dosing frequency',
  items: [
    item('QD', '每日一次', 'Once a day'),
    item('BID', '每日两次', 'Twice a day'),
    item('TID', '每日三次', 'Three times a day'),
    item('QID', '每日四次', 'Four times a day'),
    item('QW', '每周一次', 'Once a week'),
    item('PRN', '必要时', 'As needed'),
    item('ONCE', '单次', 'Once'),
  ],
};

export const LAB_UNIT: SeedDict = {
  key: 'UNIT_LAB',
  value: '实验室检查单位',
  valueEn: 'Laboratory unit',
  items: [
    item('10^9/L', '10^9/L', '10^9/L'),
    item('10^12/L', '10^12/L', '10^12/L'),
    item('g/L', 'g/L', 'g/L'),
    item('mmol/L', 'mmol/L', 'mmol/L'),
    item('umol/L', 'μmol/L', 'μmol/L'),
    item('U/L', 'U/L', 'U/L'),
    item('%', '%', '%'),
  ],
};

/** Spec 001 §3.8: the lab clinical significance options and their values. */
export const LAB_CLINICAL_SIGNIFICANCE: SeedDict = {
  key: 'LBCLSIG',
  value: '临床意义',
  valueEn: 'Clinical significance',
  items: [
    item('LBCLSIG_NORMAL', '正常', 'Normal'),
    item('LBCLSIG_ABNORMAL_NON_CLSIG', '异常无临床意义', 'Abnormal, not clinically significant'),
    item('LBCLSIG_ABNORMAL_CLSIG', '异常有临床意义', 'Abnormal, clinically significant'),
    item('LBCLSIG_NOT_TESTED', '未查', 'Not tested'),
  ],
};

export const DISPOSITION: SeedDict = {
  key: 'DSDECOD',
  value: '研究结束原因',
  valueEn: 'Disposition',
  items: [
    item('COMPLETED', '完成研究', 'Completed'),
    item('ADVERSE EVENT', '不良事件', 'Adverse event'),
    item('DEATH', '死亡', 'Death'),
    item('LOST TO FOLLOW-UP', '失访', 'Lost to follow-up'),
    item('PHYSICIAN DECISION', '研究者决定', 'Physician decision'),
    item('PROTOCOL DEVIATION', '违背方案', 'Protocol deviation'),
    item('WITHDRAWAL BY SUBJECT', '受试者撤回知情同意', 'Withdrawal by subject'),
    item('OTHER', '其他', 'Other'),
  ],
};

export const IE_CATEGORY: SeedDict = {
  key: 'IECAT',
  value: '入排标准类别',
  valueEn: 'Criterion category',
  items: [item('INCLUSION', '入选标准', 'Inclusion'), item('EXCLUSION', '排除标准', 'Exclusion')],
};

export const PLATFORM_DICTS: SeedDict[] = [
  YES_NO,
  YES_NO_UNKNOWN,
  SEX,
  ETHNIC,
  RACE,
  SEVERITY,
  TOXICITY_GRADE,
  RELATIONSHIP,
  ACTION_TAKEN,
  OUTCOME,
  ROUTE,
  DOSE_UNIT,
  FREQUENCY,
  LAB_UNIT,
  LAB_CLINICAL_SIGNIFICANCE,
  DISPOSITION,
  IE_CATEGORY,
];
