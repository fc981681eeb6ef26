import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import type { MenuDefault, MenuSetting } from '../shell/menus.js';
import { menuDefaults } from '../shell/menus.js';
import { codeText, safeText } from '../validation/text.js';

/**
 * The menu settings of /sys/menu (spec 000 §2.2: "entries marked always are always shown; entries are ordered
 * by a sort value"; docs/decisions.md "Menu settings"): per entry a sort, the always flag, whether it is shown
 * at all, and titles in both languages over the code's definitions.
 */

export const MENU_SORT_MAX = 99_999;
export const MENU_TITLE_MAX = 50;

const title = () => safeText().max(MENU_TITLE_MAX).nullable();

export const menuSettingInputSchema = z.strictObject({
  key: codeText().min(1).max(64),
  sort: z.number().int().min(0).max(MENU_SORT_MAX),
  always: z.boolean(),
  enabled: z.boolean(),
  titleZh: title(),
  titleEn: title(),
});
export type MenuSettingInput = z.infer<typeof menuSettingInputSchema>;

/** The save call: the entries changed on the screen (any others keep what they have). */
export const menuSettingsSaveSchema = z.strictObject({ entries: z.array(menuSettingInputSchema).min(1).max(500) });
export type MenuSettingsSave = z.infer<typeof menuSettingsSaveSchema>;

export interface MenuSettingRow {
  key: string;
  path: string;
  titleKey: string;
  hidden: boolean;
  defaultSort: number;
  defaultAlways: boolean;
  sort: number;
  always: boolean;
  enabled: boolean;
  titleZh: string | null;
  titleEn: string | null;
  alwaysAllowed: boolean;
  disableAllowed: boolean;
  /** Something is stored for this entry (it differs from the code's defaults). */
  customised: boolean;
  children?: MenuSettingRow[];
}
export const menuSettingRowSchema: z.ZodType<MenuSettingRow> = z.lazy(() =>
  z.object({
    key: z.string(),
    path: z.string(),
    titleKey: z.string(),
    hidden: z.boolean(),
    defaultSort: z.number(),
    defaultAlways: z.boolean(),
    sort: z.number(),
    always: z.boolean(),
    enabled: z.boolean(),
    titleZh: z.string().nullable(),
    titleEn: z.string().nullable(),
    alwaysAllowed: z.boolean(),
    disableAllowed: z.boolean(),
    customised: z.boolean(),
    children: z.array(menuSettingRowSchema).optional(),
  }),
);
export const menuSettingTreeSchema = z.array(menuSettingRowSchema);

function flatten(defaults: readonly MenuDefault[]): MenuDefault[] {
  return defaults.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

/** Every entry of the code's tree by key. */
export function menuDefaultsByKey(): Map<string, MenuDefault> {
  return new Map(flatten(menuDefaults()).map((entry) => [entry.key, entry]));
}

function rows(defaults: readonly MenuDefault[], stored: ReadonlyMap<string, MenuSetting>): MenuSettingRow[] {
  return defaults
    .map((entry): MenuSettingRow => {
      const setting = stored.get(entry.key);
      const row: MenuSettingRow = {
        key: entry.key,
        path: entry.path,
        titleKey: entry.titleKey,
        hidden: entry.hidden,
        defaultSort: entry.sort,
        defaultAlways: entry.always,
        sort: setting?.sort ?? entry.sort,
        always: entry.alwaysAllowed && (setting?.always ?? entry.always),
        enabled: !entry.disableAllowed || (setting?.enabled ?? true),
        titleZh: setting?.titleZh ?? null,
        titleEn: setting?.titleEn ?? null,
        alwaysAllowed: entry.alwaysAllowed,
        disableAllowed: entry.disableAllowed,
        customised: setting !== undefined,
      };
      return entry.children ? { ...row, children: rows(entry.children, stored) } : row;
    })
    .sort((a, b) => a.sort - b.sort);
}

/** The tree /sys/menu shows: each entry's defaults and what is in force, sorted as the header sorts it. */
export function menuSettingTree(stored: readonly MenuSetting[]): MenuSettingRow[] {
  return rows(menuDefaults(), new Map(stored.map((setting) => [setting.key, setting])));
}

/**
 * Checks a save and turns it into what is stored: a value equal to the code's default is kept as null (so a
 * later change of the default applies), and an entry left entirely at its defaults is `null` (its row goes).
 */
export function menuSettingsToStore(entries: readonly MenuSettingInput[]): { key: string; setting: MenuSetting | null }[] {
  const defaults = menuDefaultsByKey();
  const seen = new Set<string>();
  return entries.map((entry) => {
    const { key } = entry;
    const definition = defaults.get(key);
    if (!definition) throw new AppError('menu.unknown_key', { key });
    if (seen.has(key)) throw new AppError('menu.duplicate_key', { key });
    seen.add(key);
    if (entry.always && !definition.alwaysAllowed) throw new AppError('menu.always_not_allowed', { key });
    if (!entry.enabled && !definition.disableAllowed) throw new AppError('menu.cannot_disable', { key });
    const setting: MenuSetting = {
      key,
      sort: entry.sort === definition.sort ? null : entry.sort,
      always: entry.always === definition.always ? null : entry.always,
      enabled: entry.enabled,
      titleZh: entry.titleZh === null || entry.titleZh === '' ? null : entry.titleZh,
      titleEn: entry.titleEn === null || entry.titleEn === '' ? null : entry.titleEn,
    };
    const atDefaults = setting.sort === null && setting.always === null && setting.enabled && setting.titleZh === null && setting.titleEn === null;
    return { key, setting: atDefaults ? null : setting };
  });
}
