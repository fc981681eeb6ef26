import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES } from '@dcap/core';
import type { Locale } from '@dcap/core';
import { zhCN } from './zh-CN';
import { enUS } from './en-US';

export const catalogues: Record<Locale, typeof zhCN> = { 'zh-CN': zhCN, 'en-US': enUS };

/** Narrows a free string (stored preference, i18next's language) to one of the two platform locales. */
export function toLocale(value: string | null | undefined): Locale | null {
  return LOCALES.find((locale) => locale === value) ?? null;
}

/** The locale i18next currently renders, falling back to the platform default. */
export function currentLocale(i18n: I18n): Locale {
  return toLocale(i18n.language) ?? DEFAULT_LOCALE;
}

/**
 * One i18next instance per application (and per test), never the shared global, so two rendered apps
 * cannot change each other's language. Resources are bundled, so initialisation completes synchronously.
 */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: {
      'zh-CN': { translation: catalogues['zh-CN'] },
      'en-US': { translation: catalogues['en-US'] },
    },
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    initAsync: false,
    // React escapes rendered text already.
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}
