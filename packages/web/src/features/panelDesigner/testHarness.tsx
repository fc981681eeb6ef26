import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DerivedFieldsAll, Panel, Widget } from '@dcap/core';
import { AppProviders } from '../../app/AppProviders';
import { createAppInstance } from '../../app/bootstrap';
import { InitContext } from '../../app/initContext';
import { storageKey } from '../../app/storage';
import { fakeServer, ok } from '../../test/fakeServer';
import { ADMIN, makeProjectInit } from '../../test/fixtures';
import { DerivedDesignerPage } from './DerivedDesignerPage';
import { FormDesignerPage } from './FormDesignerPage';

export const INSTRUMENT_ID = 41;

/** A fake server with the instrument's draft and empty libraries; a test adds or overrides routes. */
export function designerServer(panel: Panel, routes: Parameters<typeof fakeServer>[0] = {}, kind: 'form' | 'derived' = 'form') {
  const derived: DerivedFieldsAll = { CONTINUOUS_VARIABLES: [], CATEGORICAL_VARIABLES: [], ORDINAL_VARIABLES: [] };
  return fakeServer({
    'POST /project/instrument/preview': () => ok({ instrumentId: INSTRUMENT_ID, name: '生命体征', nameEn: 'Vital signs', nameAbbr: 'VS', kind, panel, revision: 3 }),
    'GET /project/instrument/templates': () => ok({ instruments: [], domains: [] }),
    'GET /standard/fields': () => ok([]),
    'GET /project/derivedField/all': () => ok(derived),
    'POST /project/field/saveAllCfg': () => ok({ instrumentId: INSTRUMENT_ID, revision: 4, fieldCount: panel.list.length }),
    'POST /project/derivedInstrument/saveFieldCfg': () => ok({ instrumentId: INSTRUMENT_ID, revision: 4, fieldCount: panel.list.length }),
    ...routes,
  });
}

/**
 * Renders one designer page with the real providers in a memory router, signed in as the platform
 * administrator of project 5 (who may design), as the route table will mount it.
 */
export function renderDesigner(page: 'form' | 'derived', fetch: typeof globalThis.fetch) {
  window.localStorage.setItem(storageKey('language'), 'en-US');
  window.localStorage.setItem(storageKey('token'), 't');
  const init = makeProjectInit(ADMIN, { currEnv: 'dev' });
  const Page = page === 'form' ? FormDesignerPage : DerivedDesignerPage;
  const path = page === 'form' ? '/dCapVue/design/panel/:instrumentId' : '/dCapVue/design/derived/:instrumentId';
  const app = createAppInstance({
    storage: window.localStorage,
    fetch,
    createRouter: () =>
      createMemoryRouter(
        [
          {
            path,
            element: (
              <InitContext value={init}>
                <Page />
              </InitContext>
            ),
          },
        ],
        { initialEntries: [path.replace(':instrumentId', String(INSTRUMENT_ID))] },
      ),
  });
  return render(
    <AppProviders app={app}>
      <RouterProvider router={app.router} />
    </AppProviders>,
  );
}

export const emptyPanel = (list: Widget[] = []): Panel => ({ list, config: { labelWidth: 8, labelPosition: 'right' } });
