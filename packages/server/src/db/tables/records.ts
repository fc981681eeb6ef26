import type { Generated, Selectable } from 'kysely';
import type { DateText, Json, NullableTimestamp } from './columns.js';

/** Captured data tables: subjects, their visits and panels, field values, queries, signatures and attachments. */

/** A subject of one environment at one site (migration 0015, spec 002 §3). */
export interface SubjectsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  platform_no: string;
  subject_code: string | null;
  initials: string | null;
  name: string | null;
  id_number: string | null;
  gender: 'M' | 'F' | 'U' | null;
  birth_date: DateText;
  nation: string | null;
  insurance_type: string | null;
  insurance_no: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  relative_relation: string | null;
  relative_phone: string | null;
  relative_email: string | null;
  relative_address: string | null;
  wechat_ids: Generated<Json>;
  screening_no: string | null;
  consent_date: DateText;
  random_no: string | null;
  treatment_phase: string | null;
  first_drug_no: string | null;
  enrolled_at: NullableTimestamp;
  enrolled_by: number | null;
  remote_site: string | null;
  strata: Generated<Json>;
  status: Generated<string>;
  status_reason: string | null;
  status_changed_at: Generated<Date>;
  design_version_id: number | null;
  version: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface SubjectRequestsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  kind: 'screeningRollback';
  state: Generated<'pending' | 'approved' | 'rejected'>;
  reason: string;
  requested_by: number;
  requested_at: Generated<Date>;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  decision_comment: string | null;
}

export interface EventInstancesTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  design_version_id: number;
  event_id: number;
  seq: Generated<number>;
  planned_date: DateText;
  window_start: DateText;
  window_end: DateText;
  actual_date: DateText;
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface PanelInstancesTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  event_instance_id: number;
  instrument_id: number;
  design_version_id: number;
  seq: Generated<number>;
  version: Generated<number>;
  status: Generated<string>;
  unchecked: Generated<boolean>;
  next_row_key: Generated<number>;
  first_saved_at: NullableTimestamp;
  /** Values entered and verified (or beyond) in the panel (migration 0036, core analytics `panelValueCounts`). */
  values_entered: Generated<number>;
  values_verified: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

/** One field's value and workflow state inside a panel instance (spec 002 §3 "submitted value entry"). */
export interface FieldValuesTable {
  panel_instance_id: number;
  path: string;
  value: Json;
  status: Generated<'' | 'ENTERING' | 'COMPLETED' | 'VERIFIED' | 'REVIEWED' | 'SIGNED' | 'LOCKED'>;
  frozen: Generated<boolean>;
  inactive_type: 'ND' | 'NA' | 'IE' | 'OTHER' | null;
  inactive_note: string | null;
  saved: Generated<boolean>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface QueriesTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  event_instance_id: number;
  panel_instance_id: number;
  path: string;
  status: Generated<'OPEN' | 'ANSWERED' | 'CLOSED' | 'AUTO_CLOSED' | 'CANCELED'>;
  content: string;
  content_en: string | null;
  raised_by: number;
  raised_role_id: number | null;
  raised_at: Generated<Date>;
  updated_at: Generated<Date>;
  closed_by: number | null;
  closed_at: NullableTimestamp;
}

export interface QueryCommentsTable {
  id: Generated<number>;
  query_id: number;
  action: 'raise' | 'answer' | 'close' | 'cancel' | 'autoClose' | 'reopen';
  content: string | null;
  author_id: number | null;
  created_at: Generated<Date>;
}

export interface SignaturesTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  scope: 'panel' | 'event' | 'subject';
  event_instance_id: number | null;
  panel_instance_id: number | null;
  signer_id: number;
  signer_name: string;
  meaning: string;
  reason: string | null;
  values_hash: string;
  signed_at: Generated<Date>;
  broken_at: NullableTimestamp;
  broken_by: number | null;
  broken_reason: string | null;
}

export interface AttachmentsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  kind: 'field' | 'source' | 'visitRecord' | 'idCard';
  event_instance_id: number | null;
  panel_instance_id: number | null;
  path: string | null;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  content: Buffer;
  thumbnail: Buffer | null;
  created_by: number | null;
  created_at: Generated<Date>;
  deleted_by: number | null;
  deleted_at: NullableTimestamp;
}

export type SubjectRow = Selectable<SubjectsTable>;
export type EventInstanceRow = Selectable<EventInstancesTable>;
export type PanelInstanceRow = Selectable<PanelInstancesTable>;
export type FieldValueRow = Selectable<FieldValuesTable>;
export type QueryRow = Selectable<QueriesTable>;
export type SignatureRow = Selectable<SignaturesTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
