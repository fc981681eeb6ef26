import type { Locale } from '../i18n/locale.js';
import { interpolate } from '../i18n/locale.js';

/**
 * The text of a visit reminder to a subject (spec 002 §3 push settings; docs/decisions.md "Visit
 * reminders"). A subject has no language setting, so one message carries both languages, Chinese first.
 */
export interface VisitReminderParams {
  visit: string;
  visitEn: string;
  site: string;
  siteEn: string;
  plannedDate: string;
  windowStart: string;
  windowEnd: string;
}

const TEXT: Record<Locale, { subject: string; body: string }> = {
  'zh-CN': {
    subject: '访视提醒：{visit}',
    body: '您好！您的“{visit}”访视计划于 {plannedDate} 进行（可在 {windowStart} 至 {windowEnd} 之间），请按时前往{site}。如已完成，请忽略本提醒。',
  },
  'en-US': {
    subject: 'Visit reminder: {visitEn}',
    body: 'Hello! Your visit “{visitEn}” is planned on {plannedDate} (any day from {windowStart} to {windowEnd}) at {siteEn}. If you have been already, please ignore this reminder.',
  },
};

export function renderVisitReminder(params: VisitReminderParams, locale: Locale): { subject: string; body: string } {
  const values = { ...params };
  return { subject: interpolate(TEXT[locale].subject, values), body: interpolate(TEXT[locale].body, values) };
}

/** Both languages in one message: the subject line joined with " / ", the bodies one after the other. */
export function renderBilingualVisitReminder(params: VisitReminderParams): { subject: string; body: string } {
  const zh = renderVisitReminder(params, 'zh-CN');
  const en = renderVisitReminder(params, 'en-US');
  return { subject: `${zh.subject} / ${en.subject}`, body: `${zh.body}\n\n${en.body}` };
}
