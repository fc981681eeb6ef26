import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditProcesses } from '@dcap/core';
import type { AuditStep, Project, ProjectAccess } from '@dcap/core';
import { abilitiesFor, ADMIN, AS_PROJECT_ADMIN, makeProject, makeProjectInit, MEMBER, PROJECT_ADMIN } from '../../test/fixtures';
import { fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const detail = (steps: AuditStep[], saved = true) => ({
  projectId: 5,
  steps,
  saved,
  auditProcList: auditProcesses(steps).auditProcList,
  updatedAt: saved ? '2025-02-01T08:00:00.000Z' : null,
  updatedBy: saved ? '周敏' : null,
});

function server(project: Project, access: ProjectAccess, routes: Parameters<typeof fakeServer>[0] = {}) {
  const user = access.platformAdmin ? ADMIN : access.projectAdmin ? PROJECT_ADMIN : MEMBER;
  return fakeServer({
    'GET /sys/init': () => ok(makeProjectInit(user, { project, access })),
    'POST /project/statusChangeApplications': () => ok([]),
    'POST /project/processConfig/detail': () => ok(detail(['verify', 'review', 'sign'], false)),
    ...routes,
  });
}

/** The steps as the card lists them, top to bottom. */
function listedSteps(): string[] {
  return [...screen.getByTestId('process-config').querySelectorAll('[data-testid^="process-step-"]')].map((element) =>
    (element.getAttribute('data-testid') ?? '').replace('process-step-', ''),
  );
}

describe('project configuration /project/detail/new: the audit process', () => {
  it('shows the steps the project uses in order, the unused ones after, and that the default is in force', async () => {
    const project = makeProject({ status: 'CONFIG' }, AS_PROJECT_ADMIN);
    const fake = server(project, AS_PROJECT_ADMIN);
    renderApp({ path: '/project/detail/new', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('process-step-verify');
    expect(screen.getByText('Audit process')).toBeDefined();
    expect(listedSteps()).toEqual(['verify', 'review', 'sign']);
    expect(screen.getByTestId('process-default')).toBeDefined();
    expect(JSON.parse(fake.requests.find((request) => request.path === '/project/processConfig/detail')?.body ?? 'null')).toEqual({ projectId: 5 });
  });

  it('saves the chosen steps in their order', async () => {
    const project = makeProject({ status: 'CONFIG' }, AS_PROJECT_ADMIN);
    const fake = server(project, AS_PROJECT_ADMIN, {
      'POST /project/processConfig/detail': () => ok(detail(['verify', 'review', 'sign'])),
      'POST /project/processConfig/save': () => ok(detail(['review', 'verify'])),
    });
    renderApp({ path: '/project/detail/new', fetch: fake.fetch, locale: 'zh-CN', token: 't' });
    await screen.findByTestId('process-step-verify');
    expect(screen.getByText('审核流程')).toBeDefined();
    expect(screen.getByTestId<HTMLButtonElement>('process-save').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('process-use-sign'));
    fireEvent.click(screen.getByTestId('process-up-review'));
    expect(listedSteps()).toEqual(['review', 'verify', 'sign']);
    fireEvent.click(screen.getByTestId('process-save'));
    await waitFor(() => {
      expect(JSON.parse(fake.requests.find((request) => request.path === '/project/processConfig/save')?.body ?? 'null')).toEqual({ projectId: 5, steps: ['review', 'verify'] });
    });
  });

  it('refuses in the browser what core’s rule refuses: a signature before another step', async () => {
    // docs/decisions.md "Process configuration": "a signature, when used, comes last".
    const project = makeProject({ status: 'CONFIG' }, AS_PROJECT_ADMIN);
    const fake = server(project, AS_PROJECT_ADMIN, { 'POST /project/processConfig/detail': () => ok(detail(['verify', 'sign'])) });
    renderApp({ path: '/project/detail/new', fetch: fake.fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('process-step-verify');
    // Adding review appends it after the signature.
    fireEvent.click(screen.getByTestId('process-use-review'));
    expect(listedSteps()).toEqual(['verify', 'sign', 'review']);
    expect(within(screen.getByTestId('process-problems')).getByText('The signature must be the last step.')).toBeDefined();
    const save = screen.getByTestId<HTMLButtonElement>('process-save');
    expect(save.disabled).toBe(true);
    fireEvent.click(save);
    fireEvent.click(screen.getByTestId('process-up-review'));
    expect(screen.queryByTestId('process-problems')).toBeNull();
    expect(fake.requests.some((request) => request.path === '/project/processConfig/save')).toBe(false);
  });

  it('is read-only without the design right', async () => {
    // The page needs `project.configure`; today the same role flag grants both rights, so the card's own
    // rule is checked with abilities where they differ.
    const project = makeProject({ status: 'CONFIG', abilities: { ...abilitiesFor(AS_PROJECT_ADMIN), 'design.edit': false } }, AS_PROJECT_ADMIN);
    renderApp({ path: '/project/detail/new', fetch: server(project, AS_PROJECT_ADMIN).fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('process-step-verify');
    expect(screen.getByTestId('process-read-only')).toBeDefined();
    expect(screen.queryByTestId('process-save')).toBeNull();
    expect(screen.queryByTestId('process-up-review')).toBeNull();
    expect(screen.getByTestId('process-use-verify').closest('label')?.querySelector('input')?.disabled).toBe(true);
  });

  it('is read-only in a status that does not allow configuration, even for an administrator', async () => {
    const project = makeProject({ status: 'DATABASE_FREEZED' }, AS_PROJECT_ADMIN);
    renderApp({ path: '/project/detail/new', fetch: server(project, AS_PROJECT_ADMIN).fetch, locale: 'en-US', token: 't' });
    await screen.findByTestId('process-step-verify');
    expect(screen.getByTestId('process-read-only')).toBeDefined();
    expect(screen.queryByTestId('process-save')).toBeNull();
  });
});
