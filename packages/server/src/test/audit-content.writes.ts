import { DESIGN_WRITES } from './audit-content/design.js';
import { LIBRARY_WRITES } from './audit-content/libraries.js';
import { LIFECYCLE_WRITES } from './audit-content/lifecycle.js';
import { PROJECT_SETUP_WRITES } from './audit-content/project-setup.js';
import { SESSION_WRITES } from './audit-content/sessions.js';
import { USER_WRITES } from './audit-content/users.js';
import { CONTENT_WRITES } from './audit-content/content.js';
import { SYSCONFIG_WRITES } from './audit-content/sysconfig.js';
import type { Write } from './audit-content/write.js';

/**
 * The write routes of the audit-content test: how to call each, and the audit row it must leave. The entries
 * run in this order and share the fixture, so the areas keep the order they were written in.
 */
export const WRITES: Record<string, Write> = {
  ...USER_WRITES,
  ...LIFECYCLE_WRITES,
  ...SESSION_WRITES,
  ...PROJECT_SETUP_WRITES,
  ...DESIGN_WRITES,
  ...LIBRARY_WRITES,
  ...CONTENT_WRITES,
  // Last: the role permission entry grants projectAdmin a right, which no entry before it should see.
  ...SYSCONFIG_WRITES,
};
