import type { Entry } from './entry.js';
import { enterManagers, MEMBERS_ANYWHERE } from './entry.js';

/** Analytics and the big screen (docs/decisions.md "Analytics"). */
export const ANALYTICS_ENTRIES: Record<string, Entry> = {
  // The charts and the overview read the session's current project and environment: each member asks in their own.
  'GET /dcap/analytics/chart': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/analytics/chart?indicator=randomisation&time=month' }) },
  'GET /dcap/analytics/overview': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/analytics/overview?time=year' }) },
  // Site A's target (site-scoped) in the session's project: the member limited to site B may not set it.
  'POST /dcap/analytics/siteTarget': { call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/analytics/siteTarget', body: { siteId: f.siteA, target: 20 } }) },
};
