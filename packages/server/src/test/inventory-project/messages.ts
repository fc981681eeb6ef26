import { defaultMessageConfig } from '@dcap/core';
import type { PersonaName } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers } from './entry.js';

/**
 * The project's message configuration (spec 002 §3; /project/message) acts on the session's project: the
 * stranger, who holds every right in their own project, configures that one, and the member limited to site
 * B may set the study's messages as any setting of the study. A reset of an event the project never
 * configured is refused as such (404, not an access refusal).
 */
const MANAGERS_ANYWHERE: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite', 'otherProject'];

export const MESSAGE_ENTRIES: Record<string, Entry> = {
  'GET /dcap/project/message/list': { allowed: MANAGERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/project/message/list' }) },
  'GET /dcap/project/message/members': { allowed: MANAGERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/project/message/members' }) },
  'POST /dcap/project/message/save': {
    allowed: MANAGERS_ANYWHERE,
    call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/message/save', body: { ...defaultMessageConfig('query.closed'), title: f.unique('Closed ') } }),
  },
  'POST /dcap/project/message/reset': { allowed: MANAGERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/message/reset', body: { event: 'visit.overdue' } }) },
};
