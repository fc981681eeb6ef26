import { AppError, exportFiltersSchema, inSiteScope, isoWithOffset, siteScope } from '@dcap/core';
import type { ExportTaskRow } from '../../db/schema.js';
import { loadFonts, renderBlankCrf, renderCasebook, toBuffer } from '../crf-pdf/index.js';
import type { JobContext } from '../jobs/worker.js';
import { findVersionById, snapshotOf } from '../publishing/snapshot.js';
import type { SubjectScope } from './data-repo.js';
import * as data from './data-repo.js';
import { finishTask } from './finish.js';
import type { ExportJobParams } from './handler.js';
import { requesterCaller } from './report.js';
import * as repo from './repo.js';
import type { ZipState } from './zip.js';
import { addEntry, finishZip, newZip } from './zip.js';

/** Casebooks per step: each is a whole PDF in memory while it is zipped, so a step holds a few, not all. */
const CASEBOOKS_PER_STEP = 20;

interface Cursor {
  zip: ZipState;
  seq: number;
  after: number;
  done: number;
  finished: boolean;
}

/** A zip entry name from a subject's platform number: nothing that could leave the archive's folder. */
const entryName = (platformNo: string, id: number): string => `casebooks/${platformNo.replace(/[^\p{L}\p{N}_-]/gu, '_') || String(id)}.pdf`;

/**
 * The CRF report (spec 002 §3 export module): one zip holding the blank annotated CRF of the environment's
 * design and the casebook PDF of every subject in the export's scope (docs/decisions.md, "Exports" and "CRF
 * PDFs"). A first step writes the blank CRF; then each step renders a few casebooks, adds them to the zip and
 * stores the bytes with the progress, so an interrupted job continues after the last subject stored. The
 * requester's sites are taken as they stand when the job runs.
 */
export async function runCrfReport(context: JobContext, task: ExportTaskRow, params: ExportJobParams, retentionDays: number): Promise<void> {
  const db = context.deps.db;
  const fonts = loadFonts(context.deps.config);
  const filters = exportFiltersSchema.parse(task.filters);
  const version = await findVersionById(db, params.designVersionId);
  if (!version) throw new AppError('export.no_design');
  const now = context.deps.clock.now();

  let cursor = await context.step('plan', async (trx): Promise<Cursor> => {
    const caller = await requesterCaller(trx, task, params);
    const project = caller.project.project;
    const sites = siteScope(caller.project.access);
    const scope: SubjectScope = { envId: task.env_id, siteIds: filters.siteIds.filter((id) => inSiteScope(sites, id)), statuses: filters.statuses, eventIds: null, instrumentIds: null };
    const total = await data.countSubjects(trx, scope);
    const { body } = await toBuffer((sink) =>
      renderBlankCrf(
        fonts,
        {
          design: snapshotOf(version),
          locale: params.locale,
          study: { code: project.code, name: project.name, nameEn: project.name_en },
          source: { kind: 'env', envKey: task.env, version: version.version },
          generatedAt: isoWithOffset(now, filters.timeZone),
          timeZone: filters.timeZone,
        },
        sink,
      ),
    );
    const blank = addEntry(newZip(task.created_at), 'blank-crf.pdf', body);
    await repo.insertChunk(trx, task.id, 0, blank.bytes);
    await repo.updateTask(trx, task.id, { status: 'running', progress_total: total, progress_done: 0 });
    return { zip: blank.state, seq: 1, after: 0, done: 0, finished: false };
  });

  for (let batch = 0; !cursor.finished; batch += 1) {
    const before = cursor;
    cursor = await context.step(`batch:${String(batch)}`, async (trx): Promise<Cursor> => {
      const caller = await requesterCaller(trx, task, params);
      const project = caller.project.project;
      const sites = siteScope(caller.project.access);
      const siteIds = filters.siteIds.filter((id) => inSiteScope(sites, id));
      const scope: SubjectScope = { envId: task.env_id, siteIds, statuses: filters.statuses, eventIds: null, instrumentIds: null };
      const subjects = await data.subjectBatch(trx, scope, before.after, CASEBOOKS_PER_STEP);
      if (subjects.length === 0) return { ...before, finished: true };
      const env = await repo.envRow(trx, task.env_id);
      if (!env) throw new AppError('export.task_not_found');
      let zip = before.zip;
      const pieces: Buffer[] = [];
      for (const subject of subjects) {
        const request = { scope: { projectId: task.project_id, env, sites: siteIds }, subjectId: subject.id, locale: params.locale, timeZone: filters.timeZone, now, study: { code: project.code, name: project.name, nameEn: project.name_en }, fonts };
        const { body } = await toBuffer((sink) => renderCasebook(trx, request, sink));
        const added = addEntry(zip, entryName(subject.platform_no, subject.id), body);
        pieces.push(added.bytes);
        zip = added.state;
      }
      await repo.insertChunk(trx, task.id, before.seq, Buffer.concat(pieces));
      const done = before.done + subjects.length;
      await repo.updateTask(trx, task.id, { progress_done: done });
      const after = subjects[subjects.length - 1]?.id ?? before.after;
      return { zip, seq: before.seq + 1, after, done, finished: subjects.length < CASEBOOKS_PER_STEP };
    });
  }

  const last = cursor;
  await context.step('finish', async (trx) => {
    const tail = finishZip(last.zip);
    await repo.insertChunk(trx, task.id, last.seq, tail);
    const size = last.zip.offset + tail.length;
    await finishTask(trx, task, { format: 'pdf', size, done: last.done, now: context.deps.clock.now(), retentionDays });
    return { size };
  });
}
