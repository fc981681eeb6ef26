import { createHash } from 'node:crypto';
import type { AttachmentKind } from '@dcap/core';
import { AppError, FILE_KIND_CONTENT_TYPE, checkUpload, cleanFileName } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, SubjectRow } from '../../db/schema.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import type { AttachmentInfo } from './repo.js';
import { insertAttachment, lockOwnerNames } from './repo.js';

/** A file as the multipart body delivered it. */
export interface UploadedFile {
  /** The name the browser sent with the file part. */
  name: string;
  /** The content type the browser declared; only a claim, the bytes decide (core attachments/files.ts). */
  declaredType: string | null;
  bytes: Buffer;
  /** The upload went past the route's limit and was cut off: refused as too large. */
  truncated: boolean;
}

export interface StoreAttachmentInput {
  /** The subject the file belongs to, already loaded through the caller's data scope. */
  subject: SubjectRow;
  /** The environment key written into the audit row (COMPLIANCE AT-1). */
  env: string;
  kind: AttachmentKind;
  eventInstanceId: number | null;
  panelInstanceId: number | null;
  /** The field path of a field upload (core records/paths.ts); null for the other kinds. */
  path: string | null;
  file: UploadedFile;
  userId: number;
}

/**
 * Stores one uploaded file of study data with its audit row (COMPLIANCE AT-3), in the caller's transaction.
 * Every upload route comes here, so the rules of spec 002 §5 hold for all of them: the kind is read from the
 * bytes, the size is under 10 MB and a name may appear once in its list (the field's, the panel's source
 * documents, the visit's records or the subject's identity cards). The bytes and their SHA-256 go into the
 * database (docs/decisions.md "Attachments: bytes in the database"); no thumbnail is made, the browser scales
 * the image.
 */
export async function storeAttachment(trx: Transaction<Database>, audit: ProjectAuditor, input: StoreAttachmentInput): Promise<AttachmentInfo> {
  const { file, subject } = input;
  const name = cleanFileName(file.name);
  const owner = { subjectId: subject.id, kind: input.kind, eventInstanceId: input.eventInstanceId, panelInstanceId: input.panelInstanceId, path: input.path };
  const existing = await lockOwnerNames(trx, owner);
  const checked = checkUpload(input.kind, { name, size: file.truncated ? Number.MAX_SAFE_INTEGER : file.bytes.length, bytes: file.bytes, declaredType: file.declaredType }, existing);
  if (!checked.ok) throw new AppError(checked.problem.code, checked.problem.params);
  const contentType = checked.fileKind ? FILE_KIND_CONTENT_TYPE[checked.fileKind] : 'application/octet-stream';
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const row = await insertAttachment(trx, {
    project_id: subject.project_id,
    env_id: subject.env_id,
    site_id: subject.site_id,
    subject_id: subject.id,
    kind: input.kind,
    event_instance_id: input.eventInstanceId,
    panel_instance_id: input.panelInstanceId,
    path: input.path,
    name,
    content_type: contentType,
    size: file.bytes.length,
    sha256,
    content: file.bytes,
    thumbnail: null,
    created_by: input.userId,
  });
  await audit({
    action: 'attachment.upload',
    entityType: 'attachment',
    entityId: row.id,
    siteId: subject.site_id,
    env: input.env,
    newValue: auditedAttachment(row),
  });
  return row;
}

/** What an audit row records of an attachment: where it belongs and which bytes, never the bytes. */
export function auditedAttachment(row: AttachmentInfo): Record<string, unknown> {
  return {
    kind: row.kind,
    subjectId: row.subject_id,
    eventInstanceId: row.event_instance_id,
    panelInstanceId: row.panel_instance_id,
    path: row.path,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256,
  };
}
