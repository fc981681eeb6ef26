import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Project, ProjectAccess } from '@dcap/core';
import { ADMIN, AS_PLATFORM_ADMIN, AS_PROJECT_ADMIN, makeProject, makeProjectInit, PROJECT_ADMIN } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { lifecycleOptions } from './lifecycleActions';

function server(project: Project, access: ProjectAccess, routes: Parameters<typeof fakeServer>[0] = {}) {
  const user = access.platformAdmin ? ADMIN : PROJECT_ADMIN;
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(user, { project, access })),
    'POST /project/statusChangeApplications': () => ok([]),
    ...routes,
  });
}

function offeredActions(): string[] {
  return [...screen.getByTestId('lifecycle-panel').querySelectorAll('[data-testid^="lifecycle-"]')]
    .map((element) => element.getAttribute('data-testid') ?? '')
    .filter((id) => !['lifecycle-panel', 'lifecycle-status', 'lifecycle-none', 'lifecycle-status-target', 'lifecycle-updateStatus'].includes(id))
    .map((id) => id.replace('lifecycle-', ''));
}

/** Each case with what core's rules offer a platform administrator and a project administrator. */
const CASES = [
  { name: 'configuration with the audit requested', overrides: { status: 'CONFIG', configAuditRequested: true }, admin: ['saConfirmConfig', 'lock', 'resetTestData'], pm: ['resetTestData'] },
  { name: 'test with UAT confirmed', overrides: { status: 'TEST', uatConfirmed: true }, admin: ['applyOnline', 'lock', 'resetTestData'], pm: ['applyOnline', 'resetTestData'] },
  { name: 'locked from running', overrides: { status: 'LOCKED', prevStatus: 'ON_RESEARCH' }, admin: ['unlock'], pm: [] },
] as const;

describe('project configuration /project/detail/new: the lifecycle panel', () => {
  describe.each([
    ['a platform administrator', AS_PLATFORM_ADMIN],
    ['a project administrator', AS_PROJECT_ADMIN],
  ] as const)('for %s', (_who, access) => {
    it.each(CASES)('offers exactly core’s actions: $name', async ({ overrides, admin, pm }) => {
      const project = makeProject(overrides, access);
      renderApp({ path: '/project/detail/new', fetch: server(project, access).fetch, locale: 'en-US', token: 't' });
      await screen.findByTestId('lifecycle-panel');
      const expected = lifecycleOptions(project);
      expect(offeredActions()).toEqual(access.platformAdmin ? admin : pm);
      expect(offeredActions()).toEqual(expected.actions);
      expect(screen.queryByTestId('lifecycle-updateStatus') !== null).toBe(expected.statusTargets.length > 0);
      if (expected.actions.length === 0 && expected.statusTargets.length === 0) expect(screen.getByTestId('lifecycle-none')).toBeDefined();
    });
  });

  it('asks for confirmation before an action, then sends it', async () => {
    const project = makeProject({ status: 'CONFIG' }, AS_PROJECT_ADMIN);
    const fake = server(project, AS_PROJECT_ADMIN, { 'POST /project/applyAuditConfig': () => ok({ ...project, configAuditRequested: true }) });
    renderApp({ path: '/project/detail/new', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('lifecycle-applyAuditConfig'));
    expect(fake.requests.some((request) => request.path === '/project/applyAuditConfig')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => {
      expect(fake.requests.find((request) => request.path === '/project/applyAuditConfig')?.body).toBe(JSON.stringify({ projectId: project.id }));
    });
  });

  it('moves to the next step with the status the caller saw', async () => {
    const project = makeProject({ status: 'PROJECT_STATUS_SET_UP' }, AS_PROJECT_ADMIN);
    const fake = server(project, AS_PROJECT_ADMIN, { 'GET /project/nextStep/5/0': () => ok({ ...project, status: 'CONFIG' }) });
    renderApp({ path: '/project/detail/new', fetch: fake.fetch, locale: 'en-US', token: 't' });
    fireEvent.click(await screen.findByTestId('lifecycle-nextStep'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => {
      expect(fake.requests.some((request) => request.path === '/project/nextStep/5/0')).toBe(true);
    });
  });
});

describe('project configuration /project/detail/new: the form', () => {
  it('saves with the version it was read at, and reloads on a stale version', async () => {
    const project = makeProject({ status: 'CONFIG', version: 3 }, AS_PROJECT_ADMIN);
    const fake = server(project, AS_PROJECT_ADMIN, {
      'POST /project/save': () => fail(409, 'The data was changed by someone else; refresh and try again', { errorCode: 'conflict.stale' }),
    });
    renderApp({ path: '/project/detail/new', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('project-form');
    fireEvent.change(screen.getByTestId('project-form-name'), { target: { value: '新名称' } });
    fireEvent.click(screen.getByTestId('project-save'));
    await waitFor(() => {
      expect(fake.requests.filter((request) => request.path === '/sys/init')).toHaveLength(2);
    });
    const body = JSON.parse(fake.requests.find((request) => request.path === '/project/save')?.body ?? 'null') as Record<string, unknown>;
    expect(body).toMatchObject({ id: 5, version: 3, name: '新名称', code: 'HF-301' });
    expect(await screen.findByText('Someone else saved the project meanwhile; their version has been loaded.')).toBeDefined();
  });

  it('is read-only when the status does not allow editing', async () => {
    const project = makeProject({ status: 'DATABASE_FREEZED' }, AS_PLATFORM_ADMIN);
    renderApp({ path: '/project/detail/new', fetch: server(project, AS_PLATFORM_ADMIN).fetch, locale: 'en-US', token: 't' });
    expect(await screen.findByTestId('project-read-only')).toBeDefined();
    expect(screen.queryByTestId('project-save')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('project-form-name').disabled).toBe(true);
    expect(within(screen.getByTestId('lifecycle-panel')).getByTestId('lifecycle-nextStep')).toBeDefined();
  });
});
