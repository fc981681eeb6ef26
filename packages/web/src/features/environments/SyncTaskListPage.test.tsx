import type { SyncTask } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, AS_PROJECT_ADMIN, makeEnv, makeProject, makeProjectInit, PROJECT_ADMIN } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

function task(overrides: Partial<SyncTask> = {}): SyncTask {
  return {
    id: 7,
    projectId: 5,
    direction: 'syncData',
    types: ['design'],
    source: 'dev',
    target: 'uat',
    status: 'succeeded',
    progress: { done: 1, total: 1 },
    result: { design: { version: 3, previousVersion: 2, changes: 4 } },
    error: null,
    createdBy: 'zhou.pm',
    createdAt: '2025-03-01T08:00:00.000Z',
    startedAt: '2025-03-01T08:00:01.000Z',
    finishedAt: '2025-03-01T08:00:02.000Z',
    attempts: 1,
    ...overrides,
  };
}

const page = (records: SyncTask[]) => ok({ total: records.length, records });
const init = () => ok(makeProjectInit(ADMIN));

describe('sync task list /project/projectEnv/syncProjectDataTask (spec 000 §2.2)', () => {
  it('shows each task with its direction, status, progress, who, when and result or failure', async () => {
    const failed = task({
      id: 8,
      direction: 'syncDataToTest',
      source: 'prd',
      status: 'failed',
      progress: { done: 0, total: 1 },
      result: {},
      error: { code: 'sync.source_empty', params: { source: 'prd' }, message: 'The prd environment runs no design version yet; there is nothing to synchronise' },
      createdBy: 'li.na',
    });
    const fake = fakeServer({ 'GET /sys/init': init, 'POST /project/syncTask/list': () => page([failed, task()]) });
    renderApp({ path: '/project/projectEnv/syncProjectDataTask', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('sync-task-table');
    await within(table).findByText('Design version 3 (was 2)');
    const rows = [...table.querySelectorAll('tbody tr.ant-table-row')];
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Production → test')).toBeDefined();
    expect(within(first).getByTestId('sync-task-status-8').textContent).toBe('Failed');
    expect(within(first).getByText(/runs no design version yet/)).toBeDefined();
    expect(within(first).getByText('0/1')).toBeDefined();
    expect(within(first).getByText('li.na')).toBeDefined();
    expect(within(second).getByText('Development → test')).toBeDefined();
    expect(within(second).getByTestId('sync-task-status-7').textContent).toBe('Succeeded');
    expect(within(second).getByText('4 changes')).toBeDefined();
    expect(within(second).getByText('1/1')).toBeDefined();
    expect(within(second).getByText('zhou.pm')).toBeDefined();
    expect(screen.queryByTestId('sync-task-polling')).toBeNull();
    expect(JSON.parse(fake.requests.find((r) => r.path === '/project/syncTask/list')?.body ?? '{}')).toEqual({ projectId: 5, page: 1, pageSize: 10 });
  });

  it('asks again while a task is running, until it has finished', async () => {
    const answers = [task({ status: 'running', progress: { done: 0, total: 1 }, result: {}, finishedAt: null }), task()];
    let calls = 0;
    const fake = fakeServer({
      'GET /sys/init': init,
      'POST /project/syncTask/list': () => page([answers[Math.min(calls++, 1)] as SyncTask]),
    });
    renderApp({ path: '/project/projectEnv/syncProjectDataTask', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    expect((await screen.findByTestId('sync-task-status-7')).textContent).toBe('执行中');
    expect(screen.getByTestId('sync-task-polling')).toBeDefined();
    await waitFor(() => expect(screen.getByTestId('sync-task-status-7').textContent).toBe('已完成'), { timeout: 5000 });
    expect(screen.queryByTestId('sync-task-polling')).toBeNull();
    const asked = fake.requests.filter((r) => r.path === '/project/syncTask/list').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // Finished: no more polling.
    expect(fake.requests.filter((r) => r.path === '/project/syncTask/list').length).toBe(asked);
  });

  it('starts a sync from the sync page and goes to the task list', async () => {
    const fake = fakeServer({
      'GET /sys/init': init,
      'POST /project/syncData': () => ok(task({ status: 'queued', progress: { done: 0, total: 1 }, result: {} })),
      'POST /project/syncTask/list': () => page([task({ status: 'queued', progress: { done: 0, total: 1 }, result: {} })]),
    });
    renderApp({ path: '/project/projectEnv/syncProjectData', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByText(/Study data is never copied between environments/)).toBeDefined();
    fireEvent.click(screen.getByTestId('sync-start'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('sync-task-status-7')).textContent).toBe('Queued');
    const sent = fake.requests.find((r) => r.path === '/project/syncData');
    expect(sent?.method).toBe('POST');
    expect(Object.fromEntries(sent?.search ?? [])).toEqual({ projectId: '5', typesStr: 'design' });
  });
});

describe('cancelling a sync task (docs/decisions.md, "Background jobs")', () => {
  const queued = task({ id: 9, status: 'queued', progress: { done: 0, total: 1 }, result: {}, startedAt: null, finishedAt: null, attempts: 0 });
  const running = task({ id: 8, status: 'running', progress: { done: 0, total: 1 }, result: {}, finishedAt: null });

  it('offers Cancel on queued and running tasks only, and cancels after a confirmation', async () => {
    let cancelled = false;
    const fake = fakeServer({
      'GET /sys/init': init,
      'POST /project/syncTask/list': () => page([cancelled ? { ...queued, status: 'cancelled' } : queued, running, task()]),
      'POST /project/syncTask/cancel': () => {
        cancelled = true;
        return ok({ ...queued, status: 'cancelled' });
      },
    });
    renderApp({ path: '/project/projectEnv/syncProjectDataTask', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const button = await screen.findByTestId('sync-task-cancel-9');
    expect(button.textContent).toBe('Cancel');
    expect(screen.getByTestId('sync-task-cancel-8')).toBeDefined();
    // An ended task cannot be cancelled.
    expect(screen.queryByTestId('sync-task-cancel-7')).toBeNull();
    fireEvent.click(button);
    expect((await screen.findByRole('dialog')).textContent).toContain('Cancel sync task 9?');
    // Nothing is sent before the confirmation.
    expect(fake.requests.some((r) => r.path === '/project/syncTask/cancel')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('sync-task-status-9').textContent).toBe('Cancelled'));
    const sent = fake.requests.filter((r) => r.path === '/project/syncTask/cancel');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(JSON.parse(sent[0]?.body ?? '{}')).toEqual({ projectId: 5, id: 9 });
    expect(screen.queryByTestId('sync-task-cancel-9')).toBeNull();
  });

  it('says Cancel in Chinese, and a dismissed confirmation sends nothing', async () => {
    const fake = fakeServer({ 'GET /sys/init': init, 'POST /project/syncTask/list': () => page([queued]) });
    renderApp({ path: '/project/projectEnv/syncProjectDataTask', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const button = await screen.findByTestId('sync-task-cancel-9');
    expect(button.textContent).toBe('取消');
    fireEvent.click(button);
    expect((await screen.findByRole('dialog')).textContent).toContain('取消同步任务 9？');
    expect((await screen.findByTestId('confirm-ok')).textContent).toBe('取消任务');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryAllByText('取消同步任务 9？')).toHaveLength(0));
    expect(fake.requests.some((r) => r.path === '/project/syncTask/cancel')).toBe(false);
  });
});

describe('resets from environment management (spec 000 §7.4 resetTest, resetPro)', () => {
  it('resets production only after the project code is typed, and offers it only to project administrators', async () => {
    const project = makeProject({ code: 'HTN-01', status: 'TEST' }, AS_PROJECT_ADMIN);
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(PROJECT_ADMIN, { project, access: AS_PROJECT_ADMIN })),
      'POST /projectEnv/getEnvList': () => ok([makeEnv('dev', 'dev'), makeEnv('uat', 'uat'), makeEnv('prd', 'prd')]),
      'POST /project/resetPro': () => ok({ types: ['design'], removed: {}, designs: { prd: 1 } }),
    });
    renderApp({ path: '/project/projectEnv/projectEnv', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('env-reset-production'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Design'));
    fireEvent.click(within(dialog).getByLabelText('Study data'));
    const submit = within(dialog).getByTestId('reset-submit');
    fireEvent.change(within(dialog).getByTestId('reset-code'), { target: { value: 'HTN-0' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('The code does not match')).toBeDefined();
    fireEvent.change(within(dialog).getByTestId('reset-code'), { target: { value: 'HTN-01' } });
    expect(submit.hasAttribute('disabled')).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => {
      const sent = fake.requests.find((r) => r.path === '/project/resetPro');
      expect(Object.fromEntries(sent?.search ?? [])).toEqual({ projectId: '5', typesStr: 'design', confirmCode: 'HTN-01' });
    });
  });

  it('does not offer a production reset to a designer', async () => {
    const access = { platformAdmin: false, projectAdmin: false, role: { id: 9, enabled: true, rights: ['projectDesignAndSetup' as const], sites: 'all' as const } };
    const project = makeProject({}, access);
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN, { project, access })),
      'POST /projectEnv/getEnvList': () => ok([makeEnv('dev', 'dev')]),
    });
    renderApp({ path: '/project/projectEnv/projectEnv', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('env-sync')).toBeDefined();
    expect(screen.queryByTestId('env-reset-production')).toBeNull();
    expect(screen.queryByTestId('env-reset-test')).toBeNull();
  });
});
