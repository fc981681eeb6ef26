import { sql } from 'kysely';
import type { EventInstanceRow, FieldValueRow, PanelInstanceRow, SignaturesTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The reads of a casebook: one subject's study data, each a single statement. */

export async function site(db: Executor, id: number): Promise<{ code: string; name: string; name_en: string | null } | undefined> {
  return db.selectFrom('project_sites').select(['code', 'name', 'name_en']).where('id', '=', id).executeTakeFirst();
}

export async function eventInstances(db: Executor, subjectId: number): Promise<EventInstanceRow[]> {
  return db.selectFrom('event_instances').selectAll().where('subject_id', '=', subjectId).orderBy('id').execute();
}

export async function panelInstances(db: Executor, subjectId: number): Promise<PanelInstanceRow[]> {
  return db.selectFrom('panel_instances').selectAll().where('subject_id', '=', subjectId).orderBy('seq').orderBy('id').execute();
}

export async function fieldValues(db: Executor, panelInstanceIds: readonly number[]): Promise<FieldValueRow[]> {
  if (panelInstanceIds.length === 0) return [];
  return db.selectFrom('field_values').selectAll().where('panel_instance_id', 'in', panelInstanceIds).orderBy('path').execute();
}

export type SignatureRow = Pick<SignaturesTable, 'scope' | 'event_instance_id' | 'panel_instance_id' | 'signer_name' | 'meaning' | 'reason'> & {
  signed_at: Date;
  /** The signer's signature image in use when they signed (base64), if they had one (docs/decisions.md "Signature images"). */
  signature_image: string | null;
};

/**
 * The subject's unbroken signatures, oldest first (a broken one no longer vouches for the data printed), each
 * with the signature image its signer had uploaded last before signing: a later image does not change what
 * a past signature looked like.
 */
export async function signatures(db: Executor, subjectId: number): Promise<SignatureRow[]> {
  return db
    .selectFrom('signatures as s')
    .select(['s.scope', 's.event_instance_id', 's.panel_instance_id', 's.signer_name', 's.meaning', 's.reason', 's.signed_at'])
    .select((eb) =>
      eb
        .selectFrom('user_signatures as us')
        .select(sql<string>`encode(us.content, 'base64')`.as('content'))
        .whereRef('us.user_id', '=', 's.signer_id')
        .whereRef('us.uploaded_at', '<=', 's.signed_at')
        .orderBy('us.uploaded_at', 'desc')
        .orderBy('us.id', 'desc')
        .limit(1)
        .as('signature_image'),
    )
    .where('s.subject_id', '=', subjectId)
    .where('s.broken_at', 'is', null)
    .orderBy('s.signed_at')
    .orderBy('s.id')
    .execute();
}

export interface QueryRow {
  id: number;
  panel_instance_id: number;
  path: string;
  status: 'OPEN' | 'ANSWERED' | 'CLOSED' | 'AUTO_CLOSED' | 'CANCELED';
  content: string;
  content_en: string | null;
  raised_at: Date;
  raiser: string | null;
}

export async function queries(db: Executor, subjectId: number): Promise<QueryRow[]> {
  return db
    .selectFrom('queries as q')
    .leftJoin('users as u', 'u.id', 'q.raised_by')
    .select(['q.id', 'q.panel_instance_id', 'q.path', 'q.status', 'q.content', 'q.content_en', 'q.raised_at', 'u.name as raiser'])
    .where('q.subject_id', '=', subjectId)
    .orderBy('q.id')
    .execute();
}

export interface CommentRow {
  query_id: number;
  action: 'raise' | 'answer' | 'close' | 'cancel' | 'autoClose' | 'reopen';
  content: string | null;
  created_at: Date;
  author: string | null;
}

export async function queryComments(db: Executor, queryIds: readonly number[]): Promise<CommentRow[]> {
  if (queryIds.length === 0) return [];
  return db
    .selectFrom('query_comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.query_id', 'c.action', 'c.content', 'c.created_at', 'u.name as author'])
    .where('c.query_id', 'in', queryIds)
    .orderBy('c.id')
    .execute();
}
