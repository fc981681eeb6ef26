import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKey, OnlineSession, SysLogEntry } from '@dcap/core';
import { API_KEY_SCOPES } from '@dcap/core';
import { ADMIN, makeInit } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const session = (id: number, username: string, own = false): OnlineSession => ({
  sessionId: id,
  userId: id + 100,
  username,
  name: `Name ${username}`,
  ip: '10.0.0.1',
  userAgent: 'Chromium',
  signedInAt: '2026-03-01T08:00:00.000Z',
  lastSeenAt: '2026-03-01T09:00:00.000Z',
  expiresAt: '2026-03-01T20:00:00.000Z',
  projectId: null,
  projectName: null,
  projectNameEn: null,
  env: null,
  own,
});

const entry = (id: number, action: string, overrides: Partial<SysLogEntry> = {}): SysLogEntry => ({
  id,
  at: '2026-03-01T08:00:00.000Z',
  actorUsername: 'bob',
  actorName: 'Bob',
  actorRole: null,
  action,
  result: action.endsWith('_failed') ? 'failure' : 'success',
  entityType: 'user',
  entityId: '7',
  projectId: null,
  projectName: null,
  projectNameEn: null,
  env: null,
  ip: '10.0.0.2',
  oldValue: null,
  newValue: { reason: 'wrong_password' },
  reason: null,
  ...overrides,
});

describe('online users /sys/onlineUser', () => {
  it('lists sessions, marks the caller’s own without a sign-out, and signs another out after a confirmation', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/onlineUser/list': () => ok({ list: [session(1, 'admin', true), session(2, 'bob')], total: 2, pageNo: 1, pageSize: 20 }),
      'POST /sys/onlineUser/signOut/2': () => ({ body: { code: 0, msg: '已强制该用户退出登录', data: null } }),
    });
    renderApp({ path: '/sys/onlineUser', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const table = await screen.findByTestId('online-table');
    expect(await within(table).findByText('当前会话')).toBeDefined();
    expect(screen.queryByTestId('online-signout-1')).toBeNull();
    fireEvent.click(screen.getByTestId('online-signout-2'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Name bob（bob）');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/sys/onlineUser/signOut/2')).toBe(true));
    expect(await screen.findByText('已强制该用户退出登录')).toBeDefined();
    // The list is read again after the sign-out.
    await waitFor(() => expect(fake.requests.filter((r) => r.path === '/sys/onlineUser/list').length).toBeGreaterThan(1));
  });

  it('searches by keyword', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/onlineUser/list': () => ok({ list: [session(2, 'bob')], total: 1, pageNo: 1, pageSize: 20 }),
    });
    renderApp({ path: '/sys/onlineUser', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByText('Online users', { selector: '.ant-card-head-title' })).toBeDefined();
    const search = within(screen.getByTestId('online-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: ' bo ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(fake.requests.filter((r) => r.path === '/sys/onlineUser/list').at(-1)?.search.get('keyword')).toBe('bo'));
  });
});

describe('operation log /sys/sysLog', () => {
  it('shows results in the user’s language, filters by action and result, and shows a platform row’s values', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /project/list': () => ok([]),
      'GET /sys/sysLog/list': () => ok({ list: [entry(9, 'auth.login_failed'), entry(8, 'record.save', { projectId: 3, projectName: '研究甲', projectNameEn: 'Study A', newValue: null })], total: 2, pageNo: 1, pageSize: 20 }),
    });
    renderApp({ path: '/sys/sysLog', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const table = await screen.findByTestId('syslog-table');
    expect(await within(table).findByText('Failure')).toBeDefined();
    expect(within(table).getByText('Success')).toBeDefined();
    // A project is named in the reader's language.
    expect(within(table).getByText('Study A')).toBeDefined();
    expect(within(table).queryByText('研究甲')).toBeNull();
    fireEvent.change(screen.getByTestId('syslog-action'), { target: { value: 'auth.*' } });
    fireEvent.mouseDown(within(screen.getByTestId('sys-log')).getAllByRole('combobox')[1] as HTMLElement);
    fireEvent.click(await screen.findByTitle('Failure'));
    fireEvent.click(screen.getByTestId('syslog-search'));
    await waitFor(() => {
      const last = fake.requests.filter((r) => r.path === '/sys/sysLog/list').at(-1);
      expect(last?.search.get('action')).toBe('auth.*');
      expect(last?.search.get('result')).toBe('failure');
    });
    fireEvent.click(screen.getByTestId('syslog-view-9'));
    expect((await screen.findByTestId('syslog-detail')).textContent).toContain('wrong_password');
  });
});

describe('caches /sys/cache', () => {
  it('shows the session cache with its count in Chinese and clears it after a confirmation', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/cache/list': () => ok([{ name: 'sessions', entries: 12, live: true, ttlSeconds: 30, maxEntries: 10000 }]),
      'POST /sys/cache/clear': () => ({ body: { code: 0, msg: '缓存已清空', data: [{ name: 'sessions', entries: 0, live: true, ttlSeconds: 30, maxEntries: 10000 }] } }),
    });
    renderApp({ path: '/sys/cache', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    expect((await screen.findByTestId('cache-entries-sessions')).textContent).toBe('12');
    expect(screen.getByText('会话缓存')).toBeDefined();
    expect(screen.getByText('使用中')).toBeDefined();
    fireEvent.click(screen.getByTestId('cache-clear-sessions'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(fake.requests.find((r) => r.path === '/sys/cache/clear')?.body).toBe(JSON.stringify({ name: 'sessions' })));
    await waitFor(() => expect(screen.getByTestId('cache-entries-sessions').textContent).toBe('0'));
  });
});

const apiKey = (id: number, state: ApiKey['state']): ApiKey => ({
  id,
  name: `Key ${String(id)}`,
  prefix: 'dcapk_abcdef',
  scopes: ['sysLog.read'],
  expiresAt: '2027-03-01T08:00:00.000Z',
  revokedAt: state === 'revoked' ? '2026-03-02T08:00:00.000Z' : null,
  lastUsedAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  createdBy: 'admin',
  state,
});

describe('internal interfaces /sys/internalinterface', () => {
  it('creates a key with a name, scopes and expiry and shows its secret once; revokes another after a confirmation', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/internalinterface/list': () => ok([apiKey(2, 'active'), apiKey(1, 'revoked')]),
      'POST /sys/internalinterface/save': () => ({ body: { code: 0, msg: 'API key created; copy it now', data: { key: apiKey(3, 'active'), secret: 'dcapk_secretvalue' } } }),
      'POST /sys/internalinterface/revoke/2': () => ({ body: { code: 0, msg: 'API key revoked', data: apiKey(2, 'revoked') } }),
    });
    renderApp({ path: '/sys/internalinterface', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('apikey-state-1')).textContent).toBe('Revoked');
    expect(screen.queryByTestId('apikey-revoke-1')).toBeNull();
    expect(screen.getAllByText('Read the operation log').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByTestId('apikey-new'));
    fireEvent.change(await screen.findByTestId('apikey-name'), { target: { value: 'SIEM' } });
    fireEvent.click(screen.getByLabelText('Read the user list'));
    fireEvent.click(screen.getByTestId('apikey-submit'));
    expect((await screen.findByTestId('apikey-secret')).textContent).toContain('dcapk_secretvalue');
    const sent = JSON.parse(fake.requests.find((r) => r.path === '/sys/internalinterface/save')?.body ?? '{}') as { name: string; scopes: string[]; expiresAt: string };
    expect(sent.name).toBe('SIEM');
    // The form starts with the operation log; the user list is ticked beside it.
    expect(sent.scopes).toEqual(API_KEY_SCOPES.slice(0, 2));
    expect(sent.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59/);
    fireEvent.click(screen.getByTestId('apikey-done'));
    await waitFor(() => expect(screen.queryByTestId('apikey-secret')).toBeNull());

    fireEvent.click(screen.getByTestId('apikey-revoke-2'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await waitFor(() => expect(fake.requests.some((r) => r.path === '/sys/internalinterface/revoke/2')).toBe(true));
  });

  it('names scopes and states in Chinese', async () => {
    const fake = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/internalinterface/list': () => ok([apiKey(2, 'expired')]),
    });
    renderApp({ path: '/sys/internalinterface', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    expect((await screen.findByTestId('apikey-state-2')).textContent).toBe('已过期');
    expect(screen.getByText('读取操作日志')).toBeDefined();
  });
});
