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
}, 120_000);
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
});
