import type { EditableSysRole, PlatformAction, StoredSysRoleRight, SysRoleRights } from '@dcap/core';
import { EDITABLE_SYS_ROLES, PLATFORM_ACTIONS, resolveSysRoleRights } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

const isRole = (value: string): value is EditableSysRole => (EDITABLE_SYS_ROLES as readonly string[]).includes(value);
const isAction = (value: string): value is PlatformAction => (PLATFORM_ACTIONS as readonly string[]).includes(value);

/** The stored role permissions resolved over the defaults; a row of a function the code no longer has is skipped. */
export async function readSysRoleRights(db: Executor): Promise<SysRoleRights> {
  const rows = await repo.listSysRoleRights(db);
  const stored: StoredSysRoleRight[] = rows.flatMap((row) => {
    const { sys_role: role, action, granted } = row;
    return isRole(role) && isAction(action) ? [{ role, action, granted }] : [];
  });
  return resolveSysRoleRights(stored);
}

/**
 * The role permissions every authenticated call resolves its platform rights from, held by the session cache
 * (evicted when they are saved, on every instance) so a call does not read them each time.
 */
export async function sysRoleRights(deps: ServiceDeps): Promise<SysRoleRights> {
  const now = deps.clock.now();
  const cached = deps.sessions.getSysRoleRights(now);
  if (cached) return cached;
  const ticket = deps.sessions.ticket();
  const rights = await readSysRoleRights(deps.db);
  deps.sessions.setSysRoleRights(rights, now, ticket);
  return rights;
}
