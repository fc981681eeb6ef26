/**
 * Reasons for changing a saved value (spec 002 §5 "A reason for modification must be chosen"; COMPLIANCE
 * AT-2). The design has no project dictionary for them, so the list is fixed here in both languages; the
 * save also takes free text, required with OTHER.
 */
export const CHANGE_REASONS = [
  { code: 'TRANSCRIPTION_ERROR', 'zh-CN': '录入错误', 'en-US': 'Transcription error' },
  { code: 'SOURCE_CORRECTED', 'zh-CN': '原始资料更正', 'en-US': 'Source document corrected' },
  { code: 'QUERY_RESPONSE', 'zh-CN': '答复质疑', 'en-US': 'Response to a query' },
  { code: 'LATE_DATA', 'zh-CN': '补充数据', 'en-US': 'Data received late' },
  { code: 'OTHER', 'zh-CN': '其他', 'en-US': 'Other' },
] as const;

export type ChangeReasonCode = (typeof CHANGE_REASONS)[number]['code'];
export const CHANGE_REASON_CODES = CHANGE_REASONS.map((reason) => reason.code) as [ChangeReasonCode, ...ChangeReasonCode[]];

/** Longest free text of a reason. */
export const CHANGE_REASON_TEXT_MAX = 500;

/** Whether a reason is complete: a known code, and text when the code is OTHER. */
export function reasonComplete(reason: { code: string; text?: string | null | undefined } | undefined): boolean {
  if (!reason || !(CHANGE_REASON_CODES as readonly string[]).includes(reason.code)) return false;
  return reason.code !== 'OTHER' || (reason.text ?? '').trim().length > 0;
}

/** The reason as the audit row keeps it: the code's wording in both languages and the free text. */
export function reasonText(reason: { code: string; text?: string | null | undefined }): string {
  const known = CHANGE_REASONS.find((candidate) => candidate.code === reason.code);
  const label = known ? `${known.code} ${known['zh-CN']} / ${known['en-US']}` : reason.code;
  const text = (reason.text ?? '').trim();
  return text ? `${label}: ${text}` : label;
}
