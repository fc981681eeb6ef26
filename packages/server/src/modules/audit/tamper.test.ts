import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDatabases } from './audit.fixture.js';
import { appendRows, openAuditDatabases, rebuildChain, tamper, testKey } from './audit.fixture.js';
import { describeFinding, summarise } from './report.js';
import type { Sealer } from './seal.js';
import { readSeals, sealChains, sealFileIn } from './seal.js';
import type { Finding } from './verify.js';
import { verifyAuditChains } from './verify.js';

/**
 * Each way an owner of the database could rewrite the audit trail, done as the owner (on PostgreSQL a
 * non-superuser role that owns the tables, with the triggers switched off), and the finding the verifier
 * names for it (COMPLIANCE IM-3; docs/security.md). Each case works on a chain of its own.
 */

let dbs: AuditDatabases;
let sealer: Sealer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcap-audit-seals-'));
const key = testKey();
/** Row ids of each case's chain: 4 sealed rows, then 1 not yet sealed. */
const ids = new Map<number, number[]>();
const CASES = { edited: 101, deleted: 102, tail: 103, rebuilt: 104, deletedRebuilt: 105, untouched: 106, forged: 107 } as const;

const verify = async () => verifyAuditChains(dbs.owner.db, { key, seals: await readSeals(dbs.owner.db, sealer.file) });
const idOf = (chain: number, index: number): number => ids.get(chain)?.[index] ?? -1;

beforeAll(async () => {
  dbs = await openAuditDatabases();
  const app = await dbs.migrate();
  sealer = { db: app.db, key, file: sealFileIn(dir) };
  for (const chain of Object.values(CASES)) await appendRows(app.db, chain, 4);
  await sealChains(sealer);
  for (const chain of Object.values(CASES)) ids.set(chain, await appendRows(app.db, chain, 1));
});
afterAll(async () => {
  await dbs.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the verifier names each kind of tampering (COMPLIANCE IM-3)', () => {
  it('finds nothing wrong before anyone tampers', async () => {
    const report = await verify();
    expect(report.findings).toEqual([]);
    expect(report).toMatchObject({ chains: 7, rows: 35, sealsChecked: 7, unsealedRows: 7 });
    expect(summarise(report).code).toBe(0);
  });

  it('names an edited row, a deleted row, a removed tail and a recomputed chain, each with its row', async () => {
    const c = CASES;
    await tamper(dbs.owner.db, [
      `UPDATE audit_log SET reason = 'rewritten' WHERE id = ${idOf(c.edited, 1)}`,
      `DELETE FROM audit_log WHERE id = ${idOf(c.deleted, 1)}`,
      `DELETE FROM audit_log WHERE id IN (${idOf(c.tail, 3)}, ${idOf(c.tail, 4)})`,
      `UPDATE audit_log SET reason = 'rewritten' WHERE id = ${idOf(c.rebuilt, 1)}`,
      rebuildChain(c.rebuilt),
      `DELETE FROM audit_log WHERE id = ${idOf(c.deletedRebuilt, 1)}`,
      rebuildChain(c.deletedRebuilt),
    ]);
    const report = await verify();
    const expected: Finding[] = [
      { kind: 'edited_row', chain: c.edited, id: idOf(c.edited, 1) },
      { kind: 'deleted_row', chain: c.deleted, id: idOf(c.deleted, 2), afterId: idOf(c.deleted, 0) },
      { kind: 'removed_tail', chain: c.tail, sealedLastId: idOf(c.tail, 3), sealedRows: 4, lastId: idOf(c.tail, 2), rows: 3 },
      { kind: 'recomputed_chain', chain: c.rebuilt, id: idOf(c.rebuilt, 3), sealedRows: 4, rows: 4 },
      { kind: 'recomputed_chain', chain: c.deletedRebuilt, id: idOf(c.deletedRebuilt, 3), sealedRows: 4, rows: 3 },
    ];
    expect(report.findings).toHaveLength(expected.length);
    expect(report.findings).toEqual(expect.arrayContaining(expected));
    const lines = summarise(report);
    expect(lines.code).toBe(2);
    expect(lines.lines).toContain(`EDITED ROW: row ${idOf(c.edited, 1)} (chain ${c.edited}): its content no longer matches its hash.`);
    expect(lines.lines.filter((line) => line.startsWith('RECOMPUTED CHAIN'))).toHaveLength(2);
    expect(lines.lines.some((line) => line.startsWith('DELETED ROW') && line.includes(`row ${idOf(c.deleted, 2)}`))).toBe(true);
    expect(lines.lines.some((line) => line.startsWith('REMOVED TAIL') && line.includes(`row ${idOf(c.tail, 3)}`))).toBe(true);
  });

  it('refuses to seal over a tampered chain, so the next seal does not bless it', async () => {
    const run = await sealChains(sealer);
    const refused = run.refused.map((refusal) => refusal.chain).sort();
    expect(refused).toEqual([CASES.tail, CASES.rebuilt, CASES.deletedRebuilt].sort());
    expect(run.sealed.map((seal) => seal.chain)).not.toContain(CASES.tail);
  });

  it('names a seal whose MAC does not verify', async () => {
    await tamper(dbs.owner.db, [
      `INSERT INTO audit_seals (chain, last_id, last_hash, row_count, key_id, mac)
       SELECT chain, id, hash, 5, '${key.id}', repeat('0', 64) FROM audit_log WHERE id = ${idOf(CASES.forged, 4)}`,
    ]);
    const report = await verify();
    expect(report.findings).toContainEqual({ kind: 'forged_seal', chain: CASES.forged, id: idOf(CASES.forged, 4), source: 'database' });
    expect(describeFinding({ kind: 'forged_seal', chain: 7, id: 9, source: 'database' })).toMatch(/^FORGED SEAL: /);
  });

  it('still sees a truncated trail: the seals written out outside the database remain', async () => {
    await tamper(dbs.owner.db, ['TRUNCATE audit_log, audit_seals']);
    const report = await verify();
    const tails = report.findings.filter((finding) => finding.kind === 'removed_tail');
    expect(tails.map((finding) => finding.chain).sort()).toEqual(Object.values(CASES).sort());
    expect(tails).toContainEqual({ kind: 'removed_tail', chain: CASES.untouched, sealedLastId: idOf(CASES.untouched, 4), sealedRows: 5, lastId: null, rows: 0 });
    expect(report.findings.some((finding) => finding.kind === 'deleted_seal')).toBe(true);
  });
});
