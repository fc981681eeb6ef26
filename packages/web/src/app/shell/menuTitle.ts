import type { TFunction } from 'i18next';
import type { MenuItem } from '@dcap/core';

/**
 * A menu entry's title in the interface language: the title a platform administrator set on /sys/menu for
 * that language when there is one (docs/decisions.md "Menu settings"), the catalogue's otherwise.
 */
export function menuTitle(item: Pick<MenuItem, 'titleKey' | 'titleZh' | 'titleEn'>, t: TFunction, language: string): string {
  const custom = language === 'en-US' ? item.titleEn : item.titleZh;
  return custom ?? t(item.titleKey);
}
