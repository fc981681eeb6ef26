import type { ApplicationType, EnvType, ProjectStatus } from '@dcap/core';
import type { Generated, Selectable } from 'kysely';
import type { IntArray, JsonObject, NullableTimestamp, TextArray, Timestamp } from './columns.js';

/** Project tables: the project and its lifecycle, environments, sites, roles and their grants. */

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
  /** The project's own day thresholds of the big screen's alerts (migration 0039); null: the platform's default. */
  alert_site_idle_days: Generated<number | null>;
  alert_query_days: Generated<number | null>;
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

/** The environment a user last chose in a project (migration 0014, spec 000 §4.4). */
export interface UserProjectEnvsTable {
  user_id: number;
  project_id: number;
  env: string;
  chosen_at: Timestamp;
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
  /** Subjects the site is to enrol (migration 0036, docs/decisions.md "Analytics"); null when none was set. */
  enrolment_target: Generated<number | null>;
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

export type ProjectRow = Selectable<ProjectsTable>;
export type EnvRow = Selectable<ProjectEnvsTable>;
export type SiteRow = Selectable<ProjectSitesTable>;
export type RoleRow = Selectable<ProjectRolesTable>;
export type AssignmentRow = Selectable<RoleAssignmentsTable>;
export type ApplicationRow = Selectable<StatusChangeApplicationsTable>;
