import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultMessageConfig, MESSAGE_EVENTS, placeholdersOf } from '@dcap/core';
import type { MessageConfig, Notification, ProjectAccess } from '@dcap/core';
import { ADMIN, makeInit, makeProject, makeProjectInit, makeSessionRole, makeUser, MEMBER } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const me = makeUser({ id: MEMBER.id, username: MEMBER.username, name: MEMBER.name, nameEn: null });

const note = (id: number, read: boolean, link: string | null = '/project/projectList'): Notification => ({
  id,
  event: 'query.raised',
  projectId: 1,
  projectCode: 'DEMO',
  title: `Query ${String(id)}`,
  body: `Body of ${String(id)}`,
  link,
  read,
  createdAt: '2026-11-29T08:00:00.000Z',
});

function inbox() {
  const notes = [note(3, false), note(2, false, null), note(1, true)];
  const marked: unknown[] = [];
  const page = (list: Notification[]) => ok({ list, total: list.length, unread: notes.filter((n) => !n.read).length, pageNo: 1, pageSize: 10 });
  const api = fakeServer({
    'GET /sys/init': () => ok(makeInit(MEMBER)),
    'GET /sys/user/info': () => ok(me),
    'GET /notification/unreadCount': () => ok({ count: notes.filter((n) => !n.read).length }),
    'GET /notification/list': (request) => page(request.search.get('unread') === 'true' ? notes.filter((n) => !n.read) : notes),
    'POST /notification/read': (request) => {
      const { ids } = JSON.parse(request.body ?? '{}') as { ids: number[] };
      marked.push(ids);
      for (const n of notes) if (ids.includes(n.id)) n.read = true;
      return ok({ marked: ids.length });
    },
    'POST /notification/readAll': () => {
      marked.push('all');
      for (const n of notes) n.read = true;
      return ok({ marked: 1 });
    },
  });
  return { api, marked };
}

describe('the header bell and the message list', () => {
  it('shows the unread count, the latest messages, and opens a message: marked read, its link followed', async () => {
    const { api, marked } = inbox();
    const { app } = renderApp({ path: '/project/DataDisplay', fetch: api.fetch, locale: 'en-US', token: 't' });
    const count = await screen.findByTestId('notification-count');
    await waitFor(() => expect(count.textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    const item = await screen.findByTestId('notification-item-3');
    expect(within(screen.getByTestId('notification-dropdown')).getByText('Query 1')).toBeDefined();
    fireEvent.click(item);
    await waitFor(() => expect(marked).toEqual([[3]]));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/project/projectList'));
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('1'));
  });

  it('lists every message in the account centre, marks the chosen ones read and then all', async () => {
    const { api, marked } = inbox();
    renderApp({ path: '/account/settings/messages', fetch: api.fetch, locale: 'zh-CN', token: 't' });
    const list = await screen.findByTestId('message-list');
    await within(list).findByText('Query 2');
    const rows = within(list).getAllByRole('checkbox');
    // The header's select-all, then one box per row; the read message's box is disabled.
    fireEvent.click(rows[2] as HTMLElement);
    fireEvent.click(screen.getByTestId('messages-mark-read'));
    await waitFor(() => expect(marked).toEqual([[2]]));
    fireEvent.click(screen.getByTestId('messages-mark-all'));
    await waitFor(() => expect(marked).toEqual([[2], 'all']));
  });
});

describe('message configuration', () => {
  const configs = (): MessageConfig[] =>
    MESSAGE_EVENTS.map((event) => ({ ...defaultMessageConfig(event), id: null, projectId: null, inherited: false, placeholders: placeholdersOf(event), blacklistUsers: [], updatedAt: null }));

  it('edits an event, refusing an unknown placeholder with core\'s check before anything is sent', async () => {
    const saved: unknown[] = [];
    const api = fakeServer({
      'GET /sys/init': () => ok(makeInit(ADMIN)),
      'GET /sys/user/info': () => ok(me),
      'GET /notification/unreadCount': () => ok({ count: 0 }),
      'GET /sys/user/users': () => fail(403, 'no'),
      'GET /sys/messageConfig/list': () => ok(configs()),
      'POST /sys/messageConfig/save': (request) => {
        saved.push(JSON.parse(request.body ?? '{}'));
        return ok(configs()[0]);
      },
    });
    renderApp({ path: '/sys/messageConfig', fetch: api.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('message-config-edit-query.raised'));
    const subject = await screen.findByTestId('message-config-subject-en-US');
    fireEvent.change(subject, { target: { value: 'Arm {arm} of {subjectCode}' } });
    fireEvent.click(screen.getByTestId('message-config-save'));
    expect(await screen.findByText('This event does not offer: {arm}')).toBeDefined();
    expect(saved).toEqual([]);

    fireEvent.change(subject, { target: { value: 'Query on {subjectCode}' } });
    fireEvent.click(screen.getByTestId('message-config-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      event: 'query.raised',
      receivers: [
        { role: 'CRC', level: 'site' },
        { role: 'PI', level: 'site' },
      ],
      templates: { 'en-US': { subject: 'Query on {subjectCode}' } },
    });
  });

  it('offers a project manager without platform rights the project\'s members for the blacklist', async () => {
    const access: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 4, enabled: true, rights: ['projectDesignAndSetup'], sites: 'all' } };
    const saved: unknown[] = [];
    const api = fakeServer({
      'GET /sys/init': () => ok(makeProjectInit(MEMBER, { access, project: makeProject({ status: 'TEST' }, access), roles: [makeSessionRole(4, 'Setup', ['projectDesignAndSetup'])], roleId: 4 })),
      'GET /sys/user/info': () => ok(me),
      'GET /notification/unreadCount': () => ok({ count: 0 }),
      'GET /sys/user/users': () => fail(403, 'no'),
      'GET /project/message/list': () => ok(configs().map((config) => ({ ...config, inherited: true }))),
      'GET /project/message/members': () => ok([{ id: 31, username: 'wang.crc', name: '王芳', nameEn: 'Fang Wang' }]),
      'POST /project/message/save': (request) => {
        saved.push(JSON.parse(request.body ?? '{}'));
        return ok(configs()[0]);
      },
    });
    renderApp({ path: '/project/message', fetch: api.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('message-config-edit-query.raised'));
    const input = (await screen.findByTestId('message-config-blacklist')).closest('.ant-select')?.querySelector('input');
    if (!input) throw new Error('no blacklist input');
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText('王芳 (wang.crc)', { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' }));
    fireEvent.click(screen.getByTestId('message-config-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ event: 'query.raised', blacklist: [31] });
    expect(api.requests.some((request) => request.path === '/sys/user/users')).toBe(false);
  });
});
