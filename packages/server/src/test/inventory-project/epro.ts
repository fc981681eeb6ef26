import { createHash } from 'node:crypto';
import type { Fixture } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { siteAStudyData } from './study-data.js';

/** A token of a questionnaire link the inventory makes for itself (only its hash is stored). */
const TOKEN = 'InventoryLinkToken_0123456789abcdefghijklmno';

/**
 * A fresh valid link on site A's panel, written straight to the table: a call naming it acts on site A's
 * data, and whoever holds the right can revoke or send it (the first revokes; the others find it closed).
 */
async function siteALink(f: Fixture): Promise<number> {
  const db = f.study.t.database.db;
  const { panelInstanceId } = await siteAStudyData(f);
  const panel = await db.selectFrom('panel_instances').selectAll().where('id', '=', panelInstanceId).executeTakeFirstOrThrow();
  const now = f.study.t.clock.now();
  const link = await db
    .insertInto('survey_links')
    .values({
      project_id: panel.project_id,
      env_id: panel.env_id,
      site_id: panel.site_id,
      subject_id: panel.subject_id,
      event_instance_id: panel.event_instance_id,
      scope: 'panel',
      token_hash: createHash('sha256').update(`${TOKEN}${String(now.getTime())}`).digest('hex'),
      language: 'zh-CN',
      expires_at: new Date(now.getTime() + 86_400_000),
      created_by: f.personas.projectAdmin.id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('survey_link_panels').values({ link_id: link.id, panel_instance_id: panel.id }).execute();
  return link.id;
}

/** Subject questionnaires on site A's data; the public page's calls with a token of no link. */
export const EPRO_ENTRIES: Record<string, Entry> = {
  'POST /dcap/epro/link/create': {
    call: async (f) => ({ method: 'POST', url: '/dcap/epro/link/create', body: { panelInstanceId: (await siteAStudyData(f)).panelInstanceId, scope: 'event', language: 'zh-CN' } }),
  },
  'GET /dcap/epro/link/list': {
    call: async (f) => ({ method: 'GET', url: `/dcap/epro/link/list?subjectId=${String((await siteAStudyData(f)).subjectId)}` }),
  },
  'POST /dcap/epro/link/revoke': {
    call: async (f) => ({ method: 'POST', url: '/dcap/epro/link/revoke', body: { linkId: await siteALink(f) } }),
  },
  'POST /dcap/epro/link/send': {
    // The token does not match the link's hash: a caller let through is refused by the service after the
    // access checks, and nothing is queued.
    call: async (f) => ({ method: 'POST', url: '/dcap/epro/link/send', body: { linkId: await siteALink(f), token: 'A'.repeat(43), channel: 'email', email: 'inventory@example.org' } }),
  },
  'POST /dcap/epro/panel/mail': {
    call: async (f) => ({ method: 'POST', url: '/dcap/epro/panel/mail', body: { panelInstanceId: (await siteAStudyData(f)).panelInstanceId, email: 'inventory@example.org', language: 'en-US' } }),
  },
  'POST /dcap/epro/panel/push': {
    call: async (f) => ({ method: 'POST', url: '/dcap/epro/panel/push', body: { panelInstanceId: (await siteAStudyData(f)).panelInstanceId, language: 'zh-CN' } }),
  },
  'POST /dcap/epro/wechat/unbind': {
    call: async (f) => ({ method: 'POST', url: '/dcap/epro/wechat/unbind', body: { subjectId: (await siteAStudyData(f)).subjectId } }),
  },
  'GET /dcap/public/survey/:token': { call: () => ({ method: 'GET', url: `/dcap/public/survey/${'N'.repeat(43)}` }) },
  'POST /dcap/public/survey/:token/wechat': { call: () => ({ method: 'POST', url: `/dcap/public/survey/${'N'.repeat(43)}/wechat`, body: { code: 'inventory-code' } }) },
  'POST /dcap/public/survey/:token/submit': {
    call: () => ({ method: 'POST', url: `/dcap/public/survey/${'N'.repeat(43)}/submit`, body: { panels: [{ panelInstanceId: 1, values: {} }] } }),
  },
};
