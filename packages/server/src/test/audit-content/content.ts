import { ok } from '../../modules/roles/study.fixture.js';
import type { Fixture } from '../audit-content.routes.js';
import type { Write } from './write.js';

async function article(f: Fixture, text: string): Promise<number> {
  return (ok(await f.study.t.call('POST', '/dcap/sys/article/save', { token: f.admin.token, body: { data: `<p>${text}</p>`, dataEn: `<p>${text}</p>`, isShow: 1 } })) as { id: number }).id;
}

/** Bulletins (spec 000 §4.5) and project UI settings (spec 002 §3): what changed, the text as cleaned. */
export const CONTENT_WRITES: Record<string, Write> = {
  'POST /dcap/sys/article/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/article/save', body: { data: '<p>维护通知<script>x()</script></p>', dataEn: '<p>Maintenance</p>', isShow: 1 } }),
    audit: { action: 'article.create', old: null, new: { data: '<p>维护通知</p>', dataEn: '<p>Maintenance</p>', isShow: 1, publishedDate: null } },
  },
  'POST /dcap/sys/article/publish': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/article/publish', body: { id: await article(f, 'AC publish'), publishedDate: '2030-01-02T03:04:05.000Z', isShow: 0 } }),
    audit: { action: 'article.update', old: { publishedDate: null, isShow: 1 }, new: { publishedDate: '2030-01-02T03:04:05.000Z', isShow: 0 } },
  },
  'POST /dcap/sys/article/delete/:id': {
    call: async (f) => ({ method: 'POST', url: `/dcap/sys/article/delete/${await article(f, 'AC delete')}` }),
    audit: { action: 'article.delete', old: { data: '<p>AC delete</p>' }, new: null },
  },
  'POST /dcap/projectUIConfig/saveUIConfig': {
    call: (f) => ({ method: 'POST', url: '/dcap/projectUIConfig/saveUIConfig', body: { projectId: f.projectId, footer: '甲医院 版权所有', loginUrl: 'ac-portal' } }),
    audit: { action: 'projectUiConfig.create', old: null, new: { footer: '甲医院 版权所有', loginUrl: 'ac-portal', loginLogo: null } },
  },
};
