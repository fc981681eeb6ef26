import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Panel } from '@dcap/core';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import type { RecordedRequest } from '../../test/fakeServer';
import { DATA_ENTRY_ONLY, designInit, makeInstrument, renderDesignPage } from './designTestKit';
import { readFileText } from './uploadIssues';

const DM = makeInstrument(11, 'DM', { name: '人口学资料', nameEn: 'Demographics', fieldCount: 6 });
const VS = makeInstrument(12, 'VS', { name: '生命体征', nameEn: 'Vital signs', changedSincePublish: true });
const AE = makeInstrument(13, 'AE', { name: '不良事件', nameEn: 'Adverse events', kind: 'derived' });

const panel: Panel = {
  config: { labelWidth: 6, labelPosition: 'right' },
  list: [{ type: 'input', key: 'input_1', model: 'BRTHDTC', name: '出生日期', nameEn: 'Birth date', options: {} }],
};

/** The panel as version 2 holds it: the birth date was renamed since. */
const publishedPanel: Panel = {
  config: { labelWidth: 6, labelPosition: 'right' },
  list: [{ type: 'input', key: 'input_1', model: 'BRTHDAT', name: '出生年份', nameEn: 'Birth year', options: {} }],
};

const VERSIONS = [
  { version: 2, publishedAt: '2025-03-02T08:00:00.000Z', publishedBy: '张伟', note: null, environments: ['uat'] },
  { version: 1, publishedAt: '2025-02-01T08:00:00.000Z', publishedBy: '张伟', note: 'first', environments: ['prd'] },
];

const PATH = '/dCapVue/design/instruments';
/** The first render of the whole shell is slow on a busy machine. */
const FIRST = { timeout: 20_000 };

function server(routes: Parameters<typeof fakeServer>[0] = {}, init = designInit()) {
  return fakeServer({
    'GET /sys/init': () => ok(init),
    'GET /project/instrument/list/5': () => ok([DM, VS, AE]),
    'POST /project/instrument/save': () => ok(makeInstrument(14, 'CM')),
    'POST /project/instrument/sort': () => ok([VS, DM, AE]),
    'GET /project/instrument/templates': () => ok({ instruments: [{ id: 3, name: '合并用药', nameEn: 'Concomitant medication', nameAbbr: 'CM' }], domains: [] }),
    'POST /project/instrument/previewTemplatePanel': () => ok({ panel, name: '合并用药', nameAbbr: 'CM' }),
    'POST /project/instrument/copyTemplate': () => ok(makeInstrument(14, 'CM')),
    'POST /project/instrument/preview': () => ok({ instrumentId: 11, name: DM.name, nameEn: DM.nameEn, nameAbbr: 'DM', kind: 'form', panel, revision: 1 }),
    'GET /project/design/versions/5': () => ok(VERSIONS),
    'GET /project/instrument/preview/11/2': () => ok({ instrumentId: 11, name: DM.name, nameEn: DM.nameEn, nameAbbr: 'DM', kind: 'form', panel: publishedPanel, revision: 2 }),
    ...routes,
  });
}

const URL_FILE_METHODS = ['createObjectURL', 'revokeObjectURL'] as const;
const urlFileMethods = URL_FILE_METHODS.map((name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const);

/** The files the page hands to the browser; jsdom has no object URLs and does not save links. */
function captureDownloads(): { name: string; blob: Blob }[] {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const createObjectURL = (blob: Blob) => {
    const url = `blob:test/${String(blobs.size)}`;
    blobs.set(url, blob);
    return url;
  };
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: createObjectURL });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

function restoreUrlFileMethods(): void {
  for (const [name, descriptor] of urlFileMethods) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
}

const bodyOf = (requests: RecordedRequest[], path: string): unknown => JSON.parse(requests.find((request) => request.path === path)?.body ?? 'null');
const sent = (requests: RecordedRequest[], path: string) => requests.some((request) => request.path === path);

describe('instruments /dCapVue/design/instruments', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    restoreUrlFileMethods();
  });

  it('lists the panels with abbreviation, kind, field count and publish state', async () => {
    renderDesignPage({ path: PATH, fetch: server().fetch });
    const table = await screen.findByTestId('instrument-table', {}, FIRST);
    expect(await within(table).findByText('Demographics', {}, FIRST)).toBeDefined();
    expect(within(table).getByText('人口学资料')).toBeDefined();
    expect(within(table).getByText('6')).toBeDefined();
    expect(within(table).getByText('Derived variables')).toBeDefined();
    expect(within(table).getAllByText('Unpublished changes')).toHaveLength(1);
    expect(screen.queryByTestId('design-locked')).toBeNull();
  });

  it('creates a form panel with the fields entered', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('instrument-create', {}, FIRST));
    fireEvent.change(await screen.findByTestId('instrument-form-name'), { target: { value: ' 合并用药 ' } });
    fireEvent.change(screen.getByTestId('instrument-form-name-en'), { target: { value: 'Concomitant medication' } });
    fireEvent.change(screen.getByTestId('instrument-form-abbr'), { target: { value: 'CM' } });
    fireEvent.click(screen.getByTestId('instrument-form-submit'));
    await waitFor(() => {
      expect(sent(fake.requests, '/project/instrument/save')).toBe(true);
    });
    expect(bodyOf(fake.requests, '/project/instrument/save')).toEqual({
      projectId: 5,
      kind: 'form',
      name: '合并用药',
      nameEn: 'Concomitant medication',
      nameAbbr: 'CM',
      description: null,
    });
  });

  it('refuses an abbreviation with other characters before sending anything', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('instrument-create', {}, FIRST));
    fireEvent.change(await screen.findByTestId('instrument-form-name'), { target: { value: '合并用药' } });
    fireEvent.change(screen.getByTestId('instrument-form-abbr'), { target: { value: 'C-M' } });
    fireEvent.click(screen.getByTestId('instrument-form-submit'));
    expect(await screen.findByText('Letters, digits and underscores only, at most 32 characters')).toBeDefined();
    expect(sent(fake.requests, '/project/instrument/save')).toBe(false);
  });

  it('moves a panel down by sending every id in the new order', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await screen.findByText('Demographics', {}, FIRST);
    fireEvent.click(screen.getByTestId('instrument-down-DM'));
    await waitFor(() => {
      expect(sent(fake.requests, '/project/instrument/sort')).toBe(true);
    });
    expect(bodyOf(fake.requests, '/project/instrument/sort')).toEqual({ projectId: 5, ids: [12, 11, 13] });
  });

  it('copies a template after showing its panel', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('instrument-from-template', {}, FIRST));
    const select = await screen.findByTestId('template-form-template');
    const input = (select.closest('.ant-select') ?? select).querySelector('input');
    if (!input) throw new Error('no template input');
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText('CM · Concomitant medication', { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' }));
    const rendered = await screen.findByTestId('panel-view-rendered');
    expect(within(rendered).getAllByText('Birth date').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('panel-view-outline'));
    expect(within(await screen.findByTestId('panel-preview')).getByText('BRTHDTC')).toBeDefined();
    fireEvent.change(screen.getByTestId('template-form-abbr'), { target: { value: 'CM2' } });
    fireEvent.click(screen.getByTestId('template-form-submit'));
    await waitFor(() => {
      expect(sent(fake.requests, '/project/instrument/copyTemplate')).toBe(true);
    });
    expect(bodyOf(fake.requests, '/project/instrument/copyTemplate')).toEqual({ projectId: 5, templateId: 3, nameAbbr: 'CM2' });
  });

  it('previews a panel read-only through the form renderer, and as an outline', async () => {
    const fake = server();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('instrument-preview-DM', {}, FIRST));
    const rendered = await screen.findByTestId('panel-view-rendered');
    expect(within(rendered).getAllByText('Birth date').length).toBeGreaterThan(0);
    for (const control of rendered.querySelectorAll('input')) expect(control.disabled || control.readOnly).toBe(true);
    fireEvent.click(screen.getByTestId('panel-view-outline'));
    expect(within(await screen.findByTestId('panel-preview')).getByText('BRTHDTC')).toBeDefined();
    const request = fake.requests.find((item) => item.path === '/project/instrument/preview');
    expect(request?.search.get('projectId')).toBe('5');
    expect(bodyOf(fake.requests, '/project/instrument/preview')).toEqual({ instrumentId: 11, configMode: 'draft' });
  });

  it('previews a published version of the panel chosen from the published versions', async () => {
    const fake = server({ 'GET /project/instrument/preview/11/1': () => fail(404, 'Form not found', { errorCode: 'instrument.not_found' }) });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('instrument-preview-DM', {}, FIRST));
    expect(within(await screen.findByTestId('panel-view-rendered')).getAllByText('Birth date').length).toBeGreaterThan(0);
    const select = await screen.findByTestId('preview-version');
    const input = (select.closest('.ant-select') ?? select).querySelector('input');
    if (!input) throw new Error('no version input');
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText(/^v2 · 2025-03-0[12] \d\d:\d\d:\d\d \(uat\)$/u, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' }));
    await waitFor(() => {
      expect(within(screen.getByTestId('panel-view-rendered')).getAllByText('Birth year').length).toBeGreaterThan(0);
    });
    const request = fake.requests.find((item) => item.path === '/project/instrument/preview/11/2');
    expect(request?.method).toBe('GET');
    expect(request?.search.get('projectId')).toBe('5');

    // A version from before the panel existed says so instead of showing an empty form.
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText(/^v1 · 2025-0[12]-\d\d \d\d:\d\d:\d\d \(prd\)$/u, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' }));
    expect((await screen.findByTestId('panel-preview-failed')).textContent).toContain('This form is not part of that version');
    expect(sent(fake.requests, '/project/instrument/preview/11/1')).toBe(true);
  });

  it('downloads the example of the upload format from the upload dialog', async () => {
    const example = { format: 'dcap-instruments', version: 1, instruments: [{ name: '人口学资料', nameAbbr: 'DM', kind: 'form', panel }] };
    const fake = server({ 'GET /project/instrument/downloadTemplate/': () => ({ body: example }) });
    const saved = captureDownloads();
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('instrument-upload', {}, FIRST));
    fireEvent.click(await screen.findByTestId('upload-download-template'));
    await waitFor(() => {
      expect(saved).toHaveLength(1);
    });
    expect(fake.requests.filter((request) => request.path === '/project/instrument/downloadTemplate/').map((request) => request.method)).toEqual(['GET']);
    expect(saved[0]?.name).toBe('instrument-template.json');
    const blob = saved[0]?.blob;
    if (!blob) throw new Error('nothing saved');
    expect(JSON.parse(await readFileText(blob, () => undefined))).toEqual(example);
  });

  it('deletes a panel only after confirmation', async () => {
    const fake = server({ 'POST /project/instrument/delete': () => ok({ id: 12 }) });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('instrument-delete-VS', {}, FIRST));
    expect((await screen.findAllByText('Delete the form VS?')).length).toBeGreaterThan(0);
    expect(sent(fake.requests, '/project/instrument/delete')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => {
      expect(sent(fake.requests, '/project/instrument/delete')).toBe(true);
    });
    expect(bodyOf(fake.requests, '/project/instrument/delete')).toEqual({ projectId: 5, id: 12 });
  });

  it('uploads a file read in the browser and lists the per-panel problems of a refusal', async () => {
    const issues = [{ widgetKey: 'input_1', path: 'instruments.0.panel.list.0.model', code: 'panel.model_taken', message: '变量名重复', messageEn: 'Duplicate variable name' }];
    const fake = server({
      'POST /project/instrument/upload': () => fail(422, 'The file has invalid panels', { errors: issues }),
    });
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    fireEvent.click(await screen.findByTestId('instrument-upload', {}, FIRST));
    const content = { format: 'dcap-instruments', version: 1, instruments: [{ name: '人口学资料', nameAbbr: 'DM2', kind: 'form', panel }] };
    const input = (await screen.findByTestId('upload-file')).closest('.ant-upload-wrapper')?.querySelector('input[type="file"]') ?? document.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(content)], 'forms.json', { type: 'application/json' })] } });

    const failed = await screen.findByTestId('upload-failed');
    expect(within(failed).getByText('The file has invalid panels')).toBeDefined();
    expect(within(failed).getByText('DM2')).toBeDefined();
    expect(within(failed).getByText('Duplicate variable name')).toBeDefined();
    expect(screen.getByTestId('upload-progress')).toBeDefined();
    expect(bodyOf(fake.requests, '/project/instrument/upload')).toEqual({ projectId: 5, file: content, mode: 'append' });
  });

  it('is read-only for a user without the design right', async () => {
    const fake = server({}, designInit({ access: DATA_ENTRY_ONLY }));
    renderDesignPage({ path: PATH, fetch: fake.fetch });
    await screen.findByText('Demographics', {}, FIRST);
    expect(screen.getByTestId('design-locked').textContent).toContain('You do not have the design right');
    for (const id of ['instrument-create', 'instrument-from-template', 'instrument-upload', 'instrument-edit-DM', 'instrument-delete-DM', 'instrument-copy-DM', 'instrument-down-DM', 'instrument-design-DM']) {
      expect(screen.getByTestId(id).closest('button')?.disabled).toBe(true);
    }
    // Looking is still allowed.
    expect(screen.getByTestId('instrument-preview-DM').closest('button')?.disabled).toBe(false);
  });

  it('is read-only outside the development environment, saying why', async () => {
    renderDesignPage({ path: PATH, fetch: server({}, designInit({ currEnv: 'uat' })).fetch });
    await screen.findByText('Demographics', {}, FIRST);
    expect(screen.getByTestId('design-locked').textContent).toContain('only in the development environment');
    expect(screen.getByTestId('instrument-create').closest('button')?.disabled).toBe(true);
    // The designer still opens, to look; it shows the same lock.
    expect(screen.getByTestId('instrument-design-DM').closest('button')?.disabled).toBe(false);
  });
});
