import type { Fixture } from '../inventory.fixture.js';
import type { Entry } from './entry.js';

/** A fresh bulletin saved by the platform administrator, for the calls that read, publish or delete one. */
export async function ADMIN_ARTICLE(f: Fixture): Promise<number> {
  const reply = await f.study.t.call('POST', '/dcap/sys/article/save', { token: f.study.admin.token, body: { data: `<p>${f.unique('公告')}</p>`, dataEn: '<p>Matrix</p>', isShow: 1 } });
  return (reply.body.data as { id: number }).id;
}

/** Project UI settings (spec 002 §3 "UI settings"): project configuration rights; reading them, any member. */
export const CONTENT_ENTRIES: Record<string, Entry> = {
  'POST /dcap/projectUIConfig/saveUIConfig': {
    call: (f) => ({ method: 'POST', url: '/dcap/projectUIConfig/saveUIConfig', body: { projectId: f.projectId, footer: f.unique('页脚'), footerEn: 'Matrix footer' } }),
  },
  'GET /dcap/projectUIConfig/getUIConfig/:projectId': { call: (f) => ({ method: 'GET', url: `/dcap/projectUIConfig/getUIConfig/${f.projectId}` }) },
};
