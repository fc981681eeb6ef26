import type { SaveSiteRequest, Site } from '@dcap/core';
import { AppError, inSiteScope, patched, siteScope } from '@dcap/core';
import type { UnitRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectContext } from '../projects/access.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { findUnit } from '../units/service.js';
import { auditedSite, presentSite } from './presenter.js';
import type { SiteWithUnit } from './repo.js';
import * as repo from './repo.js';

/** The project's sites the caller may see: all for managers and all-site roles, else their role's sites. */
export async function listSites(deps: ServiceDeps, context: ProjectContext): Promise<Site[]> {
  const rows = await repo.listSites(deps.db, context.project.id, siteScope(context.access));
  return rows.map((row) => presentSite(row, row.unit_name));
}

export type { SiteWithUnit } from './repo.js';

/** Every site of a project as stored, inside the caller's transaction: how other modules (roles) read sites. */
export function projectSiteRows(db: Executor, projectId: number): Promise<SiteWithUnit[]> {
  return repo.listSites(db, projectId, 'all');
}

/** One site; another project's site or one outside the caller's scope is "not found", never "forbidden". */
export async function getSite(deps: ServiceDeps, context: ProjectContext, id: number): Promise<Site> {
  const row = await repo.findSite(deps.db, id);
  if (!row || row.project_id !== context.project.id || !inSiteScope(siteScope(context.access), row.id)) throw new AppError('site.not_found');
  return presentSite(row, row.unit_name);
}

/** A site links a platform unit; linking one requires the unit to exist and be in use. */
async function unitToLink(trx: Executor, unitId: number): Promise<UnitRow> {
  const unit = await findUnit(trx, unitId);
  if (!unit) throw new AppError('unit.not_found');
  if (unit.status !== 'active') throw new AppError('unit.disabled');
  return unit;
}

/**
 * POST /dcap/projectSite/save: creates a site, or updates one, while the project's configuration may be
 * edited. The name defaults to the unit's. A caller limited to some sites may edit only those and may not
 * add sites, since a new site lies outside every limited scope.
 */
export async function saveSite(deps: ServiceDeps, caller: ProjectCaller, body: SaveSiteRequest): Promise<Site> {
  const projectId = caller.project.project.id;
  const scope = siteScope(caller.project.access);
  // Sites are part of the project's configuration (spec 000 §4.3), edited by whoever holds the site right.
  return projectWrite(
    deps,
    caller,
    { state: 'configDataEditable', designer: true, errorContext: { code: body.code } },
    async (trx, audit) => {
      if (body.id === undefined) {
        if (scope !== 'all') throw new AppError('permission.site_forbidden');
        const unit = await unitToLink(trx, body.unitId);
        const row = await repo.insertSite(trx, {
          project_id: projectId,
          unit_id: unit.id,
          code: body.code,
          name: body.name ?? unit.name,
          name_en: body.eName ?? unit.name_en,
          pi_name: body.piName ?? null,
          status: body.status ?? 'active',
        });
        await audit({ action: 'site.create', entityType: 'site', entityId: row.id, siteId: row.id, newValue: auditedSite(row) });
        return presentSite(row, unit.name);
      }
      const before = await repo.findSiteForUpdate(trx, body.id);
      if (!before || before.project_id !== projectId || !inSiteScope(scope, before.id)) throw new AppError('site.not_found');
      // A unit disabled after it was linked stays linked; only a newly chosen unit must be active.
      const unit = before.unit_id === body.unitId ? await findUnit(trx, body.unitId) : await unitToLink(trx, body.unitId);
      if (!unit) throw new AppError('unit.not_found');
      // Partial update (core patched): a field left out keeps its value; null clears it, and a cleared
      // name falls back to the unit's, as at creation.
      const after = await repo.updateSite(trx, before.id, {
        unit_id: unit.id,
        code: body.code,
        name: patched<string | null>(before.name, body.name) ?? unit.name,
        name_en: patched(before.name_en, body.eName),
        pi_name: patched(before.pi_name, body.piName),
        status: patched(before.status, body.status),
      });
      await audit.change('site', after.id, { kind: 'update', before: auditedSite(before), after: auditedSite(after) }, { siteId: after.id });
      return presentSite(after, unit.name);
    },
  );
}
