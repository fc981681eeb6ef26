import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE } from '@dcap/core';
import type { Locale } from '@dcap/core';
import { storageKey } from '../app/storage';
import { toLocale } from './index';

const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** The language chosen earlier on this browser (spec 000 §3 key `pro__app_language`), else zh-CN. */
export function readStoredLocale(storage: Storage): Locale {
  return toLocale(storage.getItem(storageKey('language'))) ?? DEFAULT_LOCALE;
}

/** Dates shown by dayjs (and antd's pickers, which use dayjs) follow the interface language. */
export function applyDayjsLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALES[locale]);
}

/**
 * Switches the interface language: i18next re-renders the texts (and, through the providers, antd's
 * locale), dayjs follows, and the choice is remembered. The API client reads the language on every call,
 * so the next request already carries the new Accept-Language.
 */
export async function switchLocale(i18n: I18n, storage: Storage, locale: Locale): Promise<void> {
  storage.setItem(storageKey('language'), locale);
  applyDayjsLocale(locale);
  await i18n.changeLanguage(locale);
}
