import type { EnvRow, ProjectRow } from '../../db/schema.js';
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

/** Per environment: enrolled subjects, screening failures and unclosed queries (deleted subjects left out). */
export async function headlineCounts(db: Executor, envIds: number[]): Promise<{ env_id: number; enrolled: number; failed: number; open_queries: number }[]> {
  if (envIds.length === 0) return [];
  const ids = sql.join(envIds.map((id) => sql`${id}`));
  const { rows } = await sql<{ env_id: number; enrolled: number; failed: number; open_queries: number }>`
    SELECT e.id AS env_id,
      (SELECT count(*)::int FROM subjects s WHERE s.env_id = e.id AND s.status <> 'DEL' AND s.enrolled_at IS NOT NULL) AS enrolled,
      (SELECT count(*)::int FROM subjects s WHERE s.env_id = e.id AND s.status = 'SCREEN_FAILURE') AS failed,
      (SELECT count(*)::int FROM queries q JOIN subjects s ON s.id = q.subject_id
        WHERE q.env_id = e.id AND s.status <> 'DEL' AND q.status IN ('OPEN', 'ANSWERED')) AS open_queries
    FROM project_envs e WHERE e.id IN (${ids})`.execute(db);
  return rows;
}

/** The sum of the sites' enrolment targets per project; no row when no site has one. */
export async function targets(db: Executor, projectIds: number[]): Promise<{ project_id: number; target: number }[]> {
  if (projectIds.length === 0) return [];
  const { rows } = await sql<{ project_id: number; target: number }>`
    SELECT project_id, sum(enrolment_target)::int AS target FROM project_sites
    WHERE project_id IN (${sql.join(projectIds.map((id) => sql`${id}`))}) AND enrolment_target IS NOT NULL
    GROUP BY project_id`.execute(db);
  return rows;
}
