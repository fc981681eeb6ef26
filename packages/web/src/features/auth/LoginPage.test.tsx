import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKey } from '../../app/storage';
import { ADMIN, makeInit, MEMBER } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const signedIn = (user: typeof ADMIN | typeof MEMBER) => ({
  'POST /login': () => ok({ token: 'token-abc', user: { id: user.id, username: user.username, name: user.name, mustChangePassword: false } }),
  'GET /sys/init': () => ok(makeInit(user)),
});

async function signIn(username: string, password: string) {
  fireEvent.change(await screen.findByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('sign-in page', () => {
  it.each([
    ['zh-CN', '账号登录', '登录', '临床研究数据采集平台'],
    ['en-US', 'Sign in', 'Sign in', 'Clinical Research Data Capture Platform'],
  ] as const)('renders in %s', async (locale, heading, button, systemName) => {
    renderApp({ path: '/user/login', fetch: fakeServer({}).fetch, locale });
    expect(await screen.findByRole('heading', { name: heading })).toBeDefined();
    expect(screen.getByTestId('login-submit').textContent.replace(/\s/g, '')).toBe(button.replace(/\s/g, ''));
    expect(screen.getByRole('heading', { name: systemName })).toBeDefined();
    await waitFor(() => {
      expect(document.title).toBe(systemName);
    });
    expect(document.documentElement.lang).toBe(locale);
  });

  it('is also the page at /', async () => {
    renderApp({ path: '/', fetch: fakeServer({}).fetch, locale: 'en-US' });
    expect(await screen.findByTestId('login-username')).toBeDefined();
  });

  it('asks for both fields before calling the server', async () => {
    const server = fakeServer(signedIn(MEMBER));
    renderApp({ path: '/user/login', fetch: server.fetch, locale: 'en-US' });
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('Please enter your account')).toBeDefined();
    expect(screen.getByText('Please enter your password')).toBeDefined();
    expect(server.requests).toEqual([]);
  });

  it('signs in with a form post, keeps the token and lands on the dashboard', async () => {
    const server = fakeServer(signedIn(MEMBER));
    renderApp({ path: '/user/login', fetch: server.fetch, locale: 'zh-CN' });
    await signIn(' li.na ', 'Secret#2025');

    expect(await screen.findByTestId('welcome-card')).toBeDefined();
    expect(screen.getByTestId('greeting').textContent).toContain('李娜');
    expect(screen.getByText('暂无项目')).toBeDefined();
    const login = server.requests.find((request) => request.path === '/login');
    expect(login?.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(login?.body).toBe('username=li.na&password=Secret%232025');
    expect(window.localStorage.getItem(storageKey('token'))).toBe('token-abc');
    expect(server.requests.find((request) => request.path === '/sys/init')?.headers.get('Token')).toBe('token-abc');
  });

  it('returns to the page asked for before signing in', async () => {
    const server = fakeServer({
      ...signedIn(MEMBER),
      'GET /sys/user/info': () => ok({}),
    });
    renderApp({ path: '/account/settings/security', fetch: server.fetch, locale: 'en-US' });
    await signIn('li.na', 'Secret#2025');
    expect(await screen.findByTestId('password-form')).toBeDefined();
  });

  it('shows the refusal on the form, in the language of the request, without a notice', async () => {
    const server = fakeServer({ 'POST /login': () => fail(401, 'Invalid username or password') });
    renderApp({ path: '/user/login', fetch: server.fetch, locale: 'en-US' });
    await signIn('li.na', 'wrong');
    expect((await screen.findByTestId('login-error')).textContent).toContain('Invalid username or password');
    expect(server.requests[0]?.headers.get('Accept-Language')).toBe('en-US');
    expect(document.querySelector('[data-testid="notice-error"]')).toBeNull();
    expect(window.localStorage.getItem(storageKey('token'))).toBeNull();
  });

  it('sends a signed-in visitor of the sign-in page to the dashboard', async () => {
    renderApp({ path: '/user/login', fetch: fakeServer(signedIn(ADMIN)).fetch, locale: 'en-US', token: 'token-abc' });
    expect(await screen.findByTestId('welcome-card')).toBeDefined();
    expect(screen.getByTestId('greeting').textContent).toContain('Ada Admin');
  });

  it('switches the language: texts, the stored preference and the next call follow', async () => {
    const server = fakeServer({ 'POST /login': () => fail(401, 'Invalid username or password') });
    renderApp({ path: '/user/login', fetch: server.fetch, locale: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '账号登录' })).toBeDefined();

    fireEvent.click(screen.getByTestId('lang-switch'));
    fireEvent.click(await screen.findByTestId('lang-en-US'));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeDefined();
    expect(window.localStorage.getItem(storageKey('language'))).toBe('en-US');
    await signIn('li.na', 'wrong');
    await waitFor(() => {
      expect(server.requests[0]?.headers.get('Accept-Language')).toBe('en-US');
    });
  });
});

describe('after an administrator reset the password (docs/decisions.md)', () => {
  const resetUser = {
    'POST /login': () => ok({ token: 'token-abc', user: { id: MEMBER.id, username: MEMBER.username, name: MEMBER.name, mustChangePassword: true } }),
    'GET /sys/init': () => ok(makeInit(MEMBER)),
    'POST /sys/user/password': () => ok(null),
  };

  it.each([
    ['zh-CN', '设置新密码', '管理员提供的密码'],
    ['en-US', 'Set a new password', 'Password from the administrator'],
  ] as const)('leads the next sign-in to the change-password page first (%s)', async (locale, heading, oldLabel) => {
    const server = fakeServer(resetUser);
    const { app } = renderApp({ path: '/user/login?redirect=%2Fsys%2Fuser', fetch: server.fetch, locale });
    await signIn('li.na', 'Issued#2025');
    expect(await screen.findByRole('heading', { name: heading }, { timeout: 5000 })).toBeDefined();
    expect(screen.getByText(oldLabel)).toBeDefined();
    expect(app.router.state.location.pathname).toBe('/user/changePassword');
    // Nothing else is asked of the server before the password is changed.
    expect(server.requests.map((request) => request.path)).toEqual(['/login']);
  });

  it('goes on to the page asked for once the new password is set', async () => {
    const server = fakeServer(resetUser);
    renderApp({ path: '/user/login', fetch: server.fetch, locale: 'en-US' });
    await signIn('li.na', 'Issued#2025');
    fireEvent.change(await screen.findByTestId('password-old', {}, { timeout: 5000 }), { target: { value: 'Issued#2025' } });
    fireEvent.change(screen.getByTestId('password-new'), { target: { value: 'MyOwn#2026' } });
    fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: 'MyOwn#2026' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByTestId('welcome-card', {}, { timeout: 5000 })).toBeDefined();
    const change = server.requests.find((request) => request.path === '/sys/user/password');
    expect(JSON.parse(change?.body ?? '{}')).toEqual({ oldPassword: 'Issued#2025', newPassword: 'MyOwn#2026', confirmPassword: 'MyOwn#2026' });
    expect(JSON.parse(window.localStorage.getItem(storageKey('loginInfo')) ?? '{}')).toMatchObject({ mustChangePassword: false });
  });

  it('sends a signed-in user to the change-password page when the server says the password must change', async () => {
    const server = fakeServer({
      'GET /sys/init': () => fail(403, 'Set a new password first', { errorCode: 'auth.password_change_required' }),
    });
    window.localStorage.setItem(storageKey('loginInfo'), JSON.stringify({ id: MEMBER.id, username: MEMBER.username, name: MEMBER.name }));
    const { app } = renderApp({ path: '/project/DataDisplay', fetch: server.fetch, locale: 'en-US', token: 'token-abc' });
    expect(await screen.findByRole('heading', { name: 'Set a new password' }, { timeout: 5000 })).toBeDefined();
    expect(app.router.state.location.search).toBe('?redirect=%2Fproject%2FDataDisplay');
    expect(document.querySelector('[data-testid="notice-error"]')).toBeNull();
  });
});
