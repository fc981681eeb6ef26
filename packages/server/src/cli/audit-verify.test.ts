import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertAuditRow } from '../modules/audit/repo.js';
import { SEAL_KEY_FILE } from '../modules/audit/seal-key.js';
import { openSealer, sealChains } from '../modules/audit/seal.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcap-audit-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run audit:verify` against the embedded database in dataDir; returns exit code and output. */
async function verifyCommand(): Promise<{ code: number; out: string }> {
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    delete env.AUDIT_SEAL_KEY;
    delete env.AUDIT_SEAL_DIR;
    delete env.DATABASE_OWNER_URL;
    const { stdout } = await run('npm', ['run', '--silent', 'audit:verify'], { cwd: repoRoot, env });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

describe('npm run audit:verify (COMPLIANCE IM-3; docs/security.md)', () => {
  it('reports an intact, sealed chain (exit 0), then names the tampered row (exit 2)', async () => {
    const handle = await openPglite(dataDir);
    await migrateToLatest(handle.db);
    for (let i = 1; i <= 4; i += 1) {
      await insertAuditRow(handle.db, { actorId: null, actorUsername: 'cli', action: 'test.row', entityType: 'test', entityId: i, ip: null });
    }
    await sealChains(openSealer(handle.db, { dataDir, auditSeal: { key: undefined, dir: dataDir, intervalMs: 60_000 } }));
    await handle.close();

    const intact = await verifyCommand();
    expect(intact.out).toContain('Audit trail intact: 4 rows in 1 chain verified; 1 seals match; 0 rows not yet sealed.');
    expect(intact.code).toBe(0);
    // The key was created in DATA_DIR by the first sealing, readable by its owner only.
    expect(fs.statSync(path.join(dataDir, SEAL_KEY_FILE)).mode & 0o777).toBe(0o600);

    const again = await openPglite(dataDir);
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_immutable`.execute(again.db);
    await sql`UPDATE audit_log SET actor_username = 'mallory' WHERE id = 3`.execute(again.db);
    await again.close();

    const broken = await verifyCommand();
    expect(broken.out).toContain('EDITED ROW: row 3 (chain 0): its content no longer matches its hash.');
    expect(broken.out).toContain('Audit trail BROKEN: 1 finding in 4 rows in 1 chain.');
    expect(broken.code).toBe(2);
  });
});
