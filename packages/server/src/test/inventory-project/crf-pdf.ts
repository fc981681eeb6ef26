import type { Entry } from './entry.js';
import { enterManagers, MEMBERS_ANYWHERE } from './entry.js';
import { siteAStudyData } from './study-data.js';

/** The CRF PDFs: the blank CRF of the session environment's design, and the casebook of a site A subject. */
export const CRF_PDF_ENTRIES: Record<string, Entry> = {
  // Each member asks in the project of their own session (record.view there), as the query list does.
  'GET /dcap/crf/blank': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/crf/blank' }) },
  'GET /dcap/crf/casebook/:subjectId': {
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/crf/casebook/${String((await siteAStudyData(f)).subjectId)}` }),
  },
};
