import type { Entry } from './inventory-project/entry.js';
import { ATTACHMENT_ENTRIES } from './inventory-project/attachments.js';
import { CRF_PDF_ENTRIES } from './inventory-project/crf-pdf.js';
import { IMPORT_ENTRIES } from './inventory-project/imports.js';
import { DESIGN_ENTRIES } from './inventory-project/design.js';
import { DESIGN_IMPORT_ENTRIES } from './inventory-project/design-import.js';
import { ODM_ENTRIES } from './inventory-project/odm.js';
import { EXPORT_ENTRIES } from './inventory-project/exports.js';
import { PROJECT_SETUP_ENTRIES } from './inventory-project/projects.js';
import { QUERY_ENTRIES } from './inventory-project/queries.js';
import { RECORD_ENTRIES } from './inventory-project/records.js';
import { SCHEDULE_ENTRIES } from './inventory-project/schedule.js';
import { SITE_ROLE_ENTRIES } from './inventory-project/sites-roles.js';
import { SUBJECT_ENTRIES } from './inventory-project/subjects.js';
import { RANDOMISATION_ENTRIES } from './inventory-project/randomisation.js';
import { SUPPLY_ENTRIES } from './inventory-project/supply.js';
import { MESSAGE_ENTRIES } from './inventory-project/messages.js';
import { EPRO_ENTRIES } from './inventory-project/epro.js';
import { SOP_ENTRIES } from './inventory-project/sop.js';
import { CONTENT_ENTRIES } from './inventory-project/content.js';
import { CODING_ENTRIES } from './inventory-project/coding.js';
import { ANALYTICS_ENTRIES } from './inventory-project/analytics.js';

export type { Entry } from './inventory-project/entry.js';

/**
 * How to call each project-scoped route and each session switch in the permission inventory. Who is let
 * through follows from the route's declaration (its project right, and `site: 'scoped'`); `allowed`
 * overrides that only where a service adds a rule of its own, said beside the entry.
 */
export const PROJECT_ENTRIES: Record<string, Entry> = {
  ...PROJECT_SETUP_ENTRIES,
  ...SITE_ROLE_ENTRIES,
  ...DESIGN_ENTRIES,
  ...DESIGN_IMPORT_ENTRIES,
  ...SCHEDULE_ENTRIES,
  ...RECORD_ENTRIES,
  ...QUERY_ENTRIES,
  ...SUBJECT_ENTRIES,
  ...ATTACHMENT_ENTRIES,
  ...CRF_PDF_ENTRIES,
  ...ODM_ENTRIES,
  ...IMPORT_ENTRIES,
  ...EXPORT_ENTRIES,
  ...RANDOMISATION_ENTRIES,
  ...SUPPLY_ENTRIES,
  ...MESSAGE_ENTRIES,
  ...EPRO_ENTRIES,
  ...SOP_ENTRIES,
  ...CONTENT_ENTRIES,
  ...CODING_ENTRIES,
  ...ANALYTICS_ENTRIES,
};
