import type { Locale } from '../i18n/locale.js';
import { interpolate } from '../i18n/locale.js';

/**
 * The texts of the messages sent to subjects and typed addresses (spec 002 §2 panel header buttons;
 * docs/decisions.md "Subject questionnaires"), rendered in the receiver's language before they are queued.
 */
const TEXTS = {
  'invitation.subject': { 'zh-CN': '{project}：请填写{visit}问卷', 'en-US': '{project}: please fill in the {visit} questionnaire' },
  'invitation.body': {
    'zh-CN': '您好！请于 {expires} 前打开以下链接填写研究“{project}”{visit}的问卷：\n{url}\n链接仅供您本人使用，请勿转发。',
    'en-US': 'Hello! Please open this link before {expires} to fill in the {visit} questionnaire of the study “{project}”:\n{url}\nThe link is for you alone; please do not forward it.',
  },
  'record.subject': { 'zh-CN': '{project}：受试者 {subject} {visit} {panel}', 'en-US': '{project}: subject {subject}, {visit}, {panel}' },
  'record.intro': {
    'zh-CN': '研究“{project}”受试者 {subject} 在{visit}的表单“{panel}”的数据（导出于 {at}，不含隐藏和设盲字段）：',
    'en-US': 'The data of the form “{panel}” of subject {subject} at {visit} in the study “{project}” (as of {at}; hidden and blinded fields left out):',
  },
  blank: { 'zh-CN': '（空）', 'en-US': '(empty)' },
} as const satisfies Record<string, Record<Locale, string>>;

export type SurveyTextKey = keyof typeof TEXTS;

export function surveyText(key: SurveyTextKey, locale: Locale, params: Record<string, string | number> = {}): string {
  return interpolate(TEXTS[key][locale], params);
}
