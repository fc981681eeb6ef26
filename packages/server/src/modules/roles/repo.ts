import type { RoleAdministratorCandidate, RoleRight } from '@dcap/core';
import type { Insertable, Updateable } from 'kysely';
import type { AssignmentRow, AuditRow, ProjectRolesTable, RoleAssignmentsTable, RoleRow, UserRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The project's roles in creation order; deleted roles are gone from every list. */
export async function listRoles(db: Executor, projectId: number): Promise<RoleRow[]> {
  return db.selectFrom('project_roles').selectAll().where('project_id', '=', projectId).where('deleted_at', 'is', null).orderBy('id').execute();
}

/** A role for a change: `update` while it may be deleted or reshaped, `share` while it is being granted. */
export async function findRole(db: Executor, id: number, lock: 'update' | 'share' | null = null): Promise<RoleRow | undefined> {
  const query = db.selectFrom('project_roles').selectAll().where('id', '=', id);
  if (lock === 'update') return query.forUpdate().executeTakeFirst();
  if (lock === 'share') return query.forShare().executeTakeFirst();
  return query.executeTakeFirst();
}

export async function insertRole(db: Executor, values: Insertable<ProjectRolesTable>): Promise<RoleRow> {
  return db.insertInto('project_roles').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateRole(db: Executor, id: number, values: Updateable<ProjectRolesTable>): Promise<RoleRow> {
  return db.updateTable('project_roles').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Active (unrevoked) holders per role. */
export async function countHolders(db: Executor, roleIds: readonly number[]): Promise<Map<number, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('role_assignments')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', [...roleIds])
    .where('revoked_at', 'is', null)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((row) => [row.role_id, row.n]));
}

/** The project's live roles the user holds through an unrevoked grant. */
export async function heldRoleIds(db: Executor, projectId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('role_assignments as a')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .select('a.role_id')
    .where('a.project_id', '=', projectId)
    .where('a.user_id', '=', userId)
    .where('a.revoked_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .execute();
  return rows.map((row) => row.role_id);
}

/** Everyone who might manage the project's user rights: its administrators and the holders of its live roles. */
export async function roleAdministratorCandidates(db: Executor, projectId: number): Promise<RoleAdministratorCandidate[]> {
  const admins = await db.selectFrom('project_admins as p').innerJoin('users as u', 'u.id', 'p.user_id').select('u.status').where('p.project_id', '=', projectId).execute();
  const holders = await db
    .selectFrom('role_assignments as a')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.status', 'r.enabled', 'r.rights'])
    .where('a.project_id', '=', projectId)
    .where('a.revoked_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .execute();
  return [
    ...admins.map((row) => ({ userActive: row.status === 'active', projectAdmin: true, roleEnabled: false, rights: [] })),
    // The column's CHECK constraint admits only core's rights.
    ...holders.map((row) => ({ userActive: row.status === 'active', projectAdmin: false, roleEnabled: row.enabled, rights: row.rights as RoleRight[] })),
  ];
}

export type UserRef = Pick<UserRow, 'id' | 'username' | 'name' | 'status'>;

export async function findUsers(db: Executor, ids: readonly number[]): Promise<UserRef[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username', 'name', 'status']).where('id', 'in', [...ids]).execute();
}

export async function findActiveAssignment(db: Executor, roleId: number, userId: number): Promise<AssignmentRow | undefined> {
  return db
    .selectFrom('role_assignments')
    .selectAll()
    .where('role_id', '=', roleId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertAssignment(db: Executor, values: Insertable<RoleAssignmentsTable>): Promise<AssignmentRow> {
  return db.insertInto('role_assignments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateAssignment(db: Executor, id: number, values: Updateable<RoleAssignmentsTable>): Promise<AssignmentRow> {
  return db.updateTable('role_assignments').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** An active assignment with the names a person reads: holder, granter and role. */
export type AssignmentView = AssignmentRow & {
  username: string;
  name: string;
  granted_by_username: string | null;
  role_alias: string;
};

/** Active assignments of the project's live roles, of some roles or one grant; locked for a revocation. */
export async function listAssignments(
  db: Executor,
  projectId: number,
  options: { roleIds?: readonly number[]; assignmentId?: number; forUpdate?: boolean } = {},
): Promise<AssignmentView[]> {
  if (options.roleIds?.length === 0) return [];
  let query = db
    .selectFrom('role_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .leftJoin('users as g', 'g.id', 'a.granted_by')
    .selectAll('a')
    .select(['u.username', 'u.name', 'g.username as granted_by_username', 'r.alias as role_alias'])
    .where('a.project_id', '=', projectId)
    .where('a.revoked_at', 'is', null)
    .where('r.deleted_at', 'is', null);
  if (options.roleIds) query = query.where('a.role_id', 'in', [...options.roleIds]);
  if (options.assignmentId !== undefined) query = query.where('a.id', '=', options.assignmentId);
  if (options.forUpdate) query = query.forUpdate(['a']);
  return query.orderBy('a.role_id').orderBy('u.username').execute();
}

/** The user's active roles across projects still in use, for the shell's role switcher. */
export async function listRolesOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('role_assignments as a')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select(['r.id', 'r.project_id', 'p.code as project_code', 'p.name as project_name', 'r.alias', 'r.enabled'])
    .where('a.user_id', '=', userId)
    .where('a.revoked_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .where('p.status', '!=', 'OFFLINE')
    .orderBy('p.code')
    .orderBy('r.id')
    .execute();
}

export type AuthLogRow = Pick<AuditRow, 'id' | 'at' | 'action' | 'actor_username' | 'old_value' | 'new_value'>;

/** The project's role and authorisation audit rows, newest first (id order is the chain order, TS-3). */
export async function listAuthLogs(
  db: Executor,
  projectId: number,
  actions: readonly string[],
  page: { limit: number; offset: number },
): Promise<{ rows: AuthLogRow[]; total: number }> {
  const base = db.selectFrom('audit_log').where('project_id', '=', projectId).where('action', 'in', [...actions]);
  const [rows, count] = await Promise.all([
    base.select(['id', 'at', 'action', 'actor_username', 'old_value', 'new_value']).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** Every grant of the project's roles, revoked ones too, with the names of holder, granter and revoker. */
export async function listGrantHistory(db: Executor, projectId: number, limit: number) {
  return db
    .selectFrom('role_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('project_roles as r', 'r.id', 'a.role_id')
    .leftJoin('users as g', 'g.id', 'a.granted_by')
    .leftJoin('users as v', 'v.id', 'a.revoked_by')
    .selectAll('a')
    .select(['u.username', 'u.name', 'r.alias as role_alias', 'r.all_sites as role_all_sites', 'r.site_ids as role_site_ids', 'g.username as granted_by_username', 'v.username as revoked_by_username'])
    .where('a.project_id', '=', projectId)
    .orderBy('a.granted_at')
    .orderBy('a.id')
    .limit(limit)
    .execute();
}
