import { multipartForm } from '../../modules/attachments/attachments.fixture.js';
import type { Entry } from './entry.js';

const DICTIONARY = Buffer.from(
  '"Variable / Field Name","Form Name","Section Header","Field Type","Field Label","Choices, Calculations, OR Slider Labels","Field Note","Text Validation Type OR Show Slider Number","Text Validation Min","Text Validation Max","Identifier?","Branching Logic (Show field only if...)","Required Field?","Custom Alignment","Question Number (surveys only)","Matrix Group Name","Matrix Ranking?","Field Annotation"\r\nweight,matrix_import,,text,Weight,,,number,,,,,,,,,,\r\n',
);

/** Design import from another system's form definitions (docs/design-import.md). */
export const DESIGN_IMPORT_ENTRIES: Record<string, Entry> = {
  'POST /dcap/project/design/importRedcap': {
    call: (f) => ({
      method: 'POST',
      url: '/dcap/project/design/importRedcap',
      raw: multipartForm({ projectId: f.projectId, dryRun: 'true' }, { name: 'dictionary.csv', type: 'text/csv', bytes: DICTIONARY }),
    }),
  },
};
