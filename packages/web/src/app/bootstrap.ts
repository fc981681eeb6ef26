import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { createBrowserRouter, RouteObject } from 'react-router';
import { initResponseSchema } from '@dcap/core';
import { createApiClient } from '../api/client';
import { createQueryClient } from '../api/queryClient';
import { createI18n, currentLocale } from '../i18n';
import { applyDayjsLocale, readStoredLocale } from '../i18n/language';
import { forgetEnvDialogs } from './envDialogOnce';
import { createEnvMarkerWatch } from './envMarker';
import { DASHBOARD_PATH } from './guard';
import { createNotifierHolder } from './notifier';
import type { NotifierHolder } from './notifier';
import { createReloadPrompts } from './prompts';
import { routes } from './routes';
import type { AppServices } from './services';
import { createSessionStore } from './session';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppEnvironment {
  storage: Storage;
  fetch: typeof fetch;
  /** Browser history in the app, memory history in page tests. */
  createRouter: (routes: RouteObject[]) => AppRouter;
  /** Where cross-tab storage events arrive; absent in tests. */
  events?: Pick<Window, 'addEventListener'>;
  /** Per-window storage; the browser's session storage (the default). */
  windowStorage?: Storage;
  /** Reloads the page; `location.reload` (the default). */
  reload?: () => void;
}

export interface AppInstance {
  services: AppServices;
  i18n: I18n;
  queryClient: QueryClient;
  notifierHolder: NotifierHolder;
  router: AppRouter;
}

/** The composition root: every long-lived object is made here once and handed down, never imported as a global. */
export function createAppInstance(env: AppEnvironment): AppInstance {
  const locale = readStoredLocale(env.storage);
  applyDayjsLocale(locale);
  const i18n = createI18n(locale);
  const session = createSessionStore(env.storage, env.events);
  const queryClient = createQueryClient();
  const notifierHolder = createNotifierHolder();
  // The router is created after the client, which needs it only when a 403 arrives.
  const holder: { router?: AppRouter } = {};
  const windowStorage = env.windowStorage ?? window.sessionStorage;
  const reload = env.reload ?? (() => window.location.reload());
  const prompts = createReloadPrompts();

  // Spec 000 §4.4: "If the stored environment marker differs from the session's, a warning modal asks the
  // user to confirm the current operating environment; OK clears the marker, reinitialises the system and
  // reloads."
  const marker = createEnvMarkerWatch(windowStorage, () => {
    prompts.show({
      kind: 'warning',
      title: i18n.t('consistency.envMarker.title'),
      content: i18n.t('consistency.envMarker.content'),
      okText: i18n.t('consistency.envMarker.ok'),
      testId: 'env-marker-ok',
      onOk: async () => {
        marker.clear();
        // Reinitialise: the session's project and environment are read afresh before the page reloads.
        await api.request('/sys/init', { silent: true, schema: initResponseSchema }).catch(() => undefined);
        reload();
      },
    });
  });

  const api = createApiClient({
    fetch: env.fetch,
    notifier: notifierHolder.notifier,
    getToken: () => session.getToken(),
    getLocale: () => currentLocale(i18n),
    translate: (key, params) => i18n.t(key, params),
    // Clearing the token is enough: the guard re-renders and sends the user to sign in, keeping the page to return to.
    onSessionExpired: () => {
      session.clear('expired');
    },
    onForbidden: () => {
      void holder.router?.navigate(DASHBOARD_PATH);
    },
    onPasswordChangeRequired: () => {
      session.setMustChangePassword(true);
    },
    marker,
  });

  // A new session (or none) starts without this window's marker of the previous one.
  let knownToken = session.getToken();
  session.subscribe(() => {
    const token = session.getToken();
    if (token === knownToken) return;
    knownToken = token;
    marker.clear();
    forgetEnvDialogs(env.storage);
  });

  const router = env.createRouter(routes);
  holder.router = router;
  return {
    services: { api, session, storage: env.storage, windowStorage, marker, prompts, reload },
    i18n,
    queryClient,
    notifierHolder,
    router,
  };
}
