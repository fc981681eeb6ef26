import type { AuditStep, ProcessConfig, SaveProcessConfigRequest } from '@dcap/core';
import { auditProcesses, DEFAULT_AUDIT_STEPS, isDistinct } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

/** The audit steps a project uses, in order: its saved process, or the default (all three) if never saved. */
export async function projectAuditSteps(db: Executor, projectId: number): Promise<{ steps: AuditStep[]; row: { updated_at: Date; updated_by_name: string } | null }> {
  const row = await repo.findProcessConfig(db, projectId);
  // The column's CHECK constraint admits only core's steps.
  if (row) return { steps: row.steps as AuditStep[], row };
  return { steps: [...DEFAULT_AUDIT_STEPS], row: null };
}

function present(projectId: number, found: Awaited<ReturnType<typeof projectAuditSteps>>): ProcessConfig {
  return {
    projectId,
    steps: found.steps,
    saved: found.row !== null,
    auditProcList: auditProcesses(found.steps).auditProcList,
    updatedAt: found.row?.updated_at.toISOString() ?? null,
    updatedBy: found.row?.updated_by_name ?? null,
  };
}

/** POST /dcap/project/processConfig/detail. */
export async function processConfigDetail(deps: ServiceDeps, caller: ProjectCaller): Promise<ProcessConfig> {
  const projectId = caller.project.project.id;
  return present(projectId, await projectAuditSteps(deps.db, projectId));
}

/**
 * POST /dcap/project/processConfig/save: the steps the project uses, in order (docs/decisions.md, "Process
 * configuration"). A project setting, not versioned design: it needs the design right and a status that
 * allows configuration edits, in any environment. Audited with the steps before and after; saving the
 * same steps writes nothing.
 */
export async function saveProcessConfig(deps: ServiceDeps, caller: ProjectCaller, body: SaveProcessConfigRequest): Promise<ProcessConfig> {
  const projectId = caller.project.project.id;
  await projectWrite(deps, caller, { state: 'configDataEditable', designer: true, right: 'design.edit' }, async (trx, audit) => {
    const before = await projectAuditSteps(trx, projectId);
    const after = { steps: body.steps, saved: true };
    if (!isDistinct({ steps: before.steps, saved: before.row !== null }, after)) return;
    const now = deps.clock.now();
    await repo.saveProcessConfig(trx, { project_id: projectId, steps: body.steps, updated_by: caller.actor.userId, updated_at: now });
    await audit.change('process_config', projectId, { kind: 'update', before: { steps: before.steps, saved: before.row !== null }, after });
  });
  return present(projectId, await projectAuditSteps(deps.db, projectId));
}
