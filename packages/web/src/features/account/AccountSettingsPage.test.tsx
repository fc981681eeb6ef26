import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultUserPreferences } from '@dcap/core';
import { applyFontSize, currentFontSize } from './fontSize';
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
  it('opens the base tab from /account/settings and offers base, security, custom and notification', async () => {
    const { app } = renderApp({ path: '/account/settings', fetch: server(MEMBER).fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('profile-form')).toBeDefined();
    expect(app.router.state.location.pathname).toBe('/account/settings/base');
    for (const tab of ['base', 'security', 'custom', 'notification']) expect(screen.getByTestId(`account-tab-${tab}`)).toBeDefined();
  });

  it('shows the binding tab to administrators only (spec 000 §6)', async () => {
    const { app } = renderApp({ path: '/account/settings/binding', fetch: server(MEMBER).fetch, token: 't' });
    await screen.findByTestId('profile-form');
    expect(app.router.state.location.pathname).toBe('/account/settings/base');
    expect(screen.queryByTestId('account-tab-binding')).toBeNull();
  });

  it('binding: an administrator binds the official account by its code and unbinds the mini-app, with the server’s notices', async () => {
    const calls: { url: string; body: unknown }[] = [];
    let bindings = { bindings: [{ kind: 'miniApp', openId: 'mini…abcd', boundAt: '2026-03-01T08:00:00Z' }], available: ['official', 'miniApp'] };
    const api = server(ADMIN, {
      'GET /user/wechat/bindings': () => ok(bindings),
      'POST /user/wechat/bind': (request) => {
        calls.push({ url: 'bind', body: JSON.parse(request.body ?? '{}') });
        bindings = { ...bindings, bindings: [...bindings.bindings, { kind: 'official', openId: 'o-al…6789', boundAt: '2026-03-02T08:00:00Z' }] };
        return { body: { code: 0, msg: 'WeChat bound', data: bindings } };
      },
      'POST /user/wechat/unbindMiniApp': () => {
        calls.push({ url: 'unbindMiniApp', body: null });
        bindings = { ...bindings, bindings: bindings.bindings.filter((b) => b.kind !== 'miniApp') };
        return { body: { code: 0, msg: 'Mini-app unbound', data: bindings } };
      },
    });
    renderApp({ path: '/account/settings/binding', fetch: api.fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('wechat-binding-official')).textContent).toBe('Not bound');
    expect(screen.getByTestId('wechat-binding-miniApp').textContent).toContain('mini…abcd');

    fireEvent.click(screen.getByTestId('wechat-bind-official'));
    type('wechat-code', ' code-alice ');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('wechat-binding-official').textContent).toContain('o-al…6789'));
    expect(calls[0]).toEqual({ url: 'bind', body: { code: 'code-alice' } });
    expect(await screen.findByText('WeChat bound')).toBeDefined();

    fireEvent.click(screen.getByTestId('wechat-unbind-miniApp'));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this binding?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('wechat-binding-miniApp').textContent).toBe('Not bound'));
    expect(calls.map((c) => c.url)).toEqual(['bind', 'unbindMiniApp']);
  });

  it('custom: the font size defaults to 12 px, applies app-wide at once and is saved locally and on the server', async () => {
    // spec 000 §3: "A font size preference is also kept (default 12 px; options small, medium, large)."
    const saved: unknown[] = [];
    const api = server(MEMBER, {
      'GET /sys/user/preferences': () => ok(defaultUserPreferences()),
      'POST /sys/user/preferences': (request) => {
        saved.push(JSON.parse(request.body ?? '{}'));
        return ok({ ...defaultUserPreferences(), fontSize: 'large' });
      },
    });
    renderApp({ path: '/account/settings/custom', fetch: api.fetch, locale: 'zh-CN', token: 't' });
    const small = await screen.findByTestId('font-size-small');
    expect(small.closest('label')?.className).toContain('checked');
    fireEvent.click(screen.getByTestId('font-size-large'));
    await waitFor(() => expect(saved).toEqual([{ fontSize: 'large' }]));
    expect(window.localStorage.getItem('pro__FONT_SIZE')).toBe('large');
    // The shell's antd theme reads this store (AppProviders), so every screen follows.
    expect(currentFontSize()).toBe('large');
    applyFontSize('small');
  });

  it('custom: a new browser takes the font size saved on the server from the initialisation, at sign-in', async () => {
    const init = makeInit(MEMBER);
    const api = fakeServer({ 'GET /sys/init': () => ok({ ...init, user: { ...init.user, fontSize: 'medium' } }) });
    renderApp({ path: '/project/DataDisplay', fetch: api.fetch, locale: 'zh-CN', token: 't' });
    await waitFor(() => expect(currentFontSize()).toBe('medium'));
    expect(window.localStorage.getItem('pro__FONT_SIZE')).toBe('medium');
    applyFontSize('small');
  });

  it('notification: one switch per channel and category, saved one change at a time', async () => {
    const saved: unknown[] = [];
    const api = server(MEMBER, {
      'GET /sys/user/preferences': () => ok(defaultUserPreferences()),
      'POST /sys/user/preferences': (request) => {
        saved.push(JSON.parse(request.body ?? '{}'));
        const next = defaultUserPreferences();
        next.notifications.email.visits = true;
        return ok(next);
      },
    });
    renderApp({ path: '/account/settings/notification', fetch: api.fetch, locale: 'en-US', token: 't' });
    const visitsByEmail = await screen.findByTestId('notify-email-visits');
    expect(visitsByEmail.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('notify-inSite-queries').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Visits (due soon, out of window)')).toBeDefined();
    fireEvent.click(visitsByEmail);
    await waitFor(() => expect(saved).toEqual([{ notifications: { email: { visits: true } } }]));
    await waitFor(() => expect(screen.getByTestId('notify-email-visits').getAttribute('aria-checked')).toBe('true'));
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
    // The meter may follow the typing a render later: wait for its level rather than read it at once.
    const expectLevel = (want: string) => waitFor(() => expect(screen.getByTestId('password-strength').getAttribute('data-level')).toBe(want));
    type('password-new', 'abc');
    await expectLevel('too_short');
    type('password-new', 'abcdef');
    await expectLevel('low');
    type('password-new', 'abc123');
    await expectLevel('medium');
    type('password-new', 'Abc123#xyz');
    await expectLevel('strong');
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
