import type { Locale } from '@dcap/core';

/** English readers see the English name when the user has one. */
export function displayName(user: { name: string; nameEn: string | null }, locale: Locale): string {
  return locale === 'en-US' && user.nameEn ? user.nameEn : user.name;
}
