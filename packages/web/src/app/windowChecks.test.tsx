import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ConfigRevision } from '@dcap/core';
import { ADMIN, makeEnv, makeProjectInit } from '../test/fixtures';
import { fakeServer } from '../test/fakeServer';
import { App } from './App';
import { createAppInstance } from './bootstrap';
import { createConfigRevisionCheck } from './configRevision';
import { ENV_DIALOG_SEEN_KEY } from './envDialogOnce';
import { ENV_MARKER_KEY } from './envMarker';
import { storageKey } from './storage';

type Routes = Parameters<typeof fakeServer>[0];

/** The session's project and environment as the server adds them to every success envelope. */
function withMarker(data: unknown, marker: { projectId: number | null; env: string | null }) {
  return { body: { code: 0, msg: 'success', data, consistencyProjectId: marker.projectId, consistencyProjectCurrEnv: marker.env } };
}

function start(routes: Routes, path = '/project/DataDisplay') {
  window.localStorage.setItem(storageKey('language'), 'en-US');
  window.localStorage.setItem(storageKey('token'), 't');
  const server = fakeServer(routes);
  const reload = vi.fn();
  const app = createAppInstance({
    storage: window.localStorage,
    windowStorage: window.sessionStorage,
    fetch: server.fetch,
    reload,
    createRouter: (routeTable) => createMemoryRouter(routeTable, { initialEntries: [path] }),
  });
  const view = render(<App app={app} />);
  return { app, server, reload, view };
}

function focus() {
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
}

describe('the environment marker modal (spec 000 §4.4, spec 002 §8)', () => {
  // Spec 002 §8: "Environment marker mismatch with the session: warning modal asking to confirm the current
  // operating environment; OK clears the marker, reinitialises and reloads."
  it('warns when an answer carries another environment than the window’s, and OK clears, reinitialises and reloads', async () => {
    let session = { projectId: 5, env: 'uat' };
    const init = makeProjectInit(ADMIN, { currEnv: 'uat' });
    const { server, reload } = start({
      'GET /sys/init': () => withMarker(init, session),
      'GET /projectEnv/configRevision': () => withMarker({ ...session, revision: 'r1' }, session),
    });
    await screen.findByTestId('env-switch');
    await waitFor(() => {
      expect(JSON.parse(String(window.sessionStorage.getItem(ENV_MARKER_KEY)))).toEqual({ projectId: 5, env: 'uat' });
    });

    // Another window of the same session switched to production; this window's next call sees it.
    session = { projectId: 5, env: 'prd' };
    focus();
    expect(await screen.findByText(/duplicate window open, please confirm the current operating environment/)).toBeDefined();
    const inits = server.requests.filter((request) => request.path === '/sys/init').length;
    fireEvent.click(screen.getByTestId('env-marker-ok'));
    await waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
    expect(window.sessionStorage.getItem(ENV_MARKER_KEY)).toBeNull();
    expect(server.requests.filter((request) => request.path === '/sys/init')).toHaveLength(inits + 1);
  });

  it('stays quiet when this window switched environment itself', async () => {
    let session = { projectId: 5, env: 'uat' };
    const { reload } = start({
      'GET /sys/init': () => withMarker(makeProjectInit(ADMIN, { currEnv: session.env }), session),
      'GET /projectEnv/selectEnv/prd': () => {
        const before = session;
        session = { projectId: 5, env: 'prd' };
        // The switch's own answer still carries where the session was when the call arrived.
        return withMarker({ projectId: 5, roleId: null, env: 'prd' }, before);
      },
      'GET /projectEnv/configRevision': () => withMarker({ ...session, revision: 'r1' }, session),
    });
    fireEvent.click(await screen.findByTestId('env-switch'));
    fireEvent.click(await screen.findByTestId('env-choice-prd'));
    await waitFor(() => {
      expect(screen.getByTestId('env-switch').textContent).toContain('prd environment');
    });
    focus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('env-marker-ok')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(JSON.parse(String(window.sessionStorage.getItem(ENV_MARKER_KEY)))).toEqual({ projectId: 5, env: 'prd' });
  });
});

describe('the configuration-updated dialog (spec 000 §4.4)', () => {
  // Spec 000 §4.4: "When the project configuration has been updated in a dev or sde environment, an error
  // dialog announces a refresh for data safety, with a refresh button."
  it('announces a refresh in a development environment when the revision changed elsewhere', async () => {
    let revision = 'r1';
    const marker = { projectId: 5, env: 'dev' };
    const { reload } = start({
      'GET /sys/init': () => withMarker(makeProjectInit(ADMIN, { currEnv: 'dev' }), marker),
      'GET /projectEnv/configRevision': () => withMarker({ ...marker, revision }, marker),
    });
    await screen.findByTestId('env-switch');
    await new Promise((resolve) => setTimeout(resolve, 50));
    revision = 'r2';
    focus();
    expect(await screen.findByText(/The system will refresh for data safety/)).toBeDefined();
    fireEvent.click(screen.getByTestId('config-updated-refresh'));
    await waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
  });

  it('says nothing in a test environment', async () => {
    let revision = 'r1';
    const marker = { projectId: 5, env: 'uat' };
    const { server } = start({
      'GET /sys/init': () => withMarker(makeProjectInit(ADMIN, { currEnv: 'uat' }), marker),
      'GET /projectEnv/configRevision': () => withMarker({ ...marker, revision }, marker),
    });
    await screen.findByTestId('env-switch');
    await new Promise((resolve) => setTimeout(resolve, 50));
    revision = 'r2';
    focus();
    await waitFor(() => {
      expect(server.requests.filter((request) => request.path === '/projectEnv/configRevision')).toHaveLength(2);
    });
    expect(screen.queryByTestId('config-updated-refresh')).toBeNull();
  });
});

describe('the configuration revision check', () => {
  function reader(values: ConfigRevision[]) {
    const read = vi.fn(() => {
      const next = values.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('no more'));
    });
    return read;
  }
  const at = (revision: string | null, env = 'dev'): ConfigRevision => ({ projectId: 5, env, revision });

  it('compares with the revision the window loaded, at most once per 3 seconds', async () => {
    let now = 0;
    const check = createConfigRevisionCheck(reader([at('a'), at('a'), at('b')]), () => now);
    await check.rebase();
    expect(await check.changed()).toBe(false);
    now += 2_999;
    expect(await check.changed()).toBe(false);
    now += 1;
    expect(await check.changed()).toBe(true);
  });

  it('moves its own revision along after the window’s own write', async () => {
    let now = 0;
    const check = createConfigRevisionCheck(reader([at('a'), at('b'), at('b')]), () => now);
    await check.rebase();
    await check.rebase();
    now += 5_000;
    expect(await check.changed()).toBe(false);
  });

  it('leaves another project or environment, and a failed read, to the other checks', async () => {
    let now = 0;
    const check = createConfigRevisionCheck(reader([at('a'), at('b', 'uat')]), () => now);
    await check.rebase();
    expect(await check.changed()).toBe(false);
    now += 5_000;
    expect(await check.changed()).toBe(false);
  });
});

describe('the environment list dialog, once per session (spec 000 §4.4)', () => {
  // Spec 000 §4.4: "An environment-list dialog may open once per session."
  it('opens by itself when the session’s environment cannot be chosen any more, and not again after a reload', async () => {
    const envs = [makeEnv('dev', 'dev'), makeEnv('uat', 'uat', 'disable'), makeEnv('prd', 'prd')];
    const routes: Routes = { 'GET /sys/init': () => withMarker(makeProjectInit(ADMIN, { envs, currEnv: 'uat' }), { projectId: 5, env: 'uat' }) };
    const first = start(routes);
    expect(await screen.findByTestId('env-prompt')).toBeDefined();
    expect(JSON.parse(String(window.localStorage.getItem(ENV_DIALOG_SEEN_KEY)))).toEqual([5]);
    first.view.unmount();

    const second = start(routes);
    await screen.findByTestId('env-switch');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('env-prompt')).toBeNull();

    // Signing out ends the session: the next one may show it again.
    act(() => {
      second.app.services.session.clear('signedOut');
    });
    expect(window.localStorage.getItem(ENV_DIALOG_SEEN_KEY)).toBeNull();
  });

  it('does not open while the session works in an environment it may use', async () => {
    start({ 'GET /sys/init': () => withMarker(makeProjectInit(ADMIN, { currEnv: 'uat' }), { projectId: 5, env: 'uat' }) });
    await screen.findByTestId('env-switch');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('env-prompt')).toBeNull();
    expect(window.localStorage.getItem(ENV_DIALOG_SEEN_KEY)).toBeNull();
  });
});
