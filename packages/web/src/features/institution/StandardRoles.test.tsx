import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rightsToFlags } from '@dcap/core';
import type { ProjectAccess, ProjectRole } from '@dcap/core';
import { ADMIN, AS_PLATFORM_ADMIN, makeProject, makeProjectInit, MEMBER } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const role = (id: number, alias: string): ProjectRole => ({
  id,
  projectId: 5,
  alias,
  description: `${alias} 描述`,
  descriptionEn: `${alias} description`,
  institutionIds: 'all',
  institutionNamesStr: 'All Sites',
  enabled: 1,
  ...rightsToFlags(['verify', 'query']),
  userCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
});

function server(access: ProjectAccess, routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(access.platformAdmin ? ADMIN : MEMBER, { access, project: makeProject({}, access) })),
    'POST /projectSite/list': () => ok([]),
    'GET /projectRole/list/5': () => ok([]),
    'POST /projectRole/userRolesAndInstitutions': () => ok([]),
    ...routes,
  });
}

async function openRolesTab() {
  fireEvent.click(await screen.findByTestId('institution-tab-roles'));
  return screen.findByTestId('role-table');
}

describe('sites and roles /project/institution: the standard roles', () => {
  it('creates the standard roles after a confirmation, without a body, and refreshes the list', async () => {
    let created = false;
    const fake = server(AS_PLATFORM_ADMIN, {
      'GET /projectRole/list/5': () => ok(created ? [role(9, 'CRA')] : []),
      'POST /projectRole/autoCreateProjectRole': () => {
        created = true;
        return ok([role(9, 'CRA')]);
      },
    });
    renderApp({ path: '/project/institution', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    const table = await openRolesTab();
    fireEvent.click(await screen.findByText('创建标准角色'));
    expect((await screen.findAllByText('确认创建标准角色？')).length).toBeGreaterThan(0);
    expect(fake.requests.some((request) => request.path === '/projectRole/autoCreateProjectRole')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await within(table).findByText('CRA')).toBeDefined();
    const call = fake.requests.find((request) => request.path === '/projectRole/autoCreateProjectRole');
    expect(call?.method).toBe('POST');
    expect(call?.body).toBeNull();
    expect(call?.search.get('projectId')).toBe('5');
    expect(fake.requests.filter((request) => request.path === '/projectRole/list/5').length).toBeGreaterThanOrEqual(2);
  });

  it('says so when every standard role exists already', async () => {
    const fake = server(AS_PLATFORM_ADMIN, { 'POST /projectRole/autoCreateProjectRole': () => ok([]) });
    renderApp({ path: '/project/institution', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await openRolesTab();
    fireEvent.click(screen.getByTestId('role-create-standard'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('The project already has every standard role; no role was created.')).toBeDefined();
  });

  it('is not offered without the role-management right', async () => {
    const access: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['userRightsManagement'], sites: [21] } };
    renderApp({ path: '/project/institution', fetch: server(access).fetch, locale: 'en-US', token: 't' });
    await openRolesTab();
    expect(screen.queryByTestId('role-create-standard')).toBeNull();
    expect(screen.queryByText('Create standard roles')).toBeNull();
  });
});
