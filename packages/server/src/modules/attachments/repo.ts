import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AttachmentsTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

export type AttachmentRow = Selectable<AttachmentsTable>;
/** An attachment without its bytes, for lists and checks. */
export type AttachmentInfo = Omit<AttachmentRow, 'content' | 'thumbnail'>;

const INFO_COLUMNS = [
  'id', 'project_id', 'env_id', 'site_id', 'subject_id', 'kind', 'event_instance_id', 'panel_instance_id', 'path', 'name',
  'content_type', 'size', 'sha256', 'created_by', 'created_at', 'deleted_by', 'deleted_at',
] as const;

/** Where a list of attachments belongs: the subject always, and the visit, panel and field path when given. */
export interface AttachmentOwner {
  subjectId: number;
  kind: AttachmentRow['kind'];
  eventInstanceId?: number | null;
  panelInstanceId?: number | null;
  path?: string | null;
}

/**
 * Bytes cross to the database as base64 text, decoded and encoded by the database itself: the embedded
 * database serialises a bytea parameter byte by byte in JavaScript (about 6 s for a 10 MB image, against half
 * a second as base64 text, and a quarter of the read time), and the PostgreSQL server takes either alike.
 */
const bytesIn = (bytes: Uint8Array) => sql<Buffer>`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`;

export async function insertAttachment(db: Executor, row: Insertable<AttachmentsTable>): Promise<AttachmentInfo> {
  const { content, thumbnail, ...rest } = row;
  return db
    .insertInto('attachments')
    .values({ ...rest, content: bytesIn(content), thumbnail: thumbnail ? bytesIn(thumbnail) : null })
    .returning(INFO_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The attachments of one owner not deleted, oldest first. */
export async function listAttachments(db: Executor, owner: AttachmentOwner): Promise<AttachmentInfo[]> {
  let query = db.selectFrom('attachments').select(INFO_COLUMNS).where('subject_id', '=', owner.subjectId).where('kind', '=', owner.kind).where('deleted_at', 'is', null);
  if (owner.eventInstanceId !== undefined) query = owner.eventInstanceId === null ? query.where('event_instance_id', 'is', null) : query.where('event_instance_id', '=', owner.eventInstanceId);
  if (owner.panelInstanceId !== undefined) query = owner.panelInstanceId === null ? query.where('panel_instance_id', 'is', null) : query.where('panel_instance_id', '=', owner.panelInstanceId);
  if (owner.path !== undefined) query = owner.path === null ? query.where('path', 'is', null) : query.where('path', '=', owner.path);
  return query.orderBy('id').execute();
}

/** Names of the owner's attachments, locked so two uploads of one name cannot both pass the check. */
export async function lockOwnerNames(db: Executor, owner: AttachmentOwner): Promise<string[]> {
  // The subject row is the lock: every upload of one owner belongs to one subject.
  await db.selectFrom('subjects').select('id').where('id', '=', owner.subjectId).forUpdate().executeTakeFirst();
  return (await listAttachments(db, owner)).map((row) => row.name);
}

export async function findAttachment(db: Executor, id: number): Promise<AttachmentInfo | undefined> {
  return db.selectFrom('attachments').select(INFO_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The stored bytes (and thumbnail) of one attachment. */
export async function readAttachmentContent(db: Executor, id: number): Promise<{ content: Buffer; thumbnail: Buffer | null } | undefined> {
  // As base64 text, as `bytesIn` writes it (PostgreSQL's encode breaks lines, which Node's decoder skips).
  const row = await db
    .selectFrom('attachments')
    .select([sql<string>`encode(content, 'base64')`.as('content'), sql<string | null>`encode(thumbnail, 'base64')`.as('thumbnail')])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { content: Buffer.from(row.content, 'base64'), thumbnail: row.thumbnail === null ? null : Buffer.from(row.thumbnail, 'base64') };
}

/** Logical deletion: the row and its bytes stay, with who removed it and when. */
export async function markAttachmentDeleted(db: Executor, id: number, userId: number | null, at: Date): Promise<AttachmentInfo | undefined> {
  return db.updateTable('attachments').set({ deleted_by: userId, deleted_at: at }).where('id', '=', id).where('deleted_at', 'is', null).returning(INFO_COLUMNS).executeTakeFirst();
}

/** Display names of users, for the "who" of a list. */
export async function userNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The stored workflow state of one field of a panel instance (migration 0015 `field_values`), if any. */
export async function findFieldState(db: Executor, panelInstanceId: number, path: string): Promise<{ status: string; frozen: boolean; inactive_type: string | null } | undefined> {
  return db.selectFrom('field_values').select(['status', 'frozen', 'inactive_type']).where('panel_instance_id', '=', panelInstanceId).where('path', '=', path).executeTakeFirst();
}

/** A LIKE pattern for text starting with `prefix` (model names may hold `_`, a LIKE wildcard). */
const startsWith = (prefix: string): string => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Whether a panel instance stores any cell of a table row, that is whether the row was saved and not deleted. */
export async function rowIsStored(db: Executor, panelInstanceId: number, cellPrefix: string): Promise<boolean> {
  const row = await db.selectFrom('field_values').select('path').where('panel_instance_id', '=', panelInstanceId).where('path', 'like', startsWith(cellPrefix)).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The field images not deleted of the cells of some table rows of a panel instance, oldest first. */
export async function listRowAttachments(db: Executor, panelInstanceId: number, cellPrefixes: readonly string[]): Promise<AttachmentInfo[]> {
  if (cellPrefixes.length === 0) return [];
  return db
    .selectFrom('attachments')
    .select(INFO_COLUMNS)
    .where('panel_instance_id', '=', panelInstanceId)
    .where('kind', '=', 'field')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or(cellPrefixes.map((prefix) => eb('path', 'like', startsWith(prefix)))))
    .orderBy('id')
    .execute();
}

/** A field image with its uploader's display name, as the panel-wide list answers it. */
export type NamedAttachmentInfo = AttachmentInfo & { created_by_name: string | null };

/**
 * The row a cell path belongs to with the dot after it, `TABLE#r3.` of `TABLE#r3.COL` (core records/paths.ts,
 * attachments/cells.ts `rowCellPrefix`); no match, so null, for a plain field's path.
 */
const CELL_ROW_PREFIX = '^([^#]+#r[0-9]+\\.).';

/**
 * Every field image not deleted of one panel instance, its upload fields' and its table cells', oldest first,
 * in one statement with the uploader's name. A cell's image is left out when the panel stores no cell of its
 * row (the row never saved, or deleted), as the per-field list leaves it out (cells.ts `inMissingRow`).
 */
export async function listPanelFieldAttachments(db: Executor, subjectId: number, panelInstanceId: number): Promise<NamedAttachmentInfo[]> {
  const rowPrefix = sql<string | null>`substring(a.path from cast(${CELL_ROW_PREFIX} as text))`;
  return db
    .selectFrom('attachments as a')
    .leftJoin('users as u', 'u.id', 'a.created_by')
    .select(INFO_COLUMNS.map((column) => `a.${column}` as const))
    .select('u.name as created_by_name')
    .where('a.subject_id', '=', subjectId)
    .where('a.panel_instance_id', '=', panelInstanceId)
    .where('a.kind', '=', 'field')
    .where('a.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(rowPrefix, 'is', null),
        eb.exists(
          eb
            .selectFrom('field_values as v')
            .select('v.path')
            .whereRef('v.panel_instance_id', '=', 'a.panel_instance_id')
            .where(sql<boolean>`starts_with(v.path, ${rowPrefix})`),
        ),
      ]),
    )
    .orderBy('a.id')
    .execute();
}
