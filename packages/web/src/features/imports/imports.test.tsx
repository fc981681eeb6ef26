import type { ImportTask, ImportTaskDetail, ImportTaskPage } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const TASK: ImportTask = {
  id: 5,
  type: 'record',
  instrumentId: 3,
  instrumentName: 'Demographics',
  fileName: 'dm.csv',
  format: 'csv',
  status: 'checked',
  rowsTotal: 2,
  rowsOk: 1,
  rowsWithErrors: 1,
  changes: 2,
  changesOfSaved: 1,
  progress: { done: 0, total: 2 },
  rowsWritten: 0,
  valuesChanged: 0,
  failure: null,
  createdBy: 'importer',
  createdAt: '2026-03-01T08:05:09.000Z',
  appliedBy: null,
  appliedAt: null,
  canApply: false,
};

const WITH_ERRORS: ImportTaskDetail = {
  task: TASK,
  columns: [
    { model: 'INITIALS', title: 'Initials' },
    { model: 'SEX', title: 'Sex' },
  ],
  rows: [
    { row: 2, subject: 'A01-0001', visit: 'Screening', cells: { INITIALS: 'XY', SEX: 'Female' }, outcome: 'ok', errors: [], changes: 2, changesOfSaved: 1 },
    {
      row: 3,
      subject: 'A01-0009',
      visit: 'Screening',
      cells: { SEX: '3' },
      outcome: 'error',
      errors: [
        { column: 'subject', code: 'import.unknown_subject', params: { subject: 'A01-0009' }, message: 'The subject “A01-0009” does not exist or you have no access to it' },
        { column: 'SEX', code: 'import.value_not_allowed', params: { value: '3' }, message: '“3” is not one of the options' },
      ],
      changes: 0,
      changesOfSaved: 0,
    },
  ],
};

const FIXED: ImportTaskDetail = { task: { ...TASK, id: 6, rowsTotal: 1, rowsOk: 1, rowsWithErrors: 0, canApply: true }, columns: WITH_ERRORS.columns, rows: [WITH_ERRORS.rows[0] as ImportTaskDetail['rows'][number]] };

describe('record import /import/importList and its detail (spec 000 §2.2)', () => {
  it('lists tasks, shows the dry run report by row and column, and applies a fixed upload with a reason', async () => {
    const page: ImportTaskPage = { total: 1, records: [TASK] };
    let applied = false;
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
      'POST /platformDataImport/record/list': () => ok(page),
      'GET /platformDataImport/record/instruments': () => ok([{ id: 3, name: 'Demographics', nameAbbr: 'DM', fields: 3 }]),
      'POST /platformDataImport/record/detail': (request) => {
        const id = (JSON.parse(request.body ?? '{}') as { id: number }).id;
        if (id === 6) return ok(applied ? { ...FIXED, task: { ...FIXED.task, status: 'applied', rowsWritten: 1, valuesChanged: 2, canApply: false } } : FIXED);
        return ok(WITH_ERRORS);
      },
      'POST /platformDataImport/record/apply': () => {
        applied = true;
        return ok({ ...FIXED, task: { ...FIXED.task, status: 'queued', canApply: false } });
      },
    });
    renderApp({ path: '/import/importList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('import-table');
    await within(table).findByText('dm.csv');
    expect(within(table).getByText('Checked')).toBeDefined();
    fireEvent.click(within(table).getByTestId('import-view-5'));

    const report = await screen.findByTestId('import-report');
    expect(await within(report).findByText('“3” is not one of the options')).toBeDefined();
    expect(within(report).getByText('The subject “A01-0009” does not exist or you have no access to it')).toBeDefined();
    expect(screen.getByTestId('import-report-summary').textContent).toContain('1 of 2 rows have errors');
    // Only the rows with errors are listed until asked for all; the fixed file is uploaded again from here.
    expect(within(report).queryByText('A01-0001')).toBeNull();
    expect(screen.getByTestId('import-upload').textContent).toContain('Fix and upload again');
    expect(screen.queryByTestId('import-apply')).toBeNull();

    fake.requests.length = 0;
    renderApp({ path: '/import/importDetail/6', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const apply = await screen.findByTestId('import-apply');
    fireEvent.click(apply);
    expect(await screen.findByText('Choose a reason for the change')).toBeDefined();
    fireEvent.mouseDown(within(screen.getByTestId('import-reason')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Transcription error'));
    fireEvent.click(screen.getByTestId('import-apply'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(fake.requests.some((request) => request.path === '/platformDataImport/record/apply')).toBe(true));
    const sent = fake.requests.find((request) => request.path === '/platformDataImport/record/apply');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ id: 6, reason: { code: 'TRANSCRIPTION_ERROR' } });
    expect((await screen.findByTestId('import-result', {}, { timeout: 5000 })).textContent).toContain('1 rows written, 2 values changed');
  });
});
