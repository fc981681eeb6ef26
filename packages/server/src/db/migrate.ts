import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import * as m0001 from './migrations/0001_identity_and_audit.js';
import * as m0002 from './migrations/0002_projects_sites_roles.js';
import * as m0003 from './migrations/0003_session_notifications.js';
import * as m0004 from './migrations/0004_design.js';
import * as m0005 from './migrations/0005_library.js';
import * as m0006 from './migrations/0006_must_change_password.js';
import * as m0007 from './migrations/0007_audit_chains.js';
import * as m0008 from './migrations/0008_audit_chain_lookup.js';
import * as m0009 from './migrations/0009_jobs_and_sync.js';
import * as m0010 from './migrations/0010_project_process.js';
import * as m0011 from './migrations/0011_online_application.js';
import * as m0013 from './migrations/0013_user_preferences.js';
import * as m0014 from './migrations/0014_user_project_envs.js';
import * as m0015 from './migrations/0015_subjects_and_records.js';
import * as m0016 from './migrations/0016_audit_chain_digest_inline.js';
import * as m0017 from './migrations/0017_audit_chain_head_in_transaction.js';
import * as m0018 from './migrations/0018_export_tasks.js';
import * as m0019 from './migrations/0019_record_imports.js';
import * as m0020 from './migrations/0020_export_chunks_uncompressed.js';
import * as m0021 from './migrations/0021_randomisation.js';
import * as m0022 from './migrations/0022_drug_supply.js';
import * as m0023 from './migrations/0023_message_outbox.js';
import * as m0025 from './migrations/0025_message_configs.js';
import * as m0026 from './migrations/0026_survey_links.js';
import * as m0027 from './migrations/0027_visit_reminders.js';
import * as m0028 from './migrations/0028_bulletins_ui_configs.js';
import * as m0029 from './migrations/0029_api_keys.js';
import * as m0030 from './migrations/0030_signin_channels.js';
import * as m0031 from './migrations/0031_sop.js';
import * as m0032 from './migrations/0032_menus_and_role_rights.js';
import * as m0033 from './migrations/0033_areas.js';
import * as m0034 from './migrations/0034_coding_library.js';
import * as m0035 from './migrations/0035_user_signatures.js';
import * as m0036 from './migrations/0036_analytics.js';
import * as m0038 from './migrations/0038_coding_upload_jobs.js';
import * as m0039 from './migrations/0039_alert_thresholds.js';
import type { Database } from './schema.js';

/** Migrations are listed here in order rather than read from disk, so bundling and tests see the same set. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_identity_and_audit': m0001,
  '0002_projects_sites_roles': m0002,
  '0003_session_notifications': m0003,
  '0004_design': m0004,
  '0005_library': m0005,
  '0006_must_change_password': m0006,
  '0007_audit_chains': m0007,
  '0008_audit_chain_lookup': m0008,
  '0009_jobs_and_sync': m0009,
  '0010_project_process': m0010,
  '0011_online_application': m0011,
  '0013_user_preferences': m0013,
  '0014_user_project_envs': m0014,
  '0015_subjects_and_records': m0015,
  '0016_audit_chain_digest_inline': m0016,
  '0017_audit_chain_head_in_transaction': m0017,
  '0018_export_tasks': m0018,
  '0019_record_imports': m0019,
  '0020_export_chunks_uncompressed': m0020,
  '0021_randomisation': m0021,
  '0022_drug_supply': m0022,
  '0023_message_outbox': m0023,
  '0025_message_configs': m0025,
  '0026_survey_links': m0026,
  '0027_visit_reminders': m0027,
  '0028_bulletins_ui_configs': m0028,
  '0029_api_keys': m0029,
  '0030_signin_channels': m0030,
  '0031_sop': m0031,
  '0032_menus_and_role_rights': m0032,
  '0033_areas': m0033,
  '0034_coding_library': m0034,
  '0035_user_signatures': m0035,
  '0036_analytics': m0036,
  '0038_coding_upload_jobs': m0038,
  '0039_alert_thresholds': m0039,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrates up to and including `name`; tests use it to seed data as an older schema held it. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
