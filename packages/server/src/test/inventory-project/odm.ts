import { multipartForm } from '../../modules/attachments/attachments.fixture.js';
import type { Entry } from './entry.js';

/** CDISC ODM of the design: the metadata file of the test environment, and the import's dry run. */
export const ODM_ENTRIES: Record<string, Entry> = {
  'GET /dcap/project/design/odm': { call: (f) => ({ method: 'GET', url: `/dcap/project/design/odm?projectId=${String(f.projectId)}&env=uat` }) },
  // Not XML: callers let through are told so (422) before anything is read or written.
  'POST /dcap/project/design/importOdm': {
    call: (f) => ({
      method: 'POST',
      url: '/dcap/project/design/importOdm',
      raw: multipartForm({ projectId: f.projectId, dryRun: 'true' }, { name: 'design.xml', type: 'application/xml', bytes: Buffer.from('not xml') }),
    }),
  },
};
