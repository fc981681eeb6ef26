import type { Fixture, PersonaName } from '../inventory.fixture.js';
import { multipartForm } from '../../modules/attachments/attachments.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers } from './entry.js';

/** The first instrument of the matrix project (999999 when it has none). */
async function instrumentOf(f: Fixture): Promise<number> {
  const row = await f.study.t.database.db.selectFrom('instruments').select('id').where('project_id', '=', f.projectId).orderBy('id').executeTakeFirst();
  return row?.id ?? 999999;
}

/** Who holds the import right in the project their session is in (see the comment of the entries). */
const IMPORTERS: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite', 'otherProject'];

const SHEET = { name: 'rows.csv', type: 'text/csv', bytes: Buffer.from('subject,visit,X\nS1,V1,1\n') };

/** Record import and the study design package (docs/decisions.md "Record import"). */
export const IMPORT_ENTRIES: Record<string, Entry> = {
  // Record import acts in the session's project and environment and names no site's data by id: the caller's
  // sites filter what it finds (a subject of another site is unknown, tasks of others are not found). So the
  // member limited to site B and the stranger, each in a project where they hold the import right, are let
  // through and answered from their own scope.
  'POST /dcap/platformDataImport/record/uploadExcel': {
    allowed: IMPORTERS,
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/platformDataImport/record/uploadExcel', raw: multipartForm({ instrumentId: await instrumentOf(f) }, SHEET) }),
  },
  'GET /dcap/platformDataImport/record/template/:instrumentId': {
    allowed: IMPORTERS,
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/platformDataImport/record/template/${String(await instrumentOf(f))}` }),
  },
  'GET /dcap/platformDataImport/record/instruments': {
    allowed: IMPORTERS,
    call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/platformDataImport/record/instruments' }),
  },
  'POST /dcap/platformDataImport/record/list': {
    allowed: IMPORTERS,
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/platformDataImport/record/list', body: {} }),
  },
  'POST /dcap/platformDataImport/record/detail': {
    allowed: IMPORTERS,
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/platformDataImport/record/detail', body: { id: 999999 } }),
  },
  'POST /dcap/platformDataImport/record/apply': {
    allowed: IMPORTERS,
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/platformDataImport/record/apply', body: { id: 999999 } }),
  },
  'GET /dcap/project/export': { call: (f) => ({ method: 'GET', url: `/dcap/project/export?projectId=${f.projectId}` }) },
  'POST /dcap/project/import': {
    call: (f) => ({ method: 'POST', url: '/dcap/project/import', raw: multipartForm({ projectId: f.projectId }, { name: 'design.json', type: 'application/json', bytes: Buffer.from('{}') }) }),
  },
};
