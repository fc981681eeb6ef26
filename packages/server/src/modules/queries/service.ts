import type { QueryActor, QueryOptions, QueryRights, QueryStatus, QueryUserAction, RaiseQueryRequest, Query, QueryCommentRequest, FieldStatus } from '@dcap/core';
import { AppError, canInProject, queryRefusal, queryTransition, raiseRefusal } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow, QueryRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, inDataScope, panelInstanceInScope } from '../subjects/scope.js';
import { DesignNames } from './design-names.js';
import { tellAboutQuery } from './messages.js';
import { presentQuery } from './presenter.js';
import * as repo from './repo.js';

/**
 * Closes the OPEN and ANSWERED queries on fields whose value a save just changed, as AUTO_CLOSED (spec 002
 * §4 "auto-closed"), inside the save's transaction: the query asked about a value that is no longer there.
 * Always on: spec 000 §3 names no flag for it, and the thread keeps the query, its comments and an
 * `autoClose` entry, so the raiser sees what happened and may raise a new one (docs/decisions.md, "Queries").
 * Audited per query with from/to status (COMPLIANCE AT-3).
 */
export async function autoCloseQueries(trx: Transaction<Database>, audit: ProjectAuditor, panel: PanelInstanceRow, paths: string[], userId: number | null, now: Date): Promise<void> {
  const open = await repo.lockUnclosedAt(trx, panel.id, paths);
  if (open.length === 0) return;
  const env = await repo.envKey(trx, panel.env_id);
  for (const query of open) {
    await repo.setQueryStatus(trx, query.id, 'AUTO_CLOSED', userId, now);
    await repo.insertComment(trx, query.id, 'autoClose', null, userId, now);
    await audit({
      action: 'query.autoClose',
      entityType: 'query',
      entityId: query.id,
      siteId: query.site_id,
      env,
      oldValue: { status: query.status },
      newValue: { status: 'AUTO_CLOSED', panelInstanceId: query.panel_instance_id, path: query.path },
    });
  }
}

export interface OpenQueryCounts {
  /** OPEN + ANSWERED queries per panel instance. */
  byPanel: Map<number, number>;
  /** OPEN + ANSWERED queries per field, keyed `${panelInstanceId}:${path}`. */
  byField: Map<string, number>;
}

export const fieldKey = (panelInstanceId: number, path: string): string => `${String(panelInstanceId)}:${path}`;

/** Unclosed (OPEN and ANSWERED) queries per panel and per field, for the event matrix and the panel header. */
export async function openQueryCounts(db: Executor, panelInstanceIds: number[]): Promise<OpenQueryCounts> {
  const byPanel = new Map<number, number>();
  const byField = new Map<string, number>();
  for (const row of await repo.countUnclosed(db, panelInstanceIds)) {
    byPanel.set(row.panelInstanceId, (byPanel.get(row.panelInstanceId) ?? 0) + row.count);
    byField.set(fieldKey(row.panelInstanceId, row.path), row.count);
  }
  return { byPanel, byField };
}

/** The caller's query rights (spec 002 §6) through core's project permissions. */
export function queryRights(caller: ProjectCaller): QueryRights {
  const access = caller.project.access;
  return { raise: canInProject(access, 'query.raise'), answer: canInProject(access, 'query.answer'), handleAll: canInProject(access, 'query.handleAll') };
}

export function queryActor(caller: ProjectCaller): QueryActor {
  return { userId: caller.actor.userId, roleId: caller.project.access.role?.id ?? null, rights: queryRights(caller) };
}

/** The project's query options: flag `sameRoleCancelCloseQuery` (spec 000 §3; docs/decisions.md, "Queries"). */
export function queryOptions(caller: ProjectCaller): QueryOptions {
  return { sameRoleCancelClose: caller.project.project.config.sameRoleCancelCloseQuery === true };
}

export const abilitiesOf = (caller: ProjectCaller, row: Pick<QueryRow, 'status' | 'raised_by' | 'raised_role_id'>): QueryUserAction[] => {
  const actor = queryActor(caller);
  const facts = { status: row.status, raisedBy: row.raised_by, raisedRoleId: row.raised_role_id };
  return (['answer', 'close', 'cancel'] as const).filter((action) => queryRefusal(action, actor, facts, queryOptions(caller)) === null);
};

/** One query in the caller's scope as the API shows it. */
export async function presentOne(db: Executor, caller: ProjectCaller, scope: DataScope, id: number, now: Date): Promise<Query> {
  const [row] = await repo.listQueries(db, { projectId: scope.projectId, envId: scope.env.id, sites: scopeSites(scope), id });
  if (!row) throw new AppError('query.not_found');
  const names = await DesignNames.load(db, [row.design_version_id]);
  return presentQuery(row, names, abilitiesOf(caller, row), now);
}

/** The site list of a scope for the repository: null for every site. */
export function scopeSites(scope: DataScope): readonly number[] | null {
  return scope.sites === 'all' ? null : scope.sites;
}

/** A query in the caller's data scope; another site's answers exactly as a missing one (COMPLIANCE WF-3). */
async function queryInScope(db: Executor, scope: DataScope, id: number, lock = false): Promise<QueryRow> {
  const query = await repo.findQuery(db, id, lock);
  if (!query || !inDataScope(scope, query)) throw new AppError('query.not_found');
  return query;
}

const WRITE = { state: 'recordEditable' } as const;

/**
 * Raises a query on one field of a panel instance (spec 002 §3 "Query"; §4 "Query is disabled when the
 * status is Locked"). The field must be one of the panel's design; a frozen field may still be queried
 * (COMPLIANCE WF-2). Audited as `query.open` (AT-3).
 */
export async function raiseQuery(deps: ServiceDeps, caller: ProjectCaller, body: RaiseQueryRequest): Promise<Query> {
  const content = body.content?.trim() ?? '';
  const contentEn = body.contentEn?.trim() ?? '';
  if (content === '' && contentEn === '') throw new AppError('query.content_required');
  // Another site's or project's panel answers as a missing one before anything else is said about it.
  await panelInstanceInScope(deps.db, await dataScope(deps.db, caller), body.panelInstanceId);
  const id = await projectWrite(deps, caller, { ...WRITE, right: 'query.raise' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const panel = await panelInstanceInScope(trx, scope, body.panelInstanceId);
    const names = await DesignNames.load(trx, [panel.design_version_id]);
    if (!names.field(panel.design_version_id, panel.instrument_id, body.path)) throw new AppError('query.field_unknown', { path: body.path });
    const status = ((await repo.fieldStatus(trx, panel.id, body.path)) ?? '') as FieldStatus;
    const refusal = raiseRefusal(queryRights(caller), status);
    if (refusal) throw new AppError(refusal);
    const now = deps.clock.now();
    const row = await repo.insertQuery(trx, {
      project_id: panel.project_id,
      env_id: panel.env_id,
      site_id: panel.site_id,
      subject_id: panel.subject_id,
      event_instance_id: panel.event_instance_id,
      panel_instance_id: panel.id,
      path: body.path,
      content: content === '' ? contentEn : content,
      content_en: contentEn === '' ? null : contentEn,
      raised_by: caller.actor.userId,
      raised_role_id: caller.project.access.role?.id ?? null,
      raised_at: now,
      updated_at: now,
    });
    await repo.insertComment(trx, row.id, 'raise', row.content, caller.actor.userId, now);
    await audit({
      action: 'query.open',
      entityType: 'query',
      entityId: row.id,
      siteId: row.site_id,
      env: scope.env.key,
      oldValue: { status: null },
      newValue: { status: row.status, panelInstanceId: row.panel_instance_id, path: row.path, content: row.content, contentEn: row.content_en },
    });
    await tellAboutQuery(deps, trx, 'query.raised', row, scope.env.key, caller.actor.userId, row.content);
    return row.id;
  });
  return presentOne(deps.db, caller, await dataScope(deps.db, caller), id, deps.clock.now());
}

const STATUS_AFTER: Record<QueryUserAction, QueryStatus> = { answer: 'ANSWERED', close: 'CLOSED', cancel: 'CANCELED' };

/**
 * Answers, closes or cancels a query (spec 002 §6; core queries/rules.ts): one comment and one audit row
 * with from/to status (COMPLIANCE AT-3). The query is locked first, so two people acting at once cannot both
 * move it: the second is refused with `query.wrong_status`.
 */
export async function actOnQuery(deps: ServiceDeps, caller: ProjectCaller, action: QueryUserAction, body: QueryCommentRequest): Promise<Query> {
  const comment = body.comment?.trim() ?? '';
  if (action === 'answer' && comment === '') throw new AppError('query.content_required');
  await queryInScope(deps.db, await dataScope(deps.db, caller), body.id);
  await projectWrite(deps, caller, WRITE, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const query = await queryInScope(trx, scope, body.id, true);
    const refusal = queryRefusal(action, queryActor(caller), { status: query.status, raisedBy: query.raised_by, raisedRoleId: query.raised_role_id }, queryOptions(caller));
    if (refusal) throw new AppError(refusal);
    const to = queryTransition(action, query.status) ?? STATUS_AFTER[action];
    const now = deps.clock.now();
    const after = await repo.setQueryStatus(trx, query.id, to, caller.actor.userId, now);
    await repo.insertComment(trx, query.id, action, comment === '' ? null : comment, caller.actor.userId, now);
    await audit({
      action: `query.${action}`,
      entityType: 'query',
      entityId: query.id,
      siteId: query.site_id,
      env: scope.env.key,
      oldValue: { status: query.status },
      newValue: { status: after.status, panelInstanceId: query.panel_instance_id, path: query.path, ...(comment === '' ? {} : { comment }) },
    });
    // Spec 002 §3: answering and closing tell the study; a cancelled query tells nobody.
    if (action === 'answer') await tellAboutQuery(deps, trx, 'query.answered', after, scope.env.key, caller.actor.userId, comment);
    if (action === 'close') await tellAboutQuery(deps, trx, 'query.closed', after, scope.env.key, caller.actor.userId, comment);
  });
  return presentOne(deps.db, caller, await dataScope(deps.db, caller), body.id, deps.clock.now());
}
