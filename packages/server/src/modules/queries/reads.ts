import type { PanelQueries, Query, QueryExportQuery, QueryListQuery, QueryPage, QueryStatus, QueryThread } from '@dcap/core';
import { QUERY_AGE_GROUPS, QUERY_STATUSES, queryAgeDays, queryAgeGroup, queryAgeGroupRange } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, panelInstanceInScope, requireSiteInScope } from '../subjects/scope.js';
import { DesignNames } from './design-names.js';
import { presentComment, presentQuery } from './presenter.js';
import type { QueryFilter, QueryListRow } from './repo.js';
import * as repo from './repo.js';
import { abilitiesOf, presentOne, queryRights, scopeSites } from './service.js';

async function presentRows(deps: ServiceDeps, caller: ProjectCaller, rows: QueryListRow[]): Promise<Query[]> {
  const names = await DesignNames.load(deps.db, rows.map((row) => row.design_version_id));
  const now = deps.clock.now();
  return rows.map((row) => presentQuery(row, names, abilitiesOf(caller, row), now));
}

/** A query with its comments, oldest first (the query thread dialog). */
export async function queryThread(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<QueryThread> {
  const scope = await dataScope(deps.db, caller);
  const query = await presentOne(deps.db, caller, scope, id, deps.clock.now());
  return { query, comments: (await repo.commentsOf(deps.db, id)).map(presentComment) };
}

/** The queries of a panel instance, or of one of its fields, newest first. */
export async function panelQueries(deps: ServiceDeps, caller: ProjectCaller, panelInstanceId: number, path?: string): Promise<PanelQueries> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, panelInstanceId);
  const rows = await repo.listQueries(deps.db, { ...baseFilter(scope), panelInstanceId: panel.id, ...(path === undefined ? {} : { path }) });
  const rights = queryRights(caller);
  return { queries: await presentRows(deps, caller, rows), mayRaise: rights.raise || rights.handleAll };
}

function baseFilter(scope: DataScope): QueryFilter {
  return { projectId: scope.projectId, envId: scope.env.id, sites: scopeSites(scope) };
}

/** The management filters without status and age, which the counts and the chart break down. */
function managementFilter(scope: DataScope, query: Omit<QueryListQuery, 'pageNo' | 'pageSize'>): QueryFilter {
  if (query.siteId !== undefined) requireSiteInScope(scope, query.siteId);
  return {
    ...baseFilter(scope),
    ...(query.siteId === undefined ? {} : { siteId: query.siteId }),
    ...(query.eventId === undefined ? {} : { eventId: query.eventId }),
    ...(query.instrumentId === undefined ? {} : { instrumentId: query.instrumentId }),
    ...(query.subjectId === undefined ? {} : { subjectId: query.subjectId }),
    ...(query.subject === undefined ? {} : { subject: query.subject }),
  };
}

function narrowed(filter: QueryFilter, query: Pick<QueryListQuery, 'status' | 'age'>, now: Date): QueryFilter {
  const range = query.age === undefined ? null : queryAgeGroupRange(query.age, now);
  return {
    ...filter,
    ...(query.status === undefined ? {} : { statuses: [query.status] }),
    ...(range ? { raisedAfter: range.after, raisedAtOrBefore: range.atOrBefore } : {}),
  };
}

/**
 * The query management list (spec 002 §2 "query management"): the caller's sites only (COMPLIANCE WF-3),
 * filtered by site, status, visit, panel, subject and age, a page at a time, with counts per status and the
 * unclosed queries per age group under the other filters.
 */
export async function listManagedQueries(deps: ServiceDeps, caller: ProjectCaller, query: QueryListQuery): Promise<QueryPage> {
  const scope = await dataScope(deps.db, caller);
  const now = deps.clock.now();
  const base = managementFilter(scope, query);
  const filter = narrowed(base, query, now);
  const [rows, total, byStatus, raised] = await Promise.all([
    repo.listQueries(deps.db, filter, query.pageSize, (query.pageNo - 1) * query.pageSize),
    repo.countQueries(deps.db, filter),
    repo.countByStatus(deps.db, base),
    repo.unclosedRaiseTimes(deps.db, base),
  ]);
  const counts = Object.fromEntries(QUERY_STATUSES.map((status) => [status, 0])) as Record<QueryStatus, number>;
  for (const row of byStatus) counts[row.status] = row.count;
  const openAges = Object.fromEntries(QUERY_AGE_GROUPS.map((group) => [group, 0])) as QueryPage['openAges'];
  for (const at of raised) openAges[queryAgeGroup(queryAgeDays(at, now))] += 1;
  return { list: await presentRows(deps, caller, rows), total, pageNo: query.pageNo, pageSize: query.pageSize, counts, openAges };
}

/** Every query under the management filters, for the export (no paging). */
export async function exportableQueries(deps: ServiceDeps, caller: ProjectCaller, query: QueryExportQuery): Promise<Query[]> {
  const scope = await dataScope(deps.db, caller);
  const filter = narrowed(managementFilter(scope, query), query, deps.clock.now());
  return presentRows(deps, caller, await repo.listQueries(deps.db, filter));
}
