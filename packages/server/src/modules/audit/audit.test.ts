import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';
import { insertAuditRow } from './repo.js';
import { verifyAuditChain } from './verify.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  const token = await t.signIn(ADMIN.username, ADMIN.password);
  for (const name of ['alpha', 'beta', 'gamma']) {
    await t.call('POST', '/dcap/sys/user/save', { token, body: { username: name, name } });
  }
});
afterAll(() => t.close());

/** Runs `statement` with the append-only trigger off, as a database superuser could, to simulate tampering. */
async function tamper(statement: string): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_immutable`.execute(trx);
    await sql.raw(statement).execute(trx);
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_immutable`.execute(trx);
  });
}

/** Whether the file runs on PostgreSQL, known before the context exists so tests can be skipped. */
const t0 = { kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' };

describe('audit trail (ARCHITECTURE §5; COMPLIANCE IM-1, IM-3, TS-3)', () => {
  it('chains every platform row to its predecessor in id order', async () => {
    const rows = await t.database.db.selectFrom('audit_log').select(['id', 'prev_hash', 'hash']).where('chain', '=', 0).orderBy('id').execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]?.prev_hash).toBe('genesis');
    rows.slice(1).forEach((row, i) => expect(row.prev_hash).toBe(rows[i]?.hash));
    await expect(verifyAuditChain(t.database.db)).resolves.toEqual({ intact: true, rows: rows.length });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the audit rows and their seals', async () => {
    await expect(sql`UPDATE audit_log SET action = 'x' WHERE id = 1`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE id = 1`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await sql`INSERT INTO audit_seals (chain, last_id, last_hash, row_count, key_id, mac) VALUES (0, 1, 'h', 1, 'k', 'm')`.execute(t.database.db);
    await expect(sql`UPDATE audit_seals SET row_count = 2`.execute(t.database.db)).rejects.toThrow(/audit_seals is append-only/);
    await expect(sql`DELETE FROM audit_seals`.execute(t.database.db)).rejects.toThrow(/audit_seals is append-only/);
    await expect(sql`TRUNCATE audit_seals`.execute(t.database.db)).rejects.toThrow(/audit_seals is append-only/);
  });

  it('ignores a caller-supplied time and chain position', async () => {
    await t.database.db
      .insertInto('audit_log')
      .values({ action: 'test.forged', entity_type: 'test', entity_id: null, actor_id: null, actor_username: 'x', actor_role: null, project_id: null, env: null, site_id: null, old_value: null, new_value: null, reason: null, ip: null, at: new Date('2000-01-01'), prev_hash: 'forged', hash: 'forged', chain: 999 })
      .execute();
    const row = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'test.forged').executeTakeFirstOrThrow();
    expect(row.at.getUTCFullYear()).toBeGreaterThan(2020);
    expect(row.hash).not.toBe('forged');
    expect(row.chain).toBe(0);
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it('keeps concurrent writers of several chains each in order', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.database.db.transaction().execute((trx) => insertAuditRow(trx, { actorId: null, actorUsername: 'load', action: 'test.concurrent', entityType: 'test', entityId: i, projectId: i % 3 === 0 ? null : 40 + (i % 3), ip: null })),
      ),
    );
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it('gives each project a chain of its own and the platform chain 0', async () => {
    await insertAuditRow(t.database.db, { actorId: null, actorUsername: 'x', action: 'test.project', entityType: 'test', entityId: 1, projectId: 77, ip: null });
    await insertAuditRow(t.database.db, { actorId: null, actorUsername: 'x', action: 'test.project', entityType: 'test', entityId: 2, projectId: 77, ip: null });
    const rows = await t.database.db.selectFrom('audit_log').select(['id', 'chain', 'prev_hash', 'hash']).where('project_id', '=', 77).orderBy('id').execute();
    expect(rows.map((row) => row.chain)).toEqual([77, 77]);
    expect(rows[0]?.prev_hash).toBe('genesis');
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    const platform = await t.database.db.selectFrom('audit_log').select('chain').where('project_id', 'is', null).execute();
    expect(new Set(platform.map((row) => row.chain))).toEqual(new Set([0]));
  });

  it.skipIf(t0.kind !== 'postgres')('lets a project write while another project’s writer holds its chain, and makes the same project wait', async () => {
    await t.database.db.transaction().execute(async (holder) => {
      await insertAuditRow(holder, { actorId: null, actorUsername: 'a', action: 'test.hold', entityType: 'test', entityId: 1, projectId: 51, ip: null });
      // Another project's writer goes through; with one lock for the platform it would time out here.
      await t.database.db.transaction().execute(async (other) => {
        await sql`SET LOCAL lock_timeout = '10s'`.execute(other);
        await insertAuditRow(other, { actorId: null, actorUsername: 'b', action: 'test.other', entityType: 'test', entityId: 1, projectId: 52, ip: null });
      });
      // A second writer of the same project must wait for the first to commit, which keeps its chain in order.
      const same = t.database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '200ms'`.execute(trx);
        await insertAuditRow(trx, { actorId: null, actorUsername: 'c', action: 'test.same', entityType: 'test', entityId: 1, projectId: 51, ip: null });
      });
      await expect(same).rejects.toThrow(/lock timeout/);
    });
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it('names the first tampered row when a value is edited behind the application’s back', async () => {
    const target = await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'user.create').orderBy('id').offset(1).executeTakeFirstOrThrow();
    await tamper(`UPDATE audit_log SET new_value = '{"username":"mallory"}' WHERE id = ${target.id}`);
    await expect(verifyAuditChain(t.database.db)).resolves.toMatchObject({ intact: false, brokenId: target.id, problem: 'content_changed' });
  });
});
