import type { ProjectStatus } from '@dcap/core';
import { sql } from 'kysely';
import type { Database, EnvRow, ProjectExternalTestsTable, ProjectProcessConfigsTable, ProjectRow, ProjectsTable, StatusChangeApplicationsTable } from '../../db/schema.js';
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

/** What the lifecycle gates count: published versions, active sites, enabled roles with an active holder. */
export async function gateCounts(db: Executor, projectId: number): Promise<{ published: { n: string } | undefined; sites: { n: string } | undefined; roles: { n: string } | undefined }> {
  const published = await db
    .selectFrom('design_versions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  const sites = await db
    .selectFrom('project_sites')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  const roles = await db
    .selectFrom('project_roles as r')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('r.project_id', '=', projectId)
    .where('r.deleted_at', 'is', null)
    .where('r.enabled', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('role_assignments as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select('a.id')
          .whereRef('a.role_id', '=', 'r.id')
          .where('a.revoked_at', 'is', null)
          .where('u.status', '=', 'active'),
      ),
    )
    .executeTakeFirst();
  return { published, sites, roles };
}

/** Whether another active platform administrator exists who could decide an application instead. */
export async function anotherActiveAdmin(db: Executor, userId: number): Promise<boolean> {
  const others = await db
    .selectFrom('users')
    .select('id')
    .where('status', '=', 'active')
    .where('id', '<>', userId)
    .where((eb) => eb.or([eb('admin', '=', true), eb('system_admin', '=', true)]))
    .limit(1)
    .executeTakeFirst();
  return others !== undefined;
}

/** Pending applications to go online that the user did not make. */
export async function pendingOnlineApplications(db: Executor, userId: number) {
  return db
    .selectFrom('projects as p')
    .leftJoin('users as u', 'u.id', 'p.online_requested_by')
    .select(['p.id', 'p.code', 'p.name', 'p.name_en', 'p.status', 'p.online_request_reason', 'p.online_requested_at', 'p.online_requested_by', 'u.username'])
    .where('p.online_requested', '=', true)
    .where((eb) => eb.or([eb('p.online_requested_by', 'is', null), eb('p.online_requested_by', '<>', userId)]))
    .execute();
}

/** Pending status-change applications the user did not make. */
export async function pendingStatusChanges(db: Executor, userId: number) {
  return db
    .selectFrom('status_change_applications as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .innerJoin('users as u', 'u.id', 'a.applied_by')
    .select(['a.id', 'a.type', 'a.reason', 'a.applied_at', 'p.id as project_id', 'p.code', 'p.name', 'p.name_en', 'p.status', 'u.username'])
    .where('a.state', '=', 'pending')
    .where('a.applied_by', '<>', userId)
    .execute();
}

/** A project's saved audit steps with who saved them last. */
export async function findProcessConfig(db: Executor, projectId: number) {
  return db
    .selectFrom('project_process_configs as c')
    .innerJoin('users as u', 'u.id', 'c.updated_by')
    .select(['c.steps', 'c.updated_at', 'u.username as updated_by_name'])
    .where('c.project_id', '=', projectId)
    .executeTakeFirst();
}

export async function saveProcessConfig(db: Executor, values: Insertable<ProjectProcessConfigsTable>): Promise<void> {
  await db
    .insertInto('project_process_configs')
    .values(values)
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ steps: values.steps, updated_by: values.updated_by, updated_at: values.updated_at }))
    .execute();
}

export async function findProjectFileForUpdate(db: Executor, projectId: number, id: number) {
  return db.selectFrom('project_files').selectAll().where('id', '=', id).where('project_id', '=', projectId).forUpdate().executeTakeFirst();
}

export async function markProjectFileDeleted(db: Executor, id: number, at: Date, by: number) {
  return db.updateTable('project_files').set({ deleted_at: at, deleted_by: by }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** When the project was first published and its latest version (both null before any publication). */
export async function publicationSpan(db: Executor, projectId: number) {
  return db
    .selectFrom('design_versions')
    .select((eb) => [eb.fn.min('published_at').as('first'), eb.fn.max('version').as('latest')])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/** The external acceptance tests recorded for a project, newest first. */
export async function listExternalTests(db: Executor, projectId: number) {
  return db
    .selectFrom('project_external_tests as t')
    .innerJoin('users as u', 'u.id', 't.recorded_by')
    .select(['t.id', 't.project_id', 't.result', 't.notes', 't.recorded_at', 'u.username'])
    .where('t.project_id', '=', projectId)
    .orderBy('t.id', 'desc')
    .execute();
}

export async function insertExternalTest(db: Executor, values: Insertable<ProjectExternalTestsTable>): Promise<number> {
  return (await db.insertInto('project_external_tests').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The caller's active roles in a project, enabled ones first. */
export async function userRolesInProject(db: Executor, userId: number, projectId: number) {
  return db
    .selectFrom('role_assignments as a')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .select(['r.id', 'r.alias', 'r.enabled'])
    .where('a.user_id', '=', userId)
    .where('a.project_id', '=', projectId)
    .where('a.revoked_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.enabled', 'desc')
    .orderBy('r.id')
    .execute();
}

/**
 * A caller's standing in a project in one statement, the first of every project call: the project row, whether
 * they administer it, their live grant of `roleId` there (with the role's alias, which audit rows record) and
 * the project's environment `envKey`. Either of the last two is absent when not asked for or not found.
 */
export async function findProjectStanding(db: Executor, projectId: number, userId: number, roleId: number | null, envKey: string | null) {
  const row = await db
    .selectFrom('projects as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('role_assignments as a')
          .innerJoin('project_roles as r', 'r.id', 'a.role_id')
          .select(['r.project_id', 'r.id', 'r.alias', 'r.enabled', 'r.rights', 'r.all_sites as role_all', 'r.site_ids as role_sites', 'a.all_sites as user_all', 'a.site_ids as user_sites'])
          .where('a.role_id', '=', roleId ?? -1)
          .where('a.user_id', '=', userId)
          .where('a.revoked_at', 'is', null)
          .where('r.deleted_at', 'is', null)
          .as('g'),
      (join) => join.onRef('g.project_id', '=', 'p.id'),
    )
    .leftJoin('project_envs as e', (join) => join.onRef('e.project_id', '=', 'p.id').on('e.key', '=', envKey ?? ''))
    .selectAll('p')
    .select((eb) => [
      eb.exists(eb.selectFrom('project_admins as pa').select('pa.user_id').whereRef('pa.project_id', '=', 'p.id').where('pa.user_id', '=', userId)).as('standing_admin'),
      'g.id as grant_id',
      'g.alias as grant_alias',
      'g.enabled as grant_enabled',
      'g.rights as grant_rights',
      'g.role_all as grant_role_all',
      'g.role_sites as grant_role_sites',
      'g.user_all as grant_user_all',
      'g.user_sites as grant_user_sites',
      'e.id as env_id',
      'e.key as env_key',
      'e.type as env_type',
      'e.name as env_name',
      'e.name_en as env_name_en',
      'e.status as env_status',
      'e.created_at as env_created_at',
    ])
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    standing_admin,
    grant_id,
    grant_alias,
    grant_enabled,
    grant_rights,
    grant_role_all,
    grant_role_sites,
    grant_user_all,
    grant_user_sites,
    env_id,
    env_key,
    env_type,
    env_name,
    env_name_en,
    env_status,
    env_created_at,
    ...project
  } = row;
  const grant =
    grant_id === null || grant_alias === null || grant_enabled === null || grant_rights === null || grant_role_all === null || grant_role_sites === null || grant_user_all === null || grant_user_sites === null
      ? null
      : { id: grant_id, alias: grant_alias, enabled: grant_enabled, rights: grant_rights, role_all: grant_role_all, role_sites: grant_role_sites, user_all: grant_user_all, user_sites: grant_user_sites };
  const env: EnvRow | null =
    env_id === null || env_key === null || env_type === null || env_name === null || env_status === null || env_created_at === null
      ? null
      : { id: env_id, project_id: project.id, key: env_key, type: env_type, name: env_name, name_en: env_name_en, status: env_status, created_at: env_created_at };
  return { project: project satisfies ProjectRow, projectAdmin: Boolean(standing_admin), grant, env };
}

/** Whether the user holds any live grant in the project. */
export async function isMember(db: Executor, projectId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('role_assignments').select('id').where('project_id', '=', projectId).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/** The projects a project switcher lists: all but offline ones for platform administrators, else those the user takes part in. */
export async function switcherProjects(db: Executor, userId: number, everything: boolean) {
  let query = db.selectFrom('projects').select(['id', 'code', 'name', 'name_en as eName', 'status']).where('status', '!=', 'OFFLINE');
  if (!everything) query = query.where((eb) => takesPartIn(eb, userId));
  return query.orderBy('id', 'desc').execute();
}

/** The roles a user holds in a project, with their rights and sites, by id. */
export async function rolesHeldInProject(db: Executor, userId: number, projectId: number) {
  return db
    .selectFrom('role_assignments as a')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .select(['r.id', 'r.alias', 'r.description', 'r.description_en', 'r.enabled', 'r.rights', 'r.all_sites', 'r.site_ids'])
    .where('a.user_id', '=', userId)
    .where('a.project_id', '=', projectId)
    .where('a.revoked_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.id')
    .execute();
}
