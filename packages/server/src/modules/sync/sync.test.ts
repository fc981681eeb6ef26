import type { DesignDiff, SyncTask, SyncTaskPage } from '@dcap/core';
import { SYNC_JOB_KIND } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignTeam } from '../instruments/design.fixture.js';
import { createInstrument, designTeam, get, post, samplePanel } from '../instruments/design.fixture.js';
import { JobWorker } from '../jobs/worker.js';
import { ok, project, refused, setStatus } from '../roles/study.fixture.js';
import { syncJobHandler } from './handler.js';

/**
 * Environment synchronisation as background jobs (spec 000 §7.4: "syncData and syncDataToTest (query
 * typesStr)"; §2.2: the sync task list) and the parts the resets act on ("resetTest and resetPro (query
 * projectId, typesStr)"). Jobs run when the test drains the worker, as the server's loop would.
 */
let team: DesignTeam;

beforeAll(async () => {
  team = await designTeam('SYNC');
  const instrument = await createInstrument(team, 'DM');
  ok(await post(team, team.designer, `/dcap/project/field/saveAllCfg?projectId=${team.projectId}`, { instrumentId: instrument.id, ...samplePanel() }));
});
afterAll(() => team.study.t.close());

const t = () => team.study.t;
const drain = () => t().app.jobs.drain();
const sync = (direction: 'syncData' | 'syncDataToTest', typesStr: string, token = team.pm.token, lang?: string) =>
  t().call('POST', `/dcap/project/${direction}?projectId=${team.projectId}&typesStr=${encodeURIComponent(typesStr)}`, { token, ...(lang ? { lang } : {}) });
const detail = async (id: number, lang?: string) =>
  ok(await t().call('POST', '/dcap/project/syncTask/detail', { token: team.pm.token, body: { projectId: team.projectId, id }, ...(lang ? { lang } : {}) })) as SyncTask;
const versionOn = async (key: string) =>
  (
    await t()
      .database.db.selectFrom('env_designs as d')
      .innerJoin('project_envs as e', 'e.id', 'd.env_id')
      .innerJoin('design_versions as v', 'v.id', 'd.design_version_id')
      .select('v.version')
      .where('e.project_id', '=', team.projectId)
      .where('e.key', '=', key)
      .executeTakeFirst()
  )?.version ?? null;
const jobCount = async () => (await t().database.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
const auditSince = async (id: number) =>
  t().database.db.selectFrom('audit_log').select(['action', 'actor_username', 'env', 'old_value', 'new_value']).where('project_id', '=', team.projectId).where('id', '>', id).orderBy('id').execute();
const lastAuditId = async () => (await t().database.db.selectFrom('audit_log').select((eb) => eb.fn.max<number | null>('id').as('id')).executeTakeFirstOrThrow()).id ?? 0;

describe('environment sync (spec 000 §7.4 syncData, syncDataToTest)', () => {
  it('syncData queues a job whose run makes test hold the development design, with progress, audit and the task list', async () => {
    const since = await lastAuditId();
    const task = ok(await sync('syncData', 'design')) as SyncTask;
    expect(task).toMatchObject({ direction: 'syncData', types: ['design'], source: 'dev', target: 'uat', status: 'queued', progress: { done: 0, total: 1 }, createdBy: team.pm.username });
    expect(await versionOn('uat')).toBeNull();
    expect(await drain()).toBe(1);
    const done = await detail(task.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: { done: 1, total: 1 }, result: { design: { version: 1, previousVersion: null } }, error: null, attempts: 1 });
    expect(done.finishedAt).not.toBeNull();
    // The target holds the source's design: nothing is left to publish from the draft to test.
    expect(await versionOn('uat')).toBe(1);
    const diff = ok(await get(team, team.pm, `/dcap/project/design/diff/${team.projectId}?target=uat`)) as DesignDiff;
    expect(diff).toMatchObject({ currentVersion: 1, changes: [] });
    // Who asked, what, and the job's start and end, each audited; the design change on the requester's behalf.
    const rows = await auditSince(since);
    expect(rows.map((row) => row.action)).toEqual(['sync.request', 'job.start', 'design.sync', 'job.finish']);
    expect(rows.every((row) => row.actor_username === team.pm.username)).toBe(true);
    expect(rows[2]).toMatchObject({ env: 'uat', old_value: { target: 'uat', version: null }, new_value: { job: task.id, direction: 'syncData', source: 'dev', target: 'uat', version: 1 } });
    const page = ok(await t().call('POST', '/dcap/project/syncTask/list', { token: team.pm.token, body: { projectId: team.projectId } })) as SyncTaskPage;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: task.id, status: 'succeeded' });
  });

  it('syncs an unchanged draft again without a new version', async () => {
    const task = ok(await sync('syncData', ' design ,design')) as SyncTask;
    expect(task.types).toEqual(['design']);
    await drain();
    expect((await detail(task.id)).result).toEqual({ design: { version: 1, previousVersion: 1, changes: 0 } });
  });

  it('runs one sync of a project at a time', async () => {
    const first = ok(await sync('syncData', 'design')) as SyncTask;
    refused(await sync('syncData', 'design'), 409, 'sync.in_progress');
    refused(await sync('syncDataToTest', 'design'), 409, 'sync.in_progress');
    await drain();
    expect((await detail(first.id)).status).toBe('succeeded');
  });

  it('refuses to copy study data, and an unknown part, before anything is queued', async () => {
    const before = await jobCount();
    const data = await sync('syncData', 'design,data', team.pm.token, 'en-US');
    refused(data, 422, 'sync.data_not_copied');
    expect(data.body.msg).toBe('Only the design is synchronised: study data is never copied between environments');
    refused(await sync('syncDataToTest', 'data'), 422, 'sync.data_not_copied');
    const unknown = await sync('syncData', 'design,subjects', team.pm.token, 'zh-CN');
    refused(unknown, 400, 'request.invalid');
    expect(unknown.body.msg).toContain('design, data');
    refused(await sync('syncData', ','), 400, 'request.invalid');
    expect(await jobCount()).toBe(before);
  });

  it('syncDataToTest makes test run the version production runs, to reproduce a problem there', async () => {
    refused(await sync('syncDataToTest', 'design'), 422, 'sync.source_empty');
    ok(await post(team, team.pm, '/dcap/project/design/publish', { projectId: team.projectId, target: 'prd' }));
    expect(await versionOn('prd')).toBe(1);
    // Test moves on to a newer design (version 2) …
    ok(await post(team, team.designer, '/dcap/project/instrument/save', { projectId: team.projectId, name: '生命体征', nameAbbr: 'VS' }));
    ok(await sync('syncData', 'design'));
    await drain();
    expect(await versionOn('uat')).toBe(2);
    // … and is taken back to production's design.
    const task = ok(await sync('syncDataToTest', 'design', team.designer.token)) as SyncTask;
    expect(task).toMatchObject({ source: 'prd', target: 'uat', createdBy: team.designer.username });
    await drain();
    expect(await detail(task.id)).toMatchObject({ status: 'succeeded', result: { design: { version: 1, previousVersion: 2, changes: 1 } } });
    expect(await versionOn('uat')).toBe(1);
    expect(await versionOn('prd')).toBe(1);
  });

  it('checks the project status again when the job runs, and shows the failure in the reader’s language', async () => {
    const task = ok(await sync('syncData', 'design')) as SyncTask;
    await setStatus(team.study, team.projectId, 'LOCKED');
    await drain();
    const failed = await detail(task.id, 'en-US');
    expect(failed).toMatchObject({ status: 'failed', progress: { done: 0, total: 1 }, error: { code: 'project.status_forbids', params: { status: 'LOCKED' } } });
    expect(failed.error?.message).toContain('LOCKED');
    expect((await detail(task.id, 'zh-CN')).error?.message).not.toBe(failed.error?.message);
    expect(await versionOn('uat')).toBe(1);
    // A locked project queues nothing at all.
    refused(await sync('syncData', 'design'), 422, 'project.status_forbids');
    await setStatus(team.study, team.projectId, 'CONFIG');
  });

  it('finds only the project’s own tasks', async () => {
    refused(await t().call('POST', '/dcap/project/syncTask/detail', { token: team.pm.token, body: { projectId: team.projectId, id: 999999 } }), 404, 'sync.task_not_found');
    const page = ok(await t().call('POST', '/dcap/project/syncTask/list', { token: team.pm.token, body: { projectId: team.projectId, page: 1, pageSize: 2 } })) as SyncTaskPage;
    expect(page.records).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.records[0]?.id).toBeGreaterThan(page.records[1]?.id ?? Infinity);
  });
});

describe('cancelling a sync task (docs/decisions.md, "Background jobs")', () => {
  const cancel = (id: number, token = team.pm.token, projectId = team.projectId, lang?: string) =>
    t().call('POST', '/dcap/project/syncTask/cancel', { token, body: { projectId, id }, ...(lang ? { lang } : {}) });

  it('cancels a queued task at once: the worker never runs it, and the change is audited with the old status', async () => {
    const since = await lastAuditId();
    const task = ok(await sync('syncData', 'design')) as SyncTask;
    const cancelled = ok(await cancel(task.id, team.designer.token)) as SyncTask;
    expect(cancelled).toMatchObject({ id: task.id, status: 'cancelled', progress: { done: 0, total: 1 } });
    expect(cancelled.finishedAt).not.toBeNull();
    expect(await drain()).toBe(0);
    expect(await detail(task.id)).toMatchObject({ status: 'cancelled', attempts: 0, result: {} });
    expect(await versionOn('uat')).toBe(1);
    const rows = await auditSince(since);
    expect(rows.map((row) => row.action)).toEqual(['sync.request', 'job.cancel']);
    expect(rows[1]).toMatchObject({ actor_username: team.designer.username, env: 'uat', old_value: { status: 'queued' }, new_value: { status: 'cancelled' } });
    // With nothing active any more, a new sync may be queued.
    const next = ok(await sync('syncData', 'design')) as SyncTask;
    ok(await cancel(next.id));
  });

  it('marks a running task cancelled; its worker stops at the next step and does not overwrite the status', async () => {
    const since = await lastAuditId();
    const task = ok(await sync('syncData', 'design')) as SyncTask;
    let during: SyncTask | undefined;
    const worker = new JobWorker(t().deps, { warn: () => undefined });
    worker.register({
      kind: SYNC_JOB_KIND,
      run: async (context) => {
        await context.step('prepare', () => Promise.resolve('prepared'));
        // Between two steps, while the job is running, someone cancels it.
        during = ok(await cancel(context.job.id)) as SyncTask;
        await syncJobHandler(() => new Date()).run(context);
      },
    });
    expect(await worker.drain()).toBe(1);
    expect(during).toMatchObject({ status: 'cancelled' });
    const after = await detail(task.id);
    expect(after).toMatchObject({ status: 'cancelled', attempts: 1, error: null });
    // The step before the cancellation stays recorded; the sync itself never ran.
    expect(Object.keys(after.result)).toEqual(['prepare']);
    expect(await versionOn('uat')).toBe(1);
    const rows = await auditSince(since);
    expect(rows.map((row) => row.action)).toEqual(['sync.request', 'job.start', 'job.cancel']);
    expect(rows[2]).toMatchObject({ old_value: { status: 'running' }, new_value: { status: 'cancelled' } });
    // Nothing is left for any worker: the cancelled job is neither queued again nor taken back.
    expect(await drain()).toBe(0);
    expect(await t().app.jobs.reclaimStale()).toBe(0);
    expect((await detail(task.id)).status).toBe('cancelled');
  });

  it('refuses to cancel an ended task, in the reader’s language, and changes nothing', async () => {
    // Production's design into test: test keeps the version the later tests expect.
    const task = ok(await sync('syncDataToTest', 'design')) as SyncTask;
    await drain();
    expect((await detail(task.id)).status).toBe('succeeded');
    const before = await lastAuditId();
    const en = await cancel(task.id, team.pm.token, team.projectId, 'en-US');
    refused(en, 409, 'sync.task_finished');
    expect(en.body.msg).toContain('already ended');
    const zh = await cancel(task.id, team.pm.token, team.projectId, 'zh-CN');
    refused(zh, 409, 'sync.task_finished');
    expect(zh.body.msg).toContain('已结束');
    expect((await detail(task.id)).status).toBe('succeeded');
    expect(await lastAuditId()).toBe(before);
  });

  it('finds only the project’s own task, and needs the right to sync', async () => {
    const task = ok(await sync('syncData', 'design')) as SyncTask;
    const other = await project(team.study, team.pm, 'SYNCOTHER');
    refused(await cancel(task.id, team.pm.token, other.id), 404, 'sync.task_not_found');
    refused(await cancel(999999), 404, 'sync.task_not_found');
    refused(await cancel(task.id, team.investigator.token), 403, 'permission.project_forbidden');
    expect((await detail(task.id)).status).toBe('queued');
    ok(await cancel(task.id));
  });
});

describe('resets by part (spec 000 §7.4 resetTest and resetPro, query projectId, typesStr)', () => {
  const reset = (call: 'resetTest' | 'resetPro', query: string, token = team.pm.token) =>
    t().call('POST', `/dcap/project/${call}?projectId=${team.projectId}&${query}`, { token });

  it('resetTest resets only the named parts of the test environments', async () => {
    await setStatus(team.study, team.projectId, 'TEST');
    expect(await versionOn('uat')).toBe(1);
    const dataOnly = ok(await reset('resetTest', 'typesStr=data'));
    expect(dataOnly).toEqual({ types: ['data'], removed: { dev: {}, uat: {} }, designs: {} });
    expect(await versionOn('uat')).toBe(1);
    // Left out, typesStr means the study data, as the call did before it took parts.
    expect(ok(await reset('resetTest', ''))).toMatchObject({ types: ['data'], designs: {} });
    const design = ok(await reset('resetTest', 'typesStr=design'));
    expect(design).toEqual({ types: ['design'], removed: {}, designs: { dev: null, uat: 1 } });
    expect(await versionOn('uat')).toBeNull();
    // Production and the development draft are untouched.
    expect(await versionOn('prd')).toBe(1);
    const instruments = ok(await get(team, team.pm, `/dcap/project/instrument/list/${team.projectId}`)) as unknown[];
    expect(instruments).toHaveLength(2);
    refused(await reset('resetTest', 'typesStr=designs'), 400, 'request.invalid');
  });

  it('resetPro needs its own right: a designer who may sync and reset test is refused', async () => {
    refused(await reset('resetPro', `typesStr=design&confirmCode=SYNC`, team.designer.token), 403, 'permission.project_forbidden');
    refused(await reset('resetTest', 'typesStr=design', team.designer.token), 403, 'permission.project_forbidden');
    expect(await versionOn('prd')).toBe(1);
  });

  it('resetPro needs the project code typed, and the parts named', async () => {
    const since = await lastAuditId();
    refused(await reset('resetPro', 'typesStr=design&confirmCode=sync'), 422, 'project.reset_confirmation_mismatch');
    refused(await reset('resetPro', 'typesStr=design&confirmCode=SYNCX'), 422, 'project.reset_confirmation_mismatch');
    refused(await reset('resetPro', 'typesStr=design'), 400, 'request.invalid');
    refused(await reset('resetPro', 'confirmCode=SYNC'), 400, 'request.invalid');
    expect(await versionOn('prd')).toBe(1);
    expect(await auditSince(since)).toEqual([]);
  });

  it('resetPro is refused once the project is online, and before that resets production’s named parts, audited', async () => {
    await setStatus(team.study, team.projectId, 'ON_RESEARCH');
    refused(await reset('resetPro', 'typesStr=design,data&confirmCode=SYNC'), 422, 'project.reset_production_live');
    expect(await versionOn('prd')).toBe(1);
    await setStatus(team.study, team.projectId, 'TEST');
    const since = await lastAuditId();
    const result = ok(await reset('resetPro', 'typesStr=data,design&confirmCode=SYNC'));
    expect(result).toEqual({ types: ['design', 'data'], removed: { prd: {} }, designs: { prd: 1 } });
    expect(await versionOn('prd')).toBeNull();
    const rows = await auditSince(since);
    expect(rows).toEqual([expect.objectContaining({ action: 'project.resetPro', actor_username: team.pm.username, new_value: result })]);
    // The versions themselves stay: data entered with one keeps its design.
    const versions = ok(await get(team, team.pm, `/dcap/project/design/versions/${team.projectId}`)) as unknown[];
    expect(versions).toHaveLength(2);
  });
});
