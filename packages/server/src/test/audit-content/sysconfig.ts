import { ok } from '../../modules/roles/study.fixture.js';
import type { Fixture } from '../audit-content.routes.js';
import type { Write } from './write.js';

const UNIT_ENTRY = { key: 'sysUnit', sort: 20, always: false, enabled: true, titleZh: null, titleEn: null };

async function storedMenuSetting(f: Fixture): Promise<void> {
  ok(await f.study.t.call('POST', '/dcap/sys/menu/save', { token: f.admin.token, body: { entries: [{ ...UNIT_ENTRY, sort: 7 }] } }));
}

/** Menu settings and role permissions (docs/decisions.md "Menu settings", "Role permissions of system roles"). */
export const SYSCONFIG_WRITES: Record<string, Write> = {
  'POST /dcap/sys/menu/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/menu/save', body: { entries: [{ ...UNIT_ENTRY, always: true, titleEn: 'Hospitals' }] } }),
    audit: { action: 'menu.update', old: null, new: { sort: null, always: true, enabled: true, titleZh: null, titleEn: 'Hospitals' } },
  },
  'POST /dcap/sys/menu/reset': {
    call: async (f) => {
      await storedMenuSetting(f);
      return { method: 'POST', url: '/dcap/sys/menu/reset' };
    },
    audit: { action: 'menu.reset', old: { entries: { sysUnit: { sort: 7 } } }, new: null },
  },
  'POST /dcap/sys/rolePermission/save': {
    call: () => ({
      method: 'POST',
      url: '/dcap/sys/rolePermission/save',
      body: { systemAdmin: ['user.manage', 'unit.manage', 'project.create', 'library.manage', 'messages.configure', 'message.manage', 'platform.administer', 'article.manage'], projectAdmin: ['project.create', 'article.manage'] },
    }),
    audit: {
      action: 'sysRoleRights.update',
      old: { projectAdmin: ['project.create'] },
      new: { projectAdmin: ['project.create', 'article.manage'], changes: [{ role: 'projectAdmin', action: 'article.manage', granted: true }] },
    },
  },
};
