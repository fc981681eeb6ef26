import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventMatrix } from '@dcap/core';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import type { RecordedRequest } from '../../test/fakeServer';
import { DATA_ENTRY_ONLY, designInit, makeEvent, makeInstrument, renderDesignPage } from './designTestKit';

const SCREEN = makeEvent(1, '筛选', { type: 'SCREENING', offsetDays: -14, instrumentIds: [11] });
const BASE = makeEvent(2, '基线', { type: 'BASELINE', offsetDays: 0, windowBefore: 0, windowAfter: 0 });
const AE_LOG = makeEvent(3, '不良事件日志', { type: 'LOG', offsetDays: null, windowBefore: 0, windowAfter: 0, repeatable: true });
const DM = makeInstrument(11, 'DM', { nameEn: 'Demographics' });
const VS = makeInstrument(12, 'VS', { nameEn: 'Vital signs' });

const matrix: EventMatrix = { events: [SCREEN, BASE], instruments: [DM, VS], cells: [{ eventId: 1, instrumentId: 11 }] };

const PATH = '/dCapVue/design/events';
const FIRST = { timeout: 20_000 };

function server(init = designInit(), overrides: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /projectRole/list/5': () => ok([]),
    'GET /sys/init': () => ok(init),
    'GET /project/event/list/5': () => ok([SCREEN, BASE, AE_LOG]),
    'GET /project/eventInstrument/matrix/5': () => ok(matrix),
    'POST /project/event/save': () => ok(makeEvent(4, 'V2')),
    'POST /project/eventInstrument/saveMatrix': (request) => ok({ ...matrix, cells: (JSON.parse(request.body ?? '{}') as EventMatrix).cells }),
    ...overrides,
  });
}

const bodyOf = (requests: RecordedRequest[], path: string): unknown => JSON.parse(requests.find((request) => request.path === path)?.body ?? 'null');
const sent = (requests: RecordedRequest[], path: string) => requests.some((request) => request.path === path);

async function openMatrix() {
  fireEvent.click(await screen.findByTestId('events-tab-matrix', {}, FIRST));
  return screen.findByTestId('matrix-table', {}, FIRST);
}

describe('visits /dCapVue/design/events', { timeout: 60_000 }, () => {
  it('lists the visits with type, planned day, window and repetition', async () => {
    renderDesignPage({ path: PATH, fetch: server().fetch });
    const table = await screen.findByTestId('event-table', {}, FIRST);
    expect(await within(table).findByText('筛选', {}, FIRST)).toBeDefined();
    expect(within(table).getByText('Screening')).toBeDefined();
    expect(within(table).getByText('Day -14')).toBeDefined();
    expect(within(table).getByText('-2 / +3 days')).toBeDefined();
    expect(within(table).getByText('Log')).toBeDefined();
  });

  it('creates a visit with its planned day and window', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('event-create', {}, FIRST));
    fireEvent.change(await screen.findByTestId('event-form-name'), { target: { value: '第 2 周' } });
    fireEvent.change(screen.getByTestId('event-form-name-en'), { target: { value: 'Week 2' } });
    fireEvent.change(screen.getByTestId('event-form-offset'), { target: { value: '14' } });
    fireEvent.change(screen.getByTestId('event-form-window-before'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('event-form-window-after'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('event-form-submit'));
    await waitFor(() => {
      expect(sent(fake.requests, '/project/event/save')).toBe(true);
    });
    expect(bodyOf(fake.requests, '/project/event/save')).toEqual({
      projectId: 5,
      name: '第 2 周',
      nameEn: 'Week 2',
      type: 'TREATMENT',
      offsetDays: 14,
      windowBefore: 2,
      windowAfter: 3,
      repeatable: false,
      reminders: null,
    });
  });

  it('sends the reminder settings switched on, with 08:00 and 20:00 offered when no hour is chosen, and shows the server’s complaint on its field', async () => {
    const fake = server(designInit(), {
      'POST /project/event/save': () => fail(400, 'bad', { errorCode: 'request.invalid', errors: [{ path: 'reminders.push.cycleDays', message: 'reminders.push.cycleDays must be at least 1' }] }),
    });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('event-create', {}, FIRST));
    fireEvent.change(await screen.findByTestId('event-form-name'), { target: { value: '第 4 周' } });
    fireEvent.change(screen.getByTestId('event-form-offset'), { target: { value: '28' } });
    expect(screen.getAllByText('08:00 and 20:00 when none are set')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('event-form-push-enabled'));
    await waitFor(() => {
      expect(screen.getByTestId<HTMLInputElement>('event-form-push-times').disabled).toBe(false);
    });
    fireEvent.change(screen.getByTestId('event-form-push-times'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('event-form-push-cycle'), { target: { value: '7' } });
    fireEvent.change(screen.getByTestId('event-form-reminder-offset'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('event-form-submit'));
    await waitFor(() => {
      expect(sent(fake.requests, '/project/event/save')).toBe(true);
    });
    expect((bodyOf(fake.requests, '/project/event/save') as { reminders: unknown }).reminders).toEqual({
      notify: { enabled: false, roleIds: [], email: true, wechat: false, hours: [] },
      push: { enabled: true, times: 3, cycleDays: 7, email: true, wechat: false, hours: [] },
      offsetDays: 2,
      enforce: false,
    });
    expect(await screen.findByText('reminders.push.cycleDays must be at least 1')).toBeDefined();
  });

  it('saves the matrix with every ticked cell', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await openMatrix();
    expect(screen.getByTestId<HTMLInputElement>('matrix-cell-1-11').checked).toBe(true);
    expect(screen.getByTestId('matrix-count-2').textContent).toContain('0 / 2');
    fireEvent.click(screen.getByTestId('matrix-cell-2-11'));
    fireEvent.click(screen.getByTestId('matrix-cell-2-12'));
    fireEvent.click(screen.getByTestId('matrix-cell-1-11'));
    expect(screen.getByTestId('matrix-count-2').textContent).toContain('2 / 2');
    expect(screen.getByTestId('matrix-count-1').textContent).toContain('0 / 2');
    expect(screen.getByTestId('matrix-unsaved')).toBeDefined();
    fireEvent.click(screen.getByTestId('matrix-save'));
    await waitFor(() => {
      expect(sent(fake.requests, '/project/eventInstrument/saveMatrix')).toBe(true);
    });
    expect(bodyOf(fake.requests, '/project/eventInstrument/saveMatrix')).toEqual({
      projectId: 5,
      cells: [
        { eventId: 2, instrumentId: 11 },
        { eventId: 2, instrumentId: 12 },
      ],
    });
  });

  it('is read-only for a user without the design right: no new visit, no ticking', async () => {
    renderDesignPage({ path: PATH, fetch: server(designInit({ access: DATA_ENTRY_ONLY })).fetch });
    await screen.findByText('筛选', {}, FIRST);
    expect(screen.getByTestId('event-create').closest('button')?.disabled).toBe(true);
    expect(screen.getByTestId('event-edit-1').closest('button')?.disabled).toBe(true);
    await openMatrix();
    expect(screen.getByTestId<HTMLInputElement>('matrix-cell-2-11').disabled).toBe(true);
    expect(screen.getByTestId('matrix-save').closest('button')?.disabled).toBe(true);
  });
});
