import type { Executor } from '../audit/repo.js';

/** SQL of sending a study event: who holds which role, how each receiver is reached (migration 0025). */

export function projectNames(db: Executor, projectId: number) {
  return db.selectFrom('projects').select(['code', 'name', 'name_en']).where('id', '=', projectId).executeTakeFirst();
}

export async function envType(db: Executor, projectId: number, key: string): Promise<string | null> {
  const row = await db.selectFrom('project_envs').select('type').where('project_id', '=', projectId).where('key', '=', key).executeTakeFirst();
  return row?.type ?? null;
}

export function siteNames(db: Executor, siteId: number) {
  return db.selectFrom('project_sites').select(['name', 'name_en']).where('id', '=', siteId).executeTakeFirst();
}

export function userNames(db: Executor, userId: number) {
  return db.selectFrom('users').select(['name', 'name_en']).where('id', '=', userId).executeTakeFirst();
}

/** Every unrevoked grant of an enabled, undeleted role of the project, with both scopes and the role's alias. */
export function roleHolders(db: Executor, projectId: number) {
  return db
    .selectFrom('role_assignments as a')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .select(['a.user_id', 'a.role_id', 'r.alias', 'r.all_sites as role_all_sites', 'r.site_ids as role_site_ids', 'a.all_sites', 'a.site_ids'])
    .where('a.project_id', '=', projectId)
    .where('a.revoked_at', 'is', null)
    .where('r.enabled', '=', true)
    .where('r.deleted_at', 'is', null)
    .execute();
}
export type RoleHolderRow = Awaited<ReturnType<typeof roleHolders>>[number];

/** Active users among `ids` with their e-mail, language, notification preferences and official WeChat id. */
export async function receivers(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('user_preferences as p', 'p.user_id', 'u.id')
    .leftJoin('user_wechat_bindings as w', (join) => join.onRef('w.user_id', '=', 'u.id').on('w.kind', '=', 'official'))
    .select(['u.id', 'u.email', 'u.language', 'p.notifications', 'w.open_id'])
    .where('u.id', 'in', [...ids])
    .where('u.status', '=', 'active')
    .orderBy('u.id')
    .execute();
}
export type ReceiverRow = Awaited<ReturnType<typeof receivers>>[number];

export async function activePlatformAdminIds(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('admin', '=', true), eb('system_admin', '=', true)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function subjectCode(db: Executor, subjectId: number): Promise<string> {
  const row = await db.selectFrom('subjects').select(['subject_code', 'platform_no']).where('id', '=', subjectId).executeTakeFirst();
  return row?.subject_code ?? row?.platform_no ?? '';
}
