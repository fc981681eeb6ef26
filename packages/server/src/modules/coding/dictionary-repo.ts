import type { CodingDictionaryStatus, CodingTermInput, JobStatus } from '@dcap/core';
import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { CodingDictionaryRow, CodingTermRow, Database } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A dictionary with the uploader's name and how many codings use it. */
export type DictionaryInfo = Omit<CodingDictionaryRow, 'file_bytes'> & {
  uploaded_name: string | null;
  coding_count: number;
  job_status: JobStatus | null;
  job_done: number | null;
  job_total: number | null;
  job_error: unknown;
};

/** The columns of a dictionary without its stored file. */
const DICTIONARY_COLUMNS = [
  'd.id',
  'd.name',
  'd.kind',
  'd.version',
  'd.language',
  'd.licence_note',
  'd.term_count',
  'd.enabled',
  'd.uploaded_by',
  'd.uploaded_at',
  'd.status',
  'd.file_name',
  'd.job_id',
  'd.problems',
  'd.problem_count',
  'd.failure',
] as const;

/** Terms go in slices, each slice one JSON parameter unpacked by the database: one statement per slice. */
const TERM_SLICE = 5000;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function dictionaryQuery(db: Executor) {
  return db
    .selectFrom('coding_dictionaries as d')
    .leftJoin('users as u', 'u.id', 'd.uploaded_by')
    .leftJoin('jobs as j', 'j.id', 'd.job_id')
    .select(DICTIONARY_COLUMNS)
    .select(['u.username as uploaded_name', 'j.status as job_status', 'j.progress_done as job_done', 'j.progress_total as job_total', 'j.error as job_error'])
    .select((eb) => eb.selectFrom('field_codings as c').whereRef('c.dictionary_id', '=', 'd.id').select((inner) => inner.fn.countAll<string>().as('n')).as('coding_count'));
}

const withCount = (row: Omit<DictionaryInfo, 'coding_count'> & { coding_count: string | number | null }): DictionaryInfo => ({ ...row, coding_count: Number(row.coding_count ?? 0) });

/** Every dictionary, by name and newest version first; `enabledOnly` the ready and enabled ones. */
export async function listDictionaries(db: Executor, enabledOnly = false): Promise<DictionaryInfo[]> {
  let query = dictionaryQuery(db);
  if (enabledOnly) query = query.where('d.enabled', '=', true).where('d.status', '=', 'ready');
  return (await query.orderBy(sql`lower(d.name)`).orderBy('d.uploaded_at', 'desc').orderBy('d.id', 'desc').execute()).map(withCount);
}

export async function findDictionary(db: Executor, id: number): Promise<DictionaryInfo | undefined> {
  const row = await dictionaryQuery(db).where('d.id', '=', id).executeTakeFirst();
  return row && withCount(row);
}

/** The dictionary row locked for a change (enable, delete, the import job's end), its file left out. */
export async function lockDictionary(trx: Executor, id: number): Promise<(Omit<CodingDictionaryRow, 'file_bytes'> & { job_status: JobStatus | null }) | undefined> {
  return trx
    .selectFrom('coding_dictionaries as d')
    .leftJoin('jobs as j', 'j.id', 'd.job_id')
    .select(DICTIONARY_COLUMNS)
    .select('j.status as job_status')
    .where('d.id', '=', id)
    .forUpdate('d')
    .executeTakeFirst();
}

/** The stored file of a dictionary being imported. */
export async function dictionaryFile(db: Executor, id: number): Promise<{ status: CodingDictionaryStatus; kind: CodingDictionaryRow['kind']; file_bytes: Buffer | null } | undefined> {
  return db.selectFrom('coding_dictionaries').select(['status', 'kind', 'file_bytes']).where('id', '=', id).executeTakeFirst();
}

export async function updateDictionary(trx: Executor, id: number, changes: Updateable<Database['coding_dictionaries']>): Promise<void> {
  await trx.updateTable('coding_dictionaries').set(changes).where('id', '=', id).execute();
}

/** Removes the terms an interrupted or refused import left (all or none). */
export async function deleteTerms(trx: Executor, dictionaryId: number): Promise<void> {
  await trx.deleteFrom('coding_terms').where('dictionary_id', '=', dictionaryId).execute();
}

export async function findByNameVersion(db: Executor, name: string, version: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('coding_dictionaries')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name}) AND lower(version) = lower(${version})`)
    .executeTakeFirst();
}

export async function insertDictionary(trx: Executor, row: Insertable<Database['coding_dictionaries']>) {
  return trx.insertInto('coding_dictionaries').values(row).returning(['id', 'name', 'kind', 'version', 'language', 'term_count', 'enabled']).executeTakeFirstOrThrow();
}

/** Stores the terms of a new dictionary, a slice per statement. */
export async function insertTerms(trx: Executor, dictionaryId: number, terms: readonly CodingTermInput[]): Promise<void> {
  for (let start = 0; start < terms.length; start += TERM_SLICE) {
    const slice = terms.slice(start, start + TERM_SLICE).map((t) => ({ code: t.code, term: t.term, term_en: t.termEn, level: t.level, parent_code: t.parentCode, path: t.path, path_en: t.pathEn }));
    await sql`
      INSERT INTO coding_terms (dictionary_id, code, term, term_en, level, parent_code, path, path_en)
      SELECT ${dictionaryId}, code, term, term_en, level, parent_code, path, path_en
      FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) AS t(code text, term text, term_en text, level text, parent_code text, path text, path_en text)`.execute(trx);
  }
}

export async function setEnabled(trx: Executor, id: number, enabled: boolean): Promise<void> {
  await trx.updateTable('coding_dictionaries').set({ enabled }).where('id', '=', id).execute();
}

/** How many codings and coded fields use a dictionary. */
export async function usage(db: Executor, id: number): Promise<number> {
  const codings = await db.selectFrom('field_codings').select((eb) => eb.fn.countAll<string>().as('n')).where('dictionary_id', '=', id).executeTakeFirstOrThrow();
  const fields = await db.selectFrom('coding_fields').select((eb) => eb.fn.countAll<string>().as('n')).where('dictionary_id', '=', id).executeTakeFirstOrThrow();
  return Number(codings.n) + Number(fields.n);
}

/** Deletes a dictionary; its terms go with it (ON DELETE CASCADE). */
export async function deleteDictionary(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('coding_dictionaries').where('id', '=', id).execute();
}

export interface TermFilter {
  dictionaryId: number;
  text?: string;
  code?: string;
  level?: string;
}

function termsFiltered(db: Executor, filter: TermFilter) {
  let query = db.selectFrom('coding_terms').where('dictionary_id', '=', filter.dictionaryId);
  if (filter.text) {
    const inside = `%${escapeLike(filter.text.toLowerCase())}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(term)`, 'like', inside), eb(sql`lower(term_en)`, 'like', inside)]));
  }
  if (filter.code) query = query.where('code', 'like', `${escapeLike(filter.code)}%`);
  if (filter.level) query = query.where('level', '=', filter.level);
  return query;
}

/**
 * A page of terms: terms that start with the text come first, then shorter terms, then by code. A text
 * search reads one dictionary's rows (about 80,000 for MedDRA's lowest level terms).
 */
export async function searchTerms(db: Executor, filter: TermFilter, limit: number, offset: number): Promise<CodingTermRow[]> {
  let query = termsFiltered(db, filter).selectAll();
  if (filter.text) {
    const start = `${escapeLike(filter.text.toLowerCase())}%`;
    query = query.orderBy(sql`(lower(term) LIKE ${start} OR lower(term_en) LIKE ${start})`, 'desc').orderBy(sql`length(term)`);
  }
  return query.orderBy('code').limit(limit).offset(offset).execute();
}

export async function countTerms(db: Executor, filter: TermFilter): Promise<number> {
  const row = await termsFiltered(db, filter).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findTerm(db: Executor, dictionaryId: number, code: string): Promise<CodingTermRow | undefined> {
  return db.selectFrom('coding_terms').selectAll().where('dictionary_id', '=', dictionaryId).where('code', '=', code).executeTakeFirst();
}
