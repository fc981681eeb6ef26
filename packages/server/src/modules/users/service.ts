import type { CreateUserRequest, IssuedPassword, UpdateProfileRequest, UpdateUserRequest, User, UserListQuery, UserPage } from '@dcap/core';
import { AppError, applyPatch, checkSysRoleAssignment } from '@dcap/core';
import type { UserRow } from '../../db/schema.js';
import { translateDatabaseError } from '../../db/errors.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import type { PlatformAuditor } from '../../http/project-write.js';
import { platformWrite } from '../../http/project-write.js';
import { changedFields } from '../audit/change.js';
import { appendAudit } from '../audit/trail.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { endUserSessions } from '../auth/sessions.js';
import { sendPasswordByEmail } from '../messages/study-events.js';
import { sysRoleRights } from '../sysconfig/rights.js';
import { auditedUserFields, presentUser } from './presenter.js';
import {
  countActiveAdmins,
  findUserById,
  findUserByUsername,
  findUserForUpdate,
  insertUser,
  listUsers as listUserRows,
  searchActiveUsers,
  updateUser as updateUserRow,
} from './repo.js';

const SEARCH_LIMIT = 20;

/** The audit row of a change to a user. */
const userEntry = (action: string, user: UserRow, values: { oldValue?: unknown; newValue?: unknown }) => ({ action, entityType: 'user', entityId: user.id, ...values });

const isAdmin = (row: Pick<UserRow, 'admin' | 'system_admin'>) => row.admin || row.system_admin;

/** Refuses a change that would leave the platform without an active administrator. */
async function assertAdminRemains(trx: Executor, target: UserRow, stillActiveAdmin: boolean): Promise<void> {
  if (isAdmin(target) && target.status === 'active' && !stillActiveAdmin && (await countActiveAdmins(trx)) <= 1) {
    throw new AppError('user.last_admin');
  }
}

async function loadForChange(trx: Executor, id: number): Promise<UserRow> {
  const row = await findUserForUpdate(trx, id);
  if (!row) throw new AppError('user.not_found');
  if (row.status === 'deleted') throw new AppError('user.deleted');
  return row;
}

export async function getUser(deps: ServiceDeps, id: number): Promise<User> {
  const row = await findUserById(deps.db, id);
  if (!row) throw new AppError('user.not_found');
  return presentUser(row);
}

export async function listUsers(deps: ServiceDeps, query: UserListQuery): Promise<UserPage> {
  const { rows, total } = await listUserRows(deps.db, query);
  return { list: rows.map(presentUser), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function searchUsers(deps: ServiceDeps, keyword: string): Promise<User[]> {
  return (await searchActiveUsers(deps.db, keyword, SEARCH_LIMIT)).map(presentUser);
}

/** Login names are never reused (COMPLIANCE AC-1), so a deleted user's name is not free either. */
export async function isUsernameAvailable(deps: ServiceDeps, username: string): Promise<boolean> {
  return !(await findUserByUsername(deps.db, username));
}

/**
 * Creates a platform user. `actor` is null only for the administrator created at first start.
 * A generated password is returned once and never stored in clear. The password of an account an
 * administrator creates, generated or typed, is known to that administrator, so it must be changed at
 * first sign-in (docs/decisions.md, "Issued passwords"); `temporary: false` is for accounts the platform
 * makes for its operator (the first administrator, the demo study), whose passwords only the console shows.
 */
const NO_SYS_ROLES = { admin: false, systemAdmin: false, projectAdmin: false };

export async function createUser(
  deps: ServiceDeps,
  actor: Actor | null,
  body: CreateUserRequest,
  meta: RequestMeta,
  options: { temporary: boolean } = { temporary: actor !== null },
): Promise<IssuedPassword> {
  const { db, clock } = deps;
  // The platform itself (first start) creates the first administrator; a person may give only what they hold.
  if (actor) checkSysRoleAssignment(actor, await sysRoleRights(deps), NO_SYS_ROLES, { admin: body.admin ?? false, systemAdmin: body.systemAdmin ?? false, projectAdmin: body.projectAdmin ?? false });
  if (await findUserByUsername(db, body.username)) throw new AppError('user.username_taken', { username: body.username });
  const issued = body.password ? null : generatePassword();
  const passwordHash = await hashPassword(body.password ?? issued ?? '');
  const now = clock.now();
  try {
    const row = await db.transaction().execute(async (trx) => {
      const created = await insertUser(trx, {
        username: body.username,
        name: body.name,
        name_en: body.nameEn ?? null,
        gender: body.gender ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
        corporation: body.corporation ?? null,
        department: body.department ?? null,
        admin: body.admin ?? false,
        system_admin: body.systemAdmin ?? false,
        project_admin: body.projectAdmin ?? false,
        password_hash: passwordHash,
        password_changed_at: now,
        must_change_password: options.temporary,
        created_by: actor?.userId ?? null,
        created_at: now,
        updated_at: now,
      });
      // The first administrator is created by the platform itself, which the row names as `system`.
      await appendAudit(trx, {
        ...userEntry('user.create', created, { newValue: { ...auditedUserFields(created), mustChangePassword: options.temporary } }),
        actorId: actor?.userId ?? null,
        actorUsername: actor?.username ?? 'system',
        ip: meta.ip,
      });
      return created;
    });
    return { user: presentUser(row), password: issued };
  } catch (error) {
    throw translateDatabaseError(error, { username: body.username });
  }
}

/** The profile fields of a user under their request names, for partial updates. */
function editableFields(row: UserRow) {
  return {
    name: row.name,
    nameEn: row.name_en,
    gender: row.gender,
    email: row.email,
    phone: row.phone,
    corporation: row.corporation,
    department: row.department,
  };
}

export async function updateUser(deps: ServiceDeps, actor: Actor, body: UpdateUserRequest, meta: RequestMeta): Promise<User> {
  const { clock } = deps;
  const row = await platformWrite(deps, { actor, meta }, async (trx, audit) => {
    const before = await loadForChange(trx, body.id);
    const roles = { admin: body.admin ?? before.admin, systemAdmin: body.systemAdmin ?? before.system_admin, projectAdmin: body.projectAdmin ?? before.project_admin };
    checkSysRoleAssignment(actor, await sysRoleRights(deps), { admin: before.admin, systemAdmin: before.system_admin, projectAdmin: before.project_admin }, roles);
    // Nobody lowers their own platform role: the last step of a mistake would lock them out.
    if (before.id === actor.userId && ((before.admin && !roles.admin) || (before.system_admin && !roles.systemAdmin))) throw new AppError('user.cannot_change_self');
    await assertAdminRemains(trx, before, roles.admin || roles.systemAdmin);
    // Partial update (core applyPatch): a field left out keeps its value, null clears it.
    const next = applyPatch(editableFields(before), body);
    const after = await updateUserRow(trx, before.id, {
      name: next.name,
      name_en: next.nameEn,
      gender: next.gender,
      email: next.email,
      phone: next.phone,
      corporation: next.corporation,
      department: next.department,
      admin: roles.admin,
      system_admin: roles.systemAdmin,
      project_admin: roles.projectAdmin,
      updated_at: clock.now(),
    });
    await audit.change('user', after.id, { kind: 'update', before: auditedUserFields(before), after: auditedUserFields(after) });
    return after;
  });
  deps.sessions.forgetUser(row.id);
  return presentUser(row);
}

/** The signed-in user edits their own profile; flags and status are not theirs to change. */
export async function updateProfile(deps: ServiceDeps, actor: Actor, body: UpdateProfileRequest, meta: RequestMeta): Promise<User> {
  const { clock } = deps;
  const row = await platformWrite(deps, { actor, meta }, async (trx, audit) => {
    const before = await loadForChange(trx, actor.userId);
    const next = applyPatch(editableFields(before), body);
    const after = await updateUserRow(trx, before.id, {
      name: next.name,
      name_en: next.nameEn,
      gender: next.gender,
      email: next.email,
      corporation: next.corporation,
      phone: next.phone,
      department: next.department,
      updated_at: clock.now(),
    });
    const changes = changedFields(auditedUserFields(before), auditedUserFields(after));
    if (Object.keys(changes.newValue).length > 0) await audit(userEntry('user.profile_update', after, changes));
    return after;
  });
  deps.sessions.forgetUser(row.id);
  return presentUser(row);
}

type StatusChange = 'lock' | 'unlock' | 'delete';

async function changeStatus(trx: Executor, audit: PlatformAuditor, deps: ServiceDeps, actor: Actor, id: number, change: StatusChange): Promise<UserRow> {
  const now = deps.clock.now();
  const before = await loadForChange(trx, id);
  if (change !== 'unlock') {
    if (before.id === actor.userId) throw new AppError('user.cannot_change_self');
    await assertAdminRemains(trx, before, false);
  }
  const after = await updateUserRow(
    trx,
    id,
    change === 'lock'
      ? { status: 'locked', updated_at: now }
      : change === 'unlock'
        ? { status: 'active', locked_until: null, lockout_reset_at: now, updated_at: now }
        : { status: 'deleted', deleted_at: now, updated_at: now },
  );
  // Locking or deleting a user ends their sessions at once (COMPLIANCE AC-5).
  if (change !== 'unlock') await endUserSessions(trx, id, now, 'revoked');
  const oldValue = { status: before.status, lockedUntil: before.locked_until?.toISOString() ?? null };
  const newValue = { status: after.status, lockedUntil: after.locked_until?.toISOString() ?? null };
  await audit(userEntry(`user.${change}`, after, { oldValue, newValue }));
  return after;
}

export async function setUserStatus(deps: ServiceDeps, actor: Actor, id: number, change: StatusChange, meta: RequestMeta): Promise<User> {
  const row = await platformWrite(deps, { actor, meta }, (trx, audit) => changeStatus(trx, audit, deps, actor, id, change));
  deps.sessions.forgetUser(id);
  return presentUser(row);
}

/** Deletes several users in one transaction: all of them or, on the first refusal, none. */
export async function deleteUsers(deps: ServiceDeps, actor: Actor, ids: number[], meta: RequestMeta): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  await platformWrite(deps, { actor, meta }, async (trx, audit) => {
    for (const id of unique) await changeStatus(trx, audit, deps, actor, id, 'delete');
  });
  for (const id of unique) deps.sessions.forgetUser(id);
  return { deleted: unique.length };
}

/**
 * Issues a new password, shown once or, with `sendEmail`, e-mailed to the user and not shown (spec 000 §6);
 * the user's sessions end so the old password's holder is signed out, and the next sign-in must replace it,
 * since the administrator knows it or could have (docs/decisions.md, "Password reset").
 */
export async function resetPassword(deps: ServiceDeps, actor: Actor, id: number, meta: RequestMeta, sendEmail = false): Promise<IssuedPassword> {
  const { clock } = deps;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const row = await platformWrite(deps, { actor, meta }, async (trx, audit) => {
    const before = await loadForChange(trx, id);
    if (sendEmail && !before.email) throw new AppError('user.email_missing', { username: before.username });
    const now = clock.now();
    const after = await updateUserRow(trx, before.id, {
      password_hash: passwordHash,
      password_changed_at: now,
      must_change_password: true,
      locked_until: null,
      lockout_reset_at: now,
      updated_at: now,
    });
    await endUserSessions(trx, before.id, now, 'revoked');
    await audit(userEntry('user.password_reset', after, { newValue: { mustChangePassword: true, emailed: sendEmail } }));
    if (sendEmail) await sendPasswordByEmail(trx, after.id, { username: after.username, password }, actor.userId);
    return after;
  });
  deps.sessions.forgetUser(row.id);
  return { user: presentUser(row), password: sendEmail ? null : password };
}
