import type { Fixture } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers, MEMBERS_ANYWHERE } from './entry.js';
import { siteAField, siteAFieldQuery } from './study-data.js';

/** Queries and the audit trail screens on site A's data. */
export const QUERY_ENTRIES: Record<string, Entry> = {
  // Queries and the audit trail screens: calls naming a site A panel, field or query (a fresh query per call,
  // so each allowed persona settles one); lists and exports read the session's project, each member asking
  // in their own.
  'POST /dcap/query/raise': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/query/raise', body: { ...(await siteAField(f)), content: 'matrix' } }) },
  'POST /dcap/query/answer': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/query/answer', body: { id: await siteAQuery(f), comment: 'matrix' } }) },
  'POST /dcap/query/close': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/query/close', body: { id: await siteAQuery(f) } }) },
  'POST /dcap/query/cancel': { call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/query/cancel', body: { id: await siteAQuery(f) } }) },
  'GET /dcap/query/thread': { call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/query/thread?id=${String(await siteAQuery(f))}` }) },
  'GET /dcap/query/panel': { call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/query/panel?panelInstanceId=${String((await siteAField(f)).panelInstanceId)}` }) },
  'GET /dcap/query/options': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/query/options' }) },
  'GET /dcap/query/list': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/query/list' }) },
  'GET /dcap/query/export': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/query/export?format=csv' }) },
  'GET /dcap/audit/field': { call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/audit/field?${await siteAFieldQuery(f)}` }) },
  // Not a formula field: callers let through are told so (422), the others never learn the panel exists.
  'GET /dcap/audit/derived': { call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/audit/derived?${await siteAFieldQuery(f)}` }) },
  'GET /dcap/audit/alteration': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/audit/alteration' }) },
  'GET /dcap/audit/alteration/export': { allowed: MEMBERS_ANYWHERE, call: (f) => enterManagers(f, { method: 'GET', url: '/dcap/audit/alteration/export?format=csv' }) },
};

/** A fresh OPEN query on that field, written straight to the database (999999 when site A has no panel). */
async function siteAQuery(f: Fixture): Promise<number> {
  const { panelInstanceId, path } = await siteAField(f);
  const db = f.study.t.database.db;
  const panel = await db.selectFrom('panel_instances').selectAll().where('id', '=', panelInstanceId).executeTakeFirst();
  if (!panel) return 999999;
  const row = await db
    .insertInto('queries')
    .values({
      project_id: panel.project_id,
      env_id: panel.env_id,
      site_id: panel.site_id,
      subject_id: panel.subject_id,
      event_instance_id: panel.event_instance_id,
      panel_instance_id: panel.id,
      path,
      content: 'matrix',
      raised_by: f.personas.withRight.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
