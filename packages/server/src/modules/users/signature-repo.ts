import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Database, UserSignatureRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** Users' signature images (migration 0035; docs/decisions.md "Signature images"). */

/** A signature without its bytes, with the login name of whoever uploaded it. */
export type SignatureInfo = Omit<UserSignatureRow, 'content'> & { uploaded_name: string | null };

function infoQuery(db: Executor) {
  return db
    .selectFrom('user_signatures as s')
    .leftJoin('users as up', 'up.id', 's.uploaded_by')
    .select(['s.id', 's.user_id', 's.file_name', 's.content_type', 's.size', 's.sha256', 's.width', 's.height', 's.uploaded_by', 's.uploaded_at'])
    .select('up.username as uploaded_name');
}

/** Every signature of a user, newest first: the first is the one in use. */
export async function listSignatures(db: Executor, userId: number): Promise<SignatureInfo[]> {
  return infoQuery(db).where('s.user_id', '=', userId).orderBy('s.id', 'desc').execute();
}

export async function findSignature(db: Executor, id: number): Promise<SignatureInfo | undefined> {
  return infoQuery(db).where('s.id', '=', id).executeTakeFirst();
}

/**
 * The signature each user had in use at the given moment (the newest uploaded at or before it), without
 * the bytes; for electronic signatures shown with the image their signer had when signing.
 */
export async function signaturesInUseAt(db: Executor, requests: readonly { userId: number; at: Date }[]): Promise<(SignatureInfo | undefined)[]> {
  return Promise.all(requests.map(({ userId, at }) => infoQuery(db).where('s.user_id', '=', userId).where('s.uploaded_at', '<=', at).orderBy('s.id', 'desc').limit(1).executeTakeFirst()));
}

/** The stored bytes, read as base64 text as attachments' are (modules/attachments/repo.ts). */
export async function signatureContent(db: Executor, id: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('user_signatures').select(sql<string>`encode(content, 'base64')`.as('content')).where('id', '=', id).executeTakeFirst();
  return row && Buffer.from(row.content, 'base64');
}

/** Serialises uploads of one user's signature, so "the newest is current" never races. */
export async function lockUser(trx: Executor, userId: number): Promise<boolean> {
  return (await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst()) !== undefined;
}

/** Bytes go in as base64 text, as attachments' do (modules/attachments/repo.ts). */
export async function insertSignature(trx: Executor, row: Insertable<Database['user_signatures']>): Promise<number> {
  const { content, ...rest } = row;
  const bytes = sql<Buffer>`decode(${Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('base64')}, 'base64')`;
  return (await trx.insertInto('user_signatures').values({ ...rest, content: bytes }).returning('id').executeTakeFirstOrThrow()).id;
}
