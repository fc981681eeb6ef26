import type { Query, QueryFilterOptions, QueryPage, QueryThread } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const QUERY: Query = {
  id: 7,
  siteId: 21,
  siteName: '协和医院',
  subjectId: 41,
  subjectLabel: 'A01-0001',
  eventInstanceId: 301,
  eventName: '筛选期',
  eventNameEn: 'Screening',
  panelInstanceId: 501,
  instrumentId: 5,
  instrumentName: '生命体征',
  instrumentNameEn: 'Vital signs',
  path: 'WEIGHT',
  fieldLabel: '体重',
  fieldLabelEn: 'Weight',
  status: 'OPEN',
  content: '体重与原始病历不符',
  contentEn: 'Weight differs from the source',
  raisedBy: { id: 3, name: '监查员赵' },
  raisedRole: 'CRA',
  raisedAt: '2026-03-01T08:05:09.000Z',
  updatedAt: '2026-03-01T08:05:09.000Z',
  closedBy: null,
  closedAt: null,
  ageDays: 12,
  abilities: ['answer', 'close', 'cancel'],
};

const PAGE: QueryPage = {
  list: [QUERY],
  total: 1,
  pageNo: 1,
  pageSize: 20,
  counts: { OPEN: 1, ANSWERED: 2, CLOSED: 3, AUTO_CLOSED: 0, CANCELED: 1 },
  openAges: { le7: 2, d8to30: 1, gt30: 0 },
};

const OPTIONS: QueryFilterOptions = {
  sites: [{ id: 21, code: 'A01', name: '协和医院', nameEn: 'PUMCH' }],
  events: [{ id: 3, name: '筛选期', nameEn: 'Screening' }],
  instruments: [{ id: 5, name: '生命体征', nameEn: 'Vital signs' }],
  users: [{ id: 3, name: '监查员赵', username: 'cra' }],
};

const THREAD: QueryThread = { query: QUERY, comments: [{ id: 1, action: 'raise', content: '体重与原始病历不符', author: { id: 3, name: '监查员赵' }, createdAt: QUERY.raisedAt }] };

describe('query management /survey/queries (spec 002 §2)', () => {
  it('shows counts per status and the queries, filters by a status count, and answers a query in its thread', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'GET /query/options': () => ok(OPTIONS),
      'GET /query/list': () => ok(PAGE),
      'GET /query/panel': () => ok({ queries: [QUERY], mayRaise: true }),
      'GET /query/thread': () => ok(THREAD),
      'POST /query/answer': () => ok({ ...QUERY, status: 'ANSWERED', abilities: [] }),
    });
    renderApp({ path: '/survey/queries', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('query-table');
    await within(table).findByText('A01-0001');
    expect(within(table).getByText('Weight')).toBeDefined();
    expect(within(table).getByText('Pending reply')).toBeDefined();
    expect(within(table).getByText('Weight differs from the source')).toBeDefined();
    expect(within(screen.getByTestId('query-counts')).getByText('7')).toBeDefined();

    fireEvent.click(screen.getByTestId('query-count-CLOSED'));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/query/list' && request.search.get('status') === 'CLOSED')).toBe(true), { timeout: 5000 });

    fireEvent.click(within(table).getByTestId('query-open-7'));
    const thread = await screen.findByTestId('query-thread-7');
    fireEvent.click(await within(thread).findByTestId('query-answer'));
    expect(await within(thread).findByText('Enter the answer')).toBeDefined();
    fireEvent.change(within(thread).getByTestId('query-comment'), { target: { value: 'Checked against the source' } });
    fireEvent.click(within(thread).getByTestId('query-answer'));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/query/answer')).toBe(true));
    const sent = fake.requests.find((request) => request.path === '/query/answer');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ id: 7, comment: 'Checked against the source' });
  });
});
