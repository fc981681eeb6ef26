import type { ProjectStatus, StatusChangeApplication } from '@dcap/core';
import { AppError, PRE_SCREEN_SUSPEND, projectIs } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { ProjectRow } from '../../db/schema.js';
import { presentApplication } from './presenter.js';
import * as repo from './repo.js';

/**
 * Where pre-screening happens: wherever subjects may still be enrolled (test statuses for trying it out,
 * and the running study before recruitment is paused or completed).
 */
function preScreening(status: ProjectStatus): boolean {
  return !projectIs(status, 'recordRecruitDisabled');
}

/**
 * POST /dcap/project/applyPreScreenSuspend (spec 000 §4.2 "apply pre-screen suspend"): a project
 * administrator applies, with a reason, to suspend pre-screening. It joins the status-change applications
 * (one open application per project; a platform administrator who is not the applicant decides), and
 * approval sets the project's `preScreenSuspend` flag rather than moving its status.
 */
export async function applyPreScreenSuspend(deps: ServiceDeps, caller: ProjectCaller, reason: string): Promise<StatusChangeApplication> {
  const projectId = caller.project.project.id;
  // The write rule holds the status under a share lock (any status but offline); the rule below narrows it.
  const created = await projectWrite(deps, caller, { state: 'userRightsEditable', right: 'project.lifecycle' }, async (trx, audit) => {
    const project = await repo.findProject(trx, projectId);
    if (!project) throw new AppError('project.not_found');
    if (!preScreening(project.status)) throw new AppError('project.status_forbids', { status: project.status });
    if (project.config.preScreen !== true) throw new AppError('project.pre_screen_not_used');
    if (project.config.preScreenSuspend === true) throw new AppError('project.pre_screen_suspended');
    const applicationId = await repo.insertApplication(trx, { project_id: projectId, type: PRE_SCREEN_SUSPEND, reason, applied_by: caller.actor.userId, applied_at: deps.clock.now() });
    await audit({ action: 'project.applyStatusChange', entityType: 'project', entityId: projectId, newValue: { applicationId, type: PRE_SCREEN_SUSPEND }, reason });
    return applicationId;
  });
  const [row] = await repo.loadApplications(deps.db, projectId, created);
  if (!row) throw new AppError('project.application_not_found');
  return presentApplication(row);
}

/**
 * The effect of an approved pre-screening suspension, as the decision's change to the project row: the
 * `preScreenSuspend` flag is set and the status stays; the decision records the flag before and after.
 */
export function preScreenSuspendChange(project: ProjectRow): { config: string } {
  return { config: JSON.stringify({ ...project.config, preScreenSuspend: true }) };
}
