import type { ExportSealedHead } from '@dcap/core';
import { exportFiltersSchema, inSiteScope, oidPart, sealedHeadSchema, siteScope } from '@dcap/core';
import type { ExportTaskRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import type { JobContext } from '../jobs/worker.js';
import { writeOdm } from '../odm/writer.js';
import { finishTask } from './finish.js';
import type { ExportJobParams } from './handler.js';
import { requesterCaller } from './report.js';
import * as repo from './repo.js';

/** Bytes gathered before a piece of the file is stored: memory holds one piece, never the file. */
const CHUNK_BYTES = 256 * 1024;

/** Collects the writer's text into pieces of the task's file, stored as they fill. */
class ChunkSink {
  private parts: Buffer[] = [];
  private pending = 0;
  private seq = 0;
  size = 0;

  constructor(
    private readonly db: Executor,
    private readonly taskId: number,
  ) {}

  async write(text: string): Promise<void> {
    const bytes = Buffer.from(text, 'utf8');
    this.parts.push(bytes);
    this.pending += bytes.length;
    if (this.pending >= CHUNK_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending === 0) return;
    const data = Buffer.concat(this.parts);
    this.parts = [];
    this.pending = 0;
    await repo.insertChunk(this.db, this.taskId, this.seq, data);
    this.seq += 1;
    this.size += data.length;
  }
}

/** The sealed head as the file's description, so the file names the point of the trail it was taken at. */
export function sealedHeadText(head: ExportSealedHead | null): string | null {
  if (!head) return null;
  return `DCAP audit chain ${String(head.chain)} head: row ${String(head.lastId)}, hash ${head.lastHash}, ${String(head.rowCount)} rows, sealed ${head.sealedAt} (key ${head.keyId}, MAC ${head.mac})`;
}

/**
 * The subject data report as a CDISC ODM 1.3.2 file (docs/decisions.md, "CDISC ODM" and "Exports"): the ODM
 * writer streams it subject by subject into pieces of the task's file. It is one job step: an ODM file is
 * one XML document whose subjects sit between a head and a tail, so an interrupted job writes it again from
 * the start (its pieces roll back with the step) rather than resuming in the middle. The requester's sites
 * are taken as they stand when the job runs.
 */
export async function runOdmExport(context: JobContext, task: ExportTaskRow, params: ExportJobParams, retentionDays: number): Promise<void> {
  await context.step('odm', async (trx) => {
    const caller = await requesterCaller(trx, task, params);
    const filters = exportFiltersSchema.parse(task.filters);
    const sites = siteScope(caller.project.access);
    const siteIds = filters.siteIds.filter((id) => inSiteScope(sites, id));
    await repo.updateTask(trx, task.id, { status: 'running' });
    const code = (await repo.projectCode(trx, task.project_id)) ?? String(task.project_id);
    const sink = new ChunkSink(trx, task.id);
    const summary = await writeOdm(
      trx,
      {
        projectId: task.project_id,
        envId: task.env_id,
        siteIds,
        eventIds: filters.eventIds,
        instrumentIds: filters.instrumentIds,
        statuses: filters.statuses,
        mode: filters.odmMode ?? 'snapshot',
        locale: params.locale,
        description: sealedHeadText(task.sealed_head === null ? null : sealedHeadSchema.parse(task.sealed_head)),
        fileOid: `EXPORT.${oidPart(code)}.${oidPart(task.env)}.${String(task.id)}`,
        createdAt: task.created_at,
      },
      sink,
    );
    await sink.flush();
    await repo.updateTask(trx, task.id, { progress_total: summary.subjects });
    await finishTask(trx, task, { format: 'odm', size: sink.size, done: summary.subjects, now: context.deps.clock.now(), retentionDays });
    return { subjects: summary.subjects, items: summary.items, size: sink.size };
  });
}
