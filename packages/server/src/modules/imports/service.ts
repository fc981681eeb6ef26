import { createHash } from 'node:crypto';
import type { ChangeReason, ImportApplyRequest, ImportInstrument, ImportTask, ImportTaskDetail, ImportTaskPage, Locale } from '@dcap/core';
import { AppError, canInProject, cleanFileName, importableFields, RECORD_IMPORT_JOB_KIND, RECORD_IMPORT_MAX_ROWS, readRecordSheet, reasonComplete } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { FileReply } from '../../http/route.js';
import { projectWrite } from '../../http/project-write.js';
import type { UploadedFileInfo } from '../../http/uploads.js';
import * as jobs from '../jobs/queue.js';
import type { JobWorker } from '../jobs/worker.js';
import type { CachedDesign } from '../publishing/snapshot-cache.js';
import { cachedDesign } from '../publishing/snapshot-cache.js';
import { versionOfEnv } from '../publishing/snapshot.js';
import { designOf } from '../records/design.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope } from '../subjects/scope.js';
import type { RowInput, RowOutcome } from './check.js';
import { runRows } from './check.js';
import type { ImportJobParams } from './job-params.js';
import { actorSnapshot } from './job-params.js';
import type { StoredColumn } from './presenter.js';
import { presentColumns, presentRow, presentTask } from './presenter.js';
import { readImportFile } from './read-file.js';
import * as repo from './repo.js';
import { importTemplate } from './template.js';

/** The write rule of every import call: data may be entered (spec 000 §4.3), and the caller holds `data.import`. */
export const IMPORT_WRITE = { state: 'recordEditable', right: 'data.import' } as const;

/** The dry run's reason: the dry run writes nothing, so the save's reason check is the apply's to make. */
const DRY_RUN_REASON: ChangeReason = { code: 'OTHER', text: 'dry run' };

/** Carries a dry run's outcomes out of its transaction, which it rolls back. */
class DryRunDone extends Error {
  constructor(readonly outcomes: RowOutcome[]) {
    super('dry run');
  }
}

/** The design the session's environment runs; an environment with none has no panel to import into. */
export async function environmentDesign(deps: ServiceDeps, scope: DataScope): Promise<{ versionId: number; design: CachedDesign }> {
  const version = await versionOfEnv(deps.db, scope.projectId, scope.env.key);
  if (!version) throw new AppError('import.instrument_not_found');
  const design = await cachedDesign(deps.db, version.id, () => Promise.resolve(version));
  if (!design) throw new AppError('import.instrument_not_found');
  return { versionId: version.id, design };
}

async function designOfTask(deps: ServiceDeps, versionId: number): Promise<CachedDesign | undefined> {
  return designOf(deps.db, { design_version_id: versionId }).catch(() => undefined);
}

/** Only a caller who acts for every site sees everyone's tasks; others see their own (COMPLIANCE WF-3). */
const ownTasksOnly = (scope: DataScope, caller: ProjectCaller): number | null => (scope.sites === 'all' ? null : caller.actor.userId);

/**
 * Runs rows as the apply would, in a transaction that is then rolled back: every row's problems, nothing
 * changed (docs/decisions.md "Record import").
 */
export async function dryRun(deps: ServiceDeps, caller: ProjectCaller, input: { design: CachedDesign; instrumentId: number; fields: RowInputFields; rows: readonly RowInput[]; importId: number | null }): Promise<RowOutcome[]> {
  try {
    await projectWrite(deps, caller, IMPORT_WRITE, async (trx, audit) => {
      const scope = await dataScope(trx, caller);
      const outcomes = await runRows(
        { deps, trx, audit, caller, scope, design: input.design, instrumentId: input.instrumentId, fields: input.fields, reason: DRY_RUN_REASON, importId: input.importId, now: deps.clock.now() },
        input.rows,
      );
      throw new DryRunDone(outcomes);
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.outcomes;
    throw error;
  }
  return [];
}

export type RowInputFields = Parameters<typeof runRows>[0]['fields'];

/**
 * POST /dcap/platformDataImport/record/uploadExcel (spec 002 §7): reads the sheet for one panel of the
 * session's environment, runs the dry run and stores the task with every row's result and the file itself.
 * Nothing of the study's data changes; the upload and its audit row commit together.
 */
export async function uploadImport(deps: ServiceDeps, caller: ProjectCaller, body: { file: Uint8Array; instrumentId: number }, info: UploadedFileInfo | null): Promise<ImportTaskDetail> {
  const scope = await dataScope(deps.db, caller);
  const { versionId, design } = await environmentDesign(deps, scope);
  const instrument = design.instrument(body.instrumentId);
  const index = design.index(body.instrumentId);
  if (!instrument || !index || instrument.kind !== 'form') throw new AppError('import.instrument_not_found');
  const bytes = Buffer.from(body.file);
  const { format, sheet } = await readImportFile({ name: info?.filename ?? '', bytes, truncated: info?.truncated ?? false });
  if (sheet.length > RECORD_IMPORT_MAX_ROWS + 2) throw new AppError('import.too_many_rows', { max: RECORD_IMPORT_MAX_ROWS });
  const read = readRecordSheet(sheet, index);
  if (!read) throw new AppError('import.no_field_columns');
  if (read.rows.length === 0) throw new AppError('import.sheet_empty');
  if (read.rows.length > RECORD_IMPORT_MAX_ROWS) throw new AppError('import.too_many_rows', { max: RECORD_IMPORT_MAX_ROWS });
  const rows: RowInput[] = read.rows.map((row) => ({ row: row.row, subject: row.subject, visit: row.visit, values: row.values, problems: row.problems }));
  const outcomes = await dryRun(deps, caller, { design, instrumentId: instrument.id, fields: read.fields, rows, importId: null });
  const columns: StoredColumn[] = read.fields.map(({ widget }) => ({ model: widget.model, name: widget.name, nameEn: widget.nameEn ?? null }));
  // The name as the browser sent it, without folders or control characters (core attachments/files.ts).
  const fileName = cleanFileName(info?.filename ?? '').slice(0, 255) || `import.${format}`;
  const id = await projectWrite(deps, caller, IMPORT_WRITE, async (trx, audit) => {
    const withErrors = outcomes.filter((outcome) => outcome.problems.length > 0).length;
    const taskId = await repo.insertTask(trx, {
      project_id: scope.projectId,
      env_id: scope.env.id,
      design_version_id: versionId,
      instrument_id: instrument.id,
      file_name: fileName,
      file_format: format,
      file_sha256: createHash('sha256').update(bytes).digest('hex'),
      file_bytes: bytes,
      columns: JSON.stringify(columns),
      rows_total: rows.length,
      rows_ok: rows.length - withErrors,
      rows_error: withErrors,
      changes: outcomes.reduce((sum, outcome) => sum + outcome.changes, 0),
      changes_of_saved: outcomes.reduce((sum, outcome) => sum + outcome.changesOfSaved, 0),
      created_by: caller.actor.userId,
    });
    await repo.insertRows(
      trx,
      read.rows.map((row, position) => {
        const outcome = outcomes[position];
        return {
          import_id: taskId,
          row_no: row.row,
          subject: row.subject,
          visit: row.visit,
          panel_instance_id: outcome?.panelInstanceId ?? null,
          field_values: JSON.stringify(row.values),
          cells: JSON.stringify(row.cells),
          problems: JSON.stringify(outcome?.problems ?? []),
          outcome: (outcome?.problems.length ?? 0) > 0 ? 'error' : 'ok',
          changes: outcome?.changes ?? 0,
          changes_of_saved: outcome?.changesOfSaved ?? 0,
        };
      }),
    );
    await audit({
      action: 'import.check',
      entityType: 'record_import',
      entityId: taskId,
      env: scope.env.key,
      newValue: { instrumentId: instrument.id, file: fileName, format, sha256: createHash('sha256').update(bytes).digest('hex'), rows: rows.length, rowsWithErrors: withErrors },
    });
    return taskId;
  });
  return importDetail(deps, caller, id);
}

/** A task of the session's environment the caller may see; another's (or another site's caller's) is not found. */
async function visibleTask(deps: ServiceDeps, caller: ProjectCaller, id: number) {
  const scope = await dataScope(deps.db, caller);
  const row = await repo.findTask(deps.db, scope.projectId, scope.env.id, id, ownTasksOnly(scope, caller));
  if (!row) throw new AppError('import.task_not_found');
  return row;
}

async function instrumentName(deps: ServiceDeps, versionId: number, instrumentId: number, locale: Locale): Promise<string> {
  const instrument = (await designOfTask(deps, versionId))?.instrument(instrumentId);
  if (!instrument) return String(instrumentId);
  return locale === 'en-US' && instrument.nameEn ? instrument.nameEn : instrument.name;
}

const mayApply = (caller: ProjectCaller) => canInProject(caller.project.access, 'data.import');

/** POST /dcap/platformDataImport/record/detail: a task with its columns and every row's result. */
export async function importDetail(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<ImportTaskDetail> {
  const locale = caller.meta.locale;
  const row = await visibleTask(deps, caller, id);
  const rows = await repo.taskRows(deps.db, row.id);
  return {
    task: presentTask(row, await instrumentName(deps, row.design_version_id, row.instrument_id, locale), locale, mayApply(caller)),
    columns: presentColumns(row.columns, locale),
    rows: rows.map((item) => presentRow(item, locale)),
  };
}

/** POST /dcap/platformDataImport/record/list: the environment's import tasks, newest first (spec 000 §2.2). */
export async function listImports(deps: ServiceDeps, caller: ProjectCaller, page: number, pageSize: number): Promise<ImportTaskPage> {
  const scope = await dataScope(deps.db, caller);
  const { total, rows } = await repo.listTasks(deps.db, scope.projectId, scope.env.id, ownTasksOnly(scope, caller), (page - 1) * pageSize, pageSize);
  const records: ImportTask[] = [];
  for (const row of rows) records.push(presentTask(row, await instrumentName(deps, row.design_version_id, row.instrument_id, caller.meta.locale), caller.meta.locale, mayApply(caller)));
  return { total, records };
}

/** GET /dcap/platformDataImport/record/instruments: the panels of the environment's design a sheet may fill. */
export async function importInstruments(deps: ServiceDeps, caller: ProjectCaller): Promise<ImportInstrument[]> {
  const { design } = await environmentDesign(deps, await dataScope(deps.db, caller));
  const locale = caller.meta.locale;
  return design.snapshot.instruments
    .filter((instrument) => instrument.kind === 'form')
    .map((instrument) => ({
      id: instrument.id,
      name: locale === 'en-US' && instrument.nameEn ? instrument.nameEn : instrument.name,
      nameAbbr: instrument.nameAbbr,
      fields: (() => {
        const index = design.index(instrument.id);
        return index ? importableFields(index).length : 0;
      })(),
    }))
    .filter((instrument) => instrument.fields > 0);
}

/** GET /dcap/platformDataImport/record/template/{instrumentId}: the sheet to fill in for a panel. */
export async function importTemplateFile(deps: ServiceDeps, caller: ProjectCaller, instrumentId: number): Promise<FileReply> {
  const { design } = await environmentDesign(deps, await dataScope(deps.db, caller));
  const instrument = design.instrument(instrumentId);
  const index = design.index(instrumentId);
  if (!instrument || !index || instrument.kind !== 'form') throw new AppError('import.instrument_not_found');
  return importTemplate(instrument, index, caller.meta.locale);
}

/**
 * POST /dcap/platformDataImport/record/apply: queues the job that writes a checked task (handler.ts). Refused
 * when a row has problems, when the task was applied or is being applied, and without a complete reason when
 * saved values change (spec 002 §5; COMPLIANCE AT-2). The request, its audit row and the job commit together.
 */
export async function applyImport(deps: ServiceDeps, worker: JobWorker, caller: ProjectCaller, body: ImportApplyRequest): Promise<ImportTaskDetail> {
  const visible = await visibleTask(deps, caller, body.id);
  await projectWrite(deps, caller, IMPORT_WRITE, async (trx, audit) => {
    const task = await repo.lockTask(trx, visible.id);
    if (!task) throw new AppError('import.task_not_found');
    if (task.status !== 'checked') throw new AppError('import.not_applicable', { status: task.status });
    if (task.rows_error > 0) throw new AppError('import.has_errors', { rows: task.rows_error });
    if (task.changes_of_saved > 0 && !reasonComplete(body.reason)) throw new AppError('import.reason_required');
    const params: ImportJobParams = { importId: task.id, actor: actorSnapshot(caller), ip: caller.meta.ip, locale: caller.meta.locale };
    const job = await jobs.insertJob(trx, { kind: RECORD_IMPORT_JOB_KIND, projectId: task.project_id, env: (await dataScope(trx, caller)).env.key, params, createdBy: caller.actor.userId, total: 1 });
    await repo.updateTask(trx, task.id, { status: 'queued', job_id: job.id, reason: body.reason ? JSON.stringify(body.reason) : null, rows_checked: 0, failure: null });
    await audit({ action: 'import.apply_request', entityType: 'record_import', entityId: task.id, env: job.env, newValue: { job: job.id, rows: task.rows_total, changes: task.changes } });
  });
  worker.wake();
  return importDetail(deps, caller, visible.id);
}
