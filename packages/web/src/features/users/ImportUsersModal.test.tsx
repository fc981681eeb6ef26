import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@dcap/core';
import { ADMIN, makeInit, makeUser } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const badPreview: ImportPreview = {
  total: 2,
  valid: 1,
  rows: [
    { row: 2, user: { username: 'wang.wu', name: '王五' }, errors: [] },
    { row: 3, user: { username: 'bad name!', name: 'Bad' }, errors: [{ field: 'username', message: 'Invalid login name' }] },
  ],
};
const goodPreview: ImportPreview = { total: 1, valid: 1, rows: [{ row: 2, user: { username: 'wang.wu', name: '王五' }, errors: [] }] };

function server(preview: ImportPreview) {
  return fakeServer({
    'GET /sys/init': () => ok(makeInit(ADMIN)),
    'GET /sys/user/list': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 20 }),
    'POST /sys/user/preview': () => ok(preview),
    'POST /sys/user/importConfirm': () => ok({ created: [{ user: makeUser({ id: 30, username: 'wang.wu', name: '王五' }), password: 'Gen3rated#Pw01' }] }),
  });
}

async function upload() {
  fireEvent.click(await screen.findByTestId('user-import'));
  const dialog = await screen.findByRole('dialog');
  const input = dialog.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['x'], 'users.xlsx')] } });
  return dialog;
}

describe('user import dialog (spec 002 §7 exportTemplate, preview)', () => {
  it('shows each row’s errors and will not create anyone while a row has one', async () => {
    const fake = server(badPreview);
    renderApp({ path: '/sys/user', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const dialog = await upload();
    expect((await within(dialog).findByTestId('import-summary')).textContent).toContain('1 of 2 rows have errors');
    expect(within(dialog).getByTestId('import-row-errors-3').textContent).toBe('Invalid login name');
    expect(within(dialog).getByTestId('import-confirm').hasAttribute('disabled')).toBe(true);
    expect(fake.requests.some((request) => request.path.endsWith('/importConfirm'))).toBe(false);
  });

  it('creates every row when all are valid and shows the passwords once, to be changed at first sign-in', async () => {
    const fake = server(goodPreview);
    renderApp({ path: '/sys/user', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const dialog = await upload();
    expect((await within(dialog).findByTestId('import-summary')).textContent).toContain('全部 1 行无误');
    fireEvent.click(within(dialog).getByTestId('import-confirm'));
    const result = await within(dialog).findByTestId('import-result');
    expect(within(result).getByText('Gen3rated#Pw01')).toBeDefined();
    expect(result.textContent).toContain('用户首次登录时必须将此密码改为自己的密码。');
    await waitFor(() => {
      const sent = fake.requests.find((request) => request.path.endsWith('/importConfirm'));
      expect(JSON.parse(sent?.body ?? 'null')).toEqual({ users: [{ username: 'wang.wu', name: '王五' }] });
    });
  });
});
