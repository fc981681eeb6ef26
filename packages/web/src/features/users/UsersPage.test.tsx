import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@dcap/core';
import { ADMIN, makeInit, makeUser } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import type { RecordedRequest } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const zhang = makeUser();
const locked = makeUser({ id: 11, username: 'wang.fang', name: '王芳', nameEn: null, status: 'locked', projectAdmin: true });

function adminServer(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /sys/init': () => ok(makeInit(ADMIN)),
    'GET /sys/user/list': () => ok({ list: [zhang, locked], total: 2, pageNo: 1, pageSize: 20 }),
    'POST /sys/user/validateUser': () => ok({ available: true }),
    ...routes,
  });
}

const bodyOf = (request: RecordedRequest | undefined): unknown => JSON.parse(request?.body ?? 'null');

async function openCreateForm() {
  fireEvent.click(await screen.findByTestId('user-create'));
  return screen.findByTestId('user-form');
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('platform users page', () => {
  it('lists users with their roles and status, and searches by keyword', async () => {
    const server = adminServer();
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('user-table');
    expect(await within(table).findByText('zhang.wei')).toBeDefined();
    expect(within(table).getByText('Locked')).toBeDefined();
    expect(within(table).getByText('Project administrator')).toBeDefined();
    expect(screen.getByTestId('user-unlock-wang.fang')).toBeDefined();

    const search = within(screen.getByTestId('user-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'wang' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      expect(server.requests.at(-1)?.search.get('keyword')).toBe('wang');
    });
    expect(server.requests.at(-1)?.search.get('pageNo')).toBe('1');
  });

  it('creates a user with a generated password and shows it once', async () => {
    const created: User = makeUser({ id: 12, username: 'chen.jie', name: '陈杰', nameEn: null, email: null });
    const server = adminServer({ 'POST /sys/user/save': () => ok({ user: created, password: 'Gen3rated#Pw' }) });
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    await openCreateForm();
    type('user-form-username', 'chen.jie');
    type('user-form-name', '陈杰');
    fireEvent.click(screen.getByTestId('user-form-submit'));

    expect((await screen.findByTestId('issued-password')).textContent).toBe('Gen3rated#Pw');
    expect(screen.getByText(/shown only this once/)).toBeDefined();
    const save = server.requests.find((request) => request.path === '/sys/user/save');
    expect(bodyOf(save)).toEqual({
      username: 'chen.jie',
      name: '陈杰',
      nameEn: null,
      gender: null,
      email: null,
      phone: null,
      corporation: null,
      department: null,
      admin: false,
      systemAdmin: false,
      projectAdmin: false,
    });
  });

  it('checks on leaving the field that the login name is free', async () => {
    const server = adminServer({ 'POST /sys/user/validateUser': () => ok({ available: false }) });
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    await openCreateForm();
    type('user-form-username', 'zhang.wei');
    fireEvent.blur(screen.getByTestId('user-form-username'));
    expect(await screen.findByText('This login name is already taken')).toBeDefined();
    expect(bodyOf(server.requests.find((request) => request.path === '/sys/user/validateUser'))).toEqual({ username: 'zhang.wei' });
  });

  it('shows the server field errors on the matching fields', async () => {
    const server = adminServer({
      'POST /sys/user/save': () =>
        fail(400, 'Invalid request', { errorCode: 'request.invalid', errors: [{ path: 'email', message: 'Refused by the server' }] }),
    });
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    const form = await openCreateForm();
    type('user-form-username', 'chen.jie');
    type('user-form-name', '陈杰');
    type('user-form-email', 'chen@example.org');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await within(form).findByText('Refused by the server')).toBeDefined();
  });

  it('checks the e-mail and password with the rules of core before sending', async () => {
    const server = adminServer();
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    await openCreateForm();
    type('user-form-username', 'chen.jie');
    type('user-form-name', '陈杰');
    type('user-form-email', 'a@b');
    type('user-form-password', 'abcdef');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('Enter a valid e-mail address (5 to 40 characters)')).toBeDefined();
    expect(await screen.findByText(/The password is too weak/)).toBeDefined();
    expect(screen.getByTestId('password-strength').getAttribute('data-level')).toBe('low');
    expect(server.requests.some((request) => request.path === '/sys/user/save')).toBe(false);
  });

  it('resets a password after confirmation and shows the new one', async () => {
    const server = adminServer({ 'POST /sys/user/resetUserPassword': () => ok({ user: zhang, password: 'N3w#Password' }) });
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('user-reset-zhang.wei'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByTestId('issued-password')).textContent).toBe('N3w#Password');
    expect(bodyOf(server.requests.find((request) => request.path === '/sys/user/resetUserPassword'))).toEqual({ id: zhang.id });
  });

  it('e-mails the new password instead of showing it to a user with an address (spec 000 §6)', async () => {
    expect(zhang.email).toBe('zhang.wei@example.org');
    const server = adminServer({ 'POST /sys/user/resetUserPassword': () => ok({ user: zhang, password: null }) });
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('user-reset-zhang.wei'));
    fireEvent.click(await screen.findByTestId('reset-password-email'));
    await waitFor(() => expect(bodyOf(server.requests.find((request) => request.path === '/sys/user/resetUserPassword'))).toEqual({ id: zhang.id, sendEmail: true }));
    expect(screen.queryByTestId('issued-password')).toBeNull();
  });

  it('offers no e-mail to a user without an address', async () => {
    const noMail = { ...locked, email: null };
    renderApp({ path: '/sys/user', fetch: adminServer({ 'GET /sys/user/list': () => ok({ list: [noMail], total: 1, pageNo: 1, pageSize: 20 }) }).fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('user-reset-wang.fang'));
    expect(await screen.findByRole('dialog')).toBeDefined();
    expect(screen.queryByTestId('reset-password-email')).toBeNull();
  });

  it('shows a user’s WeChat bindings and unbinds the mini-app after a confirmation (spec 002 §7)', async () => {
    let bindings = { bindings: [{ kind: 'miniApp', openId: 'mini…abcd', boundAt: '2026-03-01T08:00:00Z' }], available: ['official', 'miniApp'] };
    const server = adminServer({
      [`GET /sys/user/wechatBindings/${String(zhang.id)}`]: () => ok(bindings),
      [`POST /sys/user/unbindMiniApp/${String(zhang.id)}`]: () => {
        bindings = { ...bindings, bindings: [] };
        return { body: { code: 0, msg: 'Mini-app unbound', data: bindings } };
      },
    });
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('user-wechat-zhang.wei'));
    expect((await screen.findByTestId('user-wechat-miniApp')).textContent).toContain('mini…abcd');
    expect(screen.getByTestId('user-wechat-official').textContent).toBe('Not bound');
    fireEvent.click(screen.getByTestId('user-wechat-unbind-miniApp'));
    const confirm = (await screen.findAllByText('Remove this binding?')).at(-1)?.closest('.ant-modal');
    fireEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('user-wechat-miniApp').textContent).toBe('Not bound'));
    expect(await screen.findByText('Mini-app unbound')).toBeDefined();
  });
});
