import { AppError } from '@dcap/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { createTestContext } from '../../test/harness.js';
import * as repo from './repo.js';
import type { JobHandler } from './worker.js';
import { JobWorker } from './worker.js';

/**
 * Background jobs (ARCHITECTURE §1: "background jobs … are rows claimed with FOR UPDATE SKIP LOCKED, so any
 * number of workers can run"), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL with real concurrency.
 */
let t: TestContext;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const quiet = { warn: () => undefined };

async function queue(kind: string, params: unknown = {}, total = 1) {
  return repo.insertJob(t.database.db, { kind, projectId: null, env: null, params, createdBy: 1, total });
}

async function job(id: number) {
  const row = await repo.findJob(t.database.db, id);
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

async function auditOf(id: number) {
  return t.database.db.selectFrom('audit_log').select(['action', 'new_value', 'actor_username']).where('entity_type', '=', 'job').where('entity_id', '=', String(id)).orderBy('id').execute();
}

/** Clears the queue between tests, so each test's workers see only its own jobs. */
async function clearQueue() {
  await t.database.db.updateTable('jobs').set({ status: 'cancelled', finished_at: new Date(), heartbeat_at: null }).where('status', 'in', ['queued', 'running']).execute();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background jobs', () => {
  it('runs a queued job once, records progress step by step, and audits its start and end', async () => {
    await clearQueue();
    const seen: number[] = [];
    const worker = new JobWorker(t.deps, quiet);
    worker.register({
      kind: 'test.steps',
      run: async (context) => {
        await context.setTotal(3);
        for (const name of ['a', 'b', 'c']) {
          await context.step(name, () => Promise.resolve(name.toUpperCase()));
          // Between steps, the progress is committed and visible to anyone reading the task.
          seen.push((await job(context.job.id)).progress_done);
        }
      },
    });
    const queued = await queue('test.steps', { n: 1 }, 0);
    expect(queued.status).toBe('queued');
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([1, 2, 3]);
    const done = await job(queued.id);
    expect(done).toMatchObject({ status: 'succeeded', progress_done: 3, progress_total: 3, attempts: 1, result: { a: 'A', b: 'B', c: 'C' }, error: null });
    expect(done.finished_at).toBeInstanceOf(Date);
    expect(await worker.drain()).toBe(0);
    const audit = await auditOf(queued.id);
    expect(audit.map((row) => row.action)).toEqual(['job.start', 'job.finish']);
    expect(audit[0]?.actor_username).toBe('admin');
    expect(audit[1]?.new_value).toMatchObject({ kind: 'test.steps', status: 'succeeded', result: { a: 'A' } });
  });

  it('records a refusal as the catalogue code with its parameters, and leaves other kinds alone', async () => {
    await clearQueue();
    const worker = new JobWorker(t.deps, quiet);
    worker.register({
      kind: 'test.fails',
      run: () => Promise.reject(new AppError('sync.source_empty', { source: 'prd' })),
    });
    const other = await queue('test.unknown');
    const failing = await queue('test.fails');
    expect(await worker.drain()).toBe(1);
    expect(await job(failing.id)).toMatchObject({ status: 'failed', error: { code: 'sync.source_empty', params: { source: 'prd' } } });
    expect((await job(other.id)).status).toBe('queued');
    const finish = (await auditOf(failing.id)).at(-1);
    expect(finish?.new_value).toMatchObject({ status: 'failed', error: { code: 'sync.source_empty' } });
  });

  it('takes back a job whose worker died, continues after its last recorded step, and fences the dead worker', async () => {
    await clearQueue();
    const ran: string[] = [];
    const handler: JobHandler = {
      kind: 'test.resume',
      run: async (context) => {
        for (const name of ['first', 'second']) {
          await context.step(name, () => {
            ran.push(name);
            return Promise.resolve(name);
          });
        }
      },
    };
    const queued = await queue('test.resume', {}, 2);
    // A worker claims it, commits its first step and dies: the row stays running and its heartbeat ages.
    const claimed = await repo.claimNext(t.database.db, ['test.resume']);
    expect(claimed?.id).toBe(queued.id);
    await t.database.db.transaction().execute((trx) => repo.recordStep(trx, queued.id, 'first', 'first'));
    const fresh = new JobWorker(t.deps, { ...quiet, staleMs: 60_000 });
    fresh.register(handler);
    // A running job with a fresh heartbeat is left to its worker.
    expect(await fresh.reclaimStale()).toBe(0);
    expect(await fresh.drain()).toBe(0);
    await sql`UPDATE jobs SET heartbeat_at = now() - interval '2 minutes' WHERE id = ${queued.id}`.execute(t.database.db);
    // On start, the stale job is queued again and run to its end; the recorded step is not run twice.
    expect(await fresh.reclaimStale()).toBe(1);
    expect(await fresh.drain()).toBe(1);
    expect(ran).toEqual(['second']);
    expect(await job(queued.id)).toMatchObject({ status: 'succeeded', attempts: 2, progress_done: 2, result: { first: 'first', second: 'second' } });
    // The first worker's attempt is fenced off: it can neither keep the job alive nor end it.
    expect(await repo.heartbeat(t.database.db, queued.id, 1)).toBe(false);
    expect(await repo.finishJob(t.database.db, queued.id, 1, 'failed', null)).toBeUndefined();
    expect((await job(queued.id)).status).toBe('succeeded');
  });

  it('leaves a job cancelled while it runs cancelled: its worker neither runs the next step nor ends it as succeeded or failed', async () => {
    await clearQueue();
    const ran: string[] = [];
    const worker = new JobWorker(t.deps, quiet);
    for (const ending of ['returns', 'throws'] as const) {
      worker.register({
        kind: `test.cancel.${ending}`,
        run: async (context) => {
          await context.step('a', () => Promise.resolve(ran.push(`${ending}:a`)));
          await repo.cancelJob(t.database.db, context.job.id);
          if (ending === 'throws') {
            // A handler failing after the cancellation does not turn it into a failure.
            throw new AppError('sync.source_empty', { source: 'prd' });
          }
          // The next step finds the job cancelled and stops the handler there.
          await context.step('b', () => Promise.resolve(ran.push(`${ending}:b`)));
        },
      });
    }
    const returns = await queue('test.cancel.returns', {}, 2);
    const throws = await queue('test.cancel.throws', {}, 2);
    expect(await worker.drain()).toBe(2);
    expect(ran).toEqual(['returns:a', 'throws:a']);
    for (const id of [returns.id, throws.id]) {
      const ended = await job(id);
      expect(ended).toMatchObject({ status: 'cancelled', progress_done: 1, error: null, heartbeat_at: null });
      expect(Object.keys(ended.result as Record<string, unknown>)).toEqual(['a']);
      expect(ended.finished_at).toBeInstanceOf(Date);
      expect((await auditOf(id)).map((row) => row.action)).toEqual(['job.start']);
    }
    // Nothing takes a cancelled job back: not a drain, not the stale-job sweep.
    expect(await worker.drain()).toBe(0);
    expect(await new JobWorker(t.deps, { ...quiet, staleMs: 0 }).reclaimStale()).toBe(0);
  });

  it('gives up a job that was interrupted as many times as allowed', async () => {
    await clearQueue();
    const queued = await queue('test.crashy');
    await sql`UPDATE jobs SET status = 'running', started_at = now(), attempts = 3, heartbeat_at = now() - interval '2 minutes' WHERE id = ${queued.id}`.execute(t.database.db);
    const worker = new JobWorker(t.deps, { ...quiet, maxAttempts: 3 });
    expect(await worker.reclaimStale()).toBe(1);
    expect(await job(queued.id)).toMatchObject({ status: 'failed', error: { code: 'job.abandoned', params: { attempts: 3 } } });
    expect((await auditOf(queued.id)).map((row) => row.action)).toEqual(['job.finish']);
  });

  it('runs jobs as they are queued once started, and on stop puts an unfinished job back in the queue', async () => {
    await clearQueue();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const handler: JobHandler = {
      kind: 'test.gated',
      run: async (context) => {
        calls += 1;
        await context.step('one', () => Promise.resolve(1));
        if (calls === 1) await gate;
        await context.step('two', () => Promise.resolve(2));
      },
    };
    const worker = new JobWorker(t.deps, { ...quiet, pollMs: 20 });
    worker.register(handler);
    worker.start();
    const queued = await queue('test.gated', {}, 2);
    worker.wake();
    for (let i = 0; i < 200 && (await job(queued.id)).progress_done < 1; i += 1) await sleep(10);
    expect(await job(queued.id)).toMatchObject({ status: 'running', progress_done: 1 });
    const stopping = worker.stop();
    release();
    await stopping;
    // Stopped between its steps: back in the queue with its first step kept.
    expect(await job(queued.id)).toMatchObject({ status: 'queued', progress_done: 1, heartbeat_at: null });
    const next = new JobWorker(t.deps, quiet);
    next.register(handler);
    expect(await next.drain()).toBe(1);
    expect(await job(queued.id)).toMatchObject({ status: 'succeeded', progress_done: 2, attempts: 2 });
  });

  it.runIf(onPostgres)('on PostgreSQL, a claimed job is skipped by other workers while its claim is uncommitted (SKIP LOCKED)', async () => {
    await clearQueue();
    const first = await queue('test.lock');
    const second = await queue('test.lock');
    let insideClaim: () => void = () => undefined;
    const claimedInside = new Promise<void>((resolve) => {
      insideClaim = resolve;
    });
    let finishClaim: () => void = () => undefined;
    const holdClaim = new Promise<void>((resolve) => {
      finishClaim = resolve;
    });
    const holder = t.database.db.transaction().execute(async (trx) => {
      const mine = await repo.claimNext(trx, ['test.lock']);
      insideClaim();
      await holdClaim;
      return mine?.id;
    });
    await claimedInside;
    // The other connection neither waits for the lock nor takes the locked job.
    const other = await repo.claimNext(t.database.db, ['test.lock']);
    finishClaim();
    expect(await holder).toBe(first.id);
    expect(other?.id).toBe(second.id);
  });

  it.runIf(onPostgres)('on PostgreSQL, two workers draining one queue together never run one job twice', async () => {
    await clearQueue();
    const runs = new Map<number, string[]>();
    const worker = (name: string) => {
      const w = new JobWorker(t.deps, quiet);
      w.register({
        kind: 'test.race',
        run: async (context) => {
          runs.set(context.job.id, [...(runs.get(context.job.id) ?? []), name]);
          await context.step('work', async () => {
            await sleep(5);
            return name;
          });
        },
      });
      return w;
    };
    const ids = [];
    for (let i = 0; i < 30; i += 1) ids.push((await queue('test.race')).id);
    const [a, b] = await Promise.all([worker('a').drain(), worker('b').drain()]);
    expect(a + b).toBe(30);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    for (const id of ids) {
      expect(runs.get(id), `job ${id}`).toHaveLength(1);
      expect(await job(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    }
  });
});
