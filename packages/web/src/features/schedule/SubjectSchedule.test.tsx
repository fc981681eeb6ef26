import type { Subject, SubjectSchedule } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const SUBJECT: Subject = {
  id: 41,
  platformNo: 'S01-0001',
  siteId: 21,
  siteName: '协和医院',
  siteCode: 'S01',
  subjectCode: null,
  initials: 'ZS',
  name: null,
  idNumber: null,
  gender: 'F',
  birthDate: null,
  nation: null,
  insuranceType: null,
  insuranceNo: null,
  phone: null,
  email: null,
  address: null,
  relativeRelation: null,
  relativePhone: null,
  relativeEmail: null,
  relativeAddress: null,
  wechatIds: {},
  screeningNo: null,
  consentDate: '2025-02-10',
  randomNo: null,
  treatmentPhase: null,
  firstDrugNo: null,
  enrolledAt: null,
  enrolledBy: null,
  remoteSite: null,
  strata: {},
  status: 'RECORD_STATUS_SCREENING',
  statusReason: null,
  statusChangedAt: '2025-02-10T00:00:00.000Z',
  designVersionId: 3,
  version: 1,
  createdBy: 'crc',
  createdAt: '2025-02-10T00:00:00.000Z',
  updatedAt: '2025-02-10T00:00:00.000Z',
  pendingRollback: false,
};

const visit = (id: number, patch: Partial<SubjectSchedule['visits'][number]>): SubjectSchedule['visits'][number] => ({
  eventInstanceId: id,
  eventId: id,
  seq: 1,
  name: '访视',
  nameEn: 'Visit',
  type: 'TREATMENT',
  repeatable: false,
  offsetDays: 0,
  plannedDate: null,
  windowStart: null,
  windowEnd: null,
  actualDate: null,
  windowStatus: 'UNPLANNED',
  hasData: false,
  followUp: 'NOT_STARTED',
  designVersionId: 3,
  ...patch,
});

const SCHEDULE: SubjectSchedule = {
  subjectId: 41,
  siteId: 21,
  followUp: 'IN_PROGRESS',
  today: '2025-03-10',
  visits: [
    visit(11, { name: '基线', nameEn: 'Baseline', type: 'BASELINE', plannedDate: '2025-02-10', windowStart: '2025-02-10', windowEnd: '2025-02-10', actualDate: '2025-02-12', windowStatus: 'OUT_OF_WINDOW', hasData: true, followUp: 'FINISHED' }),
    visit(12, { name: '访视2', nameEn: 'Visit 2', offsetDays: 28, plannedDate: '2025-03-10', windowStart: '2025-03-07', windowEnd: '2025-03-13', windowStatus: 'DUE' }),
    visit(13, { name: '不良事件记录', nameEn: 'AE log', type: 'LOG', offsetDays: null, windowStatus: 'STARTED', hasData: true }),
  ],
  instruments: [
    { instrumentId: 1, name: '生命体征', nameEn: 'Vital signs', nameAbbr: 'VS' },
    { instrumentId: 2, name: '不良事件', nameEn: 'Adverse events', nameAbbr: 'AE' },
  ],
  panels: [
    { panelInstanceId: 101, eventInstanceId: 11, instrumentId: 1, seq: 1, status: 'VERIFIED', openQueries: 2 },
    { panelInstanceId: 102, eventInstanceId: 12, instrumentId: 1, seq: 1, status: 'EXPIRED', openQueries: 0 },
    { panelInstanceId: 103, eventInstanceId: 13, instrumentId: 2, seq: 1, status: 'COMPLETED', openQueries: 0 },
    { panelInstanceId: 104, eventInstanceId: 13, instrumentId: 2, seq: 2, status: 'INCOMPLETE', openQueries: 0 },
  ],
  unscheduled: [{ eventId: 9, name: '计划外访视', nameEn: 'Unscheduled visit' }],
  repeatable: [],
};

function server() {
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
    'GET /subject/info/41': () => ok(SUBJECT),
    'GET /schedule/subject/41': () => ok(SCHEDULE),
    'POST /schedule/addLogEntry': () => ok({ panelInstanceId: 105, seq: 3 }),
  });
}

describe('the subject’s event × panel matrix (spec 002 §2)', () => {
  it('shows visits with their dates and window warning, panels with status and query badge, and a legend', async () => {
    const fake = server();
    renderApp({ path: '/survey/subject/41', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const matrix = await screen.findByTestId('schedule-matrix', {}, { timeout: 10_000 });
    const baseline = within(matrix).getAllByTestId('visit-header-11')[0] as HTMLElement;
    expect(within(baseline).getByText('Out of window')).toBeDefined();
    expect(within(baseline).getByText('Actual: 2025-02-12')).toBeDefined();
    expect(within(baseline).getByTestId('visit-warning-11')).toBeDefined();
    const visit2 = within(matrix).getAllByTestId('visit-header-12')[0] as HTMLElement;
    expect(within(visit2).getByText('Window: 2025-03-07 ~ 2025-03-13')).toBeDefined();
    expect(within(visit2).getByText('Due (in window)')).toBeDefined();
    expect(within(visit2).queryByTestId('visit-warning-12')).toBeNull();
    // Follow-up states (spec 002 §4): per visit and for the subject.
    expect(within(baseline).getByTestId('visit-follow-up-11').textContent).toBe('Finished');
    expect(within(visit2).getByTestId('visit-follow-up-12').textContent).toBe('Not started');
    expect(screen.getByTestId('subject-follow-up').textContent).toBe('In progress');
    // The verified panel carries its two open queries as a badge.
    const cell = within(matrix).getByTestId('panel-cell-101');
    expect(cell.getAttribute('aria-label')).toBe('Vital signs Verified');
    expect(cell.parentElement?.textContent).toContain('2');
    // A log visit's cell holds every entry and offers another.
    expect(within(matrix).getByTestId('panel-cell-104')).toBeDefined();
    fireEvent.click(within(matrix).getByTestId('panel-add-104'));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/schedule/addLogEntry' && request.body === JSON.stringify({ panelInstanceId: 104 }))).toBe(true));
    const legend = screen.getByTestId('schedule-legend');
    expect(within(legend).getByText('Not entered')).toBeDefined();
    expect(within(legend).getByText('Open queries')).toBeDefined();
    expect(screen.getByTestId('schedule-add-unscheduled').textContent).toContain('Add unscheduled visit');
  });

  it('opens the panel entry page from a cell, with the legend in Chinese', async () => {
    const fake = server();
    const { app } = renderApp({ path: '/survey/subject/41', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const matrix = await screen.findByTestId('schedule-matrix', {}, { timeout: 10_000 });
    expect(within(screen.getByTestId('schedule-legend')).getByText('已核查')).toBeDefined();
    fireEvent.click(within(matrix).getByTestId('panel-cell-102'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/survey/subject/41/panel/102'));
  });
});
