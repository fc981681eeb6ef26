import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectAccess } from '@dcap/core';
import { ADMIN, makeEnv, makeProject, makeProjectInit, makeSessionRole, MEMBER } from '../test/fixtures';
import { fakeServer, ok } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { WINDOW_PROJECT_KEY } from './windowProject';

const memberAccess = (roleId: number): ProjectAccess => ({ platformAdmin: false, projectAdmin: false, role: { id: roleId, enabled: true, rights: ['dataEntryRights'], sites: [21] } });
const crc = makeSessionRole(1, 'CRC-S01', ['dataEntryRights'], { institutionIds: [21] });
const monitor = makeSessionRole(2, 'Monitor', ['verify'], { enabled: 0 });
const dm = makeSessionRole(3, 'DM', ['query']);

function memberInit(overrides: Parameters<typeof makeProjectInit>[1] = {}) {
  const access = memberAccess(1);
  return makeProjectInit(MEMBER, { access, project: makeProject({ status: 'TEST' }, access), roles: [crc, monitor, dm], roleId: 1, ...overrides });
}

describe('the project bar of the shell', () => {
  it('shows the project code truncated to 16 characters, the role alias and the pause notice', async () => {
    const access = memberAccess(1);
    const project = makeProject({ code: 'CARDIO-2025-PHASE3-LONGCODE', status: 'FREEZED_ON_TEST' }, access);
    const fake = fakeServer({ 'GET /sys/init': () => ok(memberInit({ project })) });
    renderApp({ path: '/project/projectList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('project-code')).textContent).toBe('CARDIO-2025-PHAS…');
    expect(screen.getByTestId('role-alias').textContent).toBe('CRC-S01');
    expect(screen.getByTestId('header-notice').textContent).toBe('Paused on test');
  });

  it('lists environments in the fixed type order with sde apart, and disabled ones cannot be chosen', async () => {
    const envs = [makeEnv('prd', 'prd'), makeEnv('sdeb', 'sde'), makeEnv('dev', 'dev', 'disable'), makeEnv('uat', 'uat'), makeEnv('sdea', 'sde')];
    const fake = fakeServer({
      'GET /sys/init': () => ok(memberInit({ envs, currEnv: 'uat' })),
      'GET /projectEnv/selectEnv/prd': () => ({ body: { code: 0, msg: 'Switched to production', data: { projectId: 5, roleId: 1, env: 'prd' } } }),
    });
    renderApp({ path: '/project/DataDisplay', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('env-switch')).textContent).toContain('uat environment');
    fireEvent.click(screen.getByTestId('env-switch'));
    const standard = await screen.findByTestId('env-group-standard');
    const keys = (group: HTMLElement) => [...group.querySelectorAll('[data-testid^="env-choice-"]')].map((el) => el.getAttribute('data-testid'));
    expect(keys(standard)).toEqual(['env-choice-dev', 'env-choice-uat', 'env-choice-prd']);
    expect(keys(screen.getByTestId('env-group-sde'))).toEqual(['env-choice-sdea', 'env-choice-sdeb']);
    expect(screen.getByTestId('env-choice-dev').getAttribute('data-disabled')).toBe('true');

    fireEvent.click(screen.getByTestId('env-choice-dev'));
    fireEvent.click(screen.getByTestId('env-choice-prd'));
    expect(await screen.findByText('Switched to production')).toBeDefined();
    expect(fake.requests.map((request) => request.path).filter((path) => path.startsWith('/projectEnv/selectEnv'))).toEqual(['/projectEnv/selectEnv/prd']);
    await waitFor(() => {
      expect(fake.requests.filter((request) => request.path === '/sys/init')).toHaveLength(2);
    });
  });

  it.each([
    ['no environment', [], 'No environment, contact the administrator'],
    ['an unreadable list', [{ key: 'dev' }], 'Load failed, press F5 to refresh the page'],
  ] as const)('says so on the environment button with %s', async (_name, envList, text) => {
    const init = { ...memberInit(), envList: [...envList] };
    renderApp({ path: '/project/DataDisplay', fetch: fakeServer({ 'GET /sys/init': () => ok(init) }).fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('env-switch')).textContent).toBe(text);
  });

  it('greys out disabled roles in the role switcher and switches only after a confirmation', async () => {
    const fake = fakeServer({ 'GET /sys/init': () => ok(memberInit()), 'GET /projectRole/store/3': () => ok({ projectId: 5, roleId: 3, env: 'uat' }) });
    renderApp({ path: '/project/DataDisplay', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('role-switch'));
    const table = await screen.findByTestId('role-switch-table');
    expect(within(table).getByText('Current')).toBeDefined();
    expect(within(table).getByTestId<HTMLButtonElement>('role-switch-to-2').disabled).toBe(true);
    expect(within(table).getByText('PUMCH')).toBeDefined();
    fireEvent.click(within(table).getByTestId('role-switch-to-3'));
    expect(fake.requests.some((request) => request.path === '/projectRole/store/3')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => {
      expect(fake.requests.some((request) => request.path === '/projectRole/store/3')).toBe(true);
    });
  });

  it('switches project from the header after a confirmation and goes to the home page', async () => {
    const projects = [
      { id: 5, code: 'HF-301', name: '心衰研究', eName: 'Heart failure study', status: 'TEST' as const },
      { id: 7, code: 'DM-202', name: '糖尿病研究', eName: null, status: 'ON_RESEARCH' as const },
    ];
    const fake = fakeServer({ 'GET /sys/init': () => ok(memberInit({ projects })), 'GET /project/store/7': () => ok({ projectId: 7, roleId: 9, env: 'prd' }), 'GET /project/list': () => ok([]) });
    const { app } = renderApp({ path: '/project/projectList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('project-switch'));
    fireEvent.click(await screen.findByTestId('project-switch-to-DM-202'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe('/project/DataDisplay');
    });
    expect(fake.requests.some((request) => request.path === '/project/store/7')).toBe(true);
  });

  it('refuses to open an application for a non-administrator without roles, with the forbidden notice', async () => {
    const access: ProjectAccess = { platformAdmin: false, projectAdmin: true, role: null };
    const init = makeProjectInit(MEMBER, { access, project: makeProject({ application: ['dCap', 'Balance'] }, access), roles: [] });
    renderApp({ path: '/project/DataDisplay', fetch: fakeServer({ 'GET /sys/init': () => ok(init) }).fetch, locale: 'en-US', token: 't' });
    // Fewer than 5 applications: names beside the logos.
    expect((await screen.findByTestId('app-Balance')).textContent).toBe('Balance');
    fireEvent.click(screen.getByTestId('app-dCap'));
    expect(await screen.findByText(/You have no role in this project, so you cannot open the application/)).toBeDefined();
  });

  it('shows only logos when 5 or more applications are enabled', async () => {
    const project = makeProject({ application: ['dCap', 'Balance', 'Bigscreen', 'iMask', 'iSupply'] });
    renderApp({ path: '/project/DataDisplay', fetch: fakeServer({ 'GET /sys/init': () => ok(makeProjectInit(ADMIN, { project })) }).fetch, locale: 'en-US', token: 't' });
    expect((await screen.findByTestId('app-iMask')).textContent).toBe('');
  });

  it('warns, once focus returns, that another window switched project, offering a reload', async () => {
    renderApp({ path: '/project/DataDisplay', fetch: fakeServer({ 'GET /sys/init': () => ok(memberInit()) }).fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('role-switch');
    await waitFor(() => {
      expect(window.localStorage.getItem(WINDOW_PROJECT_KEY)).toBe('5');
    });
    // Another window entered project 7 meanwhile.
    window.localStorage.setItem(WINDOW_PROJECT_KEY, '7');
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('The system detected that you switched project in another window; the page will be refreshed.')).toBeDefined();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(screen.getAllByTestId('window-switched-reload')).toHaveLength(1);
  });
});

describe('notice pages of spec 000 §4.4', () => {
  it('sends a project with no normal environment to /tools/EnvDisabled, and back to the workplace once one is normal', async () => {
    let envs = [makeEnv('dev', 'dev', 'disable'), makeEnv('uat', 'uat', 'disable')];
    const fake = fakeServer({ 'GET /sys/init': () => ok(memberInit({ envs })), 'GET /project/list': () => ok([]) });
    const { app } = renderApp({ path: '/project/DataDisplay', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('blocked-envDisabled')).toBeDefined();
    expect(app.router.state.location.pathname).toBe('/tools/EnvDisabled');
    envs = [makeEnv('dev', 'dev'), makeEnv('uat', 'uat', 'disable')];
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe('/project/projectList');
    });
  });

  it('sends a disabled role to /tools/RoleDisabled, whose button leads to the workplace', async () => {
    const disabled = makeSessionRole(1, 'CRC-S01', [], { enabled: 0 });
    const access: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: false, rights: [], sites: 'all' } };
    const init = makeProjectInit(MEMBER, { access, project: makeProject({}, access), roles: [disabled], roleId: 1 });
    const fake = fakeServer({ 'GET /sys/init': () => ok(init), 'GET /project/list': () => ok([]) });
    const { app } = renderApp({ path: '/project/institution', fetch: fake.fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByText('Your role is disabled')).toBeDefined();
    fireEvent.click(screen.getByTestId('blocked-back'));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe('/project/projectList');
    });
    // The workplace stays open while blocked, so another project can be chosen.
    expect(await screen.findByTestId('project-switch')).toBeDefined();
  });

  it('sends a user whose role works again from the notice page to the workplace', async () => {
    const fake = fakeServer({ 'GET /sys/init': () => ok(memberInit()), 'GET /project/list': () => ok([]) });
    const { app } = renderApp({ path: '/tools/RoleDisabled', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe('/project/projectList');
    });
  });
});
