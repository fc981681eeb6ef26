import type { Fixture } from '../inventory.fixture.js';
import type { Entry } from './entry.js';

/** Study design: instruments, panels, visits, the matrix, publishing and project dictionaries. */
export const DESIGN_ENTRIES: Record<string, Entry> = {
  // Design. Personas work in the test environment, so allowed writes stop at the environment check.
  'GET /dcap/project/instrument/list/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/instrument/list/${f.projectId}` }) },
  'POST /dcap/project/instrument/save': { call: (f) => ({ method: 'POST', url: '/dcap/project/instrument/save', body: { projectId: f.projectId, name: 'Matrix', nameAbbr: 'MX' } }) },
  'POST /dcap/project/instrument/copyTemplate': { call: (f) => ({ method: 'POST', url: '/dcap/project/instrument/copyTemplate', body: { projectId: f.projectId, templateId: 1 } }) },
  'POST /dcap/project/instrument/preview': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/instrument/preview?projectId=${f.projectId}`, body: { instrumentId: await instrumentOf(f) } }),
  },
  'POST /dcap/project/instrument/delete': { call: async (f) => ({ method: 'POST', url: '/dcap/project/instrument/delete', body: { projectId: f.projectId, id: await instrumentOf(f) } }) },
  'POST /dcap/project/instrument/sort': { call: async (f) => ({ method: 'POST', url: '/dcap/project/instrument/sort', body: { projectId: f.projectId, ids: [await instrumentOf(f)] } }) },
  'GET /dcap/project/instrument/copy/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/project/instrument/copy/${await instrumentOf(f)}?projectId=${f.projectId}` }) },
  'GET /dcap/project/instrument/download/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/project/instrument/download/${await instrumentOf(f)}?projectId=${f.projectId}` }) },
  'GET /dcap/project/instrument/downloadAll/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/instrument/downloadAll/${f.projectId}` }) },
  'POST /dcap/project/instrument/upload': {
    call: (f) => ({
      method: 'POST',
      url: '/dcap/project/instrument/upload',
      body: { projectId: f.projectId, mode: 'append', file: { format: 'dcap-instruments', version: 1, instruments: [{ name: 'Up', nameAbbr: 'UP', panel: EMPTY_PANEL }] } },
    }),
  },
  'GET /dcap/project/instrument/preview/:instrumentId/:version': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/instrument/preview/${await instrumentOf(f)}/1?projectId=${f.projectId}` }),
  },
  'POST /dcap/project/field/saveAllCfg': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/field/saveAllCfg?projectId=${f.projectId}`, body: { instrumentId: await instrumentOf(f), ...EMPTY_PANEL } }),
  },
  'POST /dcap/project/field/saveCfg': {
    call: async (f) => ({
      method: 'POST',
      url: `/dcap/project/field/saveCfg?projectId=${f.projectId}`,
      body: { instrumentId: await instrumentOf(f), widget: { type: 'input', key: 'MXF', model: 'MXF', name: 'F', options: {} } },
    }),
  },
  'POST /dcap/project/externalInstrument/saveFieldCfg': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/externalInstrument/saveFieldCfg?projectId=${f.projectId}`, body: { instrumentId: await instrumentOf(f), ...EMPTY_PANEL } }),
  },
  'POST /dcap/project/derivedInstrument/saveFieldCfg': {
    call: async (f) => ({ method: 'POST', url: `/dcap/project/derivedInstrument/saveFieldCfg?projectId=${f.projectId}`, body: { instrumentId: await instrumentOf(f), ...EMPTY_PANEL } }),
  },
  'GET /dcap/project/event/list/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/event/list/${f.projectId}` }) },
  'POST /dcap/project/event/save': { call: (f) => ({ method: 'POST', url: '/dcap/project/event/save', body: { projectId: f.projectId, name: 'V1', type: 'TREATMENT' } }) },
  'POST /dcap/project/event/delete': { call: (f) => ({ method: 'POST', url: '/dcap/project/event/delete', body: { projectId: f.projectId, id: 999999 } }) },
  'POST /dcap/project/event/sort': { call: (f) => ({ method: 'POST', url: '/dcap/project/event/sort', body: { projectId: f.projectId, ids: [999999] } }) },
  'GET /dcap/project/eventInstrument/matrix/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/eventInstrument/matrix/${f.projectId}` }) },
  'POST /dcap/project/eventInstrument/saveMatrix': { call: (f) => ({ method: 'POST', url: '/dcap/project/eventInstrument/saveMatrix', body: { projectId: f.projectId, cells: [] } }) },
  'GET /dcap/project/design/diff/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/design/diff/${f.projectId}?target=uat` }) },
  'POST /dcap/project/design/publish': { call: (f) => ({ method: 'POST', url: '/dcap/project/design/publish', body: { projectId: f.projectId, target: 'uat' } }) },
  'GET /dcap/project/design/versions/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/project/design/versions/${f.projectId}` }) },
  // Project dictionaries (library): each call uses a fresh key, so an allowed save never collides.
  'POST /dcap/project/dict/save': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/dict/save', body: { projectId: f.projectId, key: `MX${String(Date.now())}${String(Math.random()).slice(2, 8)}`, value: 'Matrix', items: [{ key: '1', value: '1', label: 'One' }] } }),
  },
  'POST /dcap/project/dict/delete': { call: (f) => ({ method: 'POST', url: '/dcap/project/dict/delete', body: { projectId: f.projectId, key: 'MXMISSING' } }) },
};

const EMPTY_PANEL = { list: [], config: { labelWidth: 8, labelPosition: 'right' } };

/**
 * An instrument of the matrix project, created once per database directly in it. Keyed by the database:
 * test files share this module within a worker (vitest.config.ts), each with its own database.
 */
const matrixInstruments = new WeakMap<object, Promise<number>>();
function instrumentOf(f: Fixture): Promise<number> {
  const db = f.study.t.database.db;
  let id = matrixInstruments.get(db);
  if (!id) {
    id = db
      .insertInto('instruments')
      .values({ project_id: f.projectId, kind: 'form', name: 'Matrix form', name_abbr: 'MXFORM', sort: 1, panel: JSON.stringify(EMPTY_PANEL), updated_at: new Date(), updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);
    matrixInstruments.set(db, id);
  }
  return id;
}
