import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { menusFor } from '@dcap/core';
import type { DesignEvent, Instrument, InitResponse, Locale, Project, ProjectAccess, ProjectStatus } from '@dcap/core';
import { App } from '../../app/App';
import { createAppInstance } from '../../app/bootstrap';
import { DASHBOARD_PATH } from '../../app/guard';
import { storageKey } from '../../app/storage';
import { ADMIN, AS_PLATFORM_ADMIN, makeProject, makeProjectInit, MEMBER } from '../../test/fixtures';
import { EventsPage } from './EventsPage';
import { InstrumentsPage } from './InstrumentsPage';
import { ProjectDictionariesPage } from './ProjectDictionariesPage';
import { PublishPage } from './PublishPage';

/** The design pages at the paths the route table gives them; added here until the table lists them. */
const DESIGN_ROUTES: RouteObject[] = [
  { path: '/dCapVue/design/instruments', Component: InstrumentsPage },
  { path: '/dCapVue/design/events', Component: EventsPage },
  { path: '/dCapVue/design/publish', Component: PublishPage },
  { path: '/dCapVue/design/dicts', Component: ProjectDictionariesPage },
];

function withDesignRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withDesignRoutes(route.children) : undefined;
    const isMainLayout = children?.some((child) => child.path === DASHBOARD_PATH) === true;
    const missing = isMainLayout ? DESIGN_ROUTES.filter((design) => !children.some((child) => child.path === design.path)) : [];
    return children ? ({ ...route, children: [...children, ...missing] } as RouteObject) : route;
  });
}

/** Renders the real app (providers, shell, guard) at a design page, as the browser would. */
export function renderDesignPage({ path, fetch, locale = 'en-US' }: { path: string; fetch: typeof globalThis.fetch; locale?: Locale }) {
  window.localStorage.setItem(storageKey('language'), locale);
  window.localStorage.setItem(storageKey('token'), 't');
  const app = createAppInstance({
    storage: window.localStorage,
    fetch,
    createRouter: (routes) => createMemoryRouter(withDesignRoutes(routes), { initialEntries: [path] }),
  });
  return render(<App app={app} />);
}

export const DATA_ENTRY_ONLY: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['dataEntryRights'], sites: 'all' } };

interface DesignInitOptions {
  access?: ProjectAccess;
  status?: ProjectStatus;
  currEnv?: string;
}

/**
 * The initialisation of a user in project 5, in the development environment by default. A user without the
 * design right is given the design menus anyway, to show the page itself stays read-only.
 */
export function designInit({ access = AS_PLATFORM_ADMIN, status = 'CONFIG', currEnv = 'dev' }: DesignInitOptions = {}): InitResponse {
  const project: Project = makeProject({ status }, access);
  const init = makeProjectInit(access.platformAdmin ? ADMIN : MEMBER, { access, project, currEnv });
  return { ...init, menus: menusFor({ ...ADMIN, projectAbilities: makeProject({}, AS_PLATFORM_ADMIN).abilities }) };
}

export function makeInstrument(id: number, nameAbbr: string, overrides: Partial<Instrument> = {}): Instrument {
  return {
    id,
    projectId: 5,
    kind: 'form',
    name: `${nameAbbr} 表`,
    nameEn: `${nameAbbr} form`,
    nameAbbr,
    description: null,
    sort: id,
    fieldCount: 3,
    draftRevision: 1,
    updatedAt: '2025-03-01T08:00:00.000Z',
    updatedBy: '张伟',
    changedSincePublish: false,
    ...overrides,
  };
}

export function makeEvent(id: number, name: string, overrides: Partial<DesignEvent> = {}): DesignEvent {
  return {
    id,
    projectId: 5,
    name,
    nameEn: null,
    type: 'TREATMENT',
    sort: id,
    offsetDays: 14,
    windowBefore: 2,
    windowAfter: 3,
    repeatable: false,
    instrumentIds: [],
    reminders: null,
    ...overrides,
  };
}
