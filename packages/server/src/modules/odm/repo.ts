import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';

/** The reads of the ODM writer: one query each, all limited to one project and environment. */

export function projectHead(db: Executor, projectId: number) {
  return db.selectFrom('projects').select(['id', 'code', 'name', 'name_en', 'description']).where('id', '=', projectId).executeTakeFirst();
}

export function envRow(db: Executor, projectId: number, envId: number) {
  return db.selectFrom('project_envs').select(['id', 'key', 'name', 'name_en']).where('project_id', '=', projectId).where('id', '=', envId).executeTakeFirst();
}

export function envByKey(db: Executor, projectId: number, key: string) {
  return db.selectFrom('project_envs').select(['id', 'key']).where('project_id', '=', projectId).where('key', '=', key).executeTakeFirst();
}

/** The design version the environment runs, if any. */
export async function envVersionId(db: Executor, envId: number): Promise<number | null> {
  const row = await db.selectFrom('env_designs').select('design_version_id').where('env_id', '=', envId).executeTakeFirst();
  return row?.design_version_id ?? null;
}

/** Design versions that data of the environment was entered with, at the given sites. */
export async function versionIdsWithData(db: Executor, envId: number, siteIds: readonly number[] | 'all'): Promise<number[]> {
  if (siteIds !== 'all' && siteIds.length === 0) return [];
  let query = db.selectFrom('panel_instances').select('design_version_id').distinct().where('env_id', '=', envId);
  if (siteIds !== 'all') query = query.where('site_id', 'in', siteIds);
  return (await query.execute()).map((row) => row.design_version_id);
}

export function versionRows(db: Executor, projectId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('design_versions').select(['id', 'version', 'snapshot', 'note']).where('project_id', '=', projectId).where('id', 'in', ids).orderBy('version').execute();
}

export function sitesOf(db: Executor, projectId: number) {
  return db.selectFrom('project_sites').select(['id', 'code', 'name', 'name_en']).where('project_id', '=', projectId).orderBy('code').execute();
}

/**
 * The people the file's audit records and signatures name: the actors of field changes and row deletions
 * in the environment at the given sites, and the signers there.
 */
export async function usersNamed(
  db: Executor,
  projectId: number,
  envKey: string,
  envId: number,
  siteIds: readonly number[] | 'all',
): Promise<{ id: number | null; username: string | null; name: string | null; name_en: string | null }[]> {
  if (siteIds !== 'all' && siteIds.length === 0) return [];
  const sites = siteIds === 'all' ? null : siteIds.map(String);
  const result = await sql<{ id: number | null; username: string | null; name: string | null; name_en: string | null }>`
    SELECT DISTINCT a.actor_id AS id, coalesce(u.username, a.actor_username) AS username, u.name, u.name_en
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
     WHERE a.chain = ${projectId} AND a.project_id = ${projectId} AND a.env = ${envKey} AND a.action IN ('record.value', 'record.rowDelete')
       AND (${sites}::text[] IS NULL OR a.site_id::text = ANY(${sites}::text[]))
    UNION
    SELECT DISTINCT s.signer_id AS id, u.username, coalesce(u.name, s.signer_name), u.name_en
      FROM signatures s LEFT JOIN users u ON u.id = s.signer_id
     WHERE s.env_id = ${envId} AND s.broken_at IS NULL
       AND (${sites}::text[] IS NULL OR s.site_id::text = ANY(${sites}::text[]))`.execute(db);
  return result.rows;
}

/** The meanings of the standing signatures of the environment at the given sites. */
export async function signatureMeanings(db: Executor, envId: number, siteIds: readonly number[] | 'all') {
  if (siteIds !== 'all' && siteIds.length === 0) return [];
  let query = db.selectFrom('signatures').select('meaning').distinct().where('env_id', '=', envId).where('broken_at', 'is', null);
  if (siteIds !== 'all') query = query.where('site_id', 'in', siteIds);
  return query.orderBy('meaning').execute();
}

export interface SubjectFilter {
  projectId: number;
  envId: number;
  siteIds: readonly number[] | 'all';
  statuses: readonly string[] | null;
}

/** The subjects of the filter, never deleted ones. */
function subjectsOf(db: Executor, filter: SubjectFilter) {
  let query = db.selectFrom('subjects').where('project_id', '=', filter.projectId).where('env_id', '=', filter.envId).where('status', '!=', 'DEL');
  if (filter.siteIds !== 'all') query = query.where('site_id', 'in', filter.siteIds.length > 0 ? filter.siteIds : [-1]);
  if (filter.statuses) query = query.where('status', 'in', filter.statuses.length > 0 ? filter.statuses : ['']);
  return query;
}

/** The next batch of subjects after `afterId`, in id order (keyset paging). */
export function subjectBatch(db: Executor, filter: SubjectFilter, afterId: number, limit: number) {
  return subjectsOf(db, filter).select(['id', 'site_id', 'platform_no', 'subject_code', 'status']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** How many subjects the batches of the filter read in all. */
export async function countSubjects(db: Executor, filter: SubjectFilter): Promise<number> {
  const row = await subjectsOf(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export function eventInstancesOf(db: Executor, subjectIds: readonly number[]) {
  return db.selectFrom('event_instances').select(['id', 'subject_id', 'event_id', 'seq', 'site_id']).where('subject_id', 'in', subjectIds).orderBy('subject_id').orderBy('id').execute();
}

export function panelInstancesOf(db: Executor, subjectIds: readonly number[], versionId: number) {
  return db
    .selectFrom('panel_instances')
    .select(['id', 'subject_id', 'event_instance_id', 'instrument_id', 'seq', 'site_id'])
    .where('subject_id', 'in', subjectIds)
    .where('design_version_id', '=', versionId)
    .orderBy('event_instance_id')
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

export function fieldValuesOf(db: Executor, panelIds: readonly number[]) {
  return db.selectFrom('field_values').select(['panel_instance_id', 'path', 'value']).where('panel_instance_id', 'in', panelIds).orderBy('panel_instance_id').orderBy('path').execute();
}

/**
 * The last row of the project's audit chain. One writer at a time extends a chain and its order is its id
 * order (migration 0017), so every row up to this one has committed when it is read.
 */
export async function lastAuditId(db: Executor, projectId: number): Promise<number> {
  const row = await db.selectFrom('audit_log').select((eb) => eb.fn.max<number | null>('id').as('last')).where('chain', '=', projectId).executeTakeFirst();
  return row?.last ?? 0;
}

/** The last signature made anywhere. */
export async function lastSignatureId(db: Executor): Promise<number> {
  const row = await db.selectFrom('signatures').select((eb) => eb.fn.max<number | null>('id').as('last')).executeTakeFirst();
  return row?.last ?? 0;
}

/** Field changes and row deletions of the panels up to audit row `lastId`, in the audit chain's order. */
export async function fieldHistoryOf(db: Executor, projectId: number, envKey: string, panelIds: readonly number[], lastId: number) {
  const ids = panelIds.map(String);
  const result = await sql<{ id: number; at: Date; actor_id: number | null; actor_username: string | null; action: string; entity_id: string; new_value: unknown; reason: string | null }>`
    SELECT id, at, actor_id, actor_username, action, entity_id, new_value, reason
      FROM audit_log
     WHERE chain = ${projectId} AND id <= ${lastId} AND project_id = ${projectId} AND env = ${envKey}
       AND entity_type IN ('field', 'tableRow') AND action IN ('record.value', 'record.rowDelete')
       AND split_part(entity_id, ':', 1) = ANY(${ids}::text[])
     ORDER BY id`.execute(db);
  return result.rows;
}

/** The standing signatures of the subjects up to signature `lastId` (a broken signature no longer attests the data). */
export function signaturesOf(db: Executor, subjectIds: readonly number[], lastId: number) {
  return db
    .selectFrom('signatures')
    .select(['id', 'subject_id', 'scope', 'event_instance_id', 'panel_instance_id', 'signer_id', 'meaning', 'signed_at', 'broken_at', 'site_id'])
    .where('subject_id', 'in', subjectIds)
    .where('id', '<=', lastId)
    .where('broken_at', 'is', null)
    .orderBy('id')
    .execute();
}

export function queriesOf(db: Executor, panelIds: readonly number[]) {
  return db.selectFrom('queries').select(['id', 'panel_instance_id', 'path', 'status', 'content', 'content_en']).where('panel_instance_id', 'in', panelIds).orderBy('id').execute();
}
