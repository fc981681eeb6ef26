import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { DATA_DIR_LOCK_FILE, hasPgliteDatabase, lockDataDir, pgliteDataPath } from '../db/data-dir.js';
import { PgliteDialect } from '../db/pglite-dialect.js';
import type { Database } from '../db/schema.js';
import type { ChainVerdict } from '../modules/audit/verify.js';
import { verifyAuditChain } from '../modules/audit/verify.js';

/**
 * Backup and restore of the embedded database (docs/operations.md, Backup and restore). A backup is a
 * gzip'd tar of the PostgreSQL data directory, taken while no other process has it open, so the copy is
 * consistent; it is checked by opening it and walking its audit chain before it is reported as written.
 */

export interface BackupReport {
  file: string;
  bytes: number;
  audit: ChainVerdict;
  /** Files in DATA_DIR beside the database (the audit seal key, for one), which the backup leaves out. */
  leftOut: string[];
}

/** Walks the audit chain of an open instance; the caller closes it. */
function verifyChainOf(client: PGlite): Promise<ChainVerdict> {
  return verifyAuditChain(new Kysely<Database>({ dialect: new PgliteDialect(client) }));
}

/**
 * Writes a backup of the embedded database in `dataDir` to `file`. Refuses (DataDirInUseError) while the
 * platform or another tool has the database open.
 */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<BackupReport> {
  if (!hasPgliteDatabase(dataDir)) throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
  const lock = lockDataDir(dataDir);
  let archive: Blob;
  try {
    const client = await PGlite.create(pgliteDataPath(dataDir));
    try {
      // Everything committed is written to the data files, so the copy needs no recovery when restored.
      await client.exec('CHECKPOINT');
      archive = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
  // The copy must open and its audit chain verify before it counts as a backup.
  const copy = await PGlite.create({ loadDataDir: archive });
  let audit: ChainVerdict;
  try {
    audit = await verifyChainOf(copy);
  } finally {
    await copy.close();
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written beside the target and renamed, so an interrupted backup never looks like a complete one.
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
  fs.renameSync(partial, file);
  const leftOut = fs.readdirSync(dataDir).filter((name) => name !== path.basename(pgliteDataPath(dataDir)) && name !== DATA_DIR_LOCK_FILE);
  return { file, bytes: archive.size, audit, leftOut };
}

/**
 * Restores a backup into `dataDir`, which must hold no embedded database: a restore never overwrites one.
 * Returns the restored audit chain's verdict.
 */
export async function restoreEmbeddedDatabase(file: string, dataDir: string): Promise<ChainVerdict> {
  if (!fs.existsSync(file)) throw new Error(`There is no backup file ${file}.`);
  if (hasPgliteDatabase(dataDir)) {
    throw new Error(`${dataDir} (DATA_DIR) already holds an embedded database. Move it aside, or set DATA_DIR to an empty directory, and restore again.`);
  }
  const lock = lockDataDir(dataDir);
  const dir = pgliteDataPath(dataDir);
  const existed = fs.existsSync(dir);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const client = await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      return await verifyChainOf(client);
    } finally {
      await client.close();
    }
  } catch (error) {
    // A restore that failed half-way (not a backup, a damaged file) must not look like a database.
    if (!existed) fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}
