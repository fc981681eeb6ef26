import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SysDict } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderLibraryPage } from './libraryTestKit';

const SEX: SysDict = {
  id: 3,
  key: 'SEX',
  value: '性别',
  valueEn: 'Sex',
  items: [
    { key: 'M', value: 'M', label: '男', labelEn: 'Male' },
    { key: 'F', value: 'F', label: '女', labelEn: 'Female' },
  ],
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const FIRST = { timeout: 20_000 };

function server(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({ 'GET /sys/init': () => ok(makeInit(ADMIN)), 'GET /sys/dict/list': () => ok([SEX]), ...routes });
}

describe('dictionaries /sys/dict', { timeout: 60_000 }, () => {
  it('lists dictionaries with their options in the chosen language, and searches', async () => {
    const fake = server();
    renderLibraryPage({ path: '/sys/dict', fetch: fake.fetch, locale: 'en-US' });
    const table = await screen.findByTestId('dict-table', {}, FIRST);
    expect(await within(table).findByText('M Male')).toBeDefined();
    expect(within(table).getByText('Sex')).toBeDefined();
    const search = within(screen.getByTestId('dict-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'se' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      expect(fake.requests.at(-1)?.search.get('keyword')).toBe('se');
    });
  });

  it('creates a dictionary with its options and shows a taken key on the key field, in Chinese', async () => {
    const fake = server({ 'POST /sys/dict/save': () => fail(409, '字典编码 LAT 已存在', { errorCode: 'library.dict_key_taken' }) });
    renderLibraryPage({ path: '/sys/dict', fetch: fake.fetch, locale: 'zh-CN' });
    fireEvent.click(await screen.findByTestId('dict-create', {}, FIRST));
    fireEvent.change(await screen.findByTestId('dict-form-key'), { target: { value: 'LAT' } });
    fireEvent.change(screen.getByTestId('dict-form-value'), { target: { value: '侧别' } });
    fireEvent.change(screen.getByTestId('dict-form-items-value-0'), { target: { value: 'L' } });
    fireEvent.change(screen.getByTestId('dict-form-items-label-0'), { target: { value: '左' } });
    fireEvent.click(screen.getByTestId('dict-form-items-add'));
    fireEvent.change(await screen.findByTestId('dict-form-items-value-1'), { target: { value: 'R' } });
    fireEvent.change(screen.getByTestId('dict-form-items-label-1'), { target: { value: '右' } });
    fireEvent.change(screen.getByTestId('dict-form-items-labelEn-1'), { target: { value: 'Right' } });
    fireEvent.click(screen.getByTestId('dict-form-submit'));
    await waitFor(() => {
      expect(JSON.parse(fake.requests.find((request) => request.path === '/sys/dict/save')?.body ?? '{}')).toEqual({
        key: 'LAT',
        value: '侧别',
        items: [
          { key: 'L', value: 'L', label: '左' },
          { key: 'R', value: 'R', label: '右', labelEn: 'Right' },
        ],
      });
    });
    await waitFor(() => {
      expect(screen.getAllByText('字典编码 LAT 已存在').length).toBeGreaterThanOrEqual(2);
    });
  });

  it('refuses a repeated option code before sending anything', async () => {
    const fake = server();
    renderLibraryPage({ path: '/sys/dict', fetch: fake.fetch, locale: 'en-US' });
    fireEvent.click(await screen.findByTestId('dict-edit-SEX', {}, FIRST));
    fireEvent.change(await screen.findByTestId('dict-form-items-value-1'), { target: { value: 'M' } });
    fireEvent.click(screen.getByTestId('dict-form-submit'));
    expect(await screen.findByText('The code M is used twice')).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/sys/dict/save')).toBe(false);
  });

  it('deletes a dictionary after a confirmation', async () => {
    const fake = server({ 'POST /sys/dict/delete': () => ok({ id: 3 }) });
    renderLibraryPage({ path: '/sys/dict', fetch: fake.fetch, locale: 'en-US' });
    fireEvent.click(await screen.findByTestId('dict-delete-SEX', {}, FIRST));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => {
      expect(JSON.parse(fake.requests.find((request) => request.path === '/sys/dict/delete')?.body ?? '{}')).toEqual({ id: 3 });
    });
  });
});
