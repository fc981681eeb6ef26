import type { Locale } from '@dcap/core';

/** English readers see the English name when the user has one. */
export function displayName(user: { name: string; nameEn: string | null }, locale: Locale): string {
  return locale === 'en-US' && user.nameEn ? user.nameEn : user.name;
}

/** Projects, sites and environments carry an optional English name (`eName`), shown to English readers. */
export function localName(item: { name: string; eName: string | null }, locale: Locale): string {
  return locale === 'en-US' && item.eName ? item.eName : item.name;
}
