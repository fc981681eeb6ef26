import type { AlertThresholds, AlertThresholdsRequest } from '@dcap/core';
import { alertThresholds } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import * as repo from './repo.js';

/**
 * POST /dcap/analytics/alertThresholds: the project's own day thresholds of the big screen's alerts
 * (docs/decisions.md "Analytics", alert thresholds), set by whoever configures the project, in any project
 * status (a study learns its pace while it runs); null returns a threshold to the platform's default.
 * Audited as a change of the project, the old and new thresholds as stored (null: the default).
 */
export async function setAlertThresholds(deps: ServiceDeps, caller: ProjectCaller, body: AlertThresholdsRequest): Promise<AlertThresholds> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, { right: 'project.configure' }, async (trx, audit) => {
    const before = await repo.storedAlertThresholds(trx, projectId, true);
    const after = { siteIdleDays: body.siteIdleDays, queryDays: body.queryDays };
    await repo.setAlertThresholds(trx, projectId, after);
    await audit.change(
      'project',
      projectId,
      { kind: 'update', before: { alertSiteIdleDays: before.siteIdleDays, alertQueryDays: before.queryDays }, after: { alertSiteIdleDays: after.siteIdleDays, alertQueryDays: after.queryDays } },
    );
    return alertThresholds(after);
  });
}
