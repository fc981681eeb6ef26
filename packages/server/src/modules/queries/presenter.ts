import type { Query, QueryComment, QueryUserAction } from '@dcap/core';
import { queryAgeDays } from '@dcap/core';
import type { CommentListRow, QueryListRow } from './repo.js';
import type { DesignNames } from './design-names.js';

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

export function presentQuery(row: QueryListRow, names: DesignNames, abilities: QueryUserAction[], now: Date): Query {
  const event = names.event(row.design_version_id, row.event_id, row.event_seq);
  const instrument = names.instrument(row.design_version_id, row.instrument_id);
  const field = names.field(row.design_version_id, row.instrument_id, row.path);
  return {
    id: row.id,
    siteId: row.site_id,
    siteName: row.site_name,
    subjectId: row.subject_id,
    subjectLabel: row.subject_code ?? row.platform_no,
    eventInstanceId: row.event_instance_id,
    eventName: event.name,
    eventNameEn: event.nameEn,
    panelInstanceId: row.panel_instance_id,
    instrumentId: row.instrument_id,
    instrumentName: instrument.name,
    instrumentNameEn: instrument.nameEn,
    path: row.path,
    fieldLabel: field?.label ?? row.path,
    fieldLabelEn: field?.labelEn ?? null,
    status: row.status,
    content: row.content,
    contentEn: row.content_en,
    raisedBy: person(row.raised_by, row.raised_by_name),
    raisedRole: row.raised_role,
    raisedAt: row.raised_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    closedBy: person(row.closed_by, row.closed_by_name),
    closedAt: row.closed_at ? row.closed_at.toISOString() : null,
    ageDays: queryAgeDays(row.raised_at, row.closed_at ?? now),
    abilities,
  };
}

export function presentComment(row: CommentListRow): QueryComment {
  return {
    id: row.id,
    action: row.action,
    content: row.content,
    author: person(row.author_id, row.author_name),
    createdAt: row.created_at.toISOString(),
  };
}
