import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_RIGHTS, rightsToFlags } from '@dcap/core';
import type { ProjectAccess, ProjectRole, Site } from '@dcap/core';
import { ADMIN, AS_PLATFORM_ADMIN, makeProject, makeProjectInit, makeUser, MEMBER } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import type { RecordedRequest } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const site = (id: number, code: string, name: string): Site => ({
  id,
  projectId: 5,
  unitId: id,
  unitName: name,
  code,
  name,
  eName: null,
  piName: null,
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
});
const S01 = site(21, 'S01', '协和医院');
const S02 = site(22, 'S02', '瑞金医院');

const role = (id: number, alias: string, overrides: Partial<ProjectRole> = {}): ProjectRole => ({
  id,
  projectId: 5,
  alias,
  description: `${alias} 描述`,
  descriptionEn: `${alias} description`,
  institutionIds: 'all',
  institutionNamesStr: 'All Sites',
  enabled: 1,
  ...rightsToFlags([]),
  userCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
const crc = role(7, 'CRC-S01', { institutionIds: [21], institutionNamesStr: 'PUMCH', dataEntryRights: true, answerQuery: true, userCount: 1 });

function server(access: ProjectAccess = AS_PLATFORM_ADMIN, routes: Parameters<typeof fakeServer>[0] = {}) {
  const user = access.platformAdmin ? ADMIN : MEMBER;
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(user, { access, project: makeProject({}, access) })),
    'POST /projectSite/list': () => ok([S01, S02]),
    'GET /projectRole/list/5': () => ok([crc]),
    'POST /projectRole/saveRole': () => ok(crc),
    'POST /projectRole/userRolesAndInstitutions': () => ok([]),
    ...routes,
  });
}

const bodyOf = (requests: RecordedRequest[], path: string): unknown => JSON.parse(requests.find((request) => request.path === path)?.body ?? 'null');

async function openRolesTab() {
  fireEvent.click(await screen.findByTestId('institution-tab-roles'));
  return screen.findByTestId('role-table');
}

/** Opens an antd select by its test id and picks the option with this text. */
async function choose(testId: string, text: string) {
  const select = screen.getByTestId(testId);
  const input = (select.closest('.ant-select') ?? select).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.mouseDown(input);
  fireEvent.click(await screen.findByText(text, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' }));
}

describe('sites and roles /project/institution', () => {
  it('lists the sites and the roles, with rights as translated tags and the site scope', async () => {
    renderApp({ path: '/project/institution', fetch: server().fetch, locale: 'en-US', token: 't' });
    const sites = await screen.findByTestId('site-table');
    expect(await within(sites).findByText('S02')).toBeDefined();
    const roles = await openRolesTab();
    expect(await within(roles).findByText('CRC-S01')).toBeDefined();
    expect(within(roles).getByText('Data entry')).toBeDefined();
    expect(within(roles).getByText('Answer queries')).toBeDefined();
    expect(within(roles).getByText('PUMCH')).toBeDefined();
  });

  it('creates a role limited to chosen sites with the rights ticked, all 15 rights named', async () => {
    const fake = server();
    renderApp({ path: '/project/institution', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await openRolesTab();
    fireEvent.click(screen.getByTestId('role-create'));
    const form = await screen.findByTestId('role-form');
    // Role queries are slow under jsdom on a form this size, so the boxes are found by selector.
    const boxes = () => [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes()).toHaveLength(ROLE_RIGHTS.length);
    expect(within(form).getByText('User rights management')).toBeDefined();

    fireEvent.change(screen.getByTestId('role-form-alias'), { target: { value: 'CRA-S02' } });
    fireEvent.click(screen.getByTestId('role-form-scope-some'));
    await choose('role-form-scope-sites', 'S02 · 瑞金医院');
    const tick = (right: string) => {
      const box = screen.getByTestId(`role-right-${right}`).closest('label')?.querySelector('input');
      if (box) fireEvent.click(box);
    };
    tick('verify');
    tick('query');
    fireEvent.click(screen.getByTestId('role-form-submit'));

    await waitFor(() => {
      expect(fake.requests.some((request) => request.path === '/projectRole/saveRole')).toBe(true);
    });
    expect(bodyOf(fake.requests, '/projectRole/saveRole')).toEqual({
      projectId: 5,
      alias: 'CRA-S02',
      description: null,
      descriptionEn: null,
      institutionIds: [22],
      ...rightsToFlags(['verify', 'query']),
    });
  });

  it('edits a role with its rights and sites filled in, and refuses a chosen scope without sites', async () => {
    const fake = server();
    renderApp({ path: '/project/institution', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await openRolesTab();
    fireEvent.click(await screen.findByTestId('role-edit-CRC-S01'));
    const form = await screen.findByTestId('role-form');
    const checked = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((box) => box.checked);
    expect(checked).toHaveLength(2);
    expect(within(form).getByText('S01 · 协和医院')).toBeDefined();

    fireEvent.click(screen.getByTestId('role-form-scope-all'));
    fireEvent.click(screen.getByTestId('role-form-scope-some'));
    fireEvent.click(screen.getByTestId('role-form-submit'));
    expect(await screen.findByText('Choose at least one site')).toBeDefined();
    expect(fake.requests.some((request) => request.path === '/projectRole/saveRole')).toBe(false);
  });

  it('disables a role after a confirmation', async () => {
    const fake = server(AS_PLATFORM_ADMIN, { 'GET /projectRole/disableRole/7/0': () => ok({ ...crc, enabled: 0 }) });
    renderApp({ path: '/project/institution', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await openRolesTab();
    fireEvent.click(await screen.findByTestId('role-enabled-CRC-S01'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => {
      expect(fake.requests.find((request) => request.path === '/projectRole/disableRole/7/0')?.search.get('projectId')).toBe('5');
    });
  });

  it('refuses the page to a member who neither manages sites nor grants roles', async () => {
    const access: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['dataEntryRights'], sites: [21] } };
    renderApp({ path: '/project/institution', fetch: server(access).fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('forbidden')).toBeDefined();
  });

  it('gives a site-limited rights manager the grants but neither role changes nor the log', async () => {
    const access: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['userRightsManagement'], sites: [21] } };
    renderApp({ path: '/project/institution', fetch: server(access).fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('institution-tab-holders')).toBeDefined();
    expect(screen.queryByTestId('institution-tab-log')).toBeNull();
    await openRolesTab();
    expect(screen.queryByTestId('role-create')).toBeNull();
    expect(screen.getByText('Only project managers change roles.')).toBeDefined();
  });

  it('lets an administrator find a user and grant a role for the role’s sites', async () => {
    const wang = { ...makeUser({ id: 8, username: 'crc.wang', name: '王芳' }) };
    const fake = server(AS_PLATFORM_ADMIN, {
      'GET /projectRole/searchUsers': () => ok([{ id: wang.id, username: wang.username, name: wang.name, nameEn: null }]),
      'POST /projectRole/assignRole2User': () => ok([]),
    });
    renderApp({ path: '/project/institution', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('institution-tab-holders'));
    fireEvent.click(await screen.findByTestId('assign-role'));
    await screen.findByTestId('assign-form');
    await choose('assign-form-role', 'CRC-S01 · PUMCH');
    const users = screen.getByTestId('assign-form-users').closest('.ant-select')?.querySelector('input');
    if (!users) throw new Error('no user input');
    fireEvent.mouseDown(users);
    fireEvent.change(users, { target: { value: 'wang' } });
    fireEvent.click(await screen.findByTestId('assign-user-option-crc.wang'));
    fireEvent.click(screen.getByTestId('assign-form-submit'));
    await waitFor(() => {
      expect(fake.requests.some((request) => request.path === '/projectRole/assignRole2User')).toBe(true);
    });
    const request = fake.requests.find((item) => item.path === '/projectRole/assignRole2User');
    expect(request?.search.get('projectId')).toBe('5');
    expect(bodyOf(fake.requests, '/projectRole/assignRole2User')).toEqual({ roleId: 7, userIds: [8], institutionIds: [21], notify: false });
  });
});
