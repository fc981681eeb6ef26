import type { Generated, Selectable } from 'kysely';

/** Menu settings of /sys/menu (migration 0032; docs/decisions.md "Menu settings"). */
export interface MenuSettingsTable {
  menu_key: string;
  sort: number | null;
  always: boolean | null;
  enabled: boolean;
  title_zh: string | null;
  title_en: string | null;
  updated_by: number;
  updated_at: Generated<Date>;
}
export type MenuSettingRecord = Selectable<MenuSettingsTable>;

/** Role permissions of the editable system roles (migration 0032; docs/decisions.md "Role permissions of system roles"). */
export interface SysRoleRightsTable {
  sys_role: string;
  action: string;
  granted: boolean;
  updated_by: number;
  updated_at: Generated<Date>;
}
