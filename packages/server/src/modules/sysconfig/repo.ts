import { sql } from 'kysely';
import type { MenuSettingRecord } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import { SESSION_CHANNEL, SYS_ROLE_RIGHTS_PAYLOAD } from '../auth/session-cache.js';

/** SQL of the menu settings and the system roles' permissions (migration 0032; spec 000 §2.2 /sys/menu). */

export function listMenuSettings(db: Executor): Promise<MenuSettingRecord[]> {
  return db.selectFrom('menu_settings').selectAll().orderBy('menu_key').execute();
}

/** Holds off other saves of the menu settings until this transaction ends, so each save audits what it replaced. */
export async function lockMenuSettings(db: Executor): Promise<void> {
  await sql`LOCK TABLE menu_settings IN EXCLUSIVE MODE`.execute(db);
}

export async function upsertMenuSetting(
  db: Executor,
  values: { menu_key: string; sort: number | null; always: boolean | null; enabled: boolean; title_zh: string | null; title_en: string | null; updated_by: number; updated_at: Date },
): Promise<void> {
  await db
    .insertInto('menu_settings')
    .values(values)
    .onConflict((oc) =>
      oc.column('menu_key').doUpdateSet({
        sort: values.sort,
        always: values.always,
        enabled: values.enabled,
        title_zh: values.title_zh,
        title_en: values.title_en,
        updated_by: values.updated_by,
        updated_at: values.updated_at,
      }),
    )
    .execute();
}

export async function deleteMenuSettings(db: Executor, keys?: readonly string[]): Promise<void> {
  if (keys && keys.length === 0) return;
  let query = db.deleteFrom('menu_settings');
  if (keys) query = query.where('menu_key', 'in', [...keys]);
  await query.execute();
}

export function listSysRoleRights(db: Executor): Promise<{ sys_role: string; action: string; granted: boolean }[]> {
  return db.selectFrom('sys_role_rights').select(['sys_role', 'action', 'granted']).execute();
}

/** Holds off other saves of the role permissions until this transaction ends (no lost update of the matrix). */
export async function lockSysRoleRights(db: Executor): Promise<void> {
  await sql`LOCK TABLE sys_role_rights IN EXCLUSIVE MODE`.execute(db);
}

export async function upsertSysRoleRights(db: Executor, rows: { sys_role: string; action: string; granted: boolean; updated_by: number; updated_at: Date }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('sys_role_rights')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['sys_role', 'action']).doUpdateSet((eb) => ({
        granted: eb.ref('excluded.granted'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Tells every instance to forget the role permissions it holds once the transaction commits. */
export async function announceSysRoleRightsChange(db: Executor): Promise<void> {
  await sql`SELECT pg_notify(${SESSION_CHANNEL}, ${SYS_ROLE_RIGHTS_PAYLOAD})`.execute(db);
}
