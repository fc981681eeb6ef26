import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { Locale } from '@dcap/core';
import { App } from '../app/App';
import { createAppInstance } from '../app/bootstrap';
import { storageKey } from '../app/storage';

export interface RenderAppOptions {
  path: string;
  fetch: typeof fetch;
  locale?: Locale;
  token?: string;
}

/** Renders the real route table and providers in a memory router, as the browser would at `path`. */
export function renderApp({ path, fetch, locale, token }: RenderAppOptions) {
  if (locale) window.localStorage.setItem(storageKey('language'), locale);
  if (token) window.localStorage.setItem(storageKey('token'), token);
  const app = createAppInstance({
    storage: window.localStorage,
    fetch,
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  const view = render(<App app={app} />);
  return { app, view };
}
