import { createHash } from 'node:crypto';
import type { CodingDictionary, CodingTermPage, CodingTermQuery, CodingUploadRequest, Locale, SheetCell } from '@dcap/core';
import { AppError, CODING_MAX_BYTES, cleanFileName, detectFileKind, errorMessage, readCodingSheet, readImportCsv } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import type { UploadedFileInfo } from '../../http/uploads.js';
import type { Executor } from '../audit/repo.js';
import { readFirstSheet } from '../attachments/sheet.js';
import { decodeCsv } from '../imports/read-file.js';
import * as repo from './dictionary-repo.js';
import { auditedDictionary, presentDictionary, presentTerm } from './presenter.js';

/**
 * Platform administration of the coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding
 * library"): dictionaries uploaded by the licence holder, enabled or disabled, deleted while nothing uses
 * them, and their terms searched. Every change is audited with what the dictionary is, never its terms.
 */

/** The rows of an uploaded sheet: an xlsx workbook's first sheet, or CSV text in UTF-8 or GB 18030. */
async function readSheet(bytes: Buffer): Promise<SheetCell[][]> {
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

/** At most this many row problems are listed with a refusal; the message counts them all. */
const LISTED_PROBLEMS = 200;

export async function listDictionaries(deps: ServiceDeps): Promise<CodingDictionary[]> {
  return (await repo.listDictionaries(deps.db)).map(presentDictionary);
}

async function dictionaryOf(db: Executor, id: number): Promise<CodingDictionary> {
  const row = await repo.findDictionary(db, id);
  if (!row) throw new AppError('coding.dictionary_not_found');
  return presentDictionary(row);
}

export function dictionaryInfo(deps: ServiceDeps, id: number): Promise<CodingDictionary> {
  return dictionaryOf(deps.db, id);
}

/**
 * POST /dcap/sys/coding/upload: reads and checks every row first (core readCodingSheet); a file with any bad
 * row is refused whole, its problems listed by row in the caller's language. A valid file becomes a new
 * dictionary with its terms, in one transaction with its audit row.
 */
export async function uploadDictionary(deps: ServiceDeps, caller: Caller, body: CodingUploadRequest, info: UploadedFileInfo | null): Promise<CodingDictionary> {
  if (!info || !body.file || body.file.byteLength === 0) throw new AppError('coding.file_missing');
  const limit = CODING_MAX_BYTES / 1024 / 1024;
  if (info.truncated || body.file.byteLength > CODING_MAX_BYTES) throw new AppError('coding.file_too_large', { limit });
  const bytes = Buffer.from(body.file.buffer, body.file.byteOffset, body.file.byteLength);
  const result = readCodingSheet(body.kind, await readSheet(bytes));
  if (!result.ok) throw rowsRefusal(result.problems, caller.meta.locale);
  const name = body.name;
  const version = body.version;
  const file = cleanFileName(info.filename);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const id = await platformWrite(deps, caller, async (trx, audit) => {
    if (await repo.findByNameVersion(trx, name, version)) throw new AppError('coding.dictionary_exists', { name, version });
    const row = await repo.insertDictionary(trx, {
      name,
      kind: body.kind,
      version,
      language: body.language ?? '',
      licence_note: body.licenceNote ?? '',
      term_count: result.terms.length,
      uploaded_by: caller.actor.userId,
      uploaded_at: deps.clock.now(),
    });
    await repo.insertTerms(trx, row.id, result.terms);
    await audit({ action: 'coding.dictionary_upload', entityType: 'coding_dictionary', entityId: row.id, newValue: { ...auditedDictionary(row), file, sha256 } });
    return row.id;
  });
  return dictionaryOf(deps.db, id);
}

function rowsRefusal(problems: readonly { row: number; column: string | null; code: Parameters<typeof errorMessage>[0]; params: Record<string, string | number> }[], locale: Locale): AppError {
  const fields = problems.slice(0, LISTED_PROBLEMS).map((item) => {
    const column = item.column ?? '';
    return { path: `row ${String(item.row)}${column ? ` ${column}` : ''}`, message: errorMessage(item.code, locale, item.params) };
  });
  const [first] = problems;
  const detail = first ? errorMessage(first.code, locale, first.params) : '';
  return new AppError('coding.rows_invalid', { count: problems.length, row: first?.row ?? 0, detail }, fields);
}

/** POST /dcap/sys/coding/enable: a disabled dictionary is not offered for new codings; its codings stay. */
export async function setDictionaryEnabled(deps: ServiceDeps, caller: Caller, id: number, enabled: boolean): Promise<CodingDictionary> {
  await platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.lockDictionary(trx, id);
    if (!before) throw new AppError('coding.dictionary_not_found');
    if (before.enabled === enabled) return;
    await repo.setEnabled(trx, id, enabled);
    await audit({ action: enabled ? 'coding.dictionary_enable' : 'coding.dictionary_disable', entityType: 'coding_dictionary', entityId: id, oldValue: auditedDictionary(before), newValue: auditedDictionary({ ...before, enabled }) });
  });
  return dictionaryOf(deps.db, id);
}

/** POST /dcap/sys/coding/delete: refused while a coding or a coded field uses the dictionary. */
export async function deleteDictionary(deps: ServiceDeps, caller: Caller, id: number): Promise<{ id: number }> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.lockDictionary(trx, id);
    if (!before) throw new AppError('coding.dictionary_not_found');
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
export async function browseTerms(deps: ServiceDeps, query: CodingTermQuery): Promise<CodingTermPage> {
  await dictionaryOf(deps.db, query.dictionaryId);
  return searchTerms(deps.db, query);
}
