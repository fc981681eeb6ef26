import type { AnalyticsChart, AnalyticsOverview, ProjectAccess } from '@dcap/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AS_PROJECT_ADMIN, MEMBER, makeProject, makeProjectInit, PROJECT_ADMIN } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import type { RecordedRequest } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { BIGSCREEN_REFRESH_MS } from './BigscreenPage';

/** A blinded investigator: sees the data of the study, never an arm. */
const INVESTIGATOR: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['dataEntryRights'], sites: 'all' } };

function initFor(user: typeof PROJECT_ADMIN | typeof MEMBER, access: ProjectAccess) {
  const project = makeProject({ application: ['dCap', 'Analytics', 'Bigscreen'] }, access);
  return makeProjectInit(user, { access, project });
}

const SITES: AnalyticsOverview['sites'] = [
  { id: 21, code: 'S01', name: '协和医院', nameEn: 'PUMCH', province: '北京市', city: '北京', location: { longitude: 116.4, latitude: 39.9, areaName: '北京市', areaNameEn: 'Beijing' }, enrolled: 4, target: 10, openQueries: 2, lastEntryAt: null },
  { id: 22, code: 'S02', name: '瑞金医院', nameEn: 'Ruijin', province: null, city: null, location: null, enrolled: 3, target: null, openQueries: 0, lastEntryAt: null },
];

function overview(armsVisible: boolean, enrolled = 7, alerts: AnalyticsOverview['alerts'] = []): AnalyticsOverview {
  return {
    time: 'all',
    timeZone: 'Asia/Shanghai',
    today: '2026-11-29',
    env: 'uat',
    armsVisible,
    tiles: {
      enrolled,
      target: 10,
      screened: 9,
      screeningFailures: 2,
      visitsDue: 5,
      visitsMissed: 1,
      openQueries: 2,
      queryAges: [{ bucket: 'd0_7', count: 2 }],
      entryLagMedianDays: 1.5,
      sdvPercent: 42.5,
      randomised: { total: 6, byArm: armsVisible ? [{ arm: 'A', count: 3 }, { arm: 'B', count: 3 }] : null },
      stockAlerts: 0,
    },
    sites: SITES,
    visitOutcomes: [{ outcome: 'inWindow', count: 8 }],
    alertThresholds: { siteIdleDays: 21, queryDays: 30, own: { siteIdleDays: true, queryDays: false } },
    alerts,
  };
}

function chart(indicator: AnalyticsChart['indicator'], armsVisible: boolean): AnalyticsChart {
  return {
    indicator,
    time: 'all',
    timeZone: 'Asia/Shanghai',
    today: '2026-11-29',
    firstDate: null,
    env: 'uat',
    armsVisible,
    unit: 'count',
    categoryTitle: { key: 'site', name: '中心', nameEn: 'Site' },
    categories: [
      { key: '21', name: 'S01 协和医院', nameEn: 'S01 PUMCH' },
      { key: '22', name: 'S02 瑞金医院', nameEn: 'S02 Ruijin' },
    ],
    series: [{ key: 'failures', name: '筛选失败', nameEn: 'Screening failures', type: 'bar', stack: null, data: [2, 0] }],
    missing: null,
  };
}

function server(armsVisible: boolean) {
  return fakeServer({
    'GET /sys/init': () => ok(initFor(armsVisible ? PROJECT_ADMIN : MEMBER, armsVisible ? AS_PROJECT_ADMIN : INVESTIGATOR)),
    'GET /analytics/overview': () => ok(overview(armsVisible)),
    'GET /analytics/chart': (request) => ok(chart(request.search.get('indicator') as AnalyticsChart['indicator'], armsVisible)),
    'GET /analytics/fields': () => ok([{ instrumentId: 4, instrumentName: '生命体征', instrumentNameEn: 'Vital signs', path: 'WEIGHT', name: '体重', nameEn: 'Weight', numeric: true }]),
    'POST /analytics/alertThresholds': (request) => {
      const body = JSON.parse(request.body ?? '{}') as { siteIdleDays: number | null; queryDays: number | null };
      return ok({ siteIdleDays: body.siteIdleDays ?? 14, queryDays: body.queryDays ?? 30, own: { siteIdleDays: body.siteIdleDays !== null, queryDays: body.queryDays !== null } });
    },
  });
}

const inputOf = (element: HTMLElement) => (element instanceof HTMLInputElement ? element : (element.querySelector('input') as HTMLInputElement));

const chartCalls = (requests: RecordedRequest[], indicator: string) => requests.filter((request) => request.path === '/analytics/chart' && request.search.get('indicator') === indicator);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the analytics page (docs/decisions.md "Analytics screens")', { timeout: 60_000 }, () => {
  it('filters every chart by sites and time, offers arms to an unblinded caller, and lets a site manager set targets', async () => {
    const fake = server(true);
    renderApp({ path: '/analytics/indicators', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('card-enrolment')).toBeDefined();
    expect(await screen.findByTestId('filter-arm')).toBeDefined();
    await waitFor(() => {
      expect(chartCalls(fake.requests, 'screeningFailures').length).toBeGreaterThan(0);
    });
    expect(chartCalls(fake.requests, 'screeningFailures')[0]?.search.get('time')).toBe('all');

    fireEvent.click(within(screen.getByTestId('filter-time')).getByText('This month'));
    await waitFor(() => {
      expect(chartCalls(fake.requests, 'screeningFailures').some((request) => request.search.get('time') === 'month')).toBe(true);
    });
    // The arm split is offered to a caller who may see arms.
    expect(within(screen.getByTestId('distribution-split')).getByText('By arm')).toBeDefined();
    // The field picker offers the environment's design's fields in one call; choosing one draws its chart.
    fireEvent.mouseDown(within(screen.getByTestId('distribution-field')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Vital signs / Weight'));
    await waitFor(() => {
      expect(chartCalls(fake.requests, 'distribution').some((request) => request.search.get('path') === 'WEIGHT' && request.search.get('instrumentId') === '4')).toBe(true);
    });
    expect(fake.requests.filter((request) => request.path === '/analytics/fields')).toHaveLength(1);
    // The enrolment card's targets dialog lists the caller's sites with their targets.
    fireEvent.click(screen.getByTestId('targets-open'));
    const dialog = await screen.findByTestId('targets-dialog');
    expect(within(dialog).getByText('S01 PUMCH')).toBeDefined();
    const field = within(dialog).getByTestId('target-input-21');
    expect((field instanceof HTMLInputElement ? field : (field.querySelector('input') as HTMLInputElement)).value).toBe('10');
  });

  it('shows a blinded caller no arm control and no arm split', async () => {
    const fake = server(false);
    renderApp({ path: '/analytics/indicators', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('card-enrolment')).toBeDefined();
    await waitFor(() => {
      expect(fake.requests.some((request) => request.path === '/analytics/overview')).toBe(true);
    });
    await screen.findByTestId('filter-sites');
    expect(screen.queryByTestId('filter-arm')).toBeNull();
    expect(within(screen.getByTestId('distribution-split')).queryByText('By arm')).toBeNull();
    expect(screen.queryByTestId('targets-open')).toBeNull();
    expect(screen.queryByTestId('alert-thresholds-open')).toBeNull();
    expect(fake.requests.some((request) => request.search.has('arm'))).toBe(false);
  });

  it('lets whoever configures the project set the alert thresholds, an empty box meaning the platform default', async () => {
    const fake = server(true);
    renderApp({ path: '/analytics/indicators', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const open = await screen.findByTestId('alert-thresholds-open');
    await waitFor(() => {
      expect((open as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(open);
    const dialog = await screen.findByTestId('alert-thresholds-dialog');
    // The project's own 21 days is filled in; the query box is empty, showing the default as its placeholder.
    expect(inputOf(within(dialog).getByTestId('alert-siteIdleDays')).value).toBe('21');
    const queryBox = inputOf(within(dialog).getByTestId('alert-queryDays'));
    expect(queryBox.value).toBe('');
    expect(queryBox.placeholder).toBe('30');
    expect(dialog.textContent).toContain('Platform default: 14 days');

    fireEvent.change(queryBox, { target: { value: '45' } });
    fireEvent.change(inputOf(within(dialog).getByTestId('alert-siteIdleDays')), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('alert-thresholds-save'));
    await waitFor(() => {
      expect(fake.requests.some((request) => request.path === '/analytics/alertThresholds')).toBe(true);
    });
    const sent = fake.requests.find((request) => request.path === '/analytics/alertThresholds');
    expect(JSON.parse(sent?.body ?? 'null')).toEqual({ siteIdleDays: null, queryDays: 45 });
    await waitFor(() => {
      expect(screen.queryByTestId('alert-thresholds-dialog')).toBeNull();
    });
  });

  it('exports a chart’s own data as CSV with headings in the reader’s language', async () => {
    const saved: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (blob: Blob) => (saved.push(blob), 'blob:chart') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    // The download link's click would navigate, which the test's DOM does not do.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fake = server(true);
    renderApp({ path: '/analytics/indicators', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const button = await screen.findByTestId('card-screeningFailures-csv');
    await waitFor(() => {
      expect((button as HTMLButtonElement).disabled).toBe(false);
    });
    fireEvent.click(button);
    expect(saved).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved[0] as Blob);
    });
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual(['Site,Screening failures', 'S01 PUMCH,2', 'S02 Ruijin,0', '']);
  });
});

describe('the big screen (docs/decisions.md "Bigscreen")', { timeout: 60_000 }, () => {
  it('shows the tiles, refreshes them without a reload, and keeps the figures with a stale badge when a refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const answers = [() => ok(overview(false, 7, [{ kind: 'siteIdle', siteId: 22, count: 15, threshold: 14, subject: null }])), () => ok(overview(false, 8)), () => fail(500, 'down')];
    let calls = 0;
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(MEMBER, INVESTIGATOR)),
      'GET /analytics/overview': () => {
        const answer = answers[Math.min(calls, answers.length - 1)] as () => ReturnType<typeof ok>;
        calls += 1;
        return answer();
      },
    });
    renderApp({ path: '/bigscreen', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('tile-enrolled-value')).textContent).toBe('7 / 10');
    expect(screen.getByTestId('tile-randomised').textContent).toContain('Blinded: totals only');
    expect(screen.getByTestId('wall-alerts').textContent).toContain('S02 Ruijin: no data entered for 15 days');
    expect(screen.queryByTestId('wall-stale')).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(BIGSCREEN_REFRESH_MS);
    });
    await waitFor(() => {
      expect(screen.getByTestId('tile-enrolled-value').textContent).toBe('8 / 10');
    });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(BIGSCREEN_REFRESH_MS);
    });
    expect(await screen.findByTestId('wall-stale')).toBeDefined();
    expect(screen.getByTestId('tile-enrolled-value').textContent).toBe('8 / 10');
    expect(calls).toBeGreaterThanOrEqual(3);
  });
});

describe('the wall of every study (docs/decisions.md "Bigscreen")', { timeout: 60_000 }, () => {
  it('shows each administered study’s headline figures', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(initFor(PROJECT_ADMIN, AS_PROJECT_ADMIN)),
      'GET /analytics/projects': () => ok([{ projectId: 5, code: 'HF-301', name: '心衰研究', nameEn: 'Heart failure study', env: 'prd', envName: '生产环境', envNameEn: 'Production', enrolled: 12, screeningFailures: 3, openQueries: 4, target: 40 }]),
    });
    renderApp({ path: '/bigscreen/all', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const card = await screen.findByTestId('wall-project-HF-301');
    expect(card.textContent).toContain('HF-301 Heart failure study');
    expect(within(card).getByTestId('wall-project-HF-301-enrolled-value').textContent).toBe('12');
    expect(within(card).getByTestId('wall-project-HF-301-target-value').textContent).toBe('40');
  });
});
