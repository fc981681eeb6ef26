import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDatabases } from '../../modules/audit/audit.fixture.js';
import { openAuditDatabases, testKey } from '../../modules/audit/audit.fixture.js';
import { insertAuditRow } from '../../modules/audit/repo.js';
import { verifyAuditChains } from '../../modules/audit/verify.js';
import type { DatabaseHandle } from '../database.js';

/** Rows written under the single platform chain stay verifiable once every project has a chain of its own. */

let dbs: AuditDatabases;
let app: DatabaseHandle;
let before: { id: number; hash: string }[];

beforeAll(async () => {
  dbs = await openAuditDatabases({ upTo: '0006_must_change_password' });
  for (const projectId of [null, 1, 2, 1, null]) {
    await insertAuditRow(dbs.owner.db, { actorId: null, actorUsername: 'old', action: 'test.before', entityType: 'test', entityId: null, projectId, ip: null });
  }
  before = await dbs.owner.db.selectFrom('audit_log').select(['id', 'hash']).orderBy('id').execute();
  app = await dbs.migrate();
});
afterAll(() => dbs.close());

describe('migration 0007: one audit chain per project', () => {
  it('keeps the earlier rows, unchanged, in chain 0, where they still verify', async () => {
    const after = await app.db.selectFrom('audit_log as a').select(['a.id', 'a.hash', 'a.chain', sql<string>`audit_row_digest(a)`.as('digest')]).orderBy('a.id').execute();
    expect(after.map(({ id, hash }) => ({ id, hash }))).toEqual(before);
    expect(after.every((row) => row.chain === 0 && row.digest === row.hash)).toBe(true);
    const report = await verifyAuditChains(app.db, { key: testKey(), seals: [] });
    expect(report).toMatchObject({ rows: 5, chains: 1, findings: [] });
  });

  it('goes on with the platform chain after them and starts a fresh chain per project', async () => {
    await insertAuditRow(app.db, { actorId: null, actorUsername: 'new', action: 'test.after', entityType: 'test', entityId: null, projectId: null, ip: null });
    await insertAuditRow(app.db, { actorId: null, actorUsername: 'new', action: 'test.after', entityType: 'test', entityId: null, projectId: 1, ip: null });
    const rows = await app.db.selectFrom('audit_log').select(['chain', 'prev_hash']).where('action', '=', 'test.after').orderBy('id').execute();
    expect(rows).toEqual([
      { chain: 0, prev_hash: before.at(-1)?.hash },
      { chain: 1, prev_hash: 'genesis' },
    ]);
    const report = await verifyAuditChains(app.db, { key: testKey(), seals: [] });
    expect(report).toMatchObject({ rows: 7, chains: 2, findings: [] });
  });

  it('finds a chain\'s last row through the (chain, id) index, however many newer rows other chains hold', async () => {
    await sql`INSERT INTO audit_log (action, entity_type, project_id) SELECT 'test.busy', 'test', 9 FROM generate_series(1, 2000)`.execute(app.db);
    await sql`ANALYZE audit_log`.execute(dbs.owner.db);
    // The installed trigger's own lookup, planned as plpgsql runs it after a few calls: generically.
    const source = await sql<{ src: string }>`SELECT prosrc AS src FROM pg_proc WHERE proname = 'audit_log_chain'`.execute(app.db);
    const lookup = /SELECT ([^;]*?) INTO [^;]*? (FROM audit_log WHERE [^;]*);/.exec(source.rows[0]?.src ?? '');
    expect(lookup).not.toBeNull();
    const query = `SELECT ${lookup?.[1] ?? ''} ${(lookup?.[2] ?? '').replaceAll('NEW.chain', '$1')}`;
    const plan = await app.db.connection().execute(async (connection) => {
      await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
      await sql.raw(`PREPARE last_row(int) AS ${query}`).execute(connection);
      const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ANALYZE EXECUTE last_row(0)`.execute(connection);
      await sql`DEALLOCATE last_row`.execute(connection);
      await sql`RESET plan_cache_mode`.execute(connection);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('audit_log_chain_idx');
    expect(plan).not.toContain('Rows Removed by Filter');
  });
});
