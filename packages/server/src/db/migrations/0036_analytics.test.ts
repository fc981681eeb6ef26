import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database.js';
import { openPglite } from '../database.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

/**
 * Migration 0036 fills each panel instance's counts of entered and verified values from the values stored
 * before it (docs/decisions.md "Analytics"), and leaves sites without an enrolment target.
 */
let handle: DatabaseHandle;
const panels: number[] = [];

beforeAll(async () => {
  handle = await openPglite(null);
  await migrateTo(handle.db, '0031_sop');
  const run = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(handle.db)).rows;
  const [user] = await run<{ id: number }>(sql`INSERT INTO users (username, name, password_hash) VALUES ('m36', 'M36', 'x') RETURNING id`);
  const [project] = await run<{ id: number }>(sql`INSERT INTO projects (code, name) VALUES ('M36', 'M36') RETURNING id`);
  const projectId = project?.id ?? 0;
  const [unit] = await run<{ id: number }>(sql`INSERT INTO units (code, name) VALUES ('M36U', 'Unit') RETURNING id`);
  const [site] = await run<{ id: number }>(sql`INSERT INTO project_sites (project_id, unit_id, code, name) VALUES (${projectId}, ${unit?.id ?? 0}, 'S1', 'Site') RETURNING id`);
  const [env] = await run<{ id: number }>(sql`INSERT INTO project_envs (project_id, key, type, name) VALUES (${projectId}, 'uat', 'uat', 'UAT') RETURNING id`);
  const [version] = await run<{ id: number }>(sql`INSERT INTO design_versions (project_id, version, snapshot, published_at) VALUES (${projectId}, 1, '{}', now()) RETURNING id`);
  const [instrument] = await run<{ id: number }>(sql`INSERT INTO instruments (project_id, name, name_abbr, sort, panel) VALUES (${projectId}, 'VS', 'VS', 1, '{}') RETURNING id`);
  const [event] = await run<{ id: number }>(sql`INSERT INTO events (project_id, name, type, sort) VALUES (${projectId}, 'V1', 'TREATMENT', 1) RETURNING id`);
  const base = sql`${projectId}, ${env?.id ?? 0}, ${site?.id ?? 0}`;
  const [subject] = await run<{ id: number }>(sql`INSERT INTO subjects (project_id, env_id, site_id, platform_no, created_by) VALUES (${base}, 'P1', ${user?.id ?? 0}) RETURNING id`);
  const [visit] = await run<{ id: number }>(
    sql`INSERT INTO event_instances (project_id, env_id, site_id, subject_id, design_version_id, event_id) VALUES (${base}, ${subject?.id ?? 0}, ${version?.id ?? 0}, ${event?.id ?? 0}) RETURNING id`,
  );
  for (const statuses of [['COMPLETED', 'VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED', '', 'ENTERING'], [], ['', 'COMPLETED']]) {
    const [panel] = await run<{ id: number }>(
      sql`INSERT INTO panel_instances (project_id, env_id, site_id, subject_id, event_instance_id, instrument_id, design_version_id, seq) VALUES (${base}, ${subject?.id ?? 0}, ${visit?.id ?? 0}, ${instrument?.id ?? 0}, ${version?.id ?? 0}, ${panels.length + 1}) RETURNING id`,
    );
    panels.push(panel?.id ?? 0);
    for (const [index, status] of statuses.entries()) {
      await run(sql`INSERT INTO field_values (panel_instance_id, path, value, status) VALUES (${panel?.id ?? 0}, ${`F${String(index)}`}, '1', ${status})`);
    }
  }
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

describe('migration 0036: analytics', () => {
  it('counts each panel’s entered values and those verified or beyond', async () => {
    const rows = await handle.db.selectFrom('panel_instances').select(['id', 'values_entered', 'values_verified']).orderBy('id').execute();
    expect(rows.map((row) => [row.values_entered, row.values_verified])).toEqual([
      [6, 4],
      [0, 0],
      [1, 0],
    ]);
    const sites = await handle.db.selectFrom('project_sites').select('enrolment_target').execute();
    expect(sites).toEqual([{ enrolment_target: null }]);
  });

  it('refuses a target outside 0 to 100,000 and a verified count above the entered one', async () => {
    await expect(handle.db.updateTable('project_sites').set({ enrolment_target: -1 }).execute()).rejects.toThrow();
    await expect(handle.db.updateTable('panel_instances').set({ values_verified: 7 }).where('id', '=', panels[0] ?? 0).execute()).rejects.toThrow();
  });
});
