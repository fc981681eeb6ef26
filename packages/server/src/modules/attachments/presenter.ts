import type { AttachmentItem } from '@dcap/core';
import type { AttachmentInfo } from './repo.js';

/** An attachment on the wire (spec 002 §3: id and name, with size, type, time and who uploaded it). */
export function presentAttachment(row: AttachmentInfo, names: ReadonlyMap<number, string>): AttachmentItem {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    contentType: row.content_type,
    size: row.size,
    sha256: row.sha256,
    subjectId: row.subject_id,
    eventInstanceId: row.event_instance_id,
    panelInstanceId: row.panel_instance_id,
    path: row.path,
    createdAt: row.created_at.toISOString(),
    createdById: row.created_by,
    createdBy: row.created_by === null ? null : (names.get(row.created_by) ?? null),
  };
}
