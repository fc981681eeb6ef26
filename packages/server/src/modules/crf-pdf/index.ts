/** What other modules (the export jobs) use to put a CRF report into an export: the renderers and the fonts. */
export type { BlankCrfInput } from './blank.js';
export { renderBlankCrf, scheduleOf } from './blank.js';
export type { CasebookRequest, CasebookSummary } from './casebook.js';
export { renderCasebook } from './casebook.js';
export type { CrfFonts } from './font.js';
export { loadFonts } from './font.js';
export { toBuffer } from './service.js';
