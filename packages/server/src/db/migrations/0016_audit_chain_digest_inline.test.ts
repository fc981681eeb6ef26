import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDatabases } from '../../modules/audit/audit.fixture.js';
import { openAuditDatabases, testKey } from '../../modules/audit/audit.fixture.js';
import type { AuditEntry } from '../../modules/audit/repo.js';
import { insertAuditRow, insertAuditRows } from '../../modules/audit/repo.js';
import { verifyAuditChains } from '../../modules/audit/verify.js';
import type { DatabaseHandle } from '../database.js';

/** Rows of every shape the digest covers: NULLs, numbers, text with quotes and CJK, nested JSON, both chains. */
const entries: AuditEntry[] = [
  { actorId: null, actorUsername: null, action: 'test.platform', entityType: 'test', entityId: null, ip: null },
  {
    actorId: null,
    actorUsername: 'crc.张',
    actorRole: 'CRC',
    action: 'record.value',
    entityType: 'field',
    entityId: '12:LAB#r3.HGB',
    projectId: 7,
    env: 'test',
    siteId: 3,
    oldValue: { value: 12.5, status: 'VERIFIED' },
    newValue: { value: '13,"5"\n', status: '', nested: [1, null, { 中文: true }] },
    reason: '录入错误 "typo"',
    ip: '127.0.0.1',
  },
  { actorId: null, actorUsername: 'dm', action: 'record.save', entityType: 'panel', entityId: 12, projectId: 7, env: 'test', newValue: { paths: [] }, ip: '::1' },
];

let dbs: AuditDatabases;
let app: DatabaseHandle;
let before: { id: number; hash: string }[];

beforeAll(async () => {
  dbs = await openAuditDatabases({ upTo: '0015_subjects_and_records' });
  await insertAuditRows(dbs.owner.db, entries);
  before = await dbs.owner.db.selectFrom('audit_log').select(['id', 'hash']).orderBy('id').execute();
  app = await dbs.migrate();
});
afterAll(() => dbs.close());

describe('migration 0016: the chain trigger computes the digest itself (COMPLIANCE AT-1, IM-3)', () => {
  it('leaves the rows written before it as they were', async () => {
    expect(await app.db.selectFrom('audit_log').select(['id', 'hash']).orderBy('id').execute()).toEqual(before);
  });

  it('gives every new row, one by one or many at once, in either chain, the hash audit_row_digest recomputes', async () => {
    await insertAuditRows(app.db, entries);
    for (const entry of entries) await insertAuditRow(app.db, entry);
    const rows = await app.db
      .selectFrom('audit_log as a')
      .select(['a.id', 'a.chain', 'a.hash', sql<string>`audit_row_digest(a)`.as('digest')])
      .orderBy('a.id')
      .execute();
    expect(rows).toHaveLength(entries.length * 3);
    expect(new Set(rows.map((row) => row.chain))).toEqual(new Set([0, 7]));
    for (const row of rows) expect(row.hash, `row ${String(row.id)}`).toBe(row.digest);
    const report = await verifyAuditChains(app.db, { key: testKey(), seals: [] });
    expect(report).toMatchObject({ rows: entries.length * 3, chains: 2, findings: [] });
  });
});
