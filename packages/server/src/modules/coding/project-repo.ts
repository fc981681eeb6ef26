import type { CodingDictionaryKind, CodingState } from '@dcap/core';
import { codedValuePaths } from '@dcap/core';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { CodingFieldRow, Database, FieldCodingRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A coded field with its dictionary's name and version. */
export type CodingFieldInfo = CodingFieldRow & { dictionary_name: string; dictionary_version: string; dictionary_kind: CodingDictionaryKind; dictionary_enabled: boolean };

export async function listFields(db: Executor, projectId: number): Promise<CodingFieldInfo[]> {
  return db
    .selectFrom('coding_fields as f')
    .innerJoin('coding_dictionaries as d', 'd.id', 'f.dictionary_id')
    .selectAll('f')
    .select(['d.name as dictionary_name', 'd.version as dictionary_version', 'd.kind as dictionary_kind', 'd.enabled as dictionary_enabled'])
    .where('f.project_id', '=', projectId)
    .orderBy('f.instrument_id')
    .orderBy('f.path')
    .execute();
}

export async function findField(db: Executor, projectId: number, where: { id: number } | { instrumentId: number; path: string }, lock = false): Promise<CodingFieldInfo | undefined> {
  let query = db
    .selectFrom('coding_fields as f')
    .innerJoin('coding_dictionaries as d', 'd.id', 'f.dictionary_id')
    .selectAll('f')
    .select(['d.name as dictionary_name', 'd.version as dictionary_version', 'd.kind as dictionary_kind', 'd.enabled as dictionary_enabled'])
    .where('f.project_id', '=', projectId);
  query = 'id' in where ? query.where('f.id', '=', where.id) : query.where('f.instrument_id', '=', where.instrumentId).where('f.path', '=', where.path);
  return (lock ? query.forUpdate('f') : query).executeTakeFirst();
}

export async function insertField(trx: Executor, row: Insertable<Database['coding_fields']>): Promise<number> {
  return (await trx.insertInto('coding_fields').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function setFieldDictionary(trx: Executor, id: number, dictionaryId: number): Promise<void> {
  await trx.updateTable('coding_fields').set({ dictionary_id: dictionaryId }).where('id', '=', id).execute();
}

export async function deleteField(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('coding_fields').where('id', '=', id).execute();
}

export async function fieldCodingCount(db: Executor, fieldId: number): Promise<number> {
  const row = await db.selectFrom('field_codings').select((eb) => eb.fn.countAll<string>().as('n')).where('coding_field_id', '=', fieldId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ValueFilter {
  projectId: number;
  envId: number;
  /** Null for every site. */
  sites: readonly number[] | null;
  instrumentId: number;
  path: string;
  siteId?: number;
  state?: CodingState;
  text?: string;
  panelInstanceId?: number;
  /** One value of the field by its own path (a table cell's). */
  valuePath?: string;
}

/** The value's text as stored: a JSON string's text, another JSON value's text, '' for none. */
const VALUE_TEXT = sql<string>`coalesce(fv.value #>> '{}', '')`;
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The captured values of one field in the caller's environment and sites, of subjects not deleted: every
 * value with text, and every coded value whose text was cleared since (it needs recoding).
 */
function valuesFiltered(db: Executor, filter: ValueFilter) {
  let query = db
    .selectFrom('field_values as fv')
    .innerJoin('panel_instances as pi', 'pi.id', 'fv.panel_instance_id')
    .innerJoin('subjects as s', 's.id', 'pi.subject_id')
    .innerJoin('event_instances as ei', 'ei.id', 'pi.event_instance_id')
    .innerJoin('project_sites as ps', 'ps.id', 'pi.site_id')
    .leftJoin('field_codings as fc', (join) => join.onRef('fc.panel_instance_id', '=', 'fv.panel_instance_id').onRef('fc.path', '=', 'fv.path'))
    .where('pi.project_id', '=', filter.projectId)
    .where('pi.env_id', '=', filter.envId)
    .where('pi.instrument_id', '=', filter.instrumentId)
    .where('s.status', '<>', 'DEL')
    .where((eb) => eb.or([eb(VALUE_TEXT, '<>', ''), eb('fc.id', 'is not', null)]));
  const paths = codedValuePaths(filter.path);
  query = 'exact' in paths ? query.where('fv.path', '=', paths.exact) : query.where('fv.path', 'like', `${escapeLike(paths.table)}#r%.${escapeLike(paths.column)}`);
  if (filter.valuePath !== undefined) query = query.where('fv.path', '=', filter.valuePath);
  if (filter.sites !== null) query = filter.sites.length === 0 ? query.where((eb) => eb.val(false)) : query.where('pi.site_id', 'in', [...filter.sites]);
  if (filter.siteId !== undefined) query = query.where('pi.site_id', '=', filter.siteId);
  if (filter.panelInstanceId !== undefined) query = query.where('pi.id', '=', filter.panelInstanceId);
  if (filter.text) query = query.where(VALUE_TEXT, 'ilike', `%${escapeLike(filter.text)}%`);
  switch (filter.state) {
    case 'uncoded':
      query = query.where('fc.id', 'is', null);
      break;
    case 'coded':
      query = query.where('fc.id', 'is not', null).where(sql<boolean>`fc.verbatim = ${VALUE_TEXT}`);
      break;
    case 'needsRecoding':
      query = query.where('fc.id', 'is not', null).where(sql<boolean>`fc.verbatim <> ${VALUE_TEXT}`);
      break;
    case undefined:
      break;
  }
  return query;
}

export interface ValueRow {
  panel_instance_id: number;
  path: string;
  value: string;
  subject_id: number;
  platform_no: string;
  subject_code: string | null;
  site_id: number;
  site_name: string;
  site_name_en: string | null;
  event_id: number;
  event_seq: number;
  design_version_id: number;
  coding_id: number | null;
}

export async function listValues(db: Executor, filter: ValueFilter, limit: number | null, offset = 0): Promise<ValueRow[]> {
  let query = valuesFiltered(db, filter)
    .select([
      'fv.panel_instance_id',
      'fv.path',
      VALUE_TEXT.as('value'),
      's.id as subject_id',
      's.platform_no',
      's.subject_code',
      'pi.site_id',
      'ps.name as site_name',
      'ps.name_en as site_name_en',
      'ei.event_id',
      'ei.seq as event_seq',
      'pi.design_version_id',
      'fc.id as coding_id',
    ])
    .orderBy('s.platform_no')
    .orderBy('ei.id')
    .orderBy('pi.id')
    .orderBy('fv.path');
  if (limit !== null) query = query.limit(limit).offset(offset);
  return query.execute();
}

export async function countValues(db: Executor, filter: ValueFilter): Promise<number> {
  const row = await valuesFiltered(db, filter).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A coding with the coder's name and the dictionary's name and version. */
export type CodingInfo = FieldCodingRow & { coded_name: string | null; dictionary_name: string; dictionary_version: string };

export async function codingsByIds(db: Executor, ids: readonly number[]): Promise<CodingInfo[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('field_codings as c')
    .innerJoin('coding_dictionaries as d', 'd.id', 'c.dictionary_id')
    .leftJoin('users as u', 'u.id', 'c.coded_by')
    .selectAll('c')
    .select(['u.username as coded_name', 'd.name as dictionary_name', 'd.version as dictionary_version'])
    .where('c.id', 'in', [...ids])
    .execute();
}

export async function findCoding(db: Executor, panelInstanceId: number, path: string, lock = false): Promise<FieldCodingRow | undefined> {
  const query = db.selectFrom('field_codings').selectAll().where('panel_instance_id', '=', panelInstanceId).where('path', '=', path);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertCoding(trx: Executor, row: Insertable<Database['field_codings']>): Promise<number> {
  return (await trx.insertInto('field_codings').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function replaceCoding(trx: Executor, id: number, row: Pick<FieldCodingRow, 'verbatim' | 'dictionary_id' | 'term_code' | 'term' | 'term_path' | 'term_en' | 'term_path_en' | 'coded_by' | 'coded_at' | 'coding_field_id'>): Promise<void> {
  await trx.updateTable('field_codings').set(row).where('id', '=', id).execute();
}

export async function deleteCoding(trx: Executor, id: number): Promise<void> {
  await trx.deleteFrom('field_codings').where('id', '=', id).execute();
}
