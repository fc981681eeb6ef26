import type { QcList, QcSummary, TaskList, TaskSummary } from '@dcap/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const SUMMARY: TaskSummary = {
  today: '2025-03-10',
  weekEnd: '2025-03-16',
  sites: [
    { siteId: 21, code: 'S01', name: '协和医院', nameEn: 'PUMCH', dueToday: 1, dueThisWeek: 3, overdue: 2, upcoming: 5 },
    { siteId: 22, code: 'S02', name: '瑞金医院', nameEn: 'Ruijin', dueToday: 0, dueThisWeek: 0, overdue: 0, upcoming: 1 },
  ],
};

const LIST: TaskList = {
  total: 2,
  page: 1,
  pageSize: 10,
  items: [
    { eventInstanceId: 301, subjectId: 41, platformNo: 'S01-0001', subjectCode: null, siteId: 21, eventId: 3, seq: 1, name: '访视2', nameEn: 'Visit 2', plannedDate: '2025-03-01', windowStart: '2025-02-26', windowEnd: '2025-03-04', records: 1, windowStatus: 'OVERDUE', reminders: 2, lastReminderAt: '2025-03-01T00:00:00.000Z' },
    { eventInstanceId: 302, subjectId: 42, platformNo: 'S01-0002', subjectCode: 'A-02', siteId: 21, eventId: 3, seq: 2, name: '访视2', nameEn: 'Visit 2', plannedDate: '2025-03-02', windowStart: '2025-02-27', windowEnd: '2025-03-05', records: 0, windowStatus: 'OVERDUE', reminders: 0, lastReminderAt: null },
  ],
};

const init = () => ok(makeProjectInit(ADMIN));

const QC: QcSummary = {
  sites: [
    { siteId: 21, code: 'S01', name: '协和医院', nameEn: 'PUMCH', verify: 4, review: 1, sign: 0 },
    { siteId: 22, code: 'S02', name: '瑞金医院', nameEn: 'Ruijin', verify: 0, review: 2, sign: 3 },
  ],
};
const QC_LIST: QcList = {
  total: 1,
  page: 1,
  pageSize: 10,
  items: [
    {
      panelInstanceId: 901,
      subjectId: 41,
      platformNo: 'S02-0001',
      subjectCode: null,
      siteId: 22,
      eventInstanceId: 301,
      eventId: 3,
      visitName: '访视2',
      visitNameEn: 'Visit 2',
      instrumentId: 12,
      instrumentName: '生命体征',
      instrumentNameEn: 'Vital signs',
      status: 'REVIEWED',
      updatedAt: '2025-03-01T02:00:00.000Z',
      openQueries: 1,
    },
  ],
};

describe('task summary /survey/tasks (spec 002 §2)', () => {
  it('shows each site’s counts with totals, and lists one bucket’s visits of one site on a click', async () => {
    const fake = fakeServer({ 'GET /sys/init': init, 'GET /visitTask/summary': () => ok(SUMMARY), 'GET /visitTask/list': () => ok(LIST) });
    renderApp({ path: '/survey/tasks', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('task-table');
    await within(table).findByText('S01 PUMCH');
    expect(within(table).getByTestId('task-overdue-21').textContent).toBe('2');
    expect(within(table).getByTestId('task-upcoming-all').textContent).toBe('6');
    expect(within(table).getByTestId('task-dueThisWeek-all').textContent).toBe('3');
    expect(screen.getByText('Today: 2025-03-10; this week: to 2025-03-16')).toBeDefined();

    fireEvent.click(within(table).getByTestId('task-overdue-21'));
    const list = await screen.findByTestId('task-list');
    expect(within(list).getByText('S01 PUMCH · Overdue')).toBeDefined();
    await within(list).findByText('S01-0001');
    expect(within(list).getByText('A-02')).toBeDefined();
    expect(within(list).getByText('Visit 2 · No. 2')).toBeDefined();
    expect(within(list).getByText('Records (1)')).toBeDefined();
    const asked = fake.requests.find((request) => request.path === '/visitTask/list');
    expect(asked?.search.get('bucket')).toBe('overdue');
    expect(asked?.search.get('siteId')).toBe('21');
    expect(within(list).getAllByText('Overdue').length).toBeGreaterThan(0);
    expect(within(list).getByTestId('task-reminders-301').textContent).toBe('2');
  });

  it('counts the forms waiting for verification, review and signature per site, and lists one stage on a click', async () => {
    const fake = fakeServer({
      'GET /sys/init': init,
      'GET /visitTask/summary': () => ok(SUMMARY),
      'GET /qcTask/summary': () => ok(QC),
      'GET /qcTask/list': () => ok(QC_LIST),
    });
    renderApp({ path: '/survey/tasks', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('qc-table');
    await within(table).findByText('S02 Ruijin');
    expect(within(table).getByTestId('qc-verify-all').textContent).toBe('4');
    expect(within(table).getByTestId('qc-sign-22').textContent).toBe('3');
    fireEvent.click(within(table).getByTestId('qc-sign-all'));
    const list = await screen.findByTestId('qc-list');
    expect(within(list).getByText('All sites · To sign')).toBeDefined();
    await within(list).findByText('Vital signs');
    expect(within(list).getByText('Visit 2')).toBeDefined();
    expect(fake.requests.find((request) => request.path === '/qcTask/list')?.search.get('stage')).toBe('sign');
  });

  it('says so, in Chinese, when the project has not switched visit tasks on', async () => {
    const fake = fakeServer({
      'GET /sys/init': init,
      'GET /visitTask/summary': () => fail(409, '本项目未开启访视任务', { errorCode: 'schedule.visit_tasks_off' }),
    });
    renderApp({ path: '/survey/tasks', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    expect(await screen.findByText('本项目未开启访视任务。项目管理员可在“项目配置”中开启“访视任务”。')).toBeDefined();
    expect(screen.queryByTestId('task-table')).toBeNull();
  });
});
