/**
 * The calls of panel entry (spec 002 §2 "Form panel"; docs/decisions.md "Panel entry"), each in the file of its
 * job: reading a panel (read.ts), saving it (save.ts, with apply-values.ts and save-checks.ts) and copying
 * another instance's data (copy.ts).
 */
export { copyRecordPanel, listCopySources } from './copy.js';
export { prepareForQuery, readRecordPanel } from './read.js';
export { saveRecordPanel } from './save.js';
export { panelDefinition, refreshPanelStatus } from './status.js';
