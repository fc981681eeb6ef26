import type { Fixture } from '../inventory.fixture.js';
import type { PersonaName } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers } from './entry.js';

/**
 * Export calls act on the session's project: the member of another project holding the right there is let
 * through in their own project (and finds no task of this one); only the member without the right is refused.
 */
const EXPORTERS_ANYWHERE: PersonaName[] = ['otherProject', 'otherSite', 'withRight', 'projectAdmin', 'platformAdmin'];

/**
 * Export tasks read the session's environment. Calls on one task name one the platform administrator asked
 * for: managers see it (and may act on it), other members with the right are answered "not found" by the
 * service, which the inventory counts as let through by the access check.
 */
async function aTask(f: Fixture): Promise<number> {
  const admin = f.personas.platformAdmin.token;
  await f.study.t.call('GET', `/dcap/project/store/${String(f.projectId)}`, { token: admin });
  await f.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: admin });
  const reply = await f.study.t.call('POST', '/dcap/export/task/create', { token: admin, body: { module: 'subjectData' } });
  await f.study.t.app.jobs.drain();
  return (reply.body.data as { id?: number } | null)?.id ?? 999_999;
}

export const EXPORT_ENTRIES: Record<string, Entry> = {
  'POST /dcap/export/task/create': { allowed: EXPORTERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'POST', url: '/dcap/export/task/create', body: { module: 'subjectData' } }) },
  'GET /dcap/export/task/list': { allowed: EXPORTERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/export/task/list' }) },
  'GET /dcap/export/task/detail': { allowed: EXPORTERS_ANYWHERE, call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/export/task/detail?id=${String(await aTask(f))}` }) },
  'GET /dcap/export/task/download': { allowed: EXPORTERS_ANYWHERE, call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/export/task/download?id=${String(await aTask(f))}` }) },
  'POST /dcap/export/task/cancel': { allowed: EXPORTERS_ANYWHERE, call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/export/task/cancel', body: { id: await aTask(f) } }) },
  'POST /dcap/export/task/delete': { allowed: EXPORTERS_ANYWHERE, call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/export/task/delete', body: { id: await aTask(f) } }) },
};
