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

  it('uploads a dictionary as a multipart form, and lists the rows the server refused in English', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/coding/list': () => ok([]),
      'POST /sys/coding/upload': () =>
        fail(422, 'The dictionary has 2 problems; no term was imported. First: row 3: Code P1 repeats row 2', {
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
