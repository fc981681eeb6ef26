import type { ProjectStatus } from '@dcap/core';
import { sql } from 'kysely';
import type { Database, ProjectRow, ProjectsTable, StatusChangeApplicationsTable } from '../../db/schema.js';
import type { Expression, ExpressionBuilder, Insertable, SqlBool, Updateable } from 'kysely';
import type { Executor } from '../audit/repo.js';

export async function findProject(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findProjectForUpdate(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The project's status under a share lock: a status change cannot commit until the reading transaction ends. */
export async function lockProjectStatus(db: Executor, id: number): Promise<ProjectStatus> {
  const row = await db.selectFrom('projects').select('status').where('id', '=', id).forShare().executeTakeFirstOrThrow();
  return row.status;
}

export async function insertProject(db: Executor, values: Insertable<ProjectsTable>): Promise<ProjectRow> {
  return db.insertInto('projects').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateProject(db: Executor, id: number, values: Updateable<ProjectsTable>): Promise<ProjectRow> {
  return db
    .updateTable('projects')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertProjectAdmin(db: Executor, projectId: number, userId: number, grantedBy: number | null, at: Date): Promise<void> {
  await db.insertInto('project_admins').values({ project_id: projectId, user_id: userId, granted_by: grantedBy, granted_at: at }).execute();
}

/** A project row the user takes part in: as one of its administrators or through an active role. */
export function takesPartIn(eb: ExpressionBuilder<Database, 'projects'>, userId: number): Expression<SqlBool> {
  return eb.or([
    eb.exists(eb.selectFrom('project_admins').select('user_id').whereRef('project_id', '=', 'projects.id').where('user_id', '=', userId)),
    eb.exists(
      eb.selectFrom('role_assignments').select('id').whereRef('project_id', '=', 'projects.id').where('user_id', '=', userId).where('revoked_at', 'is', null),
    ),
  ]);
}

/**
 * Projects a user takes part in: as project administrator or through an active role. Platform
 * administrators see every project when `everything` is set.
 */
export async function listProjects(
  db: Executor,
  options: { userId: number; everything: boolean; statuses: readonly ProjectStatus[]; keyword?: string | undefined },
): Promise<ProjectRow[]> {
  let query = db.selectFrom('projects').selectAll().where('status', 'in', [...options.statuses]);
  if (!options.everything) {
    query = query.where((eb) => takesPartIn(eb, options.userId));
  }
  if (options.keyword) {
    const pattern = `%${options.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('code', 'ilike', pattern), eb('name', 'ilike', pattern), eb('name_en', 'ilike', pattern)]));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function isProjectAdmin(db: Executor, projectId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('project_admins').select('user_id').where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The ids of the projects this user administers, in one query (the workplace list needs them all). */
export async function projectsAdministeredBy(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('project_admins').select('project_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.project_id));
}

/** Status-change applications of a project (one, when `id` is given), newest first, with who applied and decided. */
export async function loadApplications(db: Executor, projectId: number, id?: number) {
  let query = db
    .selectFrom('status_change_applications as a')
    .innerJoin('users as applicant', 'applicant.id', 'a.applied_by')
    .leftJoin('users as decider', 'decider.id', 'a.decided_by')
    .selectAll('a')
    .select(['applicant.username as applied_by_name', 'decider.username as decided_by_name'])
    .where('a.project_id', '=', projectId);
  if (id !== undefined) query = query.where('a.id', '=', id);
  return query.orderBy('a.id', 'desc').execute();
}

export async function insertApplication(db: Executor, values: Insertable<StatusChangeApplicationsTable>): Promise<number> {
  return (await db.insertInto('status_change_applications').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function findApplicationForUpdate(db: Executor, projectId: number, id: number) {
  return db.selectFrom('status_change_applications').selectAll().where('id', '=', id).where('project_id', '=', projectId).forUpdate().executeTakeFirst();
}

export async function decideApplication(db: Executor, id: number, values: Updateable<StatusChangeApplicationsTable>): Promise<void> {
  await db.updateTable('status_change_applications').set(values).where('id', '=', id).execute();
}
