import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeInit, MEMBER } from '../test/fixtures';
import { fail, fakeServer, ok } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { storageKey } from './storage';

const withInit = (user: typeof ADMIN | typeof MEMBER, extra: Parameters<typeof fakeServer>[0] = {}) =>
  fakeServer({ 'GET /sys/init': () => ok(makeInit(user)), ...extra });

describe('main layout and guard', () => {
  it('builds the menu from the granted menus, with links by path', async () => {
    renderApp({ path: '/project/DataDisplay', fetch: withInit(ADMIN).fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('welcome-card');
    expect(document.querySelector('.ant-menu a[href="/project/DataDisplay"]')?.textContent).toBe('Home');
    expect(document.querySelector('.ant-menu a[href="/project/projectList"]')?.textContent).toBe('Workplace');
    // The hidden application page is granted (the guard lets it open) but not shown in the menu.
    expect(document.querySelector('a[href="/project/projectApply"]')).toBeNull();
    // The system group holds users, hospitals and departments, so it is a sub-menu rather than a link.
    // (jsdom cannot measure the horizontal menu, so its pop-up is opened in the browser journey instead.)
    const group = screen.getByTestId('menu-sys');
    expect(group.textContent).toBe('System');
    expect(group.closest('.ant-menu-submenu')).not.toBeNull();
    expect(document.querySelector('header a[href="/sys/user"]')).toBeNull();
  });

  it('opens a group of several entries as a sub-menu, leaving out hidden entries', async () => {
    const menus = [
      { key: 'dataDisplay', path: '/project/DataDisplay', titleKey: 'menu.dataDisplay', sort: 10 },
      {
        key: 'sys',
        path: '/sys',
        titleKey: 'menu.sys',
        sort: 900,
        children: [
          { key: 'sysUser', path: '/sys/user', titleKey: 'menu.sysUser', sort: 10 },
          { key: 'sysMenu', path: '/sys/menu', titleKey: 'menu.sysUser', sort: 20, hidden: true },
          { key: 'sysDict', path: '/sys/dict', titleKey: 'menu.sysUser', sort: 30 },
        ],
      },
    ];
    const server = fakeServer({ 'GET /sys/init': () => ok({ ...makeInit(ADMIN), menus }) });
    renderApp({ path: '/project/DataDisplay', fetch: server.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('welcome-card');
    expect(screen.getByText('System')).toBeDefined();
    expect(document.querySelector('header a[href="/sys/user"]')).toBeNull();
  });

  it('shows an ordinary user no system menu and the 403 notice at /sys/user', async () => {
    const server = withInit(MEMBER);
    renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('forbidden')).toBeDefined();
    expect(screen.queryByText('Users')).toBeNull();
    expect(document.querySelector('a[href="/sys/user"]')).toBeNull();
    // Nothing of the refused page is asked for: only the shell's initialisation, its bell's unread count and
    // the bulletin of spec 000 §4.5.
    expect(server.requests.map((request) => request.path).sort()).toEqual(['/notification/unreadCount', '/sys/article/getArticle', '/sys/init']);
  });

  it('loads the initialisation once across navigations', async () => {
    const server = withInit(ADMIN, { 'GET /sys/user/list': () => ok({ list: [], total: 0, pageNo: 1, pageSize: 20 }) });
    renderApp({ path: '/project/DataDisplay', fetch: server.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('welcome-card');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('account-settings'));
    expect(await screen.findByTestId('account-tab-base')).toBeDefined();
    expect(server.requests.filter((request) => request.path === '/sys/init')).toHaveLength(1);
  });

  it('shows version, copyright years and the filing number in the footer', async () => {
    const init = { ...makeInit(MEMBER), branding: { filingNumber: 'ICP 12345678' } };
    renderApp({ path: '/project/DataDisplay', fetch: fakeServer({ 'GET /sys/init': () => ok(init) }).fetch, token: 't' });
    const footer = await screen.findByTestId('app-footer');
    expect(footer.textContent).toContain('Community 0.1.0');
    expect(footer.textContent).toContain(`Copyright © 2019–${new Date().getFullYear()}`);
    expect(footer.textContent).toContain('ICP 12345678');
  });

  it('sends unknown paths to the 404 page', async () => {
    renderApp({ path: '/no/such/page', fetch: withInit(MEMBER).fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeDefined();
  });

  it('signs out even when the logout call fails', async () => {
    const server = withInit(MEMBER, { 'GET /logout': () => fail(500, 'Internal error') });
    const { app } = renderApp({ path: '/project/DataDisplay', fetch: server.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout'));
    expect(await screen.findByTestId('login-username')).toBeDefined();
    // Signing out on purpose does not send the next person back to this user's page.
    expect(app.router.state.location.pathname + app.router.state.location.search).toBe('/user/login');
    expect(window.localStorage.getItem(storageKey('token'))).toBeNull();
    expect(server.requests.some((request) => request.path === '/logout')).toBe(true);
  });

  it('ends the session and asks to sign in again when the server answers 401', async () => {
    const server = fakeServer({ 'GET /sys/init': () => fail(401, 'Your session expired') });
    const { app } = renderApp({ path: '/sys/user', fetch: server.fetch, locale: 'en-US', token: 't' });
    // The first visit to the sign-in page loads its chunk, which takes a while under jsdom.
    expect(await screen.findByTestId('login-username', {}, { timeout: 5000 })).toBeDefined();
    expect(app.router.state.location.search).toBe('?redirect=%2Fsys%2Fuser');
    await waitFor(() => {
      expect(window.localStorage.getItem(storageKey('token'))).toBeNull();
    });
    expect(await screen.findByText('Your session expired')).toBeDefined();
  });
});
