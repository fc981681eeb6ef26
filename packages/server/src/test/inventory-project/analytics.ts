import type { Entry } from './entry.js';
import type { PersonaName } from '../inventory.fixture.js';
import { enterManagers, MEMBERS_ANYWHERE } from './entry.js';

/**
 * Holders of `project.configure` in the project their session is in: the site-B member too (the right is
 * project-wide, as for the design), and the stranger in their own project, where they hold every right.
 */
const CONFIGURERS_ANYWHERE: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite', 'otherProject'];

/** Analytics and the big screen (docs/decisions.md "Analytics"). */
export const ANALYTICS_ENTRIES: Record<string, Entry> = {
  // The charts and the overview read the session's current project and environment: each member asks in their own.
  'GET /dcap/analytics/chart': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/analytics/chart?indicator=randomisation&time=month' }) },
  'GET /dcap/analytics/fields': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/analytics/fields' }) },
  'GET /dcap/analytics/overview': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/analytics/overview?time=year' }) },
  // Site A's target (site-scoped) in the session's project: the member limited to site B may not set it.
  'POST /dcap/analytics/siteTarget': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/analytics/siteTarget', body: { siteId: f.siteA, target: 20 } }) },
  // The project's alert thresholds: whoever configures the project in which the session stands.
  'POST /dcap/analytics/alertThresholds': { allowed: CONFIGURERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/analytics/alertThresholds', body: { siteIdleDays: 21, queryDays: 45 } }) },
};
