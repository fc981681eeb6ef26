import type { ApplicationName, DataAvailability, ExternalTestRecord, ProjectFile, ProjectLoginInfo } from '@dcap/core';
import { AppError, dataEntryBlock, isPlatformAdmin } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, ProjectCaller, RequestMeta } from '../../http/context.js';
import { sessionEnv } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { listEnvs } from '../environments/service.js';
import type { SessionSelection } from './session-service.js';
import { userRolesInProject } from './repo.js';
import { setSelection } from './session-service.js';
import * as repo from './repo.js';
import { findProject, isProjectAdmin } from './repo.js';

/**
 * GET /dcap/project/store/{projectId}/{roleId}/{env}: puts the session in a project, role and environment at
 * once (the spec's "store project" with the role and environment the user chose). Role 0 enters without a
 * role, open only to platform and project administrators; a disabled role or environment cannot be chosen
 * (spec 000 §5). A stranger to the project learns nothing (404).
 */
export async function storeSelection(deps: ServiceDeps, actor: Actor, meta: RequestMeta, wanted: { projectId: number; roleId: number; env: string }): Promise<SessionSelection> {
  const { db } = deps;
  const project = await findProject(db, wanted.projectId);
  if (!project || project.status === 'OFFLINE') throw new AppError('project.not_found');
  const manager = isPlatformAdmin(actor) || (await isProjectAdmin(db, project.id, actor.userId));
  const roles = await userRolesInProject(db, actor.userId, project.id);
  if (!manager && roles.length === 0) throw new AppError('project.not_found');
  let roleId: number | null = null;
  if (wanted.roleId !== 0) {
    const role = roles.find((r) => r.id === wanted.roleId);
    if (!role) throw new AppError('role.not_found');
    if (!role.enabled) throw new AppError('role.disabled');
    roleId = role.id;
  } else if (!manager) {
    throw new AppError('role.not_found');
  }
  const env = (await listEnvs(db, project.id)).find((e) => e.key === wanted.env);
  if (!env) throw new AppError('env.not_found');
  if (env.status !== 'normal') throw new AppError('env.disabled');
  const selection = { projectId: project.id, roleId, env: env.key };
  await setSelection(deps, actor, selection, meta);
  return selection;
}

/**
 * GET /dcap/project/dataBaseNotAvailable: whether the study database of the session's environment takes
 * no data entry now, and why (core dataEntryBlock; docs/decisions.md, "Project calls").
 */
export async function dataBaseAvailability(deps: ServiceDeps, caller: ProjectCaller): Promise<DataAvailability> {
  const { project } = caller.project;
  const key = sessionEnv(caller);
  const env = key === null ? undefined : (await listEnvs(deps.db, project.id)).find((e) => e.key === key);
  const reason = dataEntryBlock(project.status, env ?? null);
  return { projectId: project.id, status: project.status, env: env?.key ?? null, notAvailable: reason !== null, reason };
}

/**
 * GET /dcap/project/getLoginInfo/{id}: what the project's own sign-in page (/portal/{project}, spec 000 §2.3)
 * shows before anyone signs in: the study's code, names, sponsor and applications. Nothing about its
 * people, sites or data; offline projects are not found.
 */
export async function projectLoginInfo(deps: ServiceDeps, projectId: number): Promise<ProjectLoginInfo> {
  const project = await findProject(deps.db, projectId);
  if (!project || project.status === 'OFFLINE') throw new AppError('project.not_found');
  return {
    projectId: project.id,
    code: project.code,
    name: project.name,
    eName: project.name_en,
    sponsorNames: project.sponsor_names,
    // The column's CHECK constraint admits only core's application names.
    application: project.application as ApplicationName[],
  };
}

/**
 * GET /dcap/project/deletePicture/{id}: removes a picture of the project's UI settings or description. The
 * row is kept, marked deleted, so the audit trail can still name what was removed; the picture is no longer
 * served. A picture of another project is not found.
 */
export async function deletePicture(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<ProjectFile> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, { state: 'configDataEditable', designer: true, right: 'project.configure' }, async (trx, audit) => {
    const file = await repo.findProjectFileForUpdate(trx, projectId, id);
    if (!file || file.deleted_at !== null) throw new AppError('project.picture_not_found');
    const now = deps.clock.now();
    const row = await repo.markProjectFileDeleted(trx, file.id, now, caller.actor.userId);
    await audit({
      action: 'project_file.delete',
      entityType: 'project_file',
      entityId: file.id,
      oldValue: { purpose: file.purpose, filename: file.filename, contentType: file.content_type, size: file.size, deletedAt: null },
      newValue: { deletedAt: now.toISOString() },
    });
    return {
      id: row.id,
      projectId: row.project_id,
      purpose: row.purpose,
      filename: row.filename,
      contentType: row.content_type,
      size: row.size,
      deletedAt: row.deleted_at?.toISOString() ?? null,
    };
  });
}

/** POST /dcap/project/oncePublished: whether the project's design was ever published (any version exists). */
export async function oncePublished(deps: ServiceDeps, caller: ProjectCaller) {
  const projectId = caller.project.project.id;
  const row = await repo.publicationSpan(deps.db, projectId);
  // An aggregate over no rows is null, whatever its declared type.
  const first = (row?.first as Date | null | undefined) ?? null;
  const latest = (row?.latest as number | null | undefined) ?? null;
  return { projectId, oncePublished: first !== null, firstPublishedAt: first === null ? null : new Date(first).toISOString(), latestVersion: latest };
}

async function externalTests(deps: ServiceDeps, projectId: number): Promise<ExternalTestRecord[]> {
  const rows = await repo.listExternalTests(deps.db, projectId);
  return rows.map((row) => ({ id: row.id, projectId: row.project_id, result: row.result, notes: row.notes, recordedBy: row.username, recordedAt: row.recorded_at.toISOString() }));
}

/**
 * POST /dcap/project/externalTest: records the result of the sponsor's own acceptance test of the study
 * build (external UAT), with notes, while the project is in test. Results are kept as a history, newest
 * first; the study team's confirmation of UAT (confirmProjectUatTest) stays a separate step.
 */
export async function recordExternalTest(
  deps: ServiceDeps,
  caller: ProjectCaller,
  body: { result: 'passed' | 'failed'; notes?: string | null | undefined },
): Promise<ExternalTestRecord[]> {
  const projectId = caller.project.project.id;
  await projectWrite(deps, caller, { state: 'test', right: 'project.lifecycle' }, async (trx, audit) => {
    // The write rule holds the status under a share lock; external testing happens in test only.
    const status = await repo.lockProjectStatus(trx, projectId);
    if (status !== 'TEST') throw new AppError('project.status_forbids', { status });
    const notes = body.notes ? body.notes : null;
    const testId = await repo.insertExternalTest(trx, { project_id: projectId, result: body.result, notes, recorded_by: caller.actor.userId, recorded_at: deps.clock.now() });
    await audit({ action: 'project.externalTest', entityType: 'project', entityId: projectId, newValue: { testId, result: body.result, notes } });
  });
  return externalTests(deps, projectId);
}
