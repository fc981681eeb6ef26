import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPglite } from './database.js';
import { migrateToLatest } from './migrate.js';

describe('migrations', () => {
  it('apply once, are idempotent on restart, and let PostgreSQL guard statuses', async () => {
    const handle = await openPglite(null);
    try {
      expect(await migrateToLatest(handle.db)).toEqual(['0001_identity_and_audit', '0002_projects_sites_roles', '0003_session_notifications', '0004_design', '0005_library', '0006_must_change_password', '0007_audit_chains', '0008_audit_chain_lookup', '0009_jobs_and_sync', '0010_project_process', '0011_online_application', '0013_user_preferences', '0014_user_project_envs', '0015_subjects_and_records', '0016_audit_chain_digest_inline', '0017_audit_chain_head_in_transaction', '0018_export_tasks', '0019_record_imports', '0020_export_chunks_uncompressed', '0021_randomisation', '0022_drug_supply', '0023_message_outbox', '0025_message_configs', '0026_survey_links', '0027_visit_reminders', '0028_bulletins_ui_configs', '0029_api_keys', '0030_signin_channels', '0031_sop', '0032_menus_and_role_rights', '0033_areas', '0034_coding_library', '0035_user_signatures', '0036_analytics', '0038_coding_upload_jobs', '0039_alert_thresholds']);
      expect(await migrateToLatest(handle.db)).toEqual([]);
      const insertBadStatus = sql`INSERT INTO users (username, name, password_hash, status) VALUES ('x', 'x', 'h', 'godmode')`.execute(handle.db);
      await expect(insertBadStatus).rejects.toThrow(/users_status_check/);
      const deletedWithoutTime = sql`INSERT INTO users (username, name, password_hash, status) VALUES ('y', 'y', 'h', 'deleted')`.execute(handle.db);
      await expect(deletedWithoutTime).rejects.toThrow(/users_deleted_check/);
      await sql`INSERT INTO users (username, name, password_hash) VALUES ('Case', 'c', 'h')`.execute(handle.db);
      await expect(sql`INSERT INTO users (username, name, password_hash) VALUES ('case', 'c', 'h')`.execute(handle.db)).rejects.toThrow(/users_username_key/);
      // Areas (0033): codes unique whatever their case, a point whole or absent, roots at level 1.
      await sql`INSERT INTO areas (code, name, name_en, level) VALUES ('CN', '中国', 'China', 1)`.execute(handle.db);
      await expect(sql`INSERT INTO areas (code, name, name_en, level) VALUES ('cn', '中国', 'China', 1)`.execute(handle.db)).rejects.toThrow(/areas_code_key/);
      await expect(sql`INSERT INTO areas (code, name, name_en, level, longitude) VALUES ('X1', 'x', 'x', 1, 10)`.execute(handle.db)).rejects.toThrow(/areas_point_check/);
      await expect(sql`INSERT INTO areas (code, name, name_en, level) VALUES ('X2', 'x', 'x', 2)`.execute(handle.db)).rejects.toThrow(/areas_root_level_check/);
    } finally {
      await handle.close();
    }
    // A fresh embedded database (initdb) and every migration: seconds alone, far more beside a busy suite.
  });
});
