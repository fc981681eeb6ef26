import type { MenuSetting, MenuSettingRow, MenuSettingsSave, SysRoleRightsSave, SysRoleRightsView } from '@dcap/core';
import { checkSysRoleRightsEdit, menuSettingsToStore, menuSettingTree, normaliseSysRoleRights, sysRoleRightsChanges, sysRoleRightsView } from '@dcap/core';
import type { MenuSettingRecord } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';
import { readSysRoleRights } from './rights.js';

/**
 * Menu settings and the role permissions of system roles (spec 000 §2.2 /sys/menu, "role permissions";
 * docs/decisions.md "Menu settings", "Role permissions of system roles"). The routes declare platform.administer.
 */

const toSetting = (row: MenuSettingRecord): MenuSetting => ({
  key: row.menu_key,
  sort: row.sort,
  always: row.always,
  enabled: row.enabled,
  titleZh: row.title_zh,
  titleEn: row.title_en,
});

/** The stored menu settings, which core applies over the code's menu tree (`menusFor`). */
export async function storedMenuSettings(db: Executor): Promise<MenuSetting[]> {
  return (await repo.listMenuSettings(db)).map(toSetting);
}

export async function listMenuSettings(deps: ServiceDeps): Promise<MenuSettingRow[]> {
  return menuSettingTree(await storedMenuSettings(deps.db));
}

const auditValue = (setting: MenuSetting | undefined | null) => {
  if (!setting) return null;
  const { key: _key, ...values } = setting;
  return values;
};

/** Saves the entries sent (the rest keep what they have), one audit row per entry that changed. */
export async function saveMenuSettings(deps: ServiceDeps, caller: Caller, body: MenuSettingsSave): Promise<MenuSettingRow[]> {
  const changes = menuSettingsToStore(body.entries);
  const now = deps.clock.now();
  await platformWrite(deps, caller, async (trx, audit) => {
    await repo.lockMenuSettings(trx);
    const before = new Map((await storedMenuSettings(trx)).map((setting) => [setting.key, setting]));
    for (const { key, setting } of changes) {
      const old = auditValue(before.get(key));
      const next = auditValue(setting);
      if (JSON.stringify(old) === JSON.stringify(next)) continue;
      if (setting) {
        await repo.upsertMenuSetting(trx, {
          menu_key: key,
          sort: setting.sort,
          always: setting.always,
          enabled: setting.enabled,
          title_zh: setting.titleZh,
          title_en: setting.titleEn,
          updated_by: caller.actor.userId,
          updated_at: now,
        });
      } else {
        await repo.deleteMenuSettings(trx, [key]);
      }
      await audit({ action: 'menu.update', entityType: 'menu', entityId: key, oldValue: old, newValue: next });
    }
  });
  return listMenuSettings(deps);
}

/** Every entry back to the code's definitions; audited with what was stored. */
export async function resetMenuSettings(deps: ServiceDeps, caller: Caller): Promise<MenuSettingRow[]> {
  await platformWrite(deps, caller, async (trx, audit) => {
    await repo.lockMenuSettings(trx);
    const before = await storedMenuSettings(trx);
    if (before.length === 0) return;
    await repo.deleteMenuSettings(trx);
    await audit({
      action: 'menu.reset',
      entityType: 'menu',
      entityId: null,
      oldValue: { entries: Object.fromEntries(before.map((setting) => [setting.key, auditValue(setting)])) },
      newValue: null,
    });
  });
  return listMenuSettings(deps);
}

// ---- Role permissions ------------------------------------------------------------------------------------

export async function roleRightsView(deps: ServiceDeps, caller: Caller): Promise<SysRoleRightsView> {
  return sysRoleRightsView(await readSysRoleRights(deps.db), caller.actor);
}

/**
 * Saves the matrix of the editable roles under core's rules (no escalation, no lock-out), read and checked
 * inside the transaction that writes it. Every instance forgets the rights it holds when it commits, so the
 * next call of every user is judged by the new matrix.
 */
export async function saveRoleRights(deps: ServiceDeps, caller: Caller, body: SysRoleRightsSave): Promise<SysRoleRightsView> {
  const after = normaliseSysRoleRights(body);
  const now = deps.clock.now();
  await platformWrite(deps, caller, async (trx, audit) => {
    await repo.lockSysRoleRights(trx);
    const before = await readSysRoleRights(trx);
    checkSysRoleRightsEdit(caller.actor, before, after);
    const changes = sysRoleRightsChanges(before, after);
    if (changes.length === 0) return;
    await repo.upsertSysRoleRights(
      trx,
      changes.map((change) => ({ sys_role: change.role, action: change.action, granted: change.granted, updated_by: caller.actor.userId, updated_at: now })),
    );
    await repo.announceSysRoleRightsChange(trx);
    await audit({
      action: 'sysRoleRights.update',
      entityType: 'sysRoleRights',
      entityId: null,
      oldValue: { systemAdmin: before.systemAdmin, projectAdmin: before.projectAdmin },
      newValue: { systemAdmin: after.systemAdmin, projectAdmin: after.projectAdmin, changes },
    });
  });
  deps.sessions.forgetSysRoleRights();
  return sysRoleRightsView(await readSysRoleRights(deps.db), caller.actor);
}
