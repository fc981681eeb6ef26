import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDatabases } from '../../modules/audit/audit.fixture.js';
import { openAuditDatabases, testKey } from '../../modules/audit/audit.fixture.js';
import type { AuditEntry } from '../../modules/audit/repo.js';
import { insertAuditRow, insertAuditRows } from '../../modules/audit/repo.js';
import { verifyAuditChains } from '../../modules/audit/verify.js';
import type { DatabaseHandle } from '../database.js';

const entry = (projectId: number | null, n: number): AuditEntry => ({
  actorId: null,
  actorUsername: `crc${n}`,
  action: 'record.value.change',
  entityType: 'field_value',
  entityId: `${n}`,
  projectId,
  env: projectId === null ? null : 'test',
  newValue: { value: n },
  ip: '127.0.0.1',
});
const batch = (projectId: number | null, from: number, count: number) => Array.from({ length: count }, (_, i) => entry(projectId, from + i));

let dbs: AuditDatabases;
let app: DatabaseHandle;

beforeAll(async () => {
  dbs = await openAuditDatabases({ upTo: '0016_audit_chain_digest_inline' });
  // Rows written by 0016's trigger: the first row of 0017's first transaction links to their head.
  await insertAuditRows(dbs.owner.db, [...batch(7, 0, 3), ...batch(null, 3, 2)]);
  app = await dbs.migrate();
});
afterAll(() => dbs.close());

async function expectIntact(rows: number) {
  const report = await verifyAuditChains(app.db, { key: testKey(), seals: [] });
  expect(report).toMatchObject({ rows, findings: [] });
  const mismatched = await app.db
    .selectFrom('audit_log as a')
    .select('a.id')
    .where(sql<boolean>`a.hash <> audit_row_digest(a)`)
    .execute();
  expect(mismatched).toEqual([]);
}

describe('migration 0017: the chain trigger remembers its chain heads for the rest of the transaction (COMPLIANCE AT-1, IM-3)', () => {
  it('links rows of one transaction that alternate between chains, and the transactions after it, into intact chains', async () => {
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 4; i++) {
        await insertAuditRows(trx, batch(7, 100 + i * 10, 5));
        await insertAuditRows(trx, batch(8, 200 + i * 10, 5));
        await insertAuditRow(trx, entry(null, 300 + i));
      }
    });
    // The same connection again: the settings the last transaction left behind are empty, not stale heads.
    for (let i = 0; i < 3; i++) await insertAuditRows(app.db, [...batch(8, 400 + i * 10, 3), ...batch(7, 500 + i * 10, 3)]);
    const chain8 = await app.db.selectFrom('audit_log').select(['prev_hash', 'hash']).where('chain', '=', 8).orderBy('id').execute();
    expect(chain8[0]?.prev_hash).toBe('genesis');
    for (let i = 1; i < chain8.length; i++) expect(chain8[i]?.prev_hash).toBe(chain8[i - 1]?.hash);
    await expectIntact(5 + 44 + 18);
  });

  it('forgets what a rolled-back savepoint appended: the rows after it link to the head before it', async () => {
    const before = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await app.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      await insertAuditRows(connection, batch(7, 600, 3));
      await sql`SAVEPOINT half`.execute(connection);
      await insertAuditRows(connection, batch(7, 610, 3));
      await insertAuditRows(connection, batch(9, 620, 2));
      await sql`ROLLBACK TO SAVEPOINT half`.execute(connection);
      await insertAuditRows(connection, [...batch(7, 630, 2), ...batch(9, 640, 2)]);
      await sql`COMMIT`.execute(connection);
    });
    const after = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n - before.n).toBe(3 + 2 + 2);
    await expectIntact(after.n);
  });

  it('keeps each chain whole when transactions on several connections append to it at once', async () => {
    const before = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 6 }, (_, t) =>
        app.db.transaction().execute(async (trx) => {
          await insertAuditRows(trx, batch(7, 1000 + t * 100, 20));
          await insertAuditRows(trx, batch(t % 2 === 0 ? 8 : null, 1050 + t * 100, 5));
          await insertAuditRows(trx, batch(7, 1080 + t * 100, 10));
        }),
      ),
    );
    const after = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n - before.n).toBe(6 * 35);
    await expectIntact(after.n);
  });

  it('takes the head from the setting, so a session that sets it itself only breaks its own chain, which verification reports', async () => {
    await app.db.transaction().execute(async (trx) => {
      await insertAuditRow(trx, entry(11, 2000));
      await sql`SELECT set_config('dcap_audit.chain_head_11', 'forged', true)`.execute(trx);
      await insertAuditRow(trx, entry(11, 2001));
    });
    const chain11 = await app.db.selectFrom('audit_log').select(['id', 'prev_hash']).where('chain', '=', 11).orderBy('id').execute();
    expect(chain11.map((row) => row.prev_hash)).toEqual(['genesis', 'forged']);
    const report = await verifyAuditChains(app.db, { key: testKey(), seals: [] });
    expect(report.findings).toEqual([expect.objectContaining({ chain: 11, id: chain11[1]?.id })]);
  });
});
