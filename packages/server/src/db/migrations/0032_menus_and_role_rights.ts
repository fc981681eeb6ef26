import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Menu settings and the role permissions of system roles (spec 000 §2.2 /sys/menu and "role permissions";
 * docs/decisions.md "Menu settings", "Role permissions of system roles").
 *
 * `menu_settings`: what a platform administrator changed on an entry of the code's menu tree, keyed by the
 * entry's key; a null column keeps the code's value, and an entry with no row is as the code defines it.
 *
 * `sys_role_rights`: whether an editable system role holds a platform function; a function with no row keeps
 * its default (core `DEFAULT_SYS_ROLE_RIGHTS`). `admin` always holds everything and has no rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE menu_settings (
      menu_key text PRIMARY KEY,
      sort integer CONSTRAINT menu_settings_sort_check CHECK (sort BETWEEN 0 AND 99999),
      always boolean,
      enabled boolean NOT NULL DEFAULT true,
      title_zh text,
      title_en text,
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE sys_role_rights (
      sys_role text NOT NULL CONSTRAINT sys_role_rights_role_check CHECK (sys_role IN ('systemAdmin', 'projectAdmin')),
      action text NOT NULL,
      granted boolean NOT NULL,
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (sys_role, action)
    )`.execute(db);
}
