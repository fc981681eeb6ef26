import type { ApplicationType, EnvType, JobStatus, ProjectStatus } from '@dcap/core';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are written as Date and always read back as Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | null | undefined, string | null>;
/** A calendar date, `YYYY-MM-DD` both ways (db/database.ts keeps the driver from making it a Date). */
type DateText = ColumnType<string | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  name_en: string | null;
  gender: 'male' | 'female' | 'unknown' | null;
  email: string | null;
  phone: string | null;
  corporation: string | null;
  department: string | null;
  admin: Generated<boolean>;
  system_admin: Generated<boolean>;
  project_admin: Generated<boolean>;
  status: Generated<'active' | 'locked' | 'deleted'>;
  locked_until: NullableTimestamp;
  lockout_reset_at: NullableTimestamp;
  password_hash: string;
  password_changed_at: Timestamp;
  /** Set by an administrator's reset: the next sign-in must choose a new password first. */
  must_change_password: Generated<boolean>;
  last_login_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export type SessionEndReason = 'logout' | 'idle' | 'expired' | 'revoked';

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: SessionEndReason | null;
  ip: string | null;
  user_agent: string | null;
  /** The session's current project, role and environment (spec 000 §4.4); set by later project features. */
  current_project_id: number | null;
  current_role_id: number | null;
  current_env: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  user_id: number | null;
  ip: string | null;
  success: boolean;
  reason: string;
  at: Timestamp;
}

export interface AuditLogTable {
  /** Assigned by the chain trigger under a lock, so id order is the chain order. */
  id: Generated<number>;
  at: Generated<Date>;
  actor_id: number | null;
  actor_username: string | null;
  actor_role: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  project_id: number | null;
  env: string | null;
  site_id: number | null;
  old_value: Json;
  new_value: Json;
  reason: string | null;
  ip: string | null;
  prev_hash: Generated<string>;
  hash: Generated<string>;
  /** The row's chain: its project, or 0 for the platform; set by the chain trigger (docs/security.md). */
  chain: Generated<number>;
}

/** A chain head sealed with a key kept outside the database; append-only (docs/security.md). */
export interface AuditSealsTable {
  id: Generated<number>;
  chain: number;
  last_id: number;
  last_hash: string;
  row_count: number;
  sealed_at: Generated<Date>;
  key_id: string;
  mac: string;
}

export interface UnitsTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_en: string | null;
  province: string | null;
  city: string | null;
  address: string | null;
  status: Generated<'active' | 'disabled'>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DepartmentsTable {
  id: Generated<number>;
  unit_id: number;
  name: string;
  name_en: string | null;
  created_at: Generated<Date>;
}

/** Arrays are written as arrays and read back as arrays by both drivers. */
type TextArray = ColumnType<string[], string[], string[]>;
type IntArray = ColumnType<number[], number[] | undefined, number[]>;
type JsonObject = ColumnType<Record<string, boolean>, string | undefined, string>;

export interface ProjectsTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_en: string | null;
  status: Generated<ProjectStatus>;
  prev_status: ProjectStatus | null;
  application: TextArray;
  pi_user_names: string | null;
  pi_user_names_en: string | null;
  sponsor_names: string | null;
  cro_names: string | null;
  description: string | null;
  blind_method: 'D' | 'S' | 'N';
  group_scheme: 'PROJECT_GROUP_SCHEME_RAND' | 'PROJECT_GROUP_SCHEME_NONE';
  remote_randomization: boolean;
  share_event_panel: boolean;
  auto_code: boolean;
  config: JsonObject;
  config_audit_requested: Generated<boolean>;
  uat_confirmed: Generated<boolean>;
  online_requested: Generated<boolean>;
  /** Who applied to go online, when and why (migration 0011); null before an application or for older ones. */
  online_requested_by: number | null;
  online_requested_at: Timestamp | null;
  online_request_reason: string | null;
  version: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectAdminsTable {
  project_id: number;
  user_id: number;
  granted_by: number | null;
  granted_at: Timestamp;
}

export interface ProjectEnvsTable {
  id: Generated<number>;
  project_id: number;
  key: string;
  type: EnvType;
  name: string;
  name_en: string | null;
  status: Generated<'normal' | 'disable'>;
  created_at: Generated<Date>;
}

export interface ProjectSitesTable {
  id: Generated<number>;
  project_id: number;
  unit_id: number;
  code: string;
  name: string;
  name_en: string | null;
  pi_name: string | null;
  status: Generated<'active' | 'closed'>;
  created_at: Generated<Date>;
}

export interface ProjectRolesTable {
  id: Generated<number>;
  project_id: number;
  alias: string;
  description: string | null;
  description_en: string | null;
  all_sites: boolean;
  site_ids: IntArray;
  enabled: Generated<boolean>;
  rights: TextArray;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RoleAssignmentsTable {
  id: Generated<number>;
  project_id: number;
  role_id: number;
  user_id: number;
  all_sites: boolean;
  site_ids: IntArray;
  granted_by: number | null;
  granted_at: Timestamp;
  revoked_by: number | null;
  revoked_at: NullableTimestamp;
}

export interface StatusChangeApplicationsTable {
  id: Generated<number>;
  project_id: number;
  type: ApplicationType;
  reason: string;
  state: Generated<'pending' | 'approved' | 'rejected'>;
  applied_by: number;
  applied_at: Timestamp;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  decision_comment: string | null;
}

/** An instrument (panel) of a project with its development draft (migration 0004). */
export interface InstrumentsTable {
  id: Generated<number>;
  project_id: number;
  kind: 'form' | 'derived' | 'external';
  name: string;
  name_en: string | null;
  name_abbr: string;
  description: string | null;
  sort: number;
  panel: Json;
  revision: Generated<number>;
  field_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface EventsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: string | null;
  type: 'SCREENING' | 'BASELINE' | 'TREATMENT' | 'FOLLOW_UP' | 'UNSCHEDULED' | 'LOG';
  sort: number;
  offset_days: number | null;
  window_before: number;
  window_after: number;
  repeatable: boolean;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface EventInstrumentsTable {
  project_id: number;
  event_id: number;
  instrument_id: number;
}

/** An immutable published design; record data references `id` (migration 0004). */
export interface DesignVersionsTable {
  id: Generated<number>;
  project_id: number;
  version: number;
  snapshot: Json;
  note: string | null;
  published_at: Timestamp;
  published_by: string | null;
}

/** The design version an environment runs. */
export interface EnvDesignsTable {
  env_id: number;
  project_id: number;
  design_version_id: number;
  published_at: Timestamp;
  published_by: string | null;
}

/** A background job (migration 0009); `attempts` counts claims and fences the worker holding it. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  project_id: number | null;
  env: string | null;
  status: Generated<JobStatus>;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  params: Json;
  result: Json;
  error: Json;
  created_by: number | null;
  created_at: Generated<Date>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  heartbeat_at: NullableTimestamp;
  attempts: Generated<number>;
}

/** The audit steps a project uses, in order (migration 0010); no row means the default process. */
export interface ProjectProcessConfigsTable {
  project_id: number;
  steps: TextArray;
  updated_by: number;
  updated_at: Timestamp;
}

/** The sponsor's external acceptance test results of a project (migration 0010). */
export interface ProjectExternalTestsTable {
  id: Generated<number>;
  project_id: number;
  result: 'passed' | 'failed';
  notes: string | null;
  recorded_by: number;
  recorded_at: Timestamp;
}

/** A picture of a project's UI settings or description (migration 0010); deleted logically. */
export interface ProjectFilesTable {
  id: Generated<number>;
  project_id: number;
  purpose: 'uiConfig' | 'description';
  filename: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_by: number | null;
  created_at: Generated<Date>;
  deleted_by: number | null;
  deleted_at: NullableTimestamp;
}

/** Standard variable library: CDASH-style domains (migration 0005). */
export interface StdDomainsTable {
  code: string;
  description: string;
  description_en: string;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A standard variable with the widget it inserts as (migration 0005). */
export interface StdFieldsTable {
  id: Generated<number>;
  domain: string;
  field_name: string;
  field_label: string;
  field_label_en: string;
  field_annotation: Generated<string>;
  instruction: Generated<string>;
  instruction_en: Generated<string>;
  widget: Json;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The environment a user last chose in a project (migration 0014, spec 000 §4.4). */
export interface UserProjectEnvsTable {
  user_id: number;
  project_id: number;
  env: string;
  chosen_at: Timestamp;
}

/** A user's own preferences: font size and notifications (migration 0013; core users/preferences.ts). */
export interface UserPreferencesTable {
  user_id: number;
  font_size: Generated<'small' | 'medium' | 'large'>;
  notifications: Generated<unknown>;
  updated_at: Timestamp;
}

/** A panel template of the panel library (migration 0005). */
export interface StdTemplatesTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  name_abbr: string;
  description: Generated<string>;
  description_en: Generated<string>;
  panel: Json;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A dictionary: a platform one when project_id is null, else the project's (migration 0005). */
export interface DictsTable {
  id: Generated<number>;
  project_id: number | null;
  dict_key: string;
  value: string;
  value_en: Generated<string>;
  items: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A derived field of the derived-variable library (migration 0005). */
export interface DerivedFieldsTable {
  id: Generated<number>;
  group_code: 'CONTINUOUS_VARIABLES' | 'CATEGORICAL_VARIABLES' | 'ORDINAL_VARIABLES';
  field_name: string;
  field_label: string;
  field_label_en: string;
  expression: string;
  description: Generated<string>;
  description_en: Generated<string>;
  widget: Json;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  audit_seals: AuditSealsTable;
  units: UnitsTable;
  departments: DepartmentsTable;
  projects: ProjectsTable;
  project_admins: ProjectAdminsTable;
  project_envs: ProjectEnvsTable;
  user_project_envs: UserProjectEnvsTable;
  user_preferences: UserPreferencesTable;
  project_sites: ProjectSitesTable;
  project_roles: ProjectRolesTable;
  role_assignments: RoleAssignmentsTable;
  status_change_applications: StatusChangeApplicationsTable;
  instruments: InstrumentsTable;
  events: EventsTable;
  event_instruments: EventInstrumentsTable;
  design_versions: DesignVersionsTable;
  env_designs: EnvDesignsTable;
  std_domains: StdDomainsTable;
  std_fields: StdFieldsTable;
  std_templates: StdTemplatesTable;
  dicts: DictsTable;
  derived_fields: DerivedFieldsTable;
  project_process_configs: ProjectProcessConfigsTable;
  project_external_tests: ProjectExternalTestsTable;
  project_files: ProjectFilesTable;
  jobs: JobsTable;
  subjects: SubjectsTable;
  subject_requests: SubjectRequestsTable;
  event_instances: EventInstancesTable;
  panel_instances: PanelInstancesTable;
  field_values: FieldValuesTable;
  queries: QueriesTable;
  query_comments: QueryCommentsTable;
  signatures: SignaturesTable;
  attachments: AttachmentsTable;
}

export type ProjectRow = Selectable<ProjectsTable>;
export type EnvRow = Selectable<ProjectEnvsTable>;
export type SiteRow = Selectable<ProjectSitesTable>;
export type RoleRow = Selectable<ProjectRolesTable>;
export type AssignmentRow = Selectable<RoleAssignmentsTable>;
export type UnitRow = Selectable<UnitsTable>;
export type DepartmentRow = Selectable<DepartmentsTable>;
export type ApplicationRow = Selectable<StatusChangeApplicationsTable>;
export type StdDomainRow = Selectable<StdDomainsTable>;
export type StdFieldRow = Selectable<StdFieldsTable>;
export type StdTemplateRow = Selectable<StdTemplatesTable>;
export type DictRow = Selectable<DictsTable>;
export type DerivedFieldRow = Selectable<DerivedFieldsTable>;
export type SubjectRow = Selectable<SubjectsTable>;
export type EventInstanceRow = Selectable<EventInstancesTable>;
export type PanelInstanceRow = Selectable<PanelInstancesTable>;
export type FieldValueRow = Selectable<FieldValuesTable>;
export type QueryRow = Selectable<QueriesTable>;
export type SignatureRow = Selectable<SignaturesTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type InstrumentRow = Selectable<InstrumentsTable>;
export type EventRow = Selectable<EventsTable>;
export type DesignVersionRow = Selectable<DesignVersionsTable>;
export type JobRow = Selectable<JobsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditRow = Selectable<AuditLogTable>;
