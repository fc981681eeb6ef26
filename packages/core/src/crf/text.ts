import type { Locale } from '../i18n/locale.js';
import { STATUS_LABELS } from '../i18n/status-labels.js';
import type { QueryStatus } from '../queries/rules.js';
import type { FieldStatus, InactiveType } from '../records/field-state.js';
import type { PanelStatus } from '../records/panel-status.js';
import type { SubjectStatus } from '../subjects/status.js';
import type { CrfDataType } from './annotations.js';

/**
 * The words printed in CRF PDFs (spec 002 §3 export module "CRF report"), in both languages. A PDF is read
 * away from the platform, so it carries its own wording rather than screen keys.
 */
export interface CrfText {
  blankTitle: string;
  casebookTitle: string;
  project: string;
  environment: string;
  designVersion: string;
  draft: string;
  generatedAt: string;
  contents: string;
  visit: string;
  panel: string;
  pageOf: string;
  emptyDesign: string;
  emptyPanel: string;
  required: string;
  variable: string;
  dataType: string;
  codes: string;
  formula: string;
  condition: string;
  unit: string;
  range: string;
  row: string;
  noData: string;
  yes: string;
  no: string;
  noVisits: string;
  subject: string;
  platformNo: string;
  subjectCode: string;
  initials: string;
  site: string;
  status: string;
  screeningNo: string;
  randomNo: string;
  consentDate: string;
  enrolledAt: string;
  fieldStatus: string;
  frozen: string;
  inactive: string;
  signatures: string;
  signer: string;
  meaning: string;
  signedAt: string;
  reason: string;
  signatureScope: Record<'panel' | 'event' | 'subject', string>;
  queries: string;
  queryRaisedBy: string;
  confidential: string;
  dataTypes: Record<CrfDataType, string>;
  fieldStatuses: Record<Exclude<FieldStatus, ''>, string>;
  notEntered: string;
  inactiveTypes: Record<InactiveType, string>;
  queryStatuses: Record<QueryStatus, string>;
  queryActions: Record<'raise' | 'answer' | 'close' | 'cancel' | 'autoClose' | 'reopen', string>;
  panelStatuses: Record<PanelStatus, string>;
  subjectStatuses: Record<SubjectStatus, string>;
}

const ZH: CrfText = {
  blankTitle: '空白注释病例报告表（CRF）',
  casebookTitle: '受试者病例报告表',
  project: '项目',
  environment: '环境',
  designVersion: '设计版本',
  draft: '开发草稿',
  generatedAt: '生成时间',
  contents: '目录（访视 × 表单）',
  visit: '访视',
  panel: '表单',
  pageOf: '第 {n} 页 / 共 {m} 页',
  emptyDesign: '此设计中没有访视或表单。',
  emptyPanel: '此表单没有字段。',
  required: '* 必填',
  variable: '变量',
  dataType: '类型',
  codes: '编码',
  formula: '公式',
  condition: '显示条件',
  unit: '单位',
  range: '范围',
  row: '行',
  noData: '未录入数据',
  yes: '是',
  no: '否',
  noVisits: '该受试者尚无访视。',
  subject: '受试者',
  platformNo: '平台编号',
  subjectCode: '受试者编号',
  initials: '姓名缩写',
  site: '中心',
  status: '状态',
  screeningNo: '筛选号',
  randomNo: '随机号',
  consentDate: '知情同意日期',
  enrolledAt: '入组时间',
  fieldStatus: '字段状态',
  frozen: '已冻结',
  inactive: '失活',
  signatures: '电子签名',
  signer: '签名人',
  meaning: '签名含义',
  signedAt: '签名时间',
  reason: '原因',
  signatureScope: { panel: '表单签名', event: '访视签名', subject: '受试者签名' },
  queries: '质疑',
  queryRaisedBy: '发起人',
  confidential: '本文件包含临床研究数据，请妥善保管。',
  dataTypes: {
    text: '文本',
    integer: '整数',
    float: '小数',
    number: '数值',
    date: '日期',
    time: '时间',
    code: '单选编码',
    codes: '多选编码',
    boolean: '是/否',
    file: '文件',
    score: '评分',
    colour: '颜色',
    table: '表格',
  },
  fieldStatuses: STATUS_LABELS['zh-CN'].field,
  notEntered: STATUS_LABELS['zh-CN'].notEntered,
  inactiveTypes: { ND: '未检测', NA: '不适用', IE: '录入错误', OTHER: '其他' },
  queryStatuses: STATUS_LABELS['zh-CN'].query,
  queryActions: { raise: '发起', answer: '回复', close: '关闭', cancel: '取消', autoClose: '自动关闭', reopen: '重新打开' },
  panelStatuses: STATUS_LABELS['zh-CN'].panel,
  subjectStatuses: STATUS_LABELS['zh-CN'].subject,
};

const EN: CrfText = {
  blankTitle: 'Blank annotated case report form (CRF)',
  casebookTitle: 'Subject casebook',
  project: 'Study',
  environment: 'Environment',
  designVersion: 'Design version',
  draft: 'Development draft',
  generatedAt: 'Generated at',
  contents: 'Contents (visit × panel)',
  visit: 'Visit',
  panel: 'Panel',
  pageOf: 'Page {n} of {m}',
  emptyDesign: 'This design has no visits or panels.',
  emptyPanel: 'This panel has no fields.',
  required: '* required',
  variable: 'Variable',
  dataType: 'Type',
  codes: 'Codes',
  formula: 'Formula',
  condition: 'Shown when',
  unit: 'Unit',
  range: 'Range',
  row: 'Row',
  noData: 'No data entered',
  yes: 'Yes',
  no: 'No',
  noVisits: 'The subject has no visits yet.',
  subject: 'Subject',
  platformNo: 'Platform number',
  subjectCode: 'Subject code',
  initials: 'Initials',
  site: 'Site',
  status: 'Status',
  screeningNo: 'Screening number',
  randomNo: 'Randomisation number',
  consentDate: 'Informed consent date',
  enrolledAt: 'Enrolled at',
  fieldStatus: 'Field status',
  frozen: 'Frozen',
  inactive: 'Inactive',
  signatures: 'Electronic signatures',
  signer: 'Signer',
  meaning: 'Meaning',
  signedAt: 'Signed at',
  reason: 'Reason',
  signatureScope: { panel: 'Panel signature', event: 'Visit signature', subject: 'Subject signature' },
  queries: 'Queries',
  queryRaisedBy: 'Raised by',
  confidential: 'This document holds clinical study data; keep it confidential.',
  dataTypes: {
    text: 'text',
    integer: 'integer',
    float: 'decimal',
    number: 'number',
    date: 'date',
    time: 'time',
    code: 'code',
    codes: 'codes (multiple)',
    boolean: 'yes/no',
    file: 'file',
    score: 'score',
    colour: 'colour',
    table: 'table',
  },
  fieldStatuses: STATUS_LABELS['en-US'].field,
  notEntered: STATUS_LABELS['en-US'].notEntered,
  inactiveTypes: { ND: 'Not detected', NA: 'Not applicable', IE: 'Input error', OTHER: 'Other' },
  queryStatuses: STATUS_LABELS['en-US'].query,
  queryActions: { raise: 'Raised', answer: 'Answered', close: 'Closed', cancel: 'Canceled', autoClose: 'Auto-closed', reopen: 'Reopened' },
  panelStatuses: STATUS_LABELS['en-US'].panel,
  subjectStatuses: STATUS_LABELS['en-US'].subject,
};

export const CRF_TEXT: Record<Locale, CrfText> = { 'zh-CN': ZH, 'en-US': EN };

/** Fills `{name}` placeholders of a CRF text. */
export function crfFormat(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
