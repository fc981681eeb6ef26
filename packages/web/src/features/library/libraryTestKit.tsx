import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { Locale } from '@dcap/core';
import { App } from '../../app/App';
import { createAppInstance } from '../../app/bootstrap';
import { DASHBOARD_PATH } from '../../app/guard';
import { storageKey } from '../../app/storage';
import { DerivedFieldsPage } from './DerivedFieldsPage';
import { DictionariesPage } from './DictionariesPage';
import { StandardFieldsPage } from './StandardFieldsPage';
import { StandardInstrumentsPage } from './StandardInstrumentsPage';

/** The library pages at the paths of spec 000 §2.2; added here until the route table lists them. */
const LIBRARY_ROUTES: RouteObject[] = [
  { path: '/sys/standardField', Component: StandardFieldsPage },
  { path: '/sys/standardInstrument', Component: StandardInstrumentsPage },
  { path: '/sys/dict', Component: DictionariesPage },
  { path: '/sys/derivedField', Component: DerivedFieldsPage },
];

function withLibraryRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withLibraryRoutes(route.children) : undefined;
    const isMainLayout = children?.some((child) => child.path === DASHBOARD_PATH) === true;
    const missing = isMainLayout ? LIBRARY_ROUTES.filter((page) => !children.some((child) => child.path === page.path)) : [];
    return children ? ({ ...route, children: [...children, ...missing] } as RouteObject) : route;
  });
}

/** Renders the real app (providers, shell, guard) at a library page, as the browser would. */
export function renderLibraryPage({ path, fetch, locale = 'en-US' }: { path: string; fetch: typeof globalThis.fetch; locale?: Locale }) {
  window.localStorage.setItem(storageKey('language'), locale);
  window.localStorage.setItem(storageKey('token'), 't');
  const app = createAppInstance({
    storage: window.localStorage,
    fetch,
    createRouter: (routes) => createMemoryRouter(withLibraryRoutes(routes), { initialEntries: [path] }),
  });
  return render(<App app={app} />);
}
