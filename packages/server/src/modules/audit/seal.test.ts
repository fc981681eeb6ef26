import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openPostgres } from '../../db/database.js';
import type { AuditDatabases } from './audit.fixture.js';
import { appendRows, openAuditDatabases, testKey } from './audit.fixture.js';
import { EXIT, summarise } from './report.js';
import type { Sealer } from './seal.js';
import { currentSealedHead, readSeals, scheduleSealing, sealChains, sealFileIn, sealVerifies } from './seal.js';
import { SEAL_KEY_FILE, loadSealKey } from './seal-key.js';
import { verifyAuditChains } from './verify.js';

/** Sealed chain heads and their key (docs/security.md, "Keys"). */

let dbs: AuditDatabases;
let sealer: Sealer;
/** A second instance: on PostgreSQL its own connection pool to the same database, with the same key. */
let peer: Sealer;
let closePeer = async () => {};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcap-audit-seal-'));

beforeAll(async () => {
  dbs = await openAuditDatabases();
  const app = await dbs.migrate();
  sealer = { db: app.db, key: testKey(), file: sealFileIn(path.join(dir, 'seals')) };
  peer = sealer;
  if (dbs.urls) {
    const handle = openPostgres(dbs.urls.app);
    peer = { ...sealer, db: handle.db };
    closePeer = () => handle.close();
  }
});
afterAll(async () => {
  await closePeer();
  await dbs.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the seal key', () => {
  it('is configured by AUDIT_SEAL_KEY, AUDIT_SEAL_DIR and AUDIT_SEAL_MINUTES', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/dcap' }, '1');
    expect(defaults.auditSeal).toEqual({ key: undefined, dir: path.resolve('/srv/dcap'), intervalMs: 5 * 60_000 });
    const set = loadConfig({ AUDIT_SEAL_KEY: 'k'.repeat(32), AUDIT_SEAL_DIR: '/mnt/seals', AUDIT_SEAL_MINUTES: '1' }, '1');
    expect(set.auditSeal).toEqual({ key: 'k'.repeat(32), dir: path.resolve('/mnt/seals'), intervalMs: 60_000 });
    expect(() => loadConfig({ AUDIT_SEAL_KEY: 'short' }, '1')).toThrow(/AUDIT_SEAL_KEY: at least 32 characters/);
  });

  it('is created at first start in the data directory, readable by its owner only, and reused after', () => {
    const dataDir = path.join(dir, 'data');
    expect(loadSealKey({ key: undefined, dataDir, create: false })).toBeNull();
    const first = loadSealKey({ key: undefined, dataDir, create: true });
    const file = path.join(dataDir, SEAL_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(loadSealKey({ key: undefined, dataDir, create: true })?.id).toBe(first?.id);
    expect(first?.source).toBe('file');
  });

  it('refuses a key file others may read', () => {
    const dataDir = path.join(dir, 'open');
    loadSealKey({ key: undefined, dataDir, create: true });
    fs.chmodSync(path.join(dataDir, SEAL_KEY_FILE), 0o644);
    expect(() => loadSealKey({ key: undefined, dataDir, create: true })).toThrow(/chmod 600/);
  });

  it('comes from AUDIT_SEAL_KEY when set, and seals made with another key do not verify', () => {
    const a = testKey('first key, thirty-two characters or more');
    const b = testKey('second key, thirty-two characters or more');
    expect(a.source).toBe('environment');
    expect(a.id).not.toBe(b.id);
  });
});

describe('sealing', () => {
  it('returns the current sealed head of a chain for exports, sealing it now, and null for an empty chain', async () => {
    await appendRows(sealer.db, 7, 3);
    const head = await currentSealedHead(sealer, 7);
    expect(head).toMatchObject({ chain: 7, rowCount: 3, keyId: sealer.key.id });
    expect(head && sealVerifies(sealer.key, head)).toBe(true);
    expect(await currentSealedHead(sealer, 8)).toBeNull();

    await appendRows(sealer.db, 7, 2);
    const later = await currentSealedHead(sealer, 7);
    expect(later?.rowCount).toBe(5);
    expect(later?.lastId).toBeGreaterThan(head?.lastId ?? Infinity);
    // Asked again without new rows, the same head comes back rather than a new seal.
    expect(await currentSealedHead(sealer, 7)).toEqual(later);
  });

  it('writes every seal out to the seal file as well as to the database', async () => {
    const lines = fs.readFileSync(sealer.file ?? '', 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    const seals = await readSeals(sealer.db, sealer.file);
    expect(seals.filter((seal) => seal.source === 'database')).toHaveLength(2);
    expect(seals.filter((seal) => seal.source === 'file').map((seal) => seal.mac)).toEqual(seals.filter((seal) => seal.source === 'database').map((seal) => seal.mac));
  });

  it('seals each head once when several instances seal at the same moment', async () => {
    await appendRows(sealer.db, 9, 2);
    const runs = await Promise.all([sealChains(sealer, { wait: false }), sealChains(peer, { wait: false }), sealChains(sealer, { wait: false })]);
    const heads = runs.flatMap((run) => run.sealed).filter((seal) => seal.chain === 9);
    expect(heads).toHaveLength(1);
    const stored = await sealer.db.selectFrom('audit_seals').select('id').where('chain', '=', 9).execute();
    expect(stored).toHaveLength(1);
  });

  it('seals on a schedule, first at once', async () => {
    await appendRows(sealer.db, 10, 1);
    const warnings: string[] = [];
    const stop = scheduleSealing(sealer, 3_600_000, (message) => warnings.push(message));
    await stop();
    expect(await sealer.db.selectFrom('audit_seals').select('id').where('chain', '=', 10).execute()).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('leaves a verifiable trail, and says when the seals could not be checked', async () => {
    const seals = await readSeals(sealer.db, sealer.file);
    const checked = await verifyAuditChains(sealer.db, { key: sealer.key, seals });
    expect(checked.findings).toEqual([]);
    expect(summarise(checked).code).toBe(EXIT.intact);
    const unchecked = await verifyAuditChains(sealer.db, { key: null, seals });
    expect(unchecked.sealsChecked).toBeNull();
    expect(summarise(unchecked).code).toBe(EXIT.sealsUnchecked);
  });
});
