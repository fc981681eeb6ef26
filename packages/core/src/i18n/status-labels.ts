import type { CodingState } from '../coding/index.js';
import type { QueryStatus } from '../queries/rules.js';
import type { FieldStatus } from '../records/field-state.js';
import type { PanelStatus } from '../records/panel-status.js';
import type { SubjectStatus } from '../subjects/status.js';
import type { Locale } from './locale.js';

/**
 * The names of the study statuses (spec 002 §4 data status, query and subject states) in both languages:
 * one wording for the screens, the exported files and the CRF PDFs, so a status reads the same wherever it
 * is seen.
 */
export interface StatusLabels {
  panel: Record<PanelStatus, string>;
  /** A field's status; an empty status is `notEntered`. */
  field: Record<Exclude<FieldStatus, ''>, string>;
  notEntered: string;
  frozen: string;
  query: Record<QueryStatus, string>;
  subject: Record<SubjectStatus, string>;
  /** A coded value's state against its coding (docs/decisions.md "Coding library"). */
  coding: Record<CodingState, string>;
}

export const STATUS_LABELS: Record<Locale, StatusLabels> = {
  'zh-CN': {
    panel: { EXPIRED: '未录入', INCOMPLETE: '录入中', COMPLETED: '已完成', VERIFIED: '已核查', REVIEWED: '已审核', FROZEN: '已冻结', SIGNED: '已签名', LOCKED: '已锁定', NOT_CHECKED: '未查' },
    field: { ENTERING: '录入中', COMPLETED: '已完成', VERIFIED: '已核查', REVIEWED: '已审核', SIGNED: '已签名', LOCKED: '已锁定' },
    notEntered: '未录入',
    frozen: '已冻结',
    query: { OPEN: '待回复', ANSWERED: '已回复', CLOSED: '已关闭', AUTO_CLOSED: '自动关闭', CANCELED: '已取消' },
    subject: {
      RECORD_STATUS_PRESCREEN: '预筛选',
      RECORD_STATUS_SCREENING: '筛选中',
      SCREEN_SUCCESS: '筛选成功',
      SCREEN_FAILURE: '筛选失败',
      ARMED: '已入组',
      TESTING: '治疗中',
      TEST_FIX: '完成试验',
      TEST_EXIT: '退出试验',
      DEL: '已删除',
    },
    coding: { uncoded: '未编码', coded: '已编码', needsRecoding: '需重新编码' },
  },
  'en-US': {
    panel: { EXPIRED: 'Not entered', INCOMPLETE: 'Entering', COMPLETED: 'Completed', VERIFIED: 'Verified', REVIEWED: 'Reviewed', FROZEN: 'Frozen', SIGNED: 'Signed', LOCKED: 'Locked', NOT_CHECKED: 'Not checked' },
    field: { ENTERING: 'Entering', COMPLETED: 'Completed', VERIFIED: 'Verified', REVIEWED: 'Reviewed', SIGNED: 'Signed', LOCKED: 'Locked' },
    notEntered: 'Not entered',
    frozen: 'Frozen',
    query: { OPEN: 'Pending reply', ANSWERED: 'Replied', CLOSED: 'Closed', AUTO_CLOSED: 'Auto-closed', CANCELED: 'Canceled' },
    subject: {
      RECORD_STATUS_PRESCREEN: 'Pre-screening',
      RECORD_STATUS_SCREENING: 'Screening',
      SCREEN_SUCCESS: 'Screening passed',
      SCREEN_FAILURE: 'Screening failed',
      ARMED: 'Enrolled',
      TESTING: 'On treatment',
      TEST_FIX: 'Completed',
      TEST_EXIT: 'Withdrawn',
      DEL: 'Deleted',
    },
    coding: { uncoded: 'Not coded', coded: 'Coded', needsRecoding: 'Needs recoding' },
  },
};
