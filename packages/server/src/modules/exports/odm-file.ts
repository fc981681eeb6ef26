import type { ExportSealedHead } from '@dcap/core';
import { AppError, exportFiltersSchema, inSiteScope, oidPart, sealedHeadSchema, siteScope } from '@dcap/core';
import type { ExportTaskRow } from '../../db/schema.js';
import type { JobContext } from '../jobs/worker.js';
import type { OdmDataScope, OdmPlan } from '../odm/writer.js';
import { CLINICAL_DATA_CLOSE, ODM_CLOSE, clinicalDataBatch, clinicalDataOpen, odmHead, odmVersions, subjectsInScope } from '../odm/writer.js';
import { finishTask } from './finish.js';
import type { ExportJobParams } from './handler.js';
import { requesterCaller } from './report.js';
import * as repo from './repo.js';

/** What each step records: where the file stands. Replayed on a resumed job, so it is plain JSON. */
interface Cursor {
  /** The requester's sites, resolved once by the first step and used by every step after it. */
  siteIds: number[];
  /** The versions, sites and bounds the file's head fixed. */
  plan: OdmPlan;
  /** The next chunk's sequence number. */
  seq: number;
  /** The index in `plan.versionIds` of the ClinicalData being written; their count once all are. */
  version: number;
  /** The last subject id written in that ClinicalData; 0 before its first batch. */
  after: number;
  /** Subjects read so far: each is read once per ClinicalData. */
  done: number;
  /** Bytes stored so far, and how many values their ItemData carry. */
  size: number;
  items: number;
}

/** The sealed head as the file's description, so the file names the point of the trail it was taken at. */
export function sealedHeadText(head: ExportSealedHead | null): string | null {
  if (!head) return null;
  return `DCAP audit chain ${String(head.chain)} head: row ${String(head.lastId)}, hash ${head.lastHash}, ${String(head.rowCount)} rows, sealed ${head.sealedAt} (key ${head.keyId}, MAC ${head.mac})`;
}

/**
 * The subject data report as a CDISC ODM 1.3.2 file (docs/decisions.md, "CDISC ODM" and "Exports"), written
 * by the ODM writer's parts in job steps as the CSV export is: a first step resolves the requester's sites
 * (as they stand when the job runs) and stores the file's head (Study, MetaDataVersions, AdminData), recording
 * the sites and what the head fixed; then one step per batch of subjects of one version's ClinicalData, with
 * its open or close tag where the version starts or ends; a last step stores the close tag. Each step commits
 * its piece of the file, the progress and its record together, so an interrupted job continues after the
 * last committed batch and writes the same bytes. The progress counts subjects read: every subject of the
 * scope once per ClinicalData, so its total is the scope's subjects times the file's design versions.
 */
export async function runOdmExport(context: JobContext, task: ExportTaskRow, params: ExportJobParams, retentionDays: number): Promise<void> {
  const filters = exportFiltersSchema.parse(task.filters);
  const scopeOf = (siteIds: number[]): OdmDataScope => ({
    projectId: task.project_id,
    envId: task.env_id,
    siteIds,
    eventIds: filters.eventIds,
    instrumentIds: filters.instrumentIds,
    statuses: filters.statuses,
    mode: filters.odmMode ?? 'snapshot',
  });

  let cursor = await context.step('plan', async (trx): Promise<Cursor> => {
    const caller = await requesterCaller(trx, task, params);
    const sites = siteScope(caller.project.access);
    const siteIds = filters.siteIds.filter((id) => inSiteScope(sites, id));
    const code = (await repo.projectCode(trx, task.project_id)) ?? String(task.project_id);
    const head = await odmHead(trx, {
      ...scopeOf(siteIds),
      locale: params.locale,
      description: sealedHeadText(task.sealed_head === null ? null : sealedHeadSchema.parse(task.sealed_head)),
      fileOid: `EXPORT.${oidPart(code)}.${oidPart(task.env)}.${String(task.id)}`,
      createdAt: task.created_at,
    });
    const total = (await subjectsInScope(trx, scopeOf(siteIds))) * head.versions.length;
    const bytes = Buffer.from(head.xml, 'utf8');
    await repo.insertChunk(trx, task.id, 0, bytes);
    await repo.updateTask(trx, task.id, { status: 'running', progress_total: total, progress_done: 0 });
    return { siteIds, plan: head.plan, seq: 1, version: 0, after: 0, done: 0, size: bytes.length, items: 0 };
  });

  const scope = scopeOf(cursor.siteIds);
  // Design versions are never changed once published, so a resumed job reads the same designs again.
  const versions = await odmVersions(context.deps.db, scope, cursor.plan.versionIds);
  if (versions.length !== cursor.plan.versionIds.length) throw new AppError('odm.no_design');
  let step = 0;
  for (const [index, version] of versions.entries()) {
    while (cursor.version === index) {
      const before = cursor;
      cursor = await context.step(`batch:${String(step)}`, async (trx): Promise<Cursor> => {
        const batch = await clinicalDataBatch(trx, scope, before.plan, version, before.after, params.batchSize);
        const ended = batch.read < params.batchSize;
        const bytes = Buffer.from((before.after === 0 ? clinicalDataOpen(before.plan, version) : '') + batch.xml + (ended ? CLINICAL_DATA_CLOSE : ''), 'utf8');
        await repo.insertChunk(trx, task.id, before.seq, bytes);
        const done = before.done + batch.read;
        await repo.updateTask(trx, task.id, { progress_done: done });
        const next = ended ? { version: index + 1, after: 0 } : { version: index, after: batch.last };
        return { ...before, ...next, seq: before.seq + 1, done, size: before.size + bytes.length, items: before.items + batch.items };
      });
      step += 1;
    }
  }

  const last = cursor;
  await context.step('finish', async (trx) => {
    const bytes = Buffer.from(ODM_CLOSE, 'utf8');
    await repo.insertChunk(trx, task.id, last.seq, bytes);
    const size = last.size + bytes.length;
    await finishTask(trx, task, { format: 'odm', size, done: last.done, now: context.deps.clock.now(), retentionDays });
    return { size, subjectsRead: last.done, items: last.items };
  });
}
