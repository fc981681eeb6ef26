import type { PanelInstanceRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of the QC task list: panels of a scope waiting for verification, review or signature. */

export interface QcScope {
  projectId: number;
  envId: number;
  sites: 'all' | readonly number[];
  /** Only panels of visits of this event. */
  eventId?: number;
}

/** Deleted subjects' panels are never tasks. */
const GONE_SUBJECT_STATUSES = ['DEL'];

function waitingPanels(db: Executor, scope: QcScope) {
  let query = db
    .selectFrom('panel_instances as p')
    .innerJoin('subjects as s', 's.id', 'p.subject_id')
    .innerJoin('event_instances as ei', 'ei.id', 'p.event_instance_id')
    .where('p.project_id', '=', scope.projectId)
    .where('p.env_id', '=', scope.envId)
    .where('s.status', 'not in', GONE_SUBJECT_STATUSES);
  if (scope.sites !== 'all') query = query.where('p.site_id', 'in', scope.sites.length > 0 ? scope.sites : [0]);
  if (scope.eventId !== undefined) query = query.where('ei.event_id', '=', scope.eventId);
  return query;
}

/** Per site, the panels waiting for each step (completed, verified, reviewed). */
export async function qcCounts(db: Executor, scope: QcScope): Promise<{ site_id: number; verify: number; review: number; sign: number }[]> {
  const rows = await waitingPanels(db, scope)
    .select((eb) => [
      'p.site_id',
      eb.fn.countAll<string>().filterWhere('p.status', '=', 'COMPLETED').as('verify'),
      eb.fn.countAll<string>().filterWhere('p.status', '=', 'VERIFIED').as('review'),
      eb.fn.countAll<string>().filterWhere('p.status', '=', 'REVIEWED').as('sign'),
    ])
    .groupBy('p.site_id')
    .execute();
  return rows.map((row) => ({ site_id: row.site_id, verify: Number(row.verify), review: Number(row.review), sign: Number(row.sign) }));
}

/** One page of the panels with a status, the longest waiting first. */
export async function qcPage(
  db: Executor,
  scope: QcScope,
  status: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: (PanelInstanceRow & { platform_no: string; subject_code: string | null; event_id: number; event_design_version_id: number })[] }> {
  const base = waitingPanels(db, scope).where('p.status', '=', status);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst();
  const rows = await base
    .selectAll('p')
    .select(['s.platform_no', 's.subject_code', 'ei.event_id', 'ei.design_version_id as event_design_version_id'])
    .orderBy('p.updated_at')
    .orderBy('p.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { total: Number(total?.count ?? 0), rows };
}
