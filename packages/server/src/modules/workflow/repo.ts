import type { FieldStatus, InactiveType } from '@dcap/core';
import type { ExpressionBuilder, Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Database, FieldValueRow, FieldValuesTable, PanelInstanceRow, SignatureRow, SignaturesTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The place a signature may cover: a panel instance, its event instance, or its subject. */
export interface SignaturePlace {
  subjectId: number;
  eventInstanceId: number;
  panelInstanceId: number;
}

/** Unbroken signatures whose scope contains the panel instance (its own, its visit's, its subject's). */
export async function unbrokenSignaturesOver(db: Executor, place: SignaturePlace): Promise<SignatureRow[]> {
  return db
    .selectFrom('signatures')
    .selectAll()
    .where('subject_id', '=', place.subjectId)
    .where('broken_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('scope', '=', 'subject'),
        eb.and([eb('scope', '=', 'event'), eb('event_instance_id', '=', place.eventInstanceId)]),
        eb.and([eb('scope', '=', 'panel'), eb('panel_instance_id', '=', place.panelInstanceId)]),
      ]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function markSignaturesBroken(db: Executor, ids: number[], by: number | null, reason: string, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('signatures').set({ broken_at: at, broken_by: by, broken_reason: reason }).where('id', 'in', ids).where('broken_at', 'is', null).execute();
}

export async function insertSignature(db: Executor, row: Insertable<SignaturesTable>): Promise<SignatureRow> {
  return db.insertInto('signatures').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Signatures of a subject (all scopes), optionally only those over one panel's places, newest first. */
export async function signaturesOfSubject(db: Executor, subjectId: number): Promise<(SignatureRow & { broken_by_name: string | null; has_image: boolean })[]> {
  return db
    .selectFrom('signatures as s')
    .leftJoin('users as b', 'b.id', 's.broken_by')
    .selectAll('s')
    .select('b.name as broken_by_name')
    .select((eb) => eb.exists(imageAtSigning(eb)).$castTo<boolean>().as('has_image'))
    .where('s.subject_id', '=', subjectId)
    .orderBy('s.id', 'desc')
    .execute();
}

/** The panel instances of a subject, optionally of one event instance. */
export async function panelsOf(db: Executor, subjectId: number, eventInstanceId?: number): Promise<PanelInstanceRow[]> {
  let query = db.selectFrom('panel_instances').selectAll().where('subject_id', '=', subjectId);
  if (eventInstanceId !== undefined) query = query.where('event_instance_id', '=', eventInstanceId);
  return query.orderBy('id').execute();
}

/** The fields of some panel instances, locked for the workflow change. */
export async function fieldsOfPanels(db: Executor, panelIds: number[]): Promise<FieldValueRow[]> {
  if (panelIds.length === 0) return [];
  return db.selectFrom('field_values').selectAll().where('panel_instance_id', 'in', panelIds).orderBy('panel_instance_id').orderBy('path').forUpdate().execute();
}

export async function findField(db: Executor, panelId: number, path: string): Promise<FieldValueRow | undefined> {
  return db.selectFrom('field_values').selectAll().where('panel_instance_id', '=', panelId).where('path', '=', path).forUpdate().executeTakeFirst();
}

export interface FieldStateUpdate {
  status?: FieldStatus;
  frozen?: boolean;
  inactive_type?: InactiveType | null;
  inactive_note?: string | null;
  value?: string | null;
}

export async function updateFieldState(db: Executor, panelId: number, path: string, set: FieldStateUpdate, by: number, at: Date): Promise<void> {
  await db
    .updateTable('field_values')
    .set({ ...set, updated_by: by, updated_at: at })
    .where('panel_instance_id', '=', panelId)
    .where('path', '=', path)
    .execute();
}

/** Several fields of one panel to one status (signing, a broken signature). */
export async function setFieldsStatus(db: Executor, panelId: number, paths: string[], status: FieldStatus, by: number | null, at: Date): Promise<void> {
  if (paths.length === 0) return;
  await db
    .updateTable('field_values')
    .set({ status, updated_by: by, updated_at: at })
    .where('panel_instance_id', '=', panelId)
    .where('path', 'in', paths)
    .execute();
}

export async function userFullName(db: Executor, userId: number): Promise<{ username: string; name: string } | undefined> {
  return db.selectFrom('users').select(['username', 'name']).where('id', '=', userId).executeTakeFirst();
}

export async function envKey(db: Executor, envId: number): Promise<string> {
  const row = await db.selectFrom('project_envs').select('key').where('id', '=', envId).executeTakeFirstOrThrow();
  return row.key;
}

export async function insertFieldState(db: Executor, row: Insertable<FieldValuesTable>): Promise<void> {
  await db.insertInto('field_values').values(row).execute();
}

/**
 * The signature image its signer had in use when signing: the one uploaded last before the signature (docs/decisions.md
 * "Signature images"), as the casebook PDF prints it; a later image does not change a past signature.
 */
function imageAtSigning(eb: ExpressionBuilder<Database & { s: SignaturesTable }, 's'>) {
  return eb
    .selectFrom('user_signatures as us')
    .select('us.id')
    .whereRef('us.user_id', '=', 's.signer_id')
    .whereRef('us.uploaded_at', '<=', 's.signed_at')
    .orderBy('us.uploaded_at', 'desc')
    .orderBy('us.id', 'desc')
    .limit(1);
}

/** Whether a signer had an image when signing (the answer of a new signature). */
export async function signatureHasImage(db: Executor, signatureId: number): Promise<boolean> {
  const row = await db
    .selectFrom('signatures as s')
    .select((eb) => eb.exists(imageAtSigning(eb)).$castTo<boolean>().as('has_image'))
    .where('s.id', '=', signatureId)
    .executeTakeFirst();
  return row?.has_image ?? false;
}

/** A signature's subject and the image its signer had when signing (its bytes and type), if any. */
export async function signatureImageAtSigning(db: Executor, signatureId: number): Promise<{ subject_id: number; content: Buffer | null; content_type: string | null } | undefined> {
  // The bytes travel as base64 text: the two database drivers return bytea differently (Buffer, Uint8Array).
  const row = await db
    .selectFrom('signatures as s')
    .leftJoin('user_signatures as img', (join) => join.on((eb) => eb('img.id', '=', imageAtSigning(eb))))
    .select(['s.subject_id', 'img.content_type', sql<string | null>`encode(img.content, 'base64')`.as('content')])
    .where('s.id', '=', signatureId)
    .executeTakeFirst();
  return row && { subject_id: row.subject_id, content_type: row.content_type, content: row.content === null ? null : Buffer.from(row.content, 'base64') };
}
