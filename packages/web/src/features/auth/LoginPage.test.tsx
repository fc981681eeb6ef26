import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKey } from '../../app/storage';
import { ADMIN, makeInit, MEMBER } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const signedIn = (user: typeof ADMIN | typeof MEMBER) => ({
  'POST /login': () => ok({ token: 'token-abc', user: { id: user.id, username: user.username, name: user.name } }),
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
