import type { AlterationPage, AuditEntry, QueryFilterOptions } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const ENTRY: AuditEntry = {
  id: 91,
  at: '2026-03-01T08:05:09.000Z',
  actorId: 3,
  actorUsername: 'crc',
  actorName: '协调员钱',
  actorRole: 'CRC',
  action: 'record.value',
  entityType: 'field_value',
  entityId: '501:WEIGHT',
  siteId: 21,
  siteName: '协和医院',
  siteNameEn: 'PUMCH',
  subjectId: 41,
  subjectLabel: 'A01-0001',
  eventName: '筛选期',
  eventNameEn: 'Screening',
  instrumentName: '生命体征',
  instrumentNameEn: 'Vital signs',
  path: 'WEIGHT',
  oldValue: '70',
  newValue: '72',
  reason: 'Transcription error',
};

const OPTIONS: QueryFilterOptions = {
  sites: [{ id: 21, code: 'A01', name: '协和医院', nameEn: 'PUMCH' }],
  events: [{ id: 3, name: '筛选期', nameEn: 'Screening' }],
  instruments: [{ id: 5, name: '生命体征', nameEn: 'Vital signs' }],
  users: [{ id: 3, name: '协调员钱', username: 'crc' }],
};

const page = (list: AuditEntry[]): AlterationPage => ({ list, total: list.length, pageNo: 1, pageSize: 20 });

describe('alteration log /survey/alterationLog (spec 002 §2)', () => {
  it('searches with the filters entered, and reset clears them and lists everything again', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'GET /query/options': () => ok(OPTIONS),
      'GET /audit/alteration': (request) => ok(page(request.search.get('subject') === 'A09' ? [] : [ENTRY])),
    });
    renderApp({ path: '/survey/alterationLog', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('alteration-table');
    await within(table).findByText('Transcription error');

    const filters = screen.getByTestId('alteration-filters');
    const subject = within(filters).getByPlaceholderText('Subject number');
    fireEvent.change(subject, { target: { value: ' A09 ' } });
    fireEvent.click(screen.getByTestId('alteration-search'));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/audit/alteration' && request.search.get('subject') === 'A09')).toBe(true));
    await waitFor(() => expect(within(table).queryByText('Transcription error')).toBeNull());

    fireEvent.click(within(filters).getByRole('button', { name: 'Reset' }));
    await within(table).findByText('Transcription error');
    expect(within(screen.getByTestId('alteration-filters')).getByPlaceholderText<HTMLInputElement>('Subject number').value).toBe('');
  });
});
