import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './harness.js';
import { createTestContext } from './harness.js';
import { changedTables, tableChecksums } from './checksum.js';

/** The "changed nothing" proof of the permission and bad-input inventories must see every kind of write. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('table checksums', () => {
  it('see an insert, an update that sets the same value, and a delete; not a read', async () => {
    const digest = () => tableChecksums(t.database);
    let before = await digest();
    await sql`SELECT * FROM users`.execute(t.database.db);
    expect(changedTables(before, await digest())).toEqual([]);

    await sql`INSERT INTO units (code, name) VALUES ('CK', 'Checksum hospital')`.execute(t.database.db);
    expect(changedTables(before, (before = await digest()))).toEqual(['units']);

    await sql`UPDATE units SET name = name WHERE code = 'CK'`.execute(t.database.db);
    expect(changedTables(before, (before = await digest()))).toEqual(['units']);

    await sql`DELETE FROM units WHERE code = 'CK'`.execute(t.database.db);
    expect(changedTables(before, await digest())).toEqual(['units']);
  });

  it('ignore a session being seen, but not a session being ended', async () => {
    await t.signIn('admin', 'Admin@12345');
    let before = await tableChecksums(t.database);
    await sql`UPDATE sessions SET last_seen_at = last_seen_at + interval '1 minute'`.execute(t.database.db);
    expect(changedTables(before, (before = await tableChecksums(t.database)))).toEqual([]);
    await sql`DELETE FROM sessions`.execute(t.database.db);
    expect(changedTables(before, await tableChecksums(t.database))).toEqual(['sessions']);
  });
});
