import type { QcList, QcSummary, QcTask, qcListQuerySchema } from '@dcap/core';
import { AppError, QC_STAGE_STATUS } from '@dcap/core';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { designOfVersion } from '../publishing/service.js';
import type { DesignSnapshot } from '../publishing/snapshot.js';
import { openQueryCounts } from '../queries/service.js';
import { dataScope, requireSiteInScope } from '../subjects/scope.js';
import * as qcRepo from './qc-repo.js';
import * as repo from './repo.js';

/**
 * The QC task list (spec 000 §3 "QC task statuses"; docs/decisions.md "Visit reminders"): per site of the
 * caller, the panels waiting for source-data verification (completed), review (verified) and signature
 * (reviewed), and a page of one stage's panels, the longest waiting first.
 */
export async function qcSummary(deps: ServiceDeps, caller: ProjectCaller): Promise<QcSummary> {
  const scope = await dataScope(deps.db, caller);
  const sites = await repo.sitesInScope(deps.db, scope.projectId, scope.sites);
  const counts = new Map((await qcRepo.qcCounts(deps.db, { projectId: scope.projectId, envId: scope.env.id, sites: scope.sites })).map((row) => [row.site_id, row]));
  return {
    sites: sites.map((site) => {
      const row = counts.get(site.id);
      return { siteId: site.id, code: site.code, name: site.name, nameEn: site.name_en, verify: row?.verify ?? 0, review: row?.review ?? 0, sign: row?.sign ?? 0 };
    }),
  };
}

const QC_PAGE_SIZE = 20;

export async function qcList(deps: ServiceDeps, caller: ProjectCaller, query: z.output<typeof qcListQuerySchema>): Promise<QcList> {
  const scope = await dataScope(deps.db, caller);
  if (query.siteId !== undefined) {
    requireSiteInScope(scope, query.siteId);
    if ((await repo.sitesInScope(deps.db, scope.projectId, [query.siteId])).length === 0) throw new AppError('subject.site_forbidden');
  }
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? QC_PAGE_SIZE;
  const { total, rows } = await qcRepo.qcPage(
    deps.db,
    {
      projectId: scope.projectId,
      envId: scope.env.id,
      sites: query.siteId === undefined ? scope.sites : [query.siteId],
      ...(query.eventId === undefined ? {} : { eventId: query.eventId }),
    },
    QC_STAGE_STATUS[query.stage],
    { offset: (page - 1) * pageSize, limit: pageSize },
  );
  const queries = await openQueryCounts(deps.db, rows.map((row) => row.id));
  const snapshots = new Map<number, DesignSnapshot | null>();
  const snapshotOf = async (versionId: number) => {
    if (!snapshots.has(versionId)) snapshots.set(versionId, await designOfVersion(deps.db, versionId));
    return snapshots.get(versionId) ?? null;
  };
  const items: QcTask[] = [];
  for (const row of rows) {
    const snapshot = await snapshotOf(row.event_design_version_id);
    const event = snapshot?.events.find((candidate) => candidate.id === row.event_id);
    const instrument = snapshot?.instruments.find((candidate) => candidate.id === row.instrument_id);
    items.push({
      panelInstanceId: row.id,
      subjectId: row.subject_id,
      platformNo: row.platform_no,
      subjectCode: row.subject_code,
      siteId: row.site_id,
      eventInstanceId: row.event_instance_id,
      eventId: row.event_id,
      visitName: event?.name ?? '',
      visitNameEn: event?.nameEn ?? null,
      instrumentId: row.instrument_id,
      instrumentName: instrument?.name ?? '',
      instrumentNameEn: instrument?.nameEn ?? null,
      status: row.status,
      updatedAt: row.updated_at.toISOString(),
      openQueries: queries.byPanel.get(row.id) ?? 0,
    });
  }
  return { total, page, pageSize, items };
}
