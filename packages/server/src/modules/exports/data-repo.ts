import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';

/**
 * The reads of a subject-data export: subjects in keyset batches by id, and for one batch its visit and panel
 * instances and stored values. Every read is bounded by the task's environment, sites and subject statuses,
 * so nothing outside what the requester could see is read (COMPLIANCE WF-3).
 */
export interface SubjectScope {
  envId: number;
  siteIds: readonly number[];
  statuses: readonly string[] | null;
  eventIds: readonly number[] | null;
  instrumentIds: readonly number[] | null;
}

export interface BatchSubject {
  id: number;
  platform_no: string;
  subject_code: string | null;
  site_id: number;
  status: string;
}

function subjectsIn(db: Executor, scope: SubjectScope) {
  let query = db.selectFrom('subjects').where('env_id', '=', scope.envId).where('status', '<>', 'DEL');
  query = scope.siteIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('site_id', 'in', [...scope.siteIds]);
  if (scope.statuses) query = scope.statuses.length === 0 ? query.where(sql<boolean>`false`) : query.where('status', 'in', [...scope.statuses]);
  return query;
}

export async function countSubjects(db: Executor, scope: SubjectScope): Promise<number> {
  const row = await subjectsIn(db, scope).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export async function subjectBatch(db: Executor, scope: SubjectScope, after: number, limit: number): Promise<BatchSubject[]> {
  return subjectsIn(db, scope).select(['id', 'platform_no', 'subject_code', 'site_id', 'status']).where('id', '>', after).orderBy('id').limit(limit).execute();
}

export interface BatchEvent {
  id: number;
  subject_id: number;
  event_id: number;
  seq: number;
}

export async function eventInstancesOf(db: Executor, scope: SubjectScope, subjectIds: readonly number[]): Promise<BatchEvent[]> {
  if (subjectIds.length === 0) return [];
  let query = db.selectFrom('event_instances').select(['id', 'subject_id', 'event_id', 'seq']).where('subject_id', 'in', [...subjectIds]).where('env_id', '=', scope.envId);
  if (scope.eventIds) query = query.where('event_id', 'in', scope.eventIds.length === 0 ? [0] : [...scope.eventIds]);
  return query.orderBy('subject_id').orderBy('id').execute();
}

export interface BatchPanel {
  id: number;
  event_instance_id: number;
  instrument_id: number;
  seq: number;
}

export async function panelInstancesOf(db: Executor, scope: SubjectScope, subjectIds: readonly number[]): Promise<BatchPanel[]> {
  if (subjectIds.length === 0) return [];
  let query = db.selectFrom('panel_instances').select(['id', 'event_instance_id', 'instrument_id', 'seq']).where('subject_id', 'in', [...subjectIds]).where('env_id', '=', scope.envId);
  if (scope.instrumentIds) query = query.where('instrument_id', 'in', scope.instrumentIds.length === 0 ? [0] : [...scope.instrumentIds]);
  return query.orderBy('id').execute();
}

export interface BatchValue {
  panel_instance_id: number;
  path: string;
  /** The stored JSON value as its text; `storedValue` reads it. */
  value_text: string;
  /** The long layout's columns; absent for the wide layout, which writes values only. */
  status?: string;
  frozen?: boolean;
  inactive_type?: string | null;
  /** Seconds since the epoch: read as a number, not parsed as a date, since most values share a time. */
  updated_epoch?: number;
  updated_by?: number | null;
}

/** The stored values of the given panel instances: the value only (wide), or with its state, who and when (long). */
export async function valuesOf(db: Executor, panelIds: readonly number[], full: boolean): Promise<BatchValue[]> {
  if (panelIds.length === 0) return [];
  const base = db
    .selectFrom('field_values')
    .select(['field_values.panel_instance_id', 'field_values.path', sql<string>`field_values.value::text`.as('value_text')])
    .where('field_values.panel_instance_id', 'in', [...panelIds]);
  if (!full) return base.execute();
  return base
    .select(['field_values.status', 'field_values.frozen', 'field_values.inactive_type', 'field_values.updated_by', sql<number>`floor(extract(epoch from field_values.updated_at))::float8`.as('updated_epoch')])
    .execute();
}

/**
 * The value of a stored JSON text. Values are read as text, not as jsonb, because the driver's JSON parse of
 * every value was the largest cost of reading a batch; most values are plain strings, unwrapped here
 * without a parse (docs/decisions.md, "Exports").
 */
export function storedValue(text: string): unknown {
  if (text.charCodeAt(0) === 34 && !text.includes('\\')) return text.slice(1, -1);
  return JSON.parse(text) as unknown;
}

/**
 * The login names of who changed a batch's values: a handful of people, read once rather than joined to
 * every value.
 */
export async function usernamesOf(db: Executor, values: readonly BatchValue[]): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const value of values) if (value.updated_by !== undefined && value.updated_by !== null) ids.add(value.updated_by);
  if (ids.size === 0) return new Map();
  const users = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...ids]).execute();
  return new Map(users.map((user) => [user.id, user.username]));
}

/**
 * How many repeats of each panel and rows of each table the export's data holds at most, for the columns of
 * the wide layout: measured once when the export starts (its first step records them), so every batch
 * writes the same columns.
 */
export async function repeatCounts(db: Executor, scope: SubjectScope): Promise<{ panels: Record<string, number>; tables: Record<string, number> }> {
  const siteList = scope.siteIds.length === 0 ? sql`(NULL)` : sql`(${sql.join([...scope.siteIds])})`;
  const statusFilter = scope.statuses ? (scope.statuses.length === 0 ? sql`AND false` : sql`AND s.status IN (${sql.join([...scope.statuses])})`) : sql``;
  const eventFilter = scope.eventIds ? (scope.eventIds.length === 0 ? sql`AND false` : sql`AND e.event_id IN (${sql.join([...scope.eventIds])})`) : sql``;
  const instrumentFilter = scope.instrumentIds
    ? scope.instrumentIds.length === 0
      ? sql`AND false`
      : sql`AND p.instrument_id IN (${sql.join([...scope.instrumentIds])})`
    : sql``;
  const panels = await sql<{ instrument_id: number; n: number }>`
    SELECT p.instrument_id, max(p.seq)::int AS n
    FROM panel_instances p
    JOIN subjects s ON s.id = p.subject_id
    JOIN event_instances e ON e.id = p.event_instance_id
    WHERE p.env_id = ${scope.envId} AND s.status <> 'DEL' AND s.site_id IN ${siteList} ${statusFilter} ${eventFilter} ${instrumentFilter}
    GROUP BY p.instrument_id`.execute(db);
  const tables = await sql<{ instrument_id: number; model: string; n: number }>`
    SELECT instrument_id, model, max(n)::int AS n FROM (
      SELECT p.instrument_id, split_part(v.path, '#', 1) AS model, count(DISTINCT split_part(split_part(v.path, '#', 2), '.', 1)) AS n
      FROM field_values v
      JOIN panel_instances p ON p.id = v.panel_instance_id
      JOIN subjects s ON s.id = p.subject_id
      JOIN event_instances e ON e.id = p.event_instance_id
      WHERE v.path LIKE '%#%' AND p.env_id = ${scope.envId} AND s.status <> 'DEL' AND s.site_id IN ${siteList} ${statusFilter} ${eventFilter} ${instrumentFilter}
      GROUP BY p.id, p.instrument_id, split_part(v.path, '#', 1)
    ) per_panel
    GROUP BY instrument_id, model`.execute(db);
  return {
    panels: Object.fromEntries(panels.rows.map((row) => [String(row.instrument_id), row.n])),
    tables: Object.fromEntries(tables.rows.map((row) => [`${String(row.instrument_id)}|${row.model}`, row.n])),
  };
}

export async function siteCodes(db: Executor, projectId: number): Promise<Map<number, string>> {
  const rows = await db.selectFrom('project_sites').select(['id', 'code']).where('project_id', '=', projectId).execute();
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** A field of the project chosen for coding, with its dictionary's name and version (docs/decisions.md "Coding library"). */
export interface CodedFieldRow {
  instrumentId: number;
  /** `MODEL`, or `TABLE.COLUMN` for a table column. */
  path: string;
  dictionary: string;
}

/**
 * The project's coded fields, read once when an export starts and recorded with its first step, so every batch
 * writes the same columns even if a field is chosen for coding while the export runs.
 */
export async function codedFieldsOf(db: Executor, projectId: number): Promise<CodedFieldRow[]> {
  const rows = await db
    .selectFrom('coding_fields as f')
    .innerJoin('coding_dictionaries as d', 'd.id', 'f.dictionary_id')
    .select(['f.instrument_id', 'f.path', 'd.name', 'd.version'])
    .where('f.project_id', '=', projectId)
    .orderBy('f.id')
    .execute();
  return rows.map((row) => ({ instrumentId: row.instrument_id, path: row.path, dictionary: `${row.name} ${row.version}` }));
}

/** One captured value's coding as an export writes it. */
export interface BatchCoding {
  panel_instance_id: number;
  path: string;
  verbatim: string;
  term_code: string;
  term: string;
  term_en: string;
  term_path: string;
  term_path_en: string;
  dictionary_name: string;
  dictionary_version: string;
}

/** The codings of the given panel instances' values. */
export async function codingsOf(db: Executor, panelIds: readonly number[]): Promise<BatchCoding[]> {
  if (panelIds.length === 0) return [];
  return db
    .selectFrom('field_codings as c')
    .innerJoin('coding_dictionaries as d', 'd.id', 'c.dictionary_id')
    .select(['c.panel_instance_id', 'c.path', 'c.verbatim', 'c.term_code', 'c.term', 'c.term_en', 'c.term_path', 'c.term_path_en', 'd.name as dictionary_name', 'd.version as dictionary_version'])
    .where('c.panel_instance_id', 'in', [...panelIds])
    .execute();
}
