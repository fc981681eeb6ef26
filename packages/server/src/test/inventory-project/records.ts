import type { Fixture } from '../inventory.fixture.js';
import { LOGIN } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers } from './entry.js';
import { siteAField, siteAStudyData } from './study-data.js';

/** Panel entry, the field workflow and signatures on site A's data. */
export const RECORD_ENTRIES: Record<string, Entry> = {
  // Panel entry: calls naming site A's panel. The save sends the panel's current version; copying a panel onto
  // itself is refused by the service after the access checks.
  'GET /dcap/project/recordDataManage/panel/:panelInstanceId': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/recordDataManage/panel/${String((await siteAStudyData(f)).panelInstanceId)}` }),
  },
  'GET /dcap/project/recordDataManage/prepareForQuery': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/recordDataManage/prepareForQuery?panelInstanceId=${String((await siteAStudyData(f)).panelInstanceId)}` }),
  },
  'POST /dcap/project/recordDataManage/save': {
    call: async (f) => {
      const { panelInstanceId } = await siteAStudyData(f);
      const panel = await f.study.t.database.db.selectFrom('panel_instances').select('version').where('id', '=', panelInstanceId).executeTakeFirst();
      return { method: 'POST', url: '/dcap/project/recordDataManage/save', body: { panelInstanceId, version: panel?.version ?? 0, values: {} } };
    },
  },
  'GET /dcap/project/recordDataManage/copySources/:panelInstanceId': {
    call: async (f) => ({ method: 'GET', url: `/dcap/project/recordDataManage/copySources/${String((await siteAStudyData(f)).panelInstanceId)}` }),
  },
  'POST /dcap/project/recordDataManage/copy': {
    call: async (f) => {
      const { panelInstanceId } = await siteAStudyData(f);
      return { method: 'POST', url: '/dcap/project/recordDataManage/copy', body: { panelInstanceId, sourcePanelInstanceId: panelInstanceId, version: 0 } };
    },
  },
  // Field workflow and signatures: calls naming site A's field, panel or subject. The field and bulk routes
  // declare the right to see data; the action's own right (freeze here) is checked by the service, so a role
  // without it is refused there. The signature names the persona with every right, so the others are refused
  // as not themselves (422) after the access checks; the matrix project's status refuses what is left.
  'POST /dcap/project/recordData/workflow/field': {
    allowed: ['withRight', 'projectAdmin', 'platformAdmin'],
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/workflow/field', body: { ...(await siteAField(f)), action: 'freeze' } }),
  },
  'POST /dcap/project/recordData/workflow/bulk': {
    allowed: ['withRight', 'projectAdmin', 'platformAdmin'],
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/workflow/bulk', body: { scope: 'subject', id: (await siteAStudyData(f)).subjectId, action: 'freeze' } }),
  },
  'POST /dcap/project/recordData/signature/sign': {
    call: async (f) =>
      enterManagers(f, {
        method: 'POST',
        url: '/dcap/project/recordData/signature/sign',
        body: { scope: 'panel', id: (await siteAStudyData(f)).panelInstanceId, username: f.personas.withRight.username, password: LOGIN.password, meaning: 'approval', attested: true },
      }),
  },
  'POST /dcap/project/recordData/signature/list': {
    call: async (f) => enterManagers(f, { method: 'POST', url: '/dcap/project/recordData/signature/list', body: { subjectId: (await siteAStudyData(f)).subjectId } }),
  },
  // A signature of site A's subject whose signer had no image: whoever may see it is told the image does not exist.
  'GET /dcap/project/recordData/signature/image/:id': {
    call: async (f) => enterManagers(f, { method: 'GET', url: `/dcap/project/recordData/signature/image/${String(await siteASignature(f))}` }),
  },
};

/** A signature over site A's first panel, stored as set-up when no entry has signed there yet. */
async function siteASignature(f: Fixture): Promise<number> {
  const db = f.study.t.database.db;
  const { subjectId, panelInstanceId } = await siteAStudyData(f);
  const found = await db.selectFrom('signatures').select('id').where('subject_id', '=', subjectId).orderBy('id').executeTakeFirst();
  if (found) return found.id;
  const panel = await db.selectFrom('panel_instances').select(['project_id', 'env_id', 'site_id', 'event_instance_id']).where('id', '=', panelInstanceId).executeTakeFirstOrThrow();
  const signer = f.personas.withRight;
  const row = await db
    .insertInto('signatures')
    .values({ ...panel, subject_id: subjectId, scope: 'panel', panel_instance_id: panelInstanceId, signer_id: signer.id, signer_name: signer.username, meaning: 'approval', reason: null, values_hash: '0'.repeat(64) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
