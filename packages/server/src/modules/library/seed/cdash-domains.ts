import type { Widget } from '@dcap/core';
import * as dict from './cdash-dicts.js';
import { choiceWidget, dateWidget, numberWidget, textWidget, textareaWidget, timeWidget } from './widgets.js';

/**
 * The standard variable library seeded with CDASH domains (issue deliverable 5; spec 001 §3.8 Domain). Each
 * variable keeps its CDASH name as widget key; labels and completion instructions are given in both
 * languages, written for this platform.
 */
export interface SeedDomain {
  domain: string;
  description: string;
  descriptionEn: string;
}

export interface SeedVariable {
  domain: string;
  fieldName: string;
  fieldAnnotation: string;
  instruction: string;
  instructionEn: string;
  widget: Widget;
}

export const CDASH_DOMAINS: SeedDomain[] = [
  { domain: 'DM', description: '人口学资料', descriptionEn: 'Demographics' },
  { domain: 'VS', description: '生命体征', descriptionEn: 'Vital Signs' },
  { domain: 'AE', description: '不良事件', descriptionEn: 'Adverse Events' },
  { domain: 'CM', description: '既往及合并用药', descriptionEn: 'Prior and Concomitant Medications' },
  { domain: 'MH', description: '病史', descriptionEn: 'Medical History' },
  { domain: 'LB', description: '实验室检查', descriptionEn: 'Laboratory Test Results' },
  { domain: 'EX', description: '研究药物暴露', descriptionEn: 'Exposure' },
  { domain: 'DS', description: '受试者处置', descriptionEn: 'Disposition' },
  { domain: 'IE', description: '入选/排除标准', descriptionEn: 'Inclusion/Exclusion Criteria' },
];

/** One variable; `annotation` names the SDTM target the value maps to (shown on the variable select). */
function v(domain: string, annotation: string, instruction: [string, string], widget: Widget): SeedVariable {
  return { domain, fieldName: widget.key, fieldAnnotation: annotation, instruction: instruction[0], instructionEn: instruction[1], widget: { ...widget, options: { ...widget.options, domain } } };
}

const DATE_HINT: [string, string] = ['按 YYYY-MM-DD 格式记录日期。', 'Record the date as YYYY-MM-DD.'];
const PARTIAL_DATE_HINT: [string, string] = ['记录已知的年月（YYYY-MM）。', 'Record the known year and month (YYYY-MM).'];

export const CDASH_VARIABLES: SeedVariable[] = [
  // DM
  v('DM', 'DM.RFICDTC', ['记录受试者签署知情同意书的日期。', 'Record the date the subject signed the informed consent.'], dateWidget('RFICDAT', { zh: '知情同意日期', en: 'Date of informed consent' })),
  v('DM', 'DM.BRTHDTC', ['记录受试者的出生日期。', 'Record the subject’s date of birth.'], dateWidget('BRTHDAT', { zh: '出生日期', en: 'Date of birth' })),
  v('DM', 'DM.AGE', ['记录知情同意时的年龄（周岁）。', 'Record the age in completed years at consent.'], numberWidget('AGE', { zh: '年龄', en: 'Age' }, { dataType: 'integer', min: 0, max: 150, annotation: '岁' })),
  v('DM', 'DM.SEX', ['记录受试者的生理性别。', 'Record the subject’s biological sex.'], choiceWidget('radio', 'SEX', { zh: '性别', en: 'Sex' }, dict.SEX)),
  v('DM', 'DM.ETHNIC', ['按受试者自述记录。', 'Record as reported by the subject.'], choiceWidget('radio', 'ETHNIC', { zh: '民族', en: 'Ethnicity' }, dict.ETHNIC)),
  v('DM', 'DM.RACE', ['可多选，按受试者自述记录。', 'Tick all that apply, as reported by the subject.'], choiceWidget('checkbox', 'RACE', { zh: '种族', en: 'Race' }, dict.RACE)),
  v('DM', 'SUPPDM.RACEOTH', ['种族选择“其他”时请注明。', 'Specify when race is Other.'], textWidget('RACEOTH', { zh: '其他种族，请注明', en: 'Other race, specify' })),
  // VS
  v('VS', 'VS.VSSTAT', ['未进行生命体征检查时选“否”。', 'Select No when vital signs were not measured.'], choiceWidget('radio', 'VSPERF', { zh: '是否进行生命体征检查', en: 'Vital signs performed' }, dict.YES_NO)),
  v('VS', 'VS.VSDTC', DATE_HINT, dateWidget('VSDAT', { zh: '检查日期', en: 'Date of measurement' })),
  v('VS', 'VS.VSDTC', ['按 24 小时制记录时间。', 'Record the time on a 24-hour clock.'], timeWidget('VSTIM', { zh: '检查时间', en: 'Time of measurement' })),
  v('VS', 'VS.VSORRES WHERE VSTESTCD=HEIGHT', ['不穿鞋测量，单位厘米。', 'Measured without shoes, in centimetres.'], numberWidget('HEIGHT', { zh: '身高', en: 'Height' }, { min: 30, max: 250, precision: 1, annotation: 'cm' })),
  v('VS', 'VS.VSORRES WHERE VSTESTCD=WEIGHT', ['穿轻便衣物测量，单位千克。', 'Measured in light clothing, in kilograms.'], numberWidget('WEIGHT', { zh: '体重', en: 'Weight' }, { min: 1, max: 300, precision: 1, annotation: 'kg' })),
  v('VS', 'VS.VSORRES WHERE VSTESTCD=SYSBP', ['静坐 5 分钟后测量。', 'Measured after 5 minutes seated.'], numberWidget('SYSBP', { zh: '收缩压', en: 'Systolic blood pressure' }, { dataType: 'integer', min: 40, max: 300, annotation: 'mmHg' })),
  v('VS', 'VS.VSORRES WHERE VSTESTCD=DIABP', ['静坐 5 分钟后测量。', 'Measured after 5 minutes seated.'], numberWidget('DIABP', { zh: '舒张压', en: 'Diastolic blood pressure' }, { dataType: 'integer', min: 20, max: 200, annotation: 'mmHg' })),
  v('VS', 'VS.VSORRES WHERE VSTESTCD=PULSE', ['静坐时测量 1 分钟。', 'Counted for one minute, seated.'], numberWidget('PULSE', { zh: '脉搏', en: 'Pulse rate' }, { dataType: 'integer', min: 20, max: 250, annotation: '次/分' })),
  v('VS', 'VS.VSORRES WHERE VSTESTCD=RESP', ['静息时计数 1 分钟。', 'Counted for one minute at rest.'], numberWidget('RESP', { zh: '呼吸', en: 'Respiratory rate' }, { dataType: 'integer', min: 5, max: 80, annotation: '次/分' })),
  v('VS', 'VS.VSORRES WHERE VSTESTCD=TEMP', ['记录腋温，单位摄氏度。', 'Record the axillary temperature in degrees Celsius.'], numberWidget('TEMP', { zh: '体温', en: 'Temperature' }, { min: 30, max: 45, precision: 1, annotation: '℃' })),
  // AE
  v('AE', 'AE.AETERM', ['使用医学术语记录一个诊断，无法诊断时记录症状或体征。', 'Record one diagnosis in medical terms; if none, the sign or symptom.'], textWidget('AETERM', { zh: '不良事件名称', en: 'Adverse event term' }, { required: true })),
  v('AE', 'AE.AESTDTC', DATE_HINT, dateWidget('AESTDAT', { zh: '开始日期', en: 'Start date' })),
  v('AE', 'AE.AEENDTC', ['事件持续时不填写，并勾选“持续”。', 'Leave blank while ongoing and tick Ongoing.'], dateWidget('AEENDAT', { zh: '结束日期', en: 'End date' })),
  v('AE', 'AE.AEENRF', ['研究结束时事件仍未结束选“是”。', 'Select Yes if the event continues at the end of the study.'], choiceWidget('radio', 'AEONGO', { zh: '是否持续', en: 'Ongoing' }, dict.YES_NO)),
  v('AE', 'AE.AESEV', ['按事件最严重时的程度记录。', 'Record the worst intensity of the event.'], choiceWidget('radio', 'AESEV', { zh: '严重程度', en: 'Severity' }, dict.SEVERITY)),
  v('AE', 'AE.AETOXGR', ['按 CTCAE 分级记录。', 'Record the CTCAE grade.'], choiceWidget('select', 'AETOXGR', { zh: 'CTCAE 分级', en: 'Toxicity grade' }, dict.TOXICITY_GRADE)),
  v('AE', 'AE.AESER', ['符合严重不良事件标准时选“是”，并在 24 小时内报告。', 'Select Yes if serious and report within 24 hours.'], choiceWidget('radio', 'AESER', { zh: '是否为严重不良事件', en: 'Serious event' }, dict.YES_NO)),
  v('AE', 'AE.AEREL', ['由研究者判断。', 'As judged by the investigator.'], choiceWidget('radio', 'AEREL', { zh: '与研究药物的关系', en: 'Relationship to study drug' }, dict.RELATIONSHIP)),
  v('AE', 'AE.AEACN', ['记录因该事件对研究药物采取的措施。', 'Record the action taken with study drug for this event.'], choiceWidget('select', 'AEACN', { zh: '采取的措施', en: 'Action taken' }, dict.ACTION_TAKEN)),
  v('AE', 'AE.AEOUT', ['记录最后一次评估时的转归。', 'Record the outcome at the last assessment.'], choiceWidget('select', 'AEOUT', { zh: '转归', en: 'Outcome' }, dict.OUTCOME)),
  // CM
  v('CM', 'CM.CMTRT', ['记录药物通用名。', 'Record the generic name of the medication.'], textWidget('CMTRT', { zh: '药物名称', en: 'Medication' }, { required: true })),
  v('CM', 'CM.CMINDC', ['记录用药原因。', 'Record why the medication was taken.'], textWidget('CMINDC', { zh: '用药原因', en: 'Indication' })),
  v('CM', 'CM.CMDOSE', ['记录单次剂量。', 'Record the dose per administration.'], numberWidget('CMDOSE', { zh: '单次剂量', en: 'Dose' }, { min: 0 })),
  v('CM', 'CM.CMDOSU', ['选择剂量单位。', 'Select the dose unit.'], choiceWidget('select', 'CMDOSU', { zh: '剂量单位', en: 'Dose unit' }, dict.DOSE_UNIT)),
  v('CM', 'CM.CMDOSFRQ', ['选择给药频率。', 'Select the dosing frequency.'], choiceWidget('select', 'CMDOSFRQ', { zh: '给药频率', en: 'Frequency' }, dict.FREQUENCY)),
  v('CM', 'CM.CMROUTE', ['选择给药途径。', 'Select the route of administration.'], choiceWidget('select', 'CMROUTE', { zh: '给药途径', en: 'Route' }, dict.ROUTE)),
  v('CM', 'CM.CMSTDTC', DATE_HINT, dateWidget('CMSTDAT', { zh: '开始日期', en: 'Start date' })),
  v('CM', 'CM.CMENDTC', ['仍在使用时不填写，并勾选“持续”。', 'Leave blank while ongoing and tick Ongoing.'], dateWidget('CMENDAT', { zh: '结束日期', en: 'End date' })),
  v('CM', 'CM.CMENRF', ['研究结束时仍在用药选“是”。', 'Select Yes if still taken at the end of the study.'], choiceWidget('radio', 'CMONGO', { zh: '是否持续', en: 'Ongoing' }, dict.YES_NO)),
  // MH
  v('MH', 'MH.MHTERM', ['记录一个既往或现患疾病。', 'Record one past or current condition.'], textWidget('MHTERM', { zh: '疾病名称', en: 'Medical history term' }, { required: true })),
  v('MH', 'MH.MHSTDTC', PARTIAL_DATE_HINT, dateWidget('MHSTDAT', { zh: '开始日期', en: 'Start date' }, 'YYYY-MM')),
  v('MH', 'MH.MHENDTC', PARTIAL_DATE_HINT, dateWidget('MHENDAT', { zh: '结束日期', en: 'End date' }, 'YYYY-MM')),
  v('MH', 'MH.MHENRF', ['疾病目前仍存在选“是”。', 'Select Yes if the condition is ongoing.'], choiceWidget('radio', 'MHONGO', { zh: '是否持续', en: 'Ongoing' }, dict.YES_NO)),
  // LB
  v('LB', 'LB.LBDTC', ['记录采样日期。', 'Record the date the sample was taken.'], dateWidget('LBDAT', { zh: '采样日期', en: 'Collection date' })),
  v('LB', 'LB.LBTEST', ['记录检查项目名称。', 'Record the name of the test.'], textWidget('LBTEST', { zh: '检查项目', en: 'Lab test' })),
  v('LB', 'LB.LBORRES', ['按化验单原样记录结果。', 'Record the result as reported.'], textWidget('LBORRES', { zh: '结果', en: 'Result' })),
  v('LB', 'LB.LBORRESU', ['选择结果单位。', 'Select the unit of the result.'], choiceWidget('select', 'LBORRESU', { zh: '单位', en: 'Unit' }, dict.LAB_UNIT)),
  v('LB', 'LB.LBORNRLO', ['记录参考范围下限。', 'Record the lower limit of the reference range.'], numberWidget('LBORNRLO', { zh: '参考值下限', en: 'Reference range lower limit' })),
  v('LB', 'LB.LBORNRHI', ['记录参考范围上限。', 'Record the upper limit of the reference range.'], numberWidget('LBORNRHI', { zh: '参考值上限', en: 'Reference range upper limit' })),
  v('LB', 'SUPPLB.LBCLSIG', ['结果异常时由研究者判断是否有临床意义。', 'For an abnormal result the investigator judges its clinical significance.'], choiceWidget('radio', 'LBCLSIG', { zh: '临床意义', en: 'Clinical significance' }, dict.LAB_CLINICAL_SIGNIFICANCE)),
  // EX
  v('EX', 'EX.EXTRT', ['记录研究药物名称。', 'Record the name of the study treatment.'], textWidget('EXTRT', { zh: '研究药物', en: 'Study treatment' })),
  v('EX', 'EX.EXDOSE', ['记录实际给药剂量。', 'Record the dose actually given.'], numberWidget('EXDOSE', { zh: '剂量', en: 'Dose' }, { min: 0 })),
  v('EX', 'EX.EXDOSU', ['选择剂量单位。', 'Select the dose unit.'], choiceWidget('select', 'EXDOSU', { zh: '剂量单位', en: 'Dose unit' }, dict.DOSE_UNIT)),
  v('EX', 'EX.EXROUTE', ['选择给药途径。', 'Select the route of administration.'], choiceWidget('select', 'EXROUTE', { zh: '给药途径', en: 'Route' }, dict.ROUTE)),
  v('EX', 'EX.EXSTDTC', DATE_HINT, dateWidget('EXSTDAT', { zh: '开始日期', en: 'Start date' })),
  v('EX', 'EX.EXENDTC', DATE_HINT, dateWidget('EXENDAT', { zh: '结束日期', en: 'End date' })),
  // DS
  v('DS', 'DS.DSDECOD', ['选择受试者结束研究的主要原因。', 'Select the main reason the subject ended the study.'], choiceWidget('select', 'DSDECOD', { zh: '研究结束原因', en: 'Disposition reason' }, dict.DISPOSITION)),
  v('DS', 'DS.DSTERM', ['原因为“其他”时请注明。', 'Specify when the reason is Other.'], textareaWidget('DSTERM', { zh: '原因说明', en: 'Reason, specify' })),
  v('DS', 'DS.DSSTDTC', DATE_HINT, dateWidget('DSSTDAT', { zh: '结束日期', en: 'Date of disposition' })),
  // IE
  v('IE', 'IE.IECAT', ['选择未满足标准的类别。', 'Select the category of the criterion not met.'], choiceWidget('radio', 'IECAT', { zh: '标准类别', en: 'Criterion category' }, dict.IE_CATEGORY)),
  v('IE', 'IE.IETESTCD', ['记录方案中的标准编号，如 IN01、EX03。', 'Record the criterion number from the protocol, such as IN01 or EX03.'], textWidget('IETESTCD', { zh: '标准编号', en: 'Criterion identifier' }, { maxlength: 8 })),
  v('IE', 'IE.IEORRES', ['受试者满足该条标准选“是”。', 'Select Yes if the subject meets the criterion.'], choiceWidget('radio', 'IEORRES', { zh: '是否满足', en: 'Criterion met' }, dict.YES_NO)),
  v('IE', 'DS.DSDECOD', ['满足全部入选标准且不符合任何排除标准时选“是”。', 'Select Yes if all inclusion and no exclusion criteria apply.'], choiceWidget('radio', 'IEYN', { zh: '是否符合全部入排标准', en: 'All eligibility criteria met' }, dict.YES_NO)),
];
