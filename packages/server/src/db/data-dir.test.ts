import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, DataDirInUseError, lockDataDir } from './data-dir.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dcap-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const claim = (dir: string, holder: { pid: number; command: string; since: string }) =>
  fs.writeFileSync(path.join(dir, DATA_DIR_LOCK_FILE), JSON.stringify(holder));

describe('one process per DATA_DIR', () => {
  it('refuses a second claim while the first is held, and allows it once released', () => {
    const dir = path.join(root, 'held');
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    first.release();
    expect(fs.existsSync(path.join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses while the process named in the lock file runs', () => {
    const dir = path.join(root, 'live');
    fs.mkdirSync(dir);
    claim(dir, { pid: process.ppid, command: 'main.ts', since: '2026-01-01T00:00:00.000Z' });
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.ppid} \\(main\\.ts`));
  });

  it('takes over a lock file left by a process that no longer runs, or by an earlier run with this process id', () => {
    // A child that has exited: its process id names no running process.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    for (const [name, pid] of [['dead', gone], ['reused', process.pid]] as const) {
      const dir = path.join(root, name);
      fs.mkdirSync(dir);
      claim(dir, { pid, command: 'main.ts', since: '2026-01-01T00:00:00.000Z' });
      const lock = lockDataDir(dir);
      expect(JSON.parse(fs.readFileSync(path.join(dir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
      lock.release();
    }
  });
});
