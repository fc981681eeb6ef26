import type { PersonaName } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers } from './entry.js';
import { siteAField } from './study-data.js';

/**
 * Coding in the session's project (docs/decisions.md "Coding library"): the calls naming site A's value are
 * site-scoped; ids of fields and dictionaries that do not exist let an allowed caller through to a
 * not-found answer of the coding area, which no access refusal uses. The calls on the session's project let the
 * stranger through in their own project, where they hold every right.
 */
const CODERS_ANYWHERE: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite', 'otherProject'];
const CONFIGURERS_ANYWHERE: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherProject'];
export const CODING_ENTRIES: Record<string, Entry> = {
  'GET /dcap/coding/setup': { allowed: CODERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/coding/setup' }) },
  'GET /dcap/coding/export': { allowed: CODERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/coding/export?fieldId=999999&format=csv' }) },
  'GET /dcap/coding/values': { allowed: CODERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/coding/values?fieldId=999999' }) },
  'GET /dcap/coding/terms': { allowed: CODERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/coding/terms?dictionaryId=999999' }) },
  'POST /dcap/coding/field/save': { allowed: CONFIGURERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/coding/field/save', body: { instrumentId: 999999, path: 'MXTEXT', dictionaryId: 999999 } }) },
  'POST /dcap/coding/field/delete': { allowed: CONFIGURERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/coding/field/delete', body: { id: 999999 } }) },
  'POST /dcap/coding/code': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/coding/code', body: { ...(await siteAField(f)), termCode: 'MX1' } }) },
  'POST /dcap/coding/uncode': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/coding/uncode', body: await siteAField(f) }) },
};
