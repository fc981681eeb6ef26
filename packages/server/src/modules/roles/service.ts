import type { Locale, ProjectRole, QuickSaveRoleRequest, SaveRoleRequest, Site } from '@dcap/core';
import { AppError, normaliseScope, rightsFromFlags, sameScope, scopesOverlap, siteInvestigatorRole, siteScope } from '@dcap/core';
import { translatingErrors } from '../../db/errors.js';
import type { RoleRow, SiteRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectContext } from '../projects/access.js';
import { presentSite } from '../sites/presenter.js';
import { projectSiteRows } from '../sites/service.js';
import { changedFields } from '../audit/change.js';
import { revokeAll } from './assignment-service.js';
import type { ProjectCaller } from '../../http/context.js';
import { auditedRole, presentRole, rightsOf, scopeColumns, scopeOf } from './presenter.js';
import { visibleGrants } from './report-service.js';
import * as repo from './repo.js';
import type { Audit } from './write.js';
import { namedSites, ownRole, requireProjectSites, roleWrite, shapeOf } from './write.js';

async function present(db: Executor, context: ProjectContext, rows: readonly RoleRow[], locale: Locale, counted?: Map<number, number>): Promise<ProjectRole[]> {
  const [counts, sites] = await Promise.all([counted ?? repo.countHolders(db, rows.map((row) => row.id)), projectSiteRows(db, context.project.id)]);
  return rows.map((row) => presentRole(row, counts.get(row.id) ?? 0, namedSites(sites), locale));
}

async function presentOne(db: Executor, context: ProjectContext, row: RoleRow, locale: Locale): Promise<ProjectRole> {
  const [role] = await present(db, context, [row], locale);
  if (!role) throw new AppError('role.not_found');
  return role;
}

/**
 * GET list/{projectId}. A member limited to some sites sees the roles that reach their sites and, for each,
 * only the holders acting there, as the holder reports do: the list answers "who works at my sites".
 */
export async function listRoles(deps: ServiceDeps, context: ProjectContext, locale: Locale): Promise<ProjectRole[]> {
  const rows = await repo.listRoles(deps.db, context.project.id);
  const scope = siteScope(context.access);
  if (scope === 'all') return present(deps.db, context, rows, locale);
  const visible = rows.filter((row) => scopesOverlap(scopeOf(row), scope));
  const counts = new Map<number, number>();
  for (const grant of await visibleGrants(deps.db, context, visible)) counts.set(grant.role.id, (counts.get(grant.role.id) ?? 0) + 1);
  return present(deps.db, context, visible, locale, counts);
}

const keep = <T>(sent: T | undefined, current: T): T => (sent === undefined ? current : sent);

/** POST saveRole: creates a role, or reshapes one (sites included); flags not sent keep their value. */
export async function saveRole(deps: ServiceDeps, caller: ProjectCaller, body: SaveRoleRequest): Promise<ProjectRole> {
  const now = deps.clock.now();
  const row = await roleWrite(deps, caller, { alias: body.alias }, async (trx, audit, guard) => {
    const scope = normaliseScope(body.institutionIds);
    requireProjectSites(scope, await projectSiteRows(trx, caller.project.project.id));
    if (body.id === undefined) {
      guard({ call: 'create', role: { rights: rightsFromFlags(body), sites: scope, enabled: body.enabled !== 0 } });
      const created = await repo.insertRole(trx, {
        project_id: caller.project.project.id,
        alias: body.alias,
        description: body.description ?? null,
        description_en: body.descriptionEn ?? null,
        ...scopeColumns(scope),
        enabled: body.enabled !== 0,
        rights: rightsFromFlags(body),
        created_at: now,
        updated_at: now,
      });
      await audit({ action: 'role.create', entityType: 'role', entityId: created.id, newValue: auditedRole(created) });
      return created;
    }
    const before = await ownRole(trx, caller, body.id, 'update');
    const enabled = body.enabled === undefined ? before.enabled : body.enabled === 1;
    const rights = rightsFromFlags(body, rightsOf(before));
    guard({ call: 'change', roleId: before.id, before: shapeOf(before), after: { rights, sites: scope, enabled } });
    const after = await repo.updateRole(trx, before.id, {
      alias: body.alias,
      description: keep(body.description, before.description),
      description_en: keep(body.descriptionEn, before.description_en),
      ...scopeColumns(scope),
      enabled,
      rights,
      updated_at: now,
    });
    return auditUpdate(audit, before, after);
  });
  return presentOne(deps.db, caller.project, row, caller.meta.locale);
}

async function auditUpdate(audit: Audit, before: RoleRow, after: RoleRow): Promise<RoleRow> {
  const changes = changedFields(auditedRole(before), auditedRole(after));
  if (Object.keys(changes.newValue).length > 0) {
    // The alias is kept on both sides so the log can name the role even when only a flag changed.
    await audit({ action: 'role.update', entityType: 'role', entityId: after.id, oldValue: { alias: before.alias, ...changes.oldValue }, newValue: { alias: after.alias, ...changes.newValue } });
  }
  return after;
}

/** POST quickSave: alias, descriptions, enabled and rights, as the role table edits them inline. */
export async function quickSaveRole(deps: ServiceDeps, caller: ProjectCaller, body: QuickSaveRoleRequest): Promise<ProjectRole> {
  const row = await roleWrite(deps, caller, { alias: body.alias ?? '' }, async (trx, audit, guard) => {
    const before = await ownRole(trx, caller, body.id, 'update');
    const enabled = body.enabled === undefined ? before.enabled : body.enabled === 1;
    const rights = rightsFromFlags(body, rightsOf(before));
    guard({ call: 'change', roleId: before.id, before: shapeOf(before), after: { rights, sites: scopeOf(before), enabled } });
    const after = await repo.updateRole(trx, before.id, {
      alias: body.alias ?? before.alias,
      description: keep(body.description, before.description),
      description_en: keep(body.descriptionEn, before.description_en),
      enabled,
      rights,
      updated_at: deps.clock.now(),
    });
    return auditUpdate(audit, before, after);
  });
  return presentOne(deps.db, caller.project, row, caller.meta.locale);
}

/**
 * Deletes roles logically (deleted_at), all or none. A role still held is refused unless `revoke` is
 * set, in which case its holders lose it first, each revocation audited.
 */
export async function deleteRoles(deps: ServiceDeps, caller: ProjectCaller, ids: readonly number[], revoke: boolean): Promise<{ deleted: number; revoked: number }> {
  const now = deps.clock.now();
  return roleWrite(deps, caller, {}, async (trx, audit, guard) => {
    let revoked = 0;
    // Locked in id order, so two overlapping batches cannot deadlock.
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const role = await ownRole(trx, caller, id, 'update');
      guard({ call: 'change', roleId: role.id, before: shapeOf(role), after: null });
      if (revoke) revoked += await revokeAll(trx, caller, role, now, audit, guard);
      const held = (await repo.countHolders(trx, [role.id])).get(role.id) ?? 0;
      if (held > 0) throw new AppError('role.in_use', { count: held });
      await repo.updateRole(trx, role.id, { deleted_at: now, updated_at: now });
      await audit({ action: 'role.delete', entityType: 'role', entityId: role.id, oldValue: auditedRole(role), newValue: { alias: role.alias, deleted: true } });
    }
    return { deleted: new Set(ids).size, revoked };
  });
}

/** GET disableRole/{id}/{enabled}: a disabled role stays assigned, but grants nothing until enabled again. */
export async function setRoleEnabled(deps: ServiceDeps, caller: ProjectCaller, id: number, enabled: boolean): Promise<ProjectRole> {
  const row = await roleWrite(deps, caller, {}, async (trx, audit, guard) => {
    const before = await ownRole(trx, caller, id, 'update');
    guard({ call: 'change', roleId: before.id, before: shapeOf(before), after: { ...shapeOf(before), enabled } });
    if (before.enabled === enabled) return before;
    const after = await repo.updateRole(trx, before.id, { enabled, updated_at: deps.clock.now() });
    await audit({
      action: enabled ? 'role.enable' : 'role.disable',
      entityType: 'role',
      entityId: after.id,
      oldValue: { alias: before.alias, enabled: before.enabled },
      newValue: { alias: after.alias, enabled: after.enabled },
    });
    return after;
  });
  return presentOne(deps.db, caller.project, row, caller.meta.locale);
}

/** Active sites without a role limited to exactly that site. */
function sitesWithoutOwnRole(sites: readonly SiteRow[], roles: readonly RoleRow[]): SiteRow[] {
  return sites.filter((site) => site.status === 'active' && !roles.some((role) => sameScope(scopeOf(role), [site.id])));
}

/** GET checkProjectRoleOneInstitution/{projectId}. */
export async function checkSiteRoles(deps: ServiceDeps, context: ProjectContext): Promise<Site[]> {
  const [sites, roles] = await Promise.all([projectSiteRows(deps.db, context.project.id), repo.listRoles(deps.db, context.project.id)]);
  const missing = new Set(sitesWithoutOwnRole(sites, roles).map((site) => site.id));
  return sites.filter((site) => missing.has(site.id)).map((site) => presentSite(site, site.unit_name));
}

/** GET autoCreateProjectRoleOneInstitution/{projectId}: an investigator role for each site lacking one. */
export async function autoCreateSiteRoles(deps: ServiceDeps, caller: ProjectCaller): Promise<ProjectRole[]> {
  const now = deps.clock.now();
  const created = await roleWrite(deps, caller, {}, async (trx, audit, guard) => {
    const projectId = caller.project.project.id;
    const sites = await projectSiteRows(trx, projectId);
    const rows: RoleRow[] = [];
    for (const site of sitesWithoutOwnRole(sites, await repo.listRoles(trx, projectId))) {
      const template = siteInvestigatorRole({ code: site.code, name: site.name, eName: site.name_en });
      guard({ call: 'create', role: { rights: template.rights, sites: [site.id], enabled: true } });
      const row = await translatingErrors(
        () =>
          repo.insertRole(trx, {
            project_id: projectId,
            alias: template.alias,
            description: template.description,
            description_en: template.descriptionEn,
            ...scopeColumns([site.id]),
            enabled: true,
            rights: [...template.rights],
            created_at: now,
            updated_at: now,
          }),
        { alias: template.alias },
      );
      await audit({ action: 'role.create', entityType: 'role', entityId: row.id, newValue: auditedRole(row) });
      rows.push(row);
    }
    return rows;
  });
  return present(deps.db, caller.project, created, caller.meta.locale);
}
