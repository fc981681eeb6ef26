import type { AttachmentItem, Panel, RecordPanel, TableImportPreview } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** A panel with an image upload field and a repeatable medication table (drug, dose). */
const definition = {
  list: [
    { type: 'uploader', key: 'PHOTO', model: 'PHOTO', name: '照片', nameEn: 'Photos', options: {} },
    {
      type: 'table',
      key: 'CMTAB',
      model: 'CMTAB',
      name: '合并用药',
      nameEn: 'Medication',
      options: {
        repeatable: true,
        data: [{ CMTRT: null, CMDOSE: null }],
        columns: [
          { key: 'CMTRT', title: '药物名称', titleEn: 'Drug', widget: { type: 'input', key: 'CMTAB_CMTRT', model: 'CMTAB_CMTRT', name: '药物名称', table: 'CMTAB', options: {} } },
          { key: 'CMDOSE', title: '剂量', titleEn: 'Dose', widget: { type: 'number', key: 'CMTAB_CMDOSE', model: 'CMTAB_CMDOSE', name: '剂量', table: 'CMTAB', options: {} } },
        ],
      },
    },
  ],
  config: { labelWidth: 8, labelPosition: 'right' },
} as unknown as Panel;

function recordPanel(overrides: Partial<RecordPanel> = {}): RecordPanel {
  return {
    panelInstanceId: 39,
    subjectId: 4,
    siteId: 1,
    eventInstanceId: 21,
    instrumentId: 2,
    seq: 1,
    version: 1,
    status: 'INCOMPLETE',
    unchecked: false,
    firstSavedAt: '2026-01-01T00:00:00.000Z',
    subject: { platformNo: 'S01-0004', subjectCode: null, initials: 'LY', status: 'TESTING' },
    event: { id: 3, name: '筛选期', nameEn: 'Screening', seq: 1 },
    instrument: { name: '检查', nameEn: 'Checks', nameAbbr: 'CK', panel: definition },
    values: {},
    fields: {},
    openQueries: {},
    signatures: { active: 0, lastSignedAt: null, lastSigner: null },
    flags: { panelAutoCover: false, panelAutoSwitch: false },
    rights: { view: true, enter: true, verify: false, review: false, sign: false, lock: false, freeze: false, raiseQuery: false, answerQuery: false, handleAllQuery: false, editable: true },
    visitPanels: [{ panelInstanceId: 39, name: '检查', nameEn: 'Checks', status: 'INCOMPLETE' }],
    ...overrides,
  };
}

const item: AttachmentItem = {
  id: 7,
  name: 'scan.pdf',
  kind: 'field',
  contentType: 'application/pdf',
  size: 2048,
  sha256: 'a'.repeat(64),
  subjectId: 4,
  eventInstanceId: 21,
  panelInstanceId: 39,
  path: 'PHOTO',
  createdAt: '2026-01-02T00:00:00.000Z',
  createdById: 1,
  createdBy: '管理员',
};

const preview: TableImportPreview = {
  table: 'CMTAB',
  columns: ['CMTRT', 'CMDOSE'],
  unmatched: [],
  rows: [
    { row: 2, values: { CMTRT: 'Aspirin', CMDOSE: 100 }, cells: { CMTRT: 'Aspirin', CMDOSE: '100' } },
    { row: 3, values: { CMTRT: 'Heparin', CMDOSE: null }, cells: { CMTRT: 'Heparin', CMDOSE: 'abc' } },
  ],
  errors: [{ row: 3, column: 'CMDOSE', code: 'attachment.cell_number', message: '“abc” is not a number' }],
  total: 2,
  huge: false,
};

const PATH = '/survey/subject/4/panel/39';
const FIRST = { timeout: 20_000 };

function server(panel: RecordPanel) {
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
    'GET /project/recordDataManage/panel/39': () => ok(panel),
    'POST /project/recordData/attachment/list': () => ok([item]),
    'POST /project/recordData/import': () => ok(preview),
  });
}

describe('attachments and table import on the panel entry page (spec 002 §2, §5)', { timeout: 60_000 }, () => {
  it('lists the upload field’s attachments with upload and delete once the panel was saved', async () => {
    const fake = server(recordPanel());
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    const list = await screen.findByTestId('attachments-field', {}, FIRST);
    expect(await within(list).findByText('scan.pdf', {}, FIRST)).toBeDefined();
    expect(within(list).getByTestId('upload-field').hasAttribute('disabled')).toBe(false);
    expect(within(list).getByTestId('delete-attachment-scan.pdf')).toBeDefined();
    const sent = JSON.parse(fake.requests.find((request) => request.path === '/project/recordData/attachment/list')?.body ?? '{}') as Record<string, unknown>;
    // The field's list is read from the panel's one list of field images (docs/decisions.md "Attachments").
    expect(sent).toEqual({ kind: 'panelFields', instrumentInsId: 39 });
  });

  it('disables the upload with the prompt to save first while the panel was never saved', async () => {
    renderApp({ path: PATH, fetch: server(recordPanel({ firstSavedAt: null, version: 0, status: 'EXPIRED' })).fetch, locale: 'en-US', token: 't' });
    const list = await screen.findByTestId('attachments-field', {}, FIRST);
    expect(within(list).getByText('Enter and save the required panel data first')).toBeDefined();
    expect(within(list).getByTestId('upload-field').hasAttribute('disabled')).toBe(true);
  });

  it('reads a sheet in the Excel upload modal, shows the rows with the unreadable cell, and OK adds the rows to the table', async () => {
    const fake = server(recordPanel());
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('table-import-CMTAB', {}, FIRST));
    const modal = await screen.findByTestId('table-import-modal');
    const input = modal.querySelector('input[type=file]') as HTMLInputElement;
    const xlsx = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])], 'cm.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    fireEvent.change(input, { target: { files: [xlsx] } });
    expect((await screen.findByTestId('table-import-count', {}, FIRST)).textContent).toBe('2 rows read');
    const table = screen.getByTestId('table-import-preview');
    expect(within(table).getByText('abc').className).toContain('dcap-cell-error');
    expect(screen.getByText('Row 3 Dose: “abc” is not a number')).toBeDefined();
    fireEvent.click(screen.getByTestId('table-import-ok'));
    await waitFor(() => expect(screen.getAllByTestId('row-CMTAB')).toHaveLength(2));
    expect(screen.getByDisplayValue('Aspirin')).toBeDefined();
    expect(screen.getByDisplayValue('Heparin')).toBeDefined();
  });

  it('tells the user to save a legacy .xls as .xlsx without sending it', async () => {
    const fake = server(recordPanel());
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('table-import-CMTAB', {}, FIRST));
    const modal = await screen.findByTestId('table-import-modal');
    const xls = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])], 'old.xls', { type: 'application/vnd.ms-excel' });
    fireEvent.change(modal.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [xls] } });
    expect(await screen.findByText('Legacy .xls files are not supported; save the file as .xlsx in Excel and upload it again', {}, FIRST)).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/project/recordData/import')).toBe(false);
  });
});
