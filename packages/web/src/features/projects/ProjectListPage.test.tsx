import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeInit, makeProject, makeProjectInit, MEMBER } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const current = makeProject({ id: 5, code: 'HF-301', status: 'CONFIG' });
const running = makeProject({ id: 7, code: 'DM-202', name: '糖尿病研究', eName: 'Diabetes study', status: 'ON_RESEARCH' });
const locked = makeProject({ id: 8, code: 'CKD-9', name: '肾病研究', eName: null, status: 'LOCKED', prevStatus: 'ON_RESEARCH' });

function server(routes: Parameters<typeof fakeServer>[0] = {}, init = makeProjectInit(ADMIN, { project: current })) {
  return fakeServer({
    'GET /sys/init': () => ok(init),
    'GET /project/list': (request) => ok(request.search.get('filter') === 'running' ? [running] : [current, running, locked]),
    ...routes,
  });
}

describe('workplace /project/projectList', () => {
  it('lists projects with translated status, progress and notice, and filters by the spec’s tabs', async () => {
    const fake = server();
    renderApp({ path: '/project/projectList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    const card = await screen.findByTestId('project-card-CKD-9');
    expect(within(card).getByTestId('project-status').textContent).toBe('Project locked');
    // Locked shows the step it was locked from (core's progressStep) and the header notice.
    expect(within(card).getByTestId('project-progress').getAttribute('data-current')).toBe('4');
    expect(within(card).getAllByText('Project locked')).toHaveLength(2);
    expect(fake.requests.find((request) => request.path === '/project/list')?.search.get('filter')).toBe('mine');

    for (const filter of ['mine', 'all', 'testing', 'running', 'suspended', 'databaseLocked', 'docDelivery', 'offline']) {
      expect(screen.getByTestId(`project-filter-${filter}`)).toBeDefined();
    }
    fireEvent.click(screen.getByTestId('project-filter-running'));
    await waitFor(() => {
      expect(screen.queryByTestId('project-card-CKD-9')).toBeNull();
    });
    expect(fake.requests.at(-1)?.search.get('filter')).toBe('running');
    expect(screen.getByTestId('project-card-DM-202')).toBeDefined();
  });

  it('draws the status distribution of the listed projects', async () => {
    renderApp({ path: '/project/projectList', fetch: server().fetch, locale: 'en-US', token: 't' });
    const chart = await screen.findByTestId('project-status-chart');
    await within(chart).findByTestId('chart-bar-ON_RESEARCH');
    expect(within(chart).getByTestId('chart-bar-LOCKED').getAttribute('data-count')).toBe('1');
    expect(within(chart).getByText('3 projects listed')).toBeDefined();
  });

  it('searches by keyword', async () => {
    const fake = server();
    renderApp({ path: '/project/projectList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('project-card-HF-301');
    const search = within(screen.getByTestId('project-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'diabetes' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      expect(fake.requests.at(-1)?.search.get('keyword')).toBe('diabetes');
    });
  });

  it('enters another project after a confirmation and reloads the shell', async () => {
    const fake = server({ 'GET /project/store/7': () => ok({ projectId: 7, roleId: null, env: 'prd' }) });
    const { app } = renderApp({ path: '/project/projectList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('project-enter-DM-202'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => {
      expect(app.router.state.location.pathname).toBe('/project/DataDisplay');
    });
    expect(fake.requests.some((request) => request.path === '/project/store/7')).toBe(true);
    await waitFor(() => {
      expect(fake.requests.filter((request) => request.path === '/sys/init')).toHaveLength(2);
    });
  });

  it('shows every field in the info dialog', async () => {
    renderApp({ path: '/project/projectList', fetch: server().fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('project-info-HF-301'));
    const info = await screen.findByTestId('project-info');
    expect(within(info).getByText('Hua Zhang')).toBeDefined();
    expect(within(info).getByText('Open (no blinding)')).toBeDefined();
    expect(within(info).getByText('Configuration switches')).toBeDefined();
  });

  it('offers the project application only to those who may create projects', async () => {
    renderApp({ path: '/project/projectList', fetch: server().fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('project-apply')).toBeDefined();
  });

  it('hides the application from an ordinary member', async () => {
    const fake = server({}, makeInit(MEMBER));
    renderApp({ path: '/project/projectList', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('project-card-HF-301');
    expect(screen.queryByTestId('project-apply')).toBeNull();
  });
});
