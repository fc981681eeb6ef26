import type { Project, ProjectStatus, StatusChangeApplication, StatusChangeType, StepAction } from '@dcap/core';
import { APPLICATION_MESSAGE_NAMES, AppError, canLockFrom, DECISION_MESSAGE_NAMES, gatedTarget, isLegalStatusChange, ONLINE_APPLICATION_MESSAGE_NAME, PRE_SCREEN_SUSPEND, resolveTarget, STATUS_CHANGES, stepRule } from '@dcap/core';
import type { ProjectRow, ProjectsTable } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectContext } from './access.js';
import { requireFourEyes, requireGates } from './approvals-service.js';
import { presentApplication, presentProject } from './presenter.js';
import { preScreenSuspendChange } from './pre-screen-service.js';
import * as repo from './repo.js';
import { projectEntry } from './service.js';
import { projectWrite } from '../../http/project-write.js';
import { platformAdminIds, sendStudyEvent } from '../messages/study-events.js';
import type { Updateable } from 'kysely';

type Change = Updateable<ProjectsTable>;

/**
 * Runs one lifecycle action under a row lock: `decide` sees the current row and returns the columns to
 * change (or throws a refusal); the change and its audit row commit together (spec 000 §4.2, WF-1).
 */
async function transition(
  deps: ServiceDeps,
  actor: Actor,
  context: ProjectContext,
  meta: RequestMeta,
  action: string,
  decide: (project: ProjectRow, trx: Executor) => Promise<Change> | Change,
  reason?: string | null,
): Promise<Project> {
  // The move's rule (core's step table, the lifecycle's legal edges) is checked on the row locked for it.
  const row = await projectWrite(deps, { actor, project: context, meta }, {}, async (trx, audit) => {
    const before = await repo.findProjectForUpdate(trx, context.project.id);
    if (!before) throw new AppError('project.not_found');
    const change = await decide(before, trx);
    // Entering internal test or going online passes its gates, whichever call makes the move (core gates).
    const gated = change.status ? gatedTarget(before.status, change.status) : null;
    if (gated) await requireGates(trx, before, gated, meta.locale);
    const after = await repo.updateProject(trx, before.id, { ...change, updated_at: deps.clock.now() });
    await audit(
      projectEntry(after.id, action, {
        oldValue: { status: before.status, prevStatus: before.prev_status, ...flags(before, after, before) },
        newValue: { status: after.status, prevStatus: after.prev_status, ...flags(before, after, after) },
        reason: reason ?? null,
      }),
    );
    return after;
  });
  return presentProject(row, context.access);
}

/** Tells the platform administrators, who decide it, of an application (spec 002 §3); the applicant is the actor and is not told. */
async function tellApplied(deps: ServiceDeps, trx: Executor, projectId: number, name: { zh: string; en: string }, reason: string, actorId: number): Promise<void> {
  await sendStudyEvent(deps, trx, {
    event: 'project.statusApplied',
    projectId,
    env: null,
    siteId: null,
    params: { application: name.zh, applicationEn: name.en, reason },
    directUserIds: await platformAdminIds(trx),
    actorId,
    link: '/project/approvals',
  });
}

/** Tells the applicant (and the configured roles) how an application was decided. */
async function tellDecided(deps: ServiceDeps, trx: Executor, projectId: number, name: { zh: string; en: string }, approved: boolean, comment: string, applicantId: number | null, actorId: number): Promise<void> {
  const decision = DECISION_MESSAGE_NAMES[approved ? 'approved' : 'rejected'];
  await sendStudyEvent(deps, trx, {
    event: 'project.statusDecided',
    projectId,
    env: null,
    siteId: null,
    params: { application: name.zh, applicationEn: name.en, decision: decision.zh, decisionEn: decision.en, comment },
    directUserIds: applicantId === null ? [] : [applicantId],
    actorId,
    link: '/project/projectList',
  });
}

/** The workflow flags a move changed, as they were on `side` (before or after), so both values are recorded. */
function flags(before: ProjectRow, after: ProjectRow, side: ProjectRow): Record<string, boolean> {
  const changed: Record<string, boolean> = {};
  if (before.config_audit_requested !== after.config_audit_requested) changed.configAuditRequested = side.config_audit_requested;
  if (before.uat_confirmed !== after.uat_confirmed) changed.uatConfirmed = side.uat_confirmed;
  if (before.online_requested !== after.online_requested) changed.onlineRequested = side.online_requested;
  if (before.config.preScreenSuspend !== after.config.preScreenSuspend) changed.preScreenSuspend = side.config.preScreenSuspend === true;
  return changed;
}

/** Moving to a new status; LOCKED remembers where it came from, every other move forgets it. */
function moveTo(project: ProjectRow, to: ProjectStatus): Change {
  return { status: to, prev_status: to === 'LOCKED' ? project.status : null };
}

function stepChange(action: StepAction, project: ProjectRow, access: ProjectContext['access']): Change {
  const rule = stepRule(action, project.status);
  if (!rule) throw new AppError('project.status_forbids', { status: project.status });
  if (rule.by === 'platformAdmin' && !access.platformAdmin) throw new AppError('permission.project_forbidden');
  if (rule.requires === 'configAuditRequested' && !project.config_audit_requested) throw new AppError('project.config_audit_required');
  return moveTo(project, rule.to);
}

/** `nextStep`, `saConfirmConfig`, `confirmInternalTest`: one step along the flow, as core's table allows. */
export function step(deps: ServiceDeps, actor: Actor, context: ProjectContext, action: StepAction, meta: RequestMeta, expectedStatus?: ProjectStatus): Promise<Project> {
  return transition(deps, actor, context, meta, `project.${action}`, (project) => {
    if (expectedStatus && expectedStatus !== project.status) throw new AppError('project.stale_status', { status: project.status });
    return stepChange(action, project, context.access);
  });
}

/** Applying for the configuration audit asks to enter internal test, so its gates must already hold. */
export function applyAuditConfig(deps: ServiceDeps, actor: Actor, context: ProjectContext, meta: RequestMeta): Promise<Project> {
  return transition(deps, actor, context, meta, 'project.applyAuditConfig', async (project, trx) => {
    if (project.status !== 'CONFIG') throw new AppError('project.status_forbids', { status: project.status });
    await requireGates(trx, project, 'INTERNAL_TEST', meta.locale);
    return { config_audit_requested: true };
  });
}

export function confirmUatTest(deps: ServiceDeps, actor: Actor, context: ProjectContext, meta: RequestMeta): Promise<Project> {
  return transition(deps, actor, context, meta, 'project.confirmUatTest', (project) => {
    if (project.status !== 'TEST') throw new AppError('project.status_forbids', { status: project.status });
    return { uat_confirmed: true };
  });
}

/**
 * The application to go online: only from test with the online gates met (the confirmed UAT test); who
 * applied, when and why are kept so the applicant never approves it (four eyes) and the inbox shows it.
 */
export function applyOnline(deps: ServiceDeps, actor: Actor, context: ProjectContext, meta: RequestMeta, reason: string | null = null): Promise<Project> {
  return transition(
    deps,
    actor,
    context,
    meta,
    'project.applyOnline',
    async (project, trx) => {
      if (project.status !== 'TEST') throw new AppError('project.status_forbids', { status: project.status });
      if (project.online_requested) throw new AppError('project.online_already_requested');
      await requireGates(trx, project, 'ON_RESEARCH', meta.locale);
      await tellApplied(deps, trx, project.id, ONLINE_APPLICATION_MESSAGE_NAME, reason ?? '', actor.userId);
      return { online_requested: true, online_requested_by: actor.userId, online_requested_at: deps.clock.now(), online_request_reason: reason };
    },
    reason,
  );
}

/**
 * Approving puts the project online; rejecting withdraws the application and keeps it in test, and needs a
 * reason. Never by the applicant (four eyes).
 */
export function approveApplyOnline(
  deps: ServiceDeps,
  actor: Actor,
  context: ProjectContext,
  approve: boolean,
  meta: RequestMeta,
  reason: string | null = null,
): Promise<Project> {
  if (!approve && !reason) return Promise.reject(new AppError('project.reason_required'));
  const closed = { online_requested: false, online_requested_by: null, online_requested_at: null, online_request_reason: null };
  return transition(
    deps,
    actor,
    context,
    meta,
    approve ? 'project.approveOnline' : 'project.rejectOnline',
    async (project, trx) => {
      if (!project.online_requested) throw new AppError('project.online_not_requested');
      await requireFourEyes(trx, project.online_requested_by, actor);
      await tellDecided(deps, trx, project.id, ONLINE_APPLICATION_MESSAGE_NAME, approve, reason ?? '', project.online_requested_by, actor.userId);
      if (!approve) return closed;
      return { ...stepChange('approveApplyOnline', project, context.access), ...closed };
    },
    reason,
  );
}

export function lock(deps: ServiceDeps, actor: Actor, context: ProjectContext, meta: RequestMeta): Promise<Project> {
  return transition(deps, actor, context, meta, 'project.lock', (project) => {
    if (!canLockFrom(project.status)) throw new AppError('project.status_forbids', { status: project.status });
    return moveTo(project, 'LOCKED');
  });
}

export function unlock(deps: ServiceDeps, actor: Actor, context: ProjectContext, meta: RequestMeta): Promise<Project> {
  return transition(deps, actor, context, meta, 'project.unlock', (project) => {
    if (project.status !== 'LOCKED' || !project.prev_status) throw new AppError('project.status_forbids', { status: project.status });
    return moveTo(project, project.prev_status);
  });
}

/** "Update status (new and old status)": a platform administrator's direct move along a legal edge. */
export function updateStatus(deps: ServiceDeps, actor: Actor, context: ProjectContext, to: ProjectStatus, from: ProjectStatus, meta: RequestMeta): Promise<Project> {
  return transition(deps, actor, context, meta, 'project.updateStatus', (project) => {
    if (project.status !== from) throw new AppError('project.stale_status', { status: project.status });
    if (!isLegalStatusChange(from, to, project.prev_status)) throw new AppError('project.illegal_transition', { from, to });
    return moveTo(project, to);
  });
}

export async function listApplications(deps: ServiceDeps, context: ProjectContext): Promise<StatusChangeApplication[]> {
  return (await repo.loadApplications(deps.db, context.project.id)).map(presentApplication);
}

/** A project administrator applies for a status change (spec 000 §4.2); one open application at a time. */
export async function applyStatusChange(
  deps: ServiceDeps,
  actor: Actor,
  context: ProjectContext,
  type: StatusChangeType,
  reason: string,
  meta: RequestMeta,
): Promise<StatusChangeApplication> {
  const project = context.project;
  if (!STATUS_CHANGES[type].from.includes(project.status)) throw new AppError('project.status_forbids', { status: project.status });
  const id = await projectWrite(deps, { actor, project: context, meta }, {}, async (trx, audit) => {
    const applicationId = await repo.insertApplication(trx, { project_id: project.id, type, reason, applied_by: actor.userId, applied_at: deps.clock.now() });
    await audit(projectEntry(project.id, 'project.applyStatusChange', { newValue: { applicationId, type }, reason }));
    await tellApplied(deps, trx, project.id, APPLICATION_MESSAGE_NAMES[type], reason, actor.userId);
    return applicationId;
  });
  const [created] = await repo.loadApplications(deps.db, project.id, id);
  if (!created) throw new AppError('project.application_not_found');
  return presentApplication(created);
}

/**
 * A platform administrator approves or rejects an application; never the applicant (four eyes, also a
 * CHECK constraint). Approval moves the project if the move is still legal from its current status.
 */
export async function decideStatusChange(
  deps: ServiceDeps,
  actor: Actor,
  context: ProjectContext,
  body: { id: number; approve: boolean; comment?: string | null | undefined },
  meta: RequestMeta,
): Promise<Project> {
  if (!body.approve && !body.comment) return Promise.reject(new AppError('project.reason_required'));
  return transition(
    deps,
    actor,
    context,
    meta,
    body.approve ? 'project.approveStatusChange' : 'project.rejectStatusChange',
    async (project, trx) => {
      const application = await repo.findApplicationForUpdate(trx, project.id, body.id);
      if (!application) throw new AppError('project.application_not_found');
      if (application.state !== 'pending') throw new AppError('project.application_decided');
      await requireFourEyes(trx, application.applied_by, actor);
      await repo.decideApplication(trx, application.id, { state: body.approve ? 'approved' : 'rejected', decided_by: actor.userId, decided_at: deps.clock.now(), decision_comment: body.comment ?? null });
      await tellDecided(deps, trx, project.id, APPLICATION_MESSAGE_NAMES[application.type], body.approve, body.comment ?? '', application.applied_by, actor.userId);
      if (!body.approve) return {};
      if (application.type === PRE_SCREEN_SUSPEND) return preScreenSuspendChange(project);
      const change = STATUS_CHANGES[application.type];
      const to = resolveTarget(change.to, project.prev_status);
      if (!to || !change.from.includes(project.status)) throw new AppError('project.status_forbids', { status: project.status });
      return moveTo(project, to);
    },
    body.comment,
  );
}

/** The shape of the one-body lifecycle calls registered in a loop by routes.ts. */
export type SimpleAction = (actor: Actor, context: ProjectContext, meta: RequestMeta) => Promise<Project>;
