import type { AuditLogTable, AuditSealsTable, JobsTable } from './tables/audit.js';
import type {
  DerivedFieldsTable,
  DesignVersionsTable,
  DictsTable,
  EnvDesignsTable,
  EventInstrumentsTable,
  EventsTable,
  InstrumentsTable,
  StdDomainsTable,
  StdFieldsTable,
  StdTemplatesTable,
} from './tables/design.js';
import type { AreasTable, DepartmentsTable, LoginAttemptsTable, SessionsTable, UnitsTable, UserPreferencesTable, UsersTable } from './tables/platform.js';
import type {
  ProjectAdminsTable,
  ProjectEnvsTable,
  ProjectExternalTestsTable,
  ProjectFilesTable,
  ProjectProcessConfigsTable,
  ProjectRolesTable,
  ProjectSitesTable,
  ProjectsTable,
  RoleAssignmentsTable,
  StatusChangeApplicationsTable,
  UserProjectEnvsTable,
} from './tables/projects.js';
import type {
  AttachmentsTable,
  EventInstancesTable,
  FieldValuesTable,
  PanelInstancesTable,
  QueriesTable,
  QueryCommentsTable,
  SignaturesTable,
  SubjectRequestsTable,
  SubjectsTable,
} from './tables/records.js';
import type { RecordImportRowsTable, RecordImportsTable } from './tables/imports.js';
import type { ExportFileChunksTable, ExportTasksTable } from './tables/exports.js';
import type { MessageConfigsTable, NotificationsTable, OutboundMessagesTable, ReminderSlotsTable, UserWechatBindingsTable, VisitRemindersTable } from './tables/messages.js';
import type { SopDocumentsTable, SopVersionsTable } from './tables/sop.js';
import type { CodingDictionariesTable, CodingFieldsTable, CodingTermsTable, FieldCodingsTable } from './tables/coding.js';
import type { ArticlesTable, ProjectUiConfigsTable } from './tables/content.js';
import type { PasswordRecoveryRequestsTable, QrLoginRequestsTable, UserSignaturesTable, UserUkeysTable } from './tables/signin.js';
import type { SurveyHitsTable, SurveyLinkMessagesTable, SurveyLinkPanelsTable, SurveyLinksTable } from './tables/epro.js';
import type { SupplyDosingTable, SupplyKitListsTable, SupplyKitsTable, SupplyKitTypesTable, SupplyLocationsTable, SupplyProductsTable, SupplyResupplyTable, SupplyShipmentKitsTable, SupplyShipmentsTable } from './tables/supply.js';
import type { ApiKeysTable } from './tables/admin.js';
import type { MenuSettingsTable, SysRoleRightsTable } from './tables/sysconfig.js';
import type { RandAllocationsTable, RandSchemesTable, RandSiteMappingsTable, RandSlotsTable, RandTablesTable, RandUnblindingsTable } from './tables/randomisation.js';

export type * from './tables/platform.js';
export type * from './tables/projects.js';
export type * from './tables/design.js';
export type * from './tables/records.js';
export type * from './tables/audit.js';
export type * from './tables/admin.js';
export type * from './tables/sysconfig.js';
export type * from './tables/imports.js';
export type * from './tables/randomisation.js';
export type * from './tables/supply.js';
export type * from './tables/exports.js';
export type * from './tables/messages.js';
export type * from './tables/epro.js';
export type * from './tables/sop.js';
export type * from './tables/coding.js';
export type * from './tables/content.js';
export type * from './tables/signin.js';

/**
 * The Kysely view of the whole database, one property per table. The tables and their row types live in
 * `tables/`, one file per area; they are re-exported here so every module imports them from this one place.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  audit_seals: AuditSealsTable;
  units: UnitsTable;
  departments: DepartmentsTable;
  areas: AreasTable;
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
  record_imports: RecordImportsTable;
  record_import_rows: RecordImportRowsTable;
  rand_schemes: RandSchemesTable;
  rand_tables: RandTablesTable;
  rand_slots: RandSlotsTable;
  rand_allocations: RandAllocationsTable;
  rand_site_mappings: RandSiteMappingsTable;
  rand_unblindings: RandUnblindingsTable;
  supply_products: SupplyProductsTable;
  supply_kit_types: SupplyKitTypesTable;
  supply_dosing: SupplyDosingTable;
  supply_locations: SupplyLocationsTable;
  supply_resupply: SupplyResupplyTable;
  supply_kit_lists: SupplyKitListsTable;
  supply_kits: SupplyKitsTable;
  supply_shipments: SupplyShipmentsTable;
  supply_shipment_kits: SupplyShipmentKitsTable;
  export_tasks: ExportTasksTable;
  export_file_chunks: ExportFileChunksTable;
  outbound_messages: OutboundMessagesTable;
  user_wechat_bindings: UserWechatBindingsTable;
  message_configs: MessageConfigsTable;
  notifications: NotificationsTable;
  reminder_slots: ReminderSlotsTable;
  visit_reminders: VisitRemindersTable;
  survey_links: SurveyLinksTable;
  survey_link_panels: SurveyLinkPanelsTable;
  survey_link_messages: SurveyLinkMessagesTable;
  survey_hits: SurveyHitsTable;
  sop_documents: SopDocumentsTable;
  sop_versions: SopVersionsTable;
  coding_dictionaries: CodingDictionariesTable;
  coding_terms: CodingTermsTable;
  coding_fields: CodingFieldsTable;
  field_codings: FieldCodingsTable;
  api_keys: ApiKeysTable;
  articles: ArticlesTable;
  project_ui_configs: ProjectUiConfigsTable;
  password_recovery_requests: PasswordRecoveryRequestsTable;
  qr_login_requests: QrLoginRequestsTable;
  user_ukeys: UserUkeysTable;
  user_signatures: UserSignaturesTable;
  menu_settings: MenuSettingsTable;
  sys_role_rights: SysRoleRightsTable;
}
