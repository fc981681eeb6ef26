import fs from 'node:fs';
import path from 'node:path';

/** Where the embedded database keeps its PostgreSQL files inside DATA_DIR. */
export function pgliteDataPath(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/** True when DATA_DIR holds an embedded database (PostgreSQL writes PG_VERSION when it creates one). */
export function hasPgliteDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDataPath(dataDir), 'PG_VERSION'));
}

/** The lock file in DATA_DIR (lockDataDir). */
export const DATA_DIR_LOCK_FILE = 'in-use.lock';

interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

/** Raised when another live process has the embedded database open. */
export class DataDirInUseError extends Error {}

export interface DataDirLock {
  release(): void;
}

/** Lock files this process holds, so a second open within one process is refused too. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, command: String(parsed.command), since: String(parsed.since) } : null;
  } catch {
    return null;
  }
}

/** An unreadable lock file written a moment ago is another process's claim in the making, not a leftover. */
function beingWritten(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

/**
 * Claims DATA_DIR for this process. The embedded database is one PostgreSQL instance whose files only one
 * process may open: a second one (a second server, a backup, `audit:verify`) writing the same files would
 * corrupt them. The claim is a file naming the holder's process id; a file left by a process that no longer
 * runs (killed, crashed, power cut) is taken over. docs/operations.md, Backup and restore.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const me: LockHolder = { pid: process.pid, command: path.basename(process.argv[1] ?? 'node'), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(me)}\n`, { flag: 'wx' });
      held.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(file);
          fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (!holder && beingWritten(file)) throw new DataDirInUseError(`The embedded database in ${dataDir} is being opened by another process.`);
    // A file naming this process that this process does not hold was left by an earlier run that had the
    // same process id (a restarted container).
    const live = holder && (holder.pid === process.pid ? held.has(file) : isAlive(holder.pid));
    if (live) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). ` +
          `Stop the platform first. If no such process is running, delete ${file} and try again.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new DataDirInUseError(`Could not claim ${file}: another process keeps taking it.`);
}
