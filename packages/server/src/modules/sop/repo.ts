import type { SopStatus } from '@dcap/core';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Database, SopDocumentRow, SopVersionRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A version without its bytes, with the names of the people who acted on it. */
export type SopVersionInfo = Omit<SopVersionRow, 'content'> & { uploaded_name: string | null; submitted_name: string | null; reviewed_name: string | null };

const VERSION_COLUMNS = [
  'v.id',
  'v.document_id',
  'v.version',
  'v.status',
  'v.file_name',
  'v.content_type',
  'v.size',
  'v.sha256',
  'v.note',
  'v.uploaded_by',
  'v.uploaded_at',
  'v.submitted_by',
  'v.submitted_at',
  'v.reviewed_by',
  'v.reviewed_at',
  'v.review_comment',
] as const;

function versionQuery(db: Executor) {
  return db
    .selectFrom('sop_versions as v')
    .leftJoin('users as up', 'up.id', 'v.uploaded_by')
    .leftJoin('users as sb', 'sb.id', 'v.submitted_by')
    .leftJoin('users as rv', 'rv.id', 'v.reviewed_by')
    .select(VERSION_COLUMNS)
    .select(['up.username as uploaded_name', 'sb.username as submitted_name', 'rv.username as reviewed_name']);
}

/** The project's documents, by keyword in the code or either title. */
export async function listDocuments(db: Executor, projectId: number, keyword: string | undefined): Promise<SopDocumentRow[]> {
  let query = db.selectFrom('sop_documents').selectAll().where('project_id', '=', projectId);
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('code', 'ilike', like), eb('title', 'ilike', like), eb('title_en', 'ilike', like)]));
  }
  return query.orderBy('code').orderBy('id').execute();
}

export async function findDocument(db: Executor, projectId: number, id: number, lock = false): Promise<SopDocumentRow | undefined> {
  const query = db.selectFrom('sop_documents').selectAll().where('project_id', '=', projectId).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertDocument(trx: Executor, row: Insertable<Database['sop_documents']>): Promise<SopDocumentRow> {
  return trx.insertInto('sop_documents').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function touchDocument(trx: Executor, id: number, at: Date): Promise<void> {
  await trx.updateTable('sop_documents').set({ updated_at: at }).where('id', '=', id).execute();
}

/** Every version of the given documents, newest first within each document. */
export async function listVersions(db: Executor, documentIds: readonly number[]): Promise<SopVersionInfo[]> {
  if (documentIds.length === 0) return [];
  return versionQuery(db).where('v.document_id', 'in', documentIds).orderBy('v.document_id').orderBy('v.version', 'desc').execute();
}

/** A version of a document of the project, without its bytes; locked for a review action. */
export async function findVersion(db: Executor, projectId: number, versionId: number, lock = false): Promise<SopVersionInfo | undefined> {
  let query = versionQuery(db).innerJoin('sop_documents as d', 'd.id', 'v.document_id').where('d.project_id', '=', projectId).where('v.id', '=', versionId);
  if (lock) query = query.forUpdate('v');
  return query.executeTakeFirst();
}

/** The stored bytes of a version, read as base64 text as attachments are (modules/attachments/repo.ts). */
export async function versionContent(db: Executor, versionId: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('sop_versions').select(sql<string>`encode(content, 'base64')`.as('content')).where('id', '=', versionId).executeTakeFirst();
  return row && Buffer.from(row.content, 'base64');
}

export async function nextVersionNumber(trx: Executor, documentId: number): Promise<number> {
  const row = await trx.selectFrom('sop_versions').select(sql<number>`coalesce(max(version), 0) + 1`.as('next')).where('document_id', '=', documentId).executeTakeFirstOrThrow();
  return row.next;
}

/** Bytes go in as base64 text, as attachments' do: much faster than a bytea parameter (modules/attachments/repo.ts). */
export async function insertVersion(trx: Executor, row: Insertable<Database['sop_versions']>): Promise<number> {
  const { content, ...rest } = row;
  const bytes = sql<Buffer>`decode(${Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('base64')}, 'base64')`;
  return (await trx.insertInto('sop_versions').values({ ...rest, content: bytes }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The versions of a document in the given statuses (the pending ones a new upload supersedes, say). */
export async function versionsInStatus(trx: Executor, documentId: number, statuses: readonly SopStatus[]): Promise<{ id: number; version: number; status: SopStatus }[]> {
  return trx.selectFrom('sop_versions').select(['id', 'version', 'status']).where('document_id', '=', documentId).where('status', 'in', statuses).orderBy('version').forUpdate().execute();
}

export interface VersionChange {
  status: SopStatus;
  submitted_by?: number;
  submitted_at?: Date;
  reviewed_by?: number;
  reviewed_at?: Date;
  review_comment?: string | null;
}

export async function updateVersion(trx: Executor, id: number, change: VersionChange): Promise<void> {
  await trx.updateTable('sop_versions').set(change).where('id', '=', id).execute();
}
