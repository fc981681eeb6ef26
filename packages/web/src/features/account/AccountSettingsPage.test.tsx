import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeInit, makeUser, MEMBER } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const me = makeUser({ id: MEMBER.id, username: MEMBER.username, name: MEMBER.name, nameEn: null });

function server(user: typeof ADMIN | typeof MEMBER, routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({ 'GET /sys/init': () => ok(makeInit(user)), 'GET /sys/user/info': () => ok(me), ...routes });
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('account settings', () => {
  it('opens the base tab from /account/settings and hides binding from non-administrators', async () => {
    const { app } = renderApp({ path: '/account/settings', fetch: server(MEMBER).fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('profile-form')).toBeDefined();
    expect(app.router.state.location.pathname).toBe('/account/settings/base');
    expect(screen.getByTestId('account-tab-notification')).toBeDefined();
    expect(screen.queryByTestId('account-tab-binding')).toBeNull();
  });

  it('shows the binding tab to administrators, with an honest empty state', async () => {
    renderApp({ path: '/account/settings/binding', fetch: server(ADMIN).fetch, locale: 'zh-CN', token: 't' });
    expect(await screen.findByTestId('nothing-to-configure')).toBeDefined();
    expect(screen.getByText('暂无可配置的内容')).toBeDefined();
  });

  it('sends a non-administrator asking for the binding tab to the base tab', async () => {
    const { app } = renderApp({ path: '/account/settings/binding', fetch: server(MEMBER).fetch, token: 't' });
    await screen.findByTestId('profile-form');
    expect(app.router.state.location.pathname).toBe('/account/settings/base');
  });

  it('saves the profile and requires an e-mail of 5 to 40 characters', async () => {
    const api = server(MEMBER, { 'POST /sys/user/updateCurrentUser': () => ok({ ...me, email: 'li.na@example.org' }) });
    renderApp({ path: '/account/settings/base', fetch: api.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('profile-form');
    expect(screen.getByTestId<HTMLInputElement>('profile-email').value).toBe(me.email);

    type('profile-email', '');
    fireEvent.click(screen.getByTestId('profile-submit'));
    expect(await screen.findByText('This field is required')).toBeDefined();

    type('profile-email', 'li.na@example.org');
    fireEvent.click(screen.getByTestId('profile-submit'));
    await waitFor(() => {
      expect(api.requests.some((request) => request.path === '/sys/user/updateCurrentUser')).toBe(true);
    });
    const body: unknown = JSON.parse(api.requests.find((request) => request.path === '/sys/user/updateCurrentUser')?.body ?? '{}');
    expect(body).toEqual({
      name: me.name,
      nameEn: null,
      gender: 'male',
      email: 'li.na@example.org',
      corporation: me.corporation,
      phone: me.phone,
      department: me.department,
    });
  });

  it('grades the new password with the four strength levels', async () => {
    renderApp({ path: '/account/settings/security', fetch: server(MEMBER).fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('password-form');
    const level = async () => (await screen.findByTestId('password-strength')).getAttribute('data-level');
    type('password-new', 'abc');
    expect(await level()).toBe('too_short');
    type('password-new', 'abcdef');
    expect(await level()).toBe('low');
    type('password-new', 'abc123');
    expect(await level()).toBe('medium');
    type('password-new', 'Abc123#xyz');
    expect(await level()).toBe('strong');
    expect(screen.getByText('Strength: Strong')).toBeDefined();
  });

  it('refuses a confirmation that differs and marks a wrong current password', async () => {
    const api = server(MEMBER, {
      'POST /sys/user/password': () => fail(422, 'The current password is incorrect', { errorCode: 'auth.wrong_old_password' }),
    });
    renderApp({ path: '/account/settings/security', fetch: api.fetch, locale: 'en-US', token: 't' });
    const form = await screen.findByTestId('password-form');
    type('password-old', 'Old#2024x');
    type('password-new', 'Abc123#xyz');
    type('password-confirm', 'Abc123#xyZ');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await within(form).findByText('The two passwords are inconsistent')).toBeDefined();
    expect(api.requests.some((request) => request.path === '/sys/user/password')).toBe(false);

    type('password-confirm', 'Abc123#xyz');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await within(form).findByText('The current password is incorrect')).toBeDefined();
  });
});
