import { createHash } from 'node:crypto';
import type { CodingDictionary, CodingTermPage, CodingTermQuery, CodingUploadRequest, Locale, SheetCell } from '@dcap/core';
import { AppError, CODING_COLUMNS, CODING_IMPORT_JOB_KIND, CODING_MAX_BYTES, cleanFileName, codingColumns, detectFileKind, readImportCsv } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { UploadedFileInfo } from '../../http/uploads.js';
import type { Executor } from '../audit/repo.js';
import { readFirstSheet } from '../attachments/sheet.js';
import * as jobs from '../jobs/queue.js';
import type { JobWorker } from '../jobs/worker.js';
import { decodeCsv } from '../imports/read-file.js';
import * as repo from './dictionary-repo.js';
import type { CodingImportJobParams } from './import-job.js';
import { auditedDictionary, presentDictionary, presentTerm, uploadFailed } from './presenter.js';

/**
 * Platform administration of the coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding
 * library"): dictionaries uploaded by the licence holder, enabled or disabled, deleted while nothing uses
 * them, and their terms searched. Every change is audited with what the dictionary is, never its terms.
 */

/** The rows of an uploaded sheet: an xlsx workbook's first sheet, or CSV text in UTF-8 or GB 18030. */
export async function readSheet(bytes: Buffer): Promise<SheetCell[][]> {
  const kind = detectFileKind(bytes);
  if (kind === 'xlsx') {
    const sheet = await readFirstSheet(bytes);
    if (!sheet) throw new AppError('coding.file_unreadable');
    return sheet;
  }
  if (kind !== null || bytes.includes(0)) throw new AppError('coding.file_unreadable');
  const text = decodeCsv(bytes);
  const rows = text === null ? null : readImportCsv(text);
  if (!rows) throw new AppError('coding.file_unreadable');
  return rows;
}

/** A CSV header longer than this is no header of a coding dictionary. */
const HEADER_MAX_BYTES = 64 * 1024;

/**
 * The checks made in the request, before the file is stored: a kind we read (xlsx, or text without NUL bytes)
 * and, for CSV, a first row naming at least code and term. The rows are checked by the job.
 */
function checkFileHeader(bytes: Buffer): void {
  const kind = detectFileKind(bytes);
  if (kind === 'xlsx') return;
  if (kind !== null) throw new AppError('coding.file_unreadable');
  const newline = bytes.indexOf(0x0a);
  const firstLine = bytes.subarray(0, newline < 0 ? Math.min(bytes.length, HEADER_MAX_BYTES) : Math.min(newline, HEADER_MAX_BYTES));
  if (firstLine.includes(0)) throw new AppError('coding.file_unreadable');
  const text = decodeCsv(firstLine);
  const rows = text === null ? null : readImportCsv(text);
  if (!rows) throw new AppError('coding.file_unreadable');
  const [header] = rows;
  if (!header || !codingColumns(header)) throw new AppError('coding.header_missing', { columns: CODING_COLUMNS.join(', ') });
}

export async function listDictionaries(deps: ServiceDeps, locale: Locale): Promise<CodingDictionary[]> {
  return (await repo.listDictionaries(deps.db)).map((row) => presentDictionary(row, locale));
}

async function dictionaryOf(db: Executor, id: number, locale: Locale): Promise<CodingDictionary> {
  const row = await repo.findDictionary(db, id);
  if (!row) throw new AppError('coding.dictionary_not_found');
  return presentDictionary(row, locale);
}

export function dictionaryInfo(deps: ServiceDeps, id: number, locale: Locale): Promise<CodingDictionary> {
  return dictionaryOf(deps.db, id, locale);
}

/**
 * POST /dcap/sys/coding/upload: checks the file's size, kind and header, stores it on a new dictionary in state
 * `importing` and queues the import job (coding/import-job.ts), in one transaction with the upload's audit row;
 * answers at once. The job checks every row and writes the terms, all or none. A failed upload of the same name
 * and version (it holds no term and codes nothing) is replaced: deleted, audited as such, in the same transaction.
 */
export async function uploadDictionary(deps: ServiceDeps, worker: JobWorker, caller: Caller, body: CodingUploadRequest, info: UploadedFileInfo | null): Promise<CodingDictionary> {
  if (!info || !body.file || body.file.byteLength === 0) throw new AppError('coding.file_missing');
  const limit = CODING_MAX_BYTES / 1024 / 1024;
  if (info.truncated || body.file.byteLength > CODING_MAX_BYTES) throw new AppError('coding.file_too_large', { limit });
  const bytes = Buffer.from(body.file.buffer, body.file.byteOffset, body.file.byteLength);
  checkFileHeader(bytes);
  const name = body.name;
  const version = body.version;
  const file = cleanFileName(info.filename);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const id = await platformWrite(deps, caller, async (trx, audit) => {
    const existing = await repo.findByNameVersion(trx, name, version);
    if (existing) {
      const before = await repo.lockDictionary(trx, existing.id);
      if (!before || !uploadFailed(before) || (await repo.usage(trx, before.id)) > 0) throw new AppError('coding.dictionary_exists', { name, version });
      await repo.deleteDictionary(trx, before.id);
      await audit({ action: 'coding.dictionary_delete', entityType: 'coding_dictionary', entityId: before.id, oldValue: auditedDictionary(before) });
    }
    const row = await repo.insertDictionary(trx, {
      name,
      kind: body.kind,
      version,
      language: body.language ?? '',
      licence_note: body.licenceNote ?? '',
      term_count: 0,
      // Offered for coding once its terms are all stored.
      enabled: false,
      status: 'importing',
      file_name: file,
      file_bytes: bytes,
      uploaded_by: caller.actor.userId,
      uploaded_at: deps.clock.now(),
    });
    const params: CodingImportJobParams = { dictionaryId: row.id, locale: caller.meta.locale };
    const job = await jobs.insertJob(trx, { kind: CODING_IMPORT_JOB_KIND, projectId: null, env: null, params, createdBy: caller.actor.userId, total: 0 });
    await repo.updateDictionary(trx, row.id, { job_id: job.id });
    await audit({ action: 'coding.dictionary_upload', entityType: 'coding_dictionary', entityId: row.id, newValue: { ...auditedDictionary(row), file, sha256, bytes: bytes.byteLength, job: job.id } });
    return row.id;
  });
  worker.wake();
  return dictionaryOf(deps.db, id, caller.meta.locale);
}

/** POST /dcap/sys/coding/enable: a disabled dictionary is not offered for new codings; its codings stay. Only a ready one can change. */
export async function setDictionaryEnabled(deps: ServiceDeps, caller: Caller, id: number, enabled: boolean): Promise<CodingDictionary> {
  await platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.lockDictionary(trx, id);
    if (!before) throw new AppError('coding.dictionary_not_found');
    if (before.status !== 'ready') throw new AppError('coding.dictionary_not_ready');
    if (before.enabled === enabled) return;
    await repo.setEnabled(trx, id, enabled);
    await audit({ action: enabled ? 'coding.dictionary_enable' : 'coding.dictionary_disable', entityType: 'coding_dictionary', entityId: id, oldValue: auditedDictionary(before), newValue: auditedDictionary({ ...before, enabled }) });
  });
  return dictionaryOf(deps.db, id, caller.meta.locale);
}

/** An import whose job is queued or running; its job has not ended. */
const importRunning = (row: { status: string; job_status: string | null }): boolean => row.status === 'importing' && (row.job_status === 'queued' || row.job_status === 'running');

/** POST /dcap/sys/coding/delete: refused while a coding or a coded field uses the dictionary, or while it imports. */
export async function deleteDictionary(deps: ServiceDeps, caller: Caller, id: number): Promise<{ id: number }> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.lockDictionary(trx, id);
    if (!before) throw new AppError('coding.dictionary_not_found');
    if (importRunning(before)) throw new AppError('coding.dictionary_importing');
    const count = await repo.usage(trx, id);
    if (count > 0) throw new AppError('coding.dictionary_in_use', { count });
    await repo.deleteDictionary(trx, id);
    await audit({ action: 'coding.dictionary_delete', entityType: 'coding_dictionary', entityId: id, oldValue: auditedDictionary(before) });
    return { id };
  });
}

/** A page of a dictionary's terms by text, code and level. */
export async function searchTerms(db: Executor, query: CodingTermQuery): Promise<CodingTermPage> {
  const filter: repo.TermFilter = { dictionaryId: query.dictionaryId, text: query.text || undefined, code: query.code || undefined, level: query.level || undefined };
  const offset = (query.page - 1) * query.pageSize;
  const [total, rows] = await Promise.all([repo.countTerms(db, filter), repo.searchTerms(db, filter, query.pageSize, offset)]);
  return { total, page: query.page, pageSize: query.pageSize, terms: rows.map(presentTerm) };
}

/** GET /dcap/sys/coding/terms: any dictionary's terms, enabled or not, for the administrator's term browser. */
export async function browseTerms(deps: ServiceDeps, query: CodingTermQuery, locale: Locale): Promise<CodingTermPage> {
  await dictionaryOf(deps.db, query.dictionaryId, locale);
  return searchTerms(deps.db, query);
}
