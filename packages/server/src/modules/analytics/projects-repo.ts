import type { AssignmentRow, EnvRow, ProjectRow, RoleRow } from '../../db/schema.js';
import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';

/** The projects of the cross-project view: all for a platform administrator, else those the user administers. */
export async function administeredProjects(db: Executor, userId: number, all: boolean): Promise<Pick<ProjectRow, 'id' | 'code' | 'name' | 'name_en' | 'status'>[]> {
  let query = db.selectFrom('projects').select(['id', 'code', 'name', 'name_en', 'status']);
  if (!all) query = query.where((eb) => eb.exists(eb.selectFrom('project_admins').select('user_id').whereRef('project_admins.project_id', '=', 'projects.id').where('project_admins.user_id', '=', userId)));
  return query.orderBy('code').orderBy('id').execute();
}

export async function envsOf(db: Executor, projectIds: number[]): Promise<EnvRow[]> {
  if (projectIds.length === 0) return [];
  return db.selectFrom('project_envs').selectAll().where('project_id', 'in', projectIds).execute();
}

/** The project ids and the member's live grants of enabled roles in each (roles deleted or grants revoked left out). */
export async function memberGrants(db: Executor, userId: number): Promise<{ role: RoleRow; grant: Pick<AssignmentRow, 'all_sites' | 'site_ids'> }[]> {
  const rows = await db
    .selectFrom('role_assignments as a')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .selectAll('r')
    .select(['a.all_sites as grant_all_sites', 'a.site_ids as grant_site_ids'])
    .where('a.user_id', '=', userId)
    .where('a.revoked_at', 'is', null)
    .where('r.enabled', '=', true)
    .where('r.deleted_at', 'is', null)
    .execute();
  return rows.map(({ grant_all_sites, grant_site_ids, ...role }) => ({ role, grant: { all_sites: grant_all_sites, site_ids: grant_site_ids } }));
}

export async function projectsByIds(db: Executor, ids: readonly number[]): Promise<Pick<ProjectRow, 'id' | 'code' | 'name' | 'name_en' | 'status'>[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('projects').select(['id', 'code', 'name', 'name_en', 'status']).where('id', 'in', [...ids]).orderBy('code').orderBy('id').execute();
}

/** The environment the user last chose in each project (spec 000 §4.4), which a session there would take. */
export async function lastChosenEnvs(db: Executor, userId: number, projectIds: readonly number[]): Promise<{ project_id: number; env: string }[]> {
  if (projectIds.length === 0) return [];
  return db.selectFrom('user_project_envs').select(['project_id', 'env']).where('user_id', '=', userId).where('project_id', 'in', [...projectIds]).execute();
}

/** Rows of (id, every site, site ids) for a VALUES list: each id counted over its own sites. */
function scopeValues(scopes: readonly { id: number; siteIds: readonly number[] | null }[]) {
  return sql.join(scopes.map((scope) => sql`(${scope.id}::int, ${scope.siteIds === null}::boolean, ${`{${(scope.siteIds ?? []).join(',')}}`}::int[])`));
}

/** One environment and the sites counted in it: null for every site. */
export interface CountScope {
  envId: number;
  siteIds: readonly number[] | null;
}

/**
 * Per environment: enrolled subjects, screening failures and unclosed queries within its scope's sites
 * (deleted subjects left out).
 */
export async function headlineCounts(db: Executor, scopes: readonly CountScope[]): Promise<{ env_id: number; enrolled: number; failed: number; open_queries: number }[]> {
  if (scopes.length === 0) return [];
  const values = scopeValues(scopes.map((scope) => ({ id: scope.envId, siteIds: scope.siteIds })));
  const { rows } = await sql<{ env_id: number; enrolled: number; failed: number; open_queries: number }>`
    WITH scope(env_id, every_site, site_ids) AS (VALUES ${values})
    SELECT sc.env_id,
      (SELECT count(*)::int FROM subjects s WHERE s.env_id = sc.env_id AND (sc.every_site OR s.site_id = ANY(sc.site_ids))
        AND s.status <> 'DEL' AND s.enrolled_at IS NOT NULL) AS enrolled,
      (SELECT count(*)::int FROM subjects s WHERE s.env_id = sc.env_id AND (sc.every_site OR s.site_id = ANY(sc.site_ids))
        AND s.status = 'SCREEN_FAILURE') AS failed,
      (SELECT count(*)::int FROM queries q JOIN subjects s ON s.id = q.subject_id
        WHERE q.env_id = sc.env_id AND (sc.every_site OR s.site_id = ANY(sc.site_ids))
        AND s.status <> 'DEL' AND q.status IN ('OPEN', 'ANSWERED')) AS open_queries
    FROM scope sc`.execute(db);
  return rows;
}

/** The sum of the enrolment targets of each project's sites within its scope; no row when no such site has one. */
export async function targets(db: Executor, scopes: readonly { projectId: number; siteIds: readonly number[] | null }[]): Promise<{ project_id: number; target: number }[]> {
  if (scopes.length === 0) return [];
  const values = scopeValues(scopes.map((scope) => ({ id: scope.projectId, siteIds: scope.siteIds })));
  const { rows } = await sql<{ project_id: number; target: number }>`
    WITH scope(project_id, every_site, site_ids) AS (VALUES ${values})
    SELECT p.project_id, sum(p.enrolment_target)::int AS target
    FROM project_sites p JOIN scope sc ON sc.project_id = p.project_id
    WHERE p.enrolment_target IS NOT NULL AND (sc.every_site OR p.id = ANY(sc.site_ids))
    GROUP BY p.project_id`.execute(db);
  return rows;
}
