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

describe('audit trail (ARCHITECTURE §5; COMPLIANCE IM-1, IM-3, TS-3)', () => {
  it('chains every row to its predecessor in id order', async () => {
    const rows = await t.database.db.selectFrom('audit_log').select(['id', 'prev_hash', 'hash']).orderBy('id').execute();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]?.prev_hash).toBe('genesis');
    rows.slice(1).forEach((row, i) => expect(row.prev_hash).toBe(rows[i]?.hash));
    await expect(verifyAuditChain(t.database.db)).resolves.toEqual({ intact: true, rows: rows.length });
  });

  it('refuses UPDATE, DELETE and TRUNCATE from the application', async () => {
    await expect(sql`UPDATE audit_log SET action = 'x' WHERE id = 1`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE id = 1`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('ignores a caller-supplied time and chain position', async () => {
    await t.database.db
      .insertInto('audit_log')
      .values({ action: 'test.forged', entity_type: 'test', entity_id: null, actor_id: null, actor_username: 'x', actor_role: null, project_id: null, env: null, site_id: null, old_value: null, new_value: null, reason: null, ip: null, at: new Date('2000-01-01'), prev_hash: 'forged', hash: 'forged' })
      .execute();
    const row = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'test.forged').executeTakeFirstOrThrow();
    expect(row.at.getUTCFullYear()).toBeGreaterThan(2020);
    expect(row.hash).not.toBe('forged');
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it('keeps concurrent writers in one chain', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.database.db.transaction().execute((trx) => insertAuditRow(trx, { actorId: null, actorUsername: 'load', action: 'test.concurrent', entityType: 'test', entityId: i, ip: null })),
      ),
    );
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it('names the first tampered row when a value is edited behind the application’s back', async () => {
    const target = await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'user.create').orderBy('id').offset(1).executeTakeFirstOrThrow();
    await tamper(`UPDATE audit_log SET new_value = '{"username":"mallory"}' WHERE id = ${target.id}`);
    await expect(verifyAuditChain(t.database.db)).resolves.toMatchObject({ intact: false, brokenId: target.id, problem: 'content_changed' });
  });

  it('names the row after a deleted one', async () => {
    const fresh = await createTestContext();
    try {
      const token = await fresh.signIn(ADMIN.username, ADMIN.password);
      await fresh.call('POST', '/dcap/sys/user/save', { token, body: { username: 'one', name: 'One' } });
      const ids = (await fresh.database.db.selectFrom('audit_log').select('id').orderBy('id').execute()).map((r) => r.id);
      const victim = ids[1] ?? 0;
      await fresh.database.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_immutable`.execute(trx);
        await sql`DELETE FROM audit_log WHERE id = ${victim}`.execute(trx);
        await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_immutable`.execute(trx);
      });
      await expect(verifyAuditChain(fresh.database.db)).resolves.toMatchObject({ intact: false, brokenId: ids[2], problem: 'link_broken' });
    } finally {
      await fresh.close();
    }
  });
});
