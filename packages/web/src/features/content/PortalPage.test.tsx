import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '@dcap/core';
import { makeInit, MEMBER } from '../../test/fixtures';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

/** A project's own sign-in page (spec 000 §2.3 /portal/{project}): signing in there enters that project. */
const PORTAL: PortalConfig = {
  projectId: 7,
  projectName: '心衰研究',
  projectEName: 'Heart failure study',
  loginUrl: 'hf',
  loginLogo: null,
  background: null,
  footer: null,
  footerEn: null,
  description: null,
  notice: null,
  noticeEn: null,
};

function portalServer(store: () => ReturnType<typeof ok> | ReturnType<typeof fail>) {
  return fakeServer({
    'GET /projectUIConfig/getUIConfigByUrl/hf': () => ok(PORTAL),
    'POST /login': () => ok({ token: 'token-portal', user: { id: MEMBER.id, username: MEMBER.username, name: MEMBER.name, mustChangePassword: false } }),
    'GET /project/store/7': store,
    'GET /sys/init': () => ok(makeInit(MEMBER)),
  });
}

async function signIn() {
  fireEvent.change(await screen.findByTestId('login-username'), { target: { value: MEMBER.username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Passw0rd!x' } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('project portal sign-in', () => {
  it('enters the portal’s project after signing in and lands on its home page', async () => {
    const server = portalServer(() => ok({ projectId: 7, roleId: 3, env: 'prod' }));
    const { app } = renderApp({ path: '/portal/hf', fetch: server.fetch, locale: 'en-US' });
    expect((await screen.findByTestId('portal-name')).textContent).toBe('Heart failure study');
    await signIn();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/project/DataDisplay'));
    const paths = server.requests.map((r) => r.path);
    expect(paths.indexOf('/project/store/7')).toBeGreaterThan(paths.indexOf('/login'));
    expect(screen.queryByText('You are not a member of this project; you are on the platform’s home page')).toBeNull();
  });

  it('sends a user who is not a member to the normal home with a notice, in either language', async () => {
    for (const [locale, notice] of [
      ['en-US', 'You are not a member of this project; you are on the platform’s home page'],
      ['zh-CN', '您不是该项目的成员，已进入平台首页'],
    ] as const) {
      window.localStorage.clear();
      const server = portalServer(() => fail(403, 'forbidden', { errorCode: 'permission.project_forbidden' }));
      const { app, view } = renderApp({ path: '/portal/hf', fetch: server.fetch, locale });
      await signIn();
      expect(await screen.findByText(notice)).toBeDefined();
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/project/DataDisplay'));
      expect(server.requests.some((r) => r.path === '/project/store/7')).toBe(true);
      view.unmount();
    }
  });

  it('leaves the plain sign-in page as it was: no project is entered', async () => {
    const server = portalServer(() => ok({ projectId: 7, roleId: 3, env: 'prod' }));
    const { app } = renderApp({ path: '/user/login', fetch: server.fetch, locale: 'en-US' });
    await signIn();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/project/DataDisplay'));
    expect(server.requests.some((r) => r.path.startsWith('/project/store'))).toBe(false);
  });
});
