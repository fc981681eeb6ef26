import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Mock } from 'vitest';
import { describe, expect, it } from 'vitest';
import type { CodingDictionary, CodingTermPage } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const MEDDRA: CodingDictionary = {
  id: 4,
  name: 'MedDRA',
  kind: 'MedDRA',
  version: '26.0',
  language: 'zh',
  licenceNote: 'Licence 123',
  termCount: 80412,
  enabled: true,
  codingCount: 12,
  uploadedBy: 'admin',
  uploadedAt: '2026-03-01T08:00:00.000Z',
  status: 'ready',
  fileName: 'meddra.csv',
  progress: null,
  failure: null,
  problemCount: 0,
  problems: [],
};
const IMPORTING: CodingDictionary = { ...MEDDRA, id: 5, version: '27.0', termCount: 0, enabled: false, codingCount: 0, status: 'importing', progress: { done: 20, total: 41 } };
const FAILED: CodingDictionary = {
  ...MEDDRA,
  id: 6,
  name: 'WHODrug',
  kind: 'WHODrug',
  version: '2026.1',
  termCount: 0,
  enabled: false,
  codingCount: 0,
  status: 'failed',
  failure: '词典有 203 处问题，未导入任何术语。第一处：第 3 行 编码 P1 重复（第 2 行已有）',
  problemCount: 203,
  problems: [
    { row: 3, column: 'code', message: '编码 P1 重复（第 2 行已有）' },
    { row: 4, column: 'parent_code', message: '上级编码 NOPE 不在词典中' },
  ],
};
const TERMS: CodingTermPage = {
  total: 1,
  page: 1,
  pageSize: 10,
  terms: [{ code: '10019211', term: '头痛', termEn: 'Headache', level: 'PT', parentCode: '10019233', path: '神经系统疾病 > 头痛 > 头痛 NEC > 头痛', pathEn: 'Nervous system disorders > Headaches > Headaches NEC > Headache' }],
};
const FIRST = { timeout: 20_000 };

describe('coding library /sys/coding (spec 000 §2.2)', { timeout: 60_000 }, () => {
  it('lists dictionaries in Chinese, browses terms by text, and disables one', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/coding/list': () => ok([MEDDRA]),
      'GET /sys/coding/terms': () => ok(TERMS),
      'POST /sys/coding/enable': () => ok({ ...MEDDRA, enabled: false }),
    });
    renderApp({ path: '/sys/coding', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const table = await screen.findByTestId('coding-dictionary-table', {}, FIRST);
    expect(await within(table).findByText('80412')).toBeDefined();
    expect(within(table).getByText('Licence 123')).toBeDefined();
    // A dictionary with codings cannot be deleted.
    expect(screen.getByTestId<HTMLButtonElement>('coding-delete-4').disabled).toBe(true);

    fireEvent.click(screen.getByTestId('coding-browse-4'));
    const browser = await screen.findByTestId('coding-term-browser');
    expect(await within(browser).findByText('神经系统疾病 > 头痛 > 头痛 NEC > 头痛')).toBeDefined();
    fireEvent.change(within(browser).getByTestId('coding-term-text'), { target: { value: 'head' } });
    fireEvent.click(within(browser).getByTestId('coding-term-search'));
    await waitFor(() => expect(fake.requests.filter((r) => r.path === '/sys/coding/terms').at(-1)?.search.get('text')).toBe('head'));
    expect(fake.requests.filter((r) => r.path === '/sys/coding/terms').at(-1)?.search.get('dictionaryId')).toBe('4');

    fireEvent.click(screen.getByTestId('coding-enable-4'));
    await waitFor(() => expect(fake.requests.find((r) => r.path === '/sys/coding/enable')?.body).toBe(JSON.stringify({ id: 4, enabled: false })));
    cleanup();
  });

  it('shows an importing upload with its progress, asks again until it is ready, and lists a failed upload’s problems', async () => {
    let calls = 0;
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/coding/list': () => {
        calls += 1;
        return ok(calls === 1 ? [IMPORTING, FAILED] : [{ ...IMPORTING, status: 'ready', progress: null, termCount: 80412, enabled: true }, FAILED]);
      },
    });
    renderApp({ path: '/sys/coding', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const status = await screen.findByTestId('coding-status-5', {}, FIRST);
    expect(within(status).getByText('导入中')).toBeDefined();
    expect(within(screen.getByTestId('coding-progress-5')).getByText('48%')).toBeDefined();
    expect(screen.getByTestId<HTMLButtonElement>('coding-browse-5').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('coding-delete-5').disabled).toBe(true);
    expect(screen.getByTestId('coding-enable-5').classList.contains('ant-switch-disabled')).toBe(true);

    expect(within(screen.getByTestId('coding-status-6')).getByText('导入失败')).toBeDefined();
    fireEvent.click(screen.getByTestId('coding-problems-6'));
    const problems = await screen.findByTestId('coding-problems');
    expect(within(problems).getByText('词典有 203 处问题，未导入任何术语。第一处：第 3 行 编码 P1 重复（第 2 行已有）')).toBeDefined();
    expect(within(problems).getByText('第 4 行 parent_code: 上级编码 NOPE 不在词典中')).toBeDefined();
    expect(within(problems).getByText('另有 201 处问题未列出')).toBeDefined();

    // The list is asked again while an upload imports, until it is ready; then it stops asking.
    await waitFor(() => expect(within(screen.getByTestId('coding-status-5')).getByText('可用')).toBeDefined(), { timeout: 10_000 });
    expect(calls).toBe(2);
    expect(screen.getByTestId<HTMLButtonElement>('coding-browse-5').disabled).toBe(false);
    cleanup();
  });

  it('uploads a dictionary as a multipart form, and lists the rows the server refused in English', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/coding/list': () => ok([]),
      'POST /sys/coding/upload': () =>
        fail(422, 'Problems found in the dictionary: 2; no term was imported. First: row 3: Code P1 repeats row 2', {
          errorCode: 'coding.rows_invalid',
          errors: [
            { path: 'row 3 code', message: 'Code P1 repeats row 2' },
            { path: 'row 4 parent_code', message: 'Parent code NOPE is not in the dictionary' },
          ],
        }),
    });
    renderApp({ path: '/sys/coding', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('coding-upload', {}, FIRST));
    fireEvent.change(await screen.findByTestId('coding-upload-name'), { target: { value: 'MedDRA' } });
    fireEvent.change(screen.getByTestId('coding-upload-version'), { target: { value: '27.0' } });
    fireEvent.click(screen.getByTestId('coding-upload-ok'));
    expect(await screen.findByText('Choose a file')).toBeDefined();
    expect(fake.requests.some((r) => r.path === '/sys/coding/upload')).toBe(false);

    const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['code,term'], 'meddra.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByTestId('coding-upload-ok'));
    const problems = await screen.findByTestId('coding-upload-problems');
    expect(within(problems).getByText('row 4 parent_code: Parent code NOPE is not in the dictionary')).toBeDefined();
    const call = (fake.fetch as unknown as Mock).mock.calls.find(([url]) => String(url).includes('/sys/coding/upload')) as [string, RequestInit];
    const form = call[1].body as FormData;
    expect([form.get('name'), form.get('kind'), form.get('version'), (form.get('file') as File).name]).toEqual(['MedDRA', 'MedDRA', '27.0', 'meddra.csv']);
    cleanup();
  });
});
