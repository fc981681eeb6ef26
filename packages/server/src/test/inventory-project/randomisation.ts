import type { PersonaName } from '../inventory.fixture.js';
import { multipartForm } from '../../modules/attachments/attachments.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers } from './entry.js';

/**
 * Balance and iMask (docs/decisions.md "Randomisation, blinding and supply"). Calls that act in the session's
 * project and name no other project's rows let the stranger through in the project their session is in,
 * where they hold every right; a site-limited member is answered from their own sites where no site's data is
 * named by id.
 */
const VIEWERS: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite', 'otherProject'];
/** Designing needs an unblinded role over every site: a manager by position alone is refused. */
const DESIGNERS: PersonaName[] = ['withRight', 'otherProject'];
const MISSING = 999999;

const SCHEME = {
  name: 'Inventory scheme',
  settings: {
    scheme: { method: 'blocks', arms: [{ code: 'A', name: '试验组', ratio: 1 }, { code: 'B', name: '对照组', ratio: 1 }], blockSizes: [4], stratifyBySite: false, tableSize: 8 },
    factorSources: {},
    treatmentPhase: '治疗期',
  },
};

export const RANDOMISATION_ENTRIES: Record<string, Entry> = {
  'GET /dcap/balance/scheme/list': { allowed: VIEWERS, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/balance/scheme/list' }) },
  'GET /dcap/balance/scheme/detail': { allowed: VIEWERS, call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/balance/scheme/detail?id=${String(MISSING)}` }) },
  'POST /dcap/balance/scheme/save': { allowed: DESIGNERS, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/scheme/save', body: SCHEME }) },
  'POST /dcap/balance/scheme/delete': { allowed: DESIGNERS, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/scheme/delete', body: { id: MISSING } }) },
  'POST /dcap/balance/scheme/simulate': { allowed: DESIGNERS, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/scheme/simulate', body: { id: MISSING } }) },
  'POST /dcap/balance/scheme/approve': { allowed: DESIGNERS, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/scheme/approve', body: { id: MISSING, version: 1 } }) },
  'GET /dcap/balance/table/list': { allowed: DESIGNERS, call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/balance/table/list?schemeId=${String(MISSING)}` }) },
  'POST /dcap/balance/table/generate': { allowed: DESIGNERS, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/table/generate', body: { schemeId: MISSING, kind: 'test' } }) },
  'POST /dcap/balance/table/upload': {
    allowed: DESIGNERS,
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/table/upload', raw: multipartForm({ schemeId: MISSING, kind: 'test' }, { name: 'list.csv', type: 'text/csv', bytes: Buffer.from('randomNumber,arm\nR0001,A\n') }) }),
  },
  'POST /dcap/balance/table/slots': { allowed: DESIGNERS, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/table/slots', body: { tableId: MISSING } }) },
  'GET /dcap/balance/siteMapping/list': { allowed: DESIGNERS, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/balance/siteMapping/list' }) },
  // Names a site of the matrix project: the stranger, acting in their own project, finds no such site.
  'POST /dcap/balance/siteMapping/save': { allowed: ['withRight'], call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/siteMapping/save', body: { siteId: f.siteA, remoteSite: f.unique('RS') } }) },
  // Names site A's subject: the member of site B and the stranger find no such subject.
  'POST /dcap/balance/randomise': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/randomise', body: { subjectId: f.studyData.subjectId, version: 1, firstDrugNo: 'K1' } }) },
  'POST /dcap/balance/allocation/list': { allowed: VIEWERS, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/balance/allocation/list', body: {} }) },
  'GET /dcap/balance/allocation/subject/:id': { call: (f) => enterManagers(f, { method: 'GET', url: `/dcap/balance/allocation/subject/${String(f.studyData.subjectId)}` }) },
  'GET /dcap/imask/state': {
    allowed: ['platformAdmin', 'projectAdmin', 'withRight', 'withoutRight', 'otherSite', 'otherProject'],
    call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/imask/state' }),
  },
  'GET /dcap/imask/unblinding/list': { allowed: VIEWERS, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/imask/unblinding/list' }) },
  'POST /dcap/imask/unblind/emergency': {
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/imask/unblind/emergency', body: { subjectId: f.studyData.subjectId, reason: 'inventory', username: 'nobody', password: 'x' } }),
  },
  'POST /dcap/imask/unblind/study': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/imask/unblind/study', body: { reason: 'inventory', username: 'nobody', password: 'x' } }) },
  'POST /dcap/imask/unblinding/acknowledge': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/imask/unblinding/acknowledge', body: { id: MISSING } }) },
};
