import type { ExportTask, ExportTaskPage, QueryFilterOptions } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { fakeServer, file, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const OPTIONS: QueryFilterOptions = {
  sites: [{ id: 21, code: 'A01', name: '协和医院', nameEn: 'PUMCH' }],
  events: [{ id: 3, name: '筛选期', nameEn: 'Screening' }],
  instruments: [{ id: 5, name: '生命体征', nameEn: 'Vital signs' }],
  users: [],
};

function task(overrides: Partial<ExportTask>): ExportTask {
  return {
    id: 9,
    module: 'subjectData',
    format: 'csv',
    layout: 'wide',
    env: 'uat',
    dictionary: true,
    status: 'queued',
    progress: { done: 0, total: 0 },
    sizeBytes: null,
    fileName: null,
    createdBy: { id: 1, username: 'admin' },
    createdAt: '2026-03-01T08:05:09.000Z',
    finishedAt: null,
    expiresAt: null,
    filters: { siteIds: [21], eventIds: null, instrumentIds: null, fields: null, statuses: null, timeZone: 'UTC', report: null, odmMode: null },
    sealedHead: null,
    error: null,
    ...overrides,
  };
}

const urlMethods = (['createObjectURL', 'revokeObjectURL'] as const).map((name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const);
afterEach(() => {
  vi.restoreAllMocks();
  // jsdom has no object URLs: the test's stand-ins go again.
  for (const [name, descriptor] of urlMethods) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
});

describe('data export /export/exportIndex (spec 000 §2.2)', () => {
  it('queues an export with the chosen options, shows its progress while polling, and downloads the finished file', async () => {
    // The task list answers: none, then running 2 of 4 subjects, then finished.
    const pages: ExportTaskPage[] = [
      { total: 0, records: [] },
      { total: 1, records: [task({ status: 'running', progress: { done: 2, total: 4 } })] },
      { total: 1, records: [task({ status: 'finished', progress: { done: 4, total: 4 }, sizeBytes: 2048, fileName: 'S-uat.zip', finishedAt: '2026-03-01T08:06:00.000Z', expiresAt: '2026-03-08T08:06:00.000Z' })] },
    ];
    let listed = 0;
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'GET /query/options': () => ok(OPTIONS),
      'GET /export/task/list': () => ok(pages[Math.min(listed++, pages.length - 1)]),
      'POST /export/task/create': () => ok(task({})),
      'GET /export/task/download': () => file('\uFEFFsubject\r\n', 'S-uat.zip'),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: () => 'blob:test/1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
    renderApp({ path: '/export/exportIndex', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByText('No export tasks yet')).toBeDefined();

    fireEvent.click(within(screen.getByTestId('export-layout')).getByText('Long (one row per value)'));
    fireEvent.click(within(screen.getByTestId('export-format')).getByText('Excel (xlsx)'));
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/export/task/create')).toBe(true));
    const body = JSON.parse(fake.requests.find((request) => request.path === '/export/task/create')?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ module: 'subjectData', format: 'xlsx', layout: 'long', dictionary: true });
    expect(body.siteIds).toBeUndefined();

    const status = await screen.findByTestId('export-status-9');
    expect(status.textContent).toBe('Exporting');
    expect(screen.getByTestId('export-progress-9').textContent).toContain('2/4');
    expect(screen.getByTestId('export-polling')).toBeDefined();
    // Polled every 2 s while the task runs, until it has finished.
    await waitFor(() => expect(screen.getByTestId('export-status-9').textContent).toBe('Finished'), { timeout: 5000 });
    expect(screen.queryByTestId('export-polling')).toBeNull();
    expect(within(screen.getByTestId('export-tasks')).getByText('2.0 KB')).toBeDefined();

    fireEvent.click(screen.getByTestId('export-download-9'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(fake.requests.find((request) => request.path === '/export/task/download')?.search.get('id')).toBe('9');
  });

  it('speaks Chinese and offers the reports', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'GET /query/options': () => ok(OPTIONS),
      'GET /export/task/list': () => ok({ total: 1, records: [task({ id: 4, module: 'queryReport', status: 'failed', error: { code: 'permission.project_forbidden', message: '无权限' } })] }),
    });
    renderApp({ path: '/export/exportIndex', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    expect((await screen.findByTestId('export-status-4')).textContent).toBe('失败');
    expect(screen.getByText('质疑报表')).toBeDefined();
    expect(screen.getByText('无权限')).toBeDefined();
    expect(screen.getByText('新建导出')).toBeDefined();
    expect(screen.getByTestId('export-delete-4')).toBeDefined();
  });

  it('offers CDISC ODM for subject data: the kind of file instead of the table layout and field names', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'GET /query/options': () => ok(OPTIONS),
      'GET /export/task/list': () => ok({ total: 1, records: [task({ id: 5, format: 'odm', status: 'finished', filters: { ...task({}).filters, odmMode: 'transactional' } })] }),
      'POST /export/task/create': () => ok(task({ format: 'odm' })),
    });
    renderApp({ path: '/export/exportIndex', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByText('ODM · Transactional (every change with its audit record)')).toBeDefined();
    expect(screen.getByTestId('export-layout')).toBeDefined();
    fireEvent.click(within(screen.getByTestId('export-format')).getByText('CDISC ODM 1.3.2 (XML)'));
    expect(screen.queryByTestId('export-layout')).toBeNull();
    expect(screen.queryByTestId('export-dictionary')).toBeNull();
    fireEvent.click(within(screen.getByTestId('export-odm-mode')).getByText('Transactional (every change with its audit record)'));
    fireEvent.click(screen.getByTestId('export-start'));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/export/task/create')).toBe(true));
    const body = JSON.parse(fake.requests.find((request) => request.path === '/export/task/create')?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ module: 'subjectData', format: 'odm', odmMode: 'transactional' });
    expect(body.fields).toBeUndefined();
  });
});
