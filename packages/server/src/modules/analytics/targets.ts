import type { SiteTargetRequest } from '@dcap/core';
import { AppError, inSiteScope, siteScope } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import * as repo from './repo.js';

/**
 * POST /dcap/analytics/siteTarget: a site's enrolment target (docs/decisions.md "Analytics"), set by whoever
 * may manage the site, in any project status (the plan changes while the study runs); audited as a change
 * of the site. Another project's site, or one outside the caller's sites, is "not found".
 */
export async function setSiteTarget(deps: ServiceDeps, caller: ProjectCaller, body: SiteTargetRequest): Promise<{ siteId: number; target: number | null }> {
  const scope = siteScope(caller.project.access);
  return projectWrite(deps, caller, {}, async (trx, audit) => {
    const before = await repo.findSiteForUpdate(trx, body.siteId);
    if (!before || before.project_id !== caller.project.project.id || !inSiteScope(scope, before.id)) throw new AppError('site.not_found');
    await repo.setEnrolmentTarget(trx, before.id, body.target);
    await audit.change('site', before.id, { kind: 'update', before: { enrolmentTarget: before.enrolment_target }, after: { enrolmentTarget: body.target } }, { siteId: before.id });
    return { siteId: before.id, target: body.target };
  });
}
