import type { ApprovalItem, GateFacts, Locale, ProjectGates, ProjectStatus } from '@dcap/core';
import { AppError, describeGates, GATE_LABELS, GATE_TARGET_LABELS, isPlatformAdmin, mayDecideApplication, unmetGates } from '@dcap/core';
import type { ProjectRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectContext } from './access.js';
import * as repo from './repo.js';

const count = (row: { n: string | number | bigint } | undefined) => Number(row?.n ?? 0);

/** What the lifecycle gates read (core `GateFacts`), counted in the caller's transaction. */
export async function gateFacts(db: Executor, project: Pick<ProjectRow, 'id' | 'uat_confirmed'>): Promise<GateFacts> {
  const { published, sites, roles } = await repo.gateCounts(db, project.id);
  return { publishedDesigns: count(published), sites: count(sites), rolesWithUsers: count(roles), uatConfirmed: project.uat_confirmed };
}

/** Refuses entering `target` while any of its gates is unmet, naming each in the caller's language. */
export async function requireGates(db: Executor, project: ProjectRow, target: ProjectStatus, locale: Locale): Promise<void> {
  const unmet = unmetGates(target, await gateFacts(db, project));
  if (unmet.length === 0) return;
  throw new AppError(
    'project.gates_unmet',
    { target: GATE_TARGET_LABELS[target]?.[locale] ?? target, missing: describeGates(unmet, locale) },
    unmet.map((condition) => ({ path: `gates.${condition}`, message: GATE_LABELS[condition][locale] })),
  );
}

/** GET /dcap/project/gates/{projectId}: what is missing for internal test and for going online. */
export async function projectGates(deps: ServiceDeps, context: ProjectContext): Promise<ProjectGates> {
  const facts = await gateFacts(deps.db, context.project);
  return { internalTest: unmetGates('INTERNAL_TEST', facts), online: unmetGates('ON_RESEARCH', facts) };
}

/**
 * Four eyes: the applicant never decides their own application, even a platform administrator. When no
 * other active platform administrator exists the refusal says so, since then nobody can decide it yet.
 */
export async function requireFourEyes(db: Executor, applicantId: number | null, actor: Actor): Promise<void> {
  if (mayDecideApplication(applicantId, actor.userId)) return;
  throw new AppError((await repo.anotherActiveAdmin(db, actor.userId)) ? 'project.four_eyes' : 'project.four_eyes_no_other');
}

/**
 * The approvals inbox: pending applications to go online and pending status-change applications that the
 * caller may decide. Deciding needs `project.approve` (platform administrators, core permissions) and not
 * being the applicant, so everyone else has an empty inbox. Offline projects have nothing pending.
 */
export async function listApprovals(deps: ServiceDeps, actor: Actor): Promise<ApprovalItem[]> {
  if (!isPlatformAdmin(actor)) return [];
  const online = await repo.pendingOnlineApplications(deps.db, actor.userId);
  const changes = await repo.pendingStatusChanges(deps.db, actor.userId);
  const items: ApprovalItem[] = [
    ...online.map(
      (row): ApprovalItem => ({
        kind: 'online',
        projectId: row.id,
        projectCode: row.code,
        projectName: row.name,
        projectNameEn: row.name_en,
        status: row.status,
        applicationId: null,
        type: null,
        reason: row.online_request_reason,
        appliedBy: row.username,
        appliedAt: row.online_requested_at?.toISOString() ?? null,
      }),
    ),
    ...changes.map(
      (row): ApprovalItem => ({
        kind: 'statusChange',
        projectId: row.project_id,
        projectCode: row.code,
        projectName: row.name,
        projectNameEn: row.name_en,
        status: row.status,
        applicationId: row.id,
        type: row.type,
        reason: row.reason,
        appliedBy: row.username,
        appliedAt: row.applied_at.toISOString(),
      }),
    ),
  ];
  // Oldest first: the application waiting longest is decided first.
  return items.sort((a, b) => (a.appliedAt ?? '').localeCompare(b.appliedAt ?? '') || a.projectId - b.projectId);
}

/** The header badge's number: how many applications wait for the caller's decision. */
export async function countApprovals(deps: ServiceDeps, actor: Actor): Promise<{ count: number }> {
  return { count: (await listApprovals(deps, actor)).length };
}
