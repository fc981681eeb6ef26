import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openPglite, openPostgres } from '../db/database.js';
import { verifyAuditChain } from '../modules/audit/verify.js';
import { createEmptyServerDatabase } from './empty-database.js';
import type { ServerProcess } from './server-process.js';
import { startServerProcess } from './server-process.js';

// A server killed mid-write (kill -9, a crash) loses no acknowledged write and no audit row: a write is
// acknowledged only after its transaction, audit row included, has committed (docs/operations.md,
// Durability). Writers save hospitals concurrently through HTTP while the server is killed, twice; then
// every acknowledged hospital must be there with its audit row and the audit chain must verify.
// Runs on the embedded database, and on a PostgreSQL server when TEST_DATABASE_URL is set.

const ADMIN = { username: 'admin', password: 'Admin@12345' };
const WRITERS = 4;
/** Acknowledged writes after which the server is killed, each round. */
const KILL_AFTER = 40;
const TIMEOUT_MS = 300_000;

interface Round {
  acknowledged: { code: string; id: number }[];
  /** Requests cut off by the kill: no reply, so the client cannot know whether they committed. */
  interrupted: number;
  /** Replies other than success, which should not happen here. */
  refused: string[];
}

let dataDir: string;
let databaseUrl: string | null = null;
let dropDatabase: () => Promise<void> = async () => {};
let servers: ServerProcess[] = [];
const rounds: Round[] = [];
const outputs: string[] = [];

function serverEnv(): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/dcap/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await response.json()) as { data: { token: string } };
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Saves hospitals from several writers at once and kills the server once enough saves were acknowledged. */
async function writeUntilKilled(server: ServerProcess, token: string, round: number): Promise<Round> {
  const result: Round = { acknowledged: [], interrupted: 0, refused: [] };
  const killed: { done?: Promise<void> } = {};
  const writer = async (writerNo: number) => {
    for (let n = 0; ; n += 1) {
      const code = `K${round}-${writerNo}-${n}`;
      try {
        const response = await fetch(`${server.baseUrl}/dcap/sys/unit/save`, {
          method: 'POST',
          headers: { token, 'content-type': 'application/json' },
          body: JSON.stringify({ code, name: `Crash test ${code}` }),
        });
        const body = (await response.json()) as { msg: string; data: { id: number } };
        if (response.status === 200) result.acknowledged.push({ code, id: body.data.id });
        else result.refused.push(`${response.status} ${body.msg}`);
      } catch {
        result.interrupted += 1;
        return;
      }
      if (!killed.done && (result.acknowledged.length >= KILL_AFTER || result.refused.length > 0)) killed.done = server.kill();
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i + 1)));
  // Every writer stopped on its own (no reply): kill anyway, so the next start finds the server gone.
  await (killed.done ?? server.kill());
  return result;
}

async function openDirectly(): Promise<DatabaseHandle> {
  // On the embedded database this is itself a restart after a kill: the files are recovered on opening.
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcap-crash-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const created = await createEmptyServerDatabase(serverUrl);
    databaseUrl = created.url;
    dropDatabase = () => created.drop();
  }
  for (let round = 1; round <= 2; round += 1) {
    const server = await startServerProcess(serverEnv());
    servers.push(server);
    const token = await signIn(server);
    rounds.push(await writeUntilKilled(server, token, round));
    outputs.push(server.output());
  }
}, TIMEOUT_MS);

afterAll(async () => {
  for (const server of servers) await server.kill();
  servers = [];
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed under concurrent writes (kill -9)', () => {
  it('was killed while writes were in flight, after acknowledging some', () => {
    for (const round of rounds) {
      expect(round.refused).toEqual([]);
      expect(round.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(round.interrupted).toBeGreaterThan(0);
    }
  });

  it('printed the first-start administrator line on the first start only', () => {
    expect(outputs[0]).toContain(`Platform administrator created. Sign-in name: ${ADMIN.username}`);
    expect(outputs[1]).not.toContain('Platform administrator created');
  });

  it('kept every acknowledged write with its audit row, and the audit chain verifies', async () => {
    const database = await openDirectly();
    try {
      const units = await database.db.selectFrom('units').select(['id', 'code']).where('code', 'like', 'K%').execute();
      const idOf = new Map(units.map((unit) => [unit.code, unit.id]));
      const acknowledged = rounds.flatMap((round) => round.acknowledged);
      expect(acknowledged.filter((write) => idOf.get(write.code) !== write.id)).toEqual([]);

      // Every hospital that exists, acknowledged or cut off, has exactly one creation row: never one without the other.
      const audited = await database.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'unit.create').execute();
      const auditRows = new Map<string, number>();
      for (const row of audited) auditRows.set(row.entity_id ?? '', (auditRows.get(row.entity_id ?? '') ?? 0) + 1);
      expect(units.filter((unit) => auditRows.get(String(unit.id)) !== 1)).toEqual([]);
      expect(audited).toHaveLength(units.length);

      expect(await verifyAuditChain(database.db)).toMatchObject({ intact: true });
    } finally {
      await database.close();
    }
  }, TIMEOUT_MS);
});
