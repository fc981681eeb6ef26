import type { AttachmentItem, Panel, RecordPanel } from '@dcap/core';
import { ROW_KEY_FIELD } from '@dcap/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import type { RecordedRequest } from '../../test/fakeServer';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** A repeatable medication table with an image column: a photo of the medicine's box per row. */
const definition = {
  list: [
    {
      type: 'table',
      key: 'CMTAB',
      model: 'CMTAB',
      name: '合并用药',
      nameEn: 'Medication',
      options: {
        repeatable: true,
        data: [{ CMTRT: null, CMBOX: null }],
        columns: [
          { key: 'CMTRT', title: '药物名称', titleEn: 'Drug', widget: { type: 'input', key: 'CMTAB_CMTRT', model: 'CMTAB_CMTRT', name: '药物名称', table: 'CMTAB', options: {} } },
          { key: 'CMBOX', title: '药盒照片', titleEn: 'Box photo', widget: { type: 'uploader', key: 'CMTAB_CMBOX', model: 'CMTAB_CMBOX', name: '药盒照片', table: 'CMTAB', options: {} } },
        ],
      },
    },
  ],
  config: { labelWidth: 8, labelPosition: 'right' },
} as unknown as Panel;

const CELL = 'CMTAB#r3.CMBOX';

function recordPanel(overrides: Partial<RecordPanel> = {}): RecordPanel {
  return {
    panelInstanceId: 39,
    subjectId: 4,
    siteId: 1,
    eventInstanceId: 21,
    instrumentId: 2,
    seq: 1,
    version: 2,
    status: 'INCOMPLETE',
    unchecked: false,
    firstSavedAt: '2026-01-01T00:00:00.000Z',
    subject: { platformNo: 'S01-0004', subjectCode: null, initials: 'LY', status: 'TESTING' },
    event: { id: 3, name: '筛选期', nameEn: 'Screening', seq: 1 },
    instrument: { name: '合并用药', nameEn: 'Medication', nameAbbr: 'CM', panel: definition },
    // The row kept key r3 after rows r1 and r2 were deleted: its images are keyed by r3, not by its position.
    values: { CMTAB: [{ [ROW_KEY_FIELD]: 'r3', CMTRT: 'Aspirin', CMBOX: null }] },
    fields: {},
    openQueries: {},
    signatures: { active: 0, lastSignedAt: null, lastSigner: null },
    flags: { panelAutoCover: false, panelAutoSwitch: false },
    rights: { view: true, enter: true, verify: false, review: false, sign: false, lock: false, freeze: false, raiseQuery: false, answerQuery: false, handleAllQuery: false, editable: true },
    visitPanels: [{ panelInstanceId: 39, name: '合并用药', nameEn: 'Medication', status: 'INCOMPLETE' }],
    ...overrides,
  };
}

const box: AttachmentItem = {
  id: 8,
  name: 'box.png',
  kind: 'field',
  contentType: 'image/png',
  size: 2048,
  sha256: 'b'.repeat(64),
  subjectId: 4,
  eventInstanceId: 21,
  panelInstanceId: 39,
  path: CELL,
  createdAt: '2026-01-02T00:00:00.000Z',
  createdById: 1,
  createdBy: '管理员',
};

const LIST = '/project/recordData/attachment/list';
/** The list calls for field images: the panel's source documents are a list of their own. */
const listCalls = (requests: readonly RecordedRequest[]) =>
  requests
    .filter((request) => request.path === LIST)
    .map((request) => JSON.parse(request.body ?? '{}') as { kind?: string })
    .filter((body) => body.kind !== 'source');

/** The server's panel-wide list answers every field image of panel 39; a deletion takes the image out of it. */
function server(panel: RecordPanel, images: AttachmentItem[] = [box], saved?: RecordPanel) {
  let stored = [...images];
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(ADMIN)),
    'GET /project/recordDataManage/panel/39': () => ok(panel),
    'POST /project/recordDataManage/save': () => ok(saved ?? panel),
    [`POST ${LIST}`]: (request) => ok((JSON.parse(request.body ?? '{}') as { kind?: string }).kind === 'panelFields' ? stored : []),
    ...Object.fromEntries(
      images.map((image) => [
        `GET /project/recordData/attachment/delete/${String(image.id)}`,
        () => {
          stored = stored.filter((item) => item.id !== image.id);
          return ok(image);
        },
      ]),
    ),
  });
}

const PATH = '/survey/subject/4/panel/39';
const FIRST = { timeout: 20_000 };

describe('images in a repeatable table’s cells on the panel entry page (spec 002 §2, §5)', { timeout: 60_000 }, () => {
  it('shows a saved row’s cell as a compact count, listed by the row-stable path, and opens the list with upload and delete', async () => {
    const fake = server(recordPanel());
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    const button = await screen.findByTestId(`cell-attachments-${CELL}`, {}, FIRST);
    await waitFor(() => expect(button.textContent).toBe('1 image'), FIRST);
    expect(listCalls(fake.requests)).toEqual([{ kind: 'panelFields', instrumentInsId: 39 }]);
    expect(screen.queryByText('box.png')).toBeNull();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Images in this cell')).toBeDefined();
    expect(await within(dialog).findByText('box.png', {}, FIRST)).toBeDefined();
    expect(within(dialog).getByTestId('upload-field').hasAttribute('disabled')).toBe(false);
    expect(within(dialog).getByTestId('delete-attachment-box.png')).toBeDefined();
  });

  it('keeps a new row’s cell disabled with the prompt to save first, as it has no path until saved', async () => {
    renderApp({ path: PATH, fetch: server(recordPanel()).fetch, locale: 'zh-CN', token: 't' });
    await waitFor(() => expect(screen.getByTestId(`cell-attachments-${CELL}`).textContent).toBe('1 张图片'), FIRST);
    fireEvent.click(screen.getByTestId('add-row-CMTAB'));
    await waitFor(() => expect(screen.getAllByTestId('row-CMTAB')).toHaveLength(2));
    const [, added] = screen.getAllByTestId('cell-CMTAB-CMBOX');
    expect(within(added as HTMLElement).getByText('请先录入并保存本表单数据后再上传附件')).toBeDefined();
    expect(within(added as HTMLElement).getByRole('button').hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByTestId(/^cell-attachments-/)).toHaveLength(1);
  });

  it('opens a locked cell’s images for viewing only', async () => {
    const locked = { status: 'LOCKED', frozen: false, inactiveType: null, saved: true, updatedBy: 'admin', updatedAt: '2026-01-02T00:00:00.000Z' };
    renderApp({ path: PATH, fetch: server(recordPanel({ fields: { [CELL]: locked } as RecordPanel['fields'] })).fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId(`cell-attachments-${CELL}`, {}, FIRST));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('box.png', {}, FIRST)).toBeDefined();
    expect(within(dialog).queryByTestId('upload-field')).toBeNull();
    expect(within(dialog).queryByTestId('delete-attachment-box.png')).toBeNull();
  });

  it('asks once for a table of several image cells, shows each cell its own count, and asks again after a deletion', async () => {
    const rows = ['r1', 'r2', 'r4', 'r6', 'r7'].map((key, index) => ({ [ROW_KEY_FIELD]: key, CMTRT: `Drug ${String(index)}`, CMBOX: null }));
    const image = (id: number, row: string, name: string): AttachmentItem => ({ ...box, id, name, path: `CMTAB#${row}.CMBOX` });
    const images = [image(11, 'r2', 'r2-front.png'), image(12, 'r4', 'r4-front.png'), image(13, 'r4', 'r4-back.png'), image(14, 'r9', 'other-row.png')];
    const fake = server(recordPanel({ values: { CMTAB: rows } }), images);
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    const count = (row: string) => screen.getByTestId(`cell-attachments-CMTAB#${row}.CMBOX`).textContent;
    await waitFor(() => expect(count('r4')).toBe('2 images'), FIRST);
    expect(['r1', 'r2', 'r4', 'r6', 'r7'].map(count)).toEqual(['0 images', '1 image', '2 images', '0 images', '0 images']);
    expect(listCalls(fake.requests)).toEqual([{ kind: 'panelFields', instrumentInsId: 39 }]);

    fireEvent.click(screen.getByTestId('cell-attachments-CMTAB#r4.CMBOX'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('r4-back.png', {}, FIRST)).toBeDefined();
    expect(within(dialog).queryByText('r2-front.png')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('delete-attachment-r4-back.png'));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const confirm = screen.getAllByRole('dialog')[1] as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(count('r4')).toBe('1 image'), FIRST);
    expect(count('r2')).toBe('1 image');
    expect(listCalls(fake.requests)).toHaveLength(2);
  });

  it('reads the panel’s images again after a save, so a row saved or deleted shows what the server now holds', async () => {
    const saved = recordPanel({ version: 3, values: { CMTAB: [{ [ROW_KEY_FIELD]: 'r3', CMTRT: 'Aspirin', CMBOX: null }, { [ROW_KEY_FIELD]: 'r4', CMTRT: 'Ibuprofen', CMBOX: null }] } });
    const fake = server(recordPanel(), [box], saved);
    renderApp({ path: PATH, fetch: fake.fetch, locale: 'en-US', token: 't' });
    await waitFor(() => expect(screen.getByTestId(`cell-attachments-${CELL}`).textContent).toBe('1 image'), FIRST);
    expect(listCalls(fake.requests)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('add-row-CMTAB'));
    await waitFor(() => expect(screen.getAllByTestId('row-CMTAB')).toHaveLength(2));
    const [, added] = screen.getAllByTestId('cell-CMTAB-CMTRT');
    fireEvent.change(within(added as HTMLElement).getByRole('textbox'), { target: { value: 'Ibuprofen' } });
    fireEvent.click(screen.getByTestId('save-panel'));
    await waitFor(() => expect(screen.getByTestId('cell-attachments-CMTAB#r4.CMBOX').textContent).toBe('0 images'), FIRST);
    await waitFor(() => expect(listCalls(fake.requests)).toHaveLength(2));
  });
});
