import { ok } from '../../modules/roles/study.fixture.js';
import type { Fixture } from '../audit-content.routes.js';
import type { Write } from './write.js';

/** Users, their profile and preferences, hospitals and departments. */
export const USER_WRITES: Record<string, Write> = {
  // Users and profile (COMPLIANCE AT-4)
  'POST /dcap/sys/user/updateCurrentUser': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/user/updateCurrentUser', as: f.pm, body: { name: 'PM 新名', gender: 'female', email: 'pm@example.org', corporation: 'Acme' } }),
    audit: (f) => ({ action: 'user.profile_update', old: { name: `Name of ${f.pm.username}` }, new: { name: 'PM 新名', email: 'pm@example.org' } }),
  },
  'POST /dcap/sys/user/preferences': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/user/preferences', as: f.pm, body: { fontSize: 'large', notifications: { email: { visits: true } } } }),
    audit: { action: 'user.preferences_update', old: { fontSize: 'small', 'email.visits': false }, new: { fontSize: 'large', 'email.visits': true } },
  },
  'POST /dcap/sys/user/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/user/save', body: { username: 'ac.created', name: '新用户', nameEn: 'New user' } }),
    audit: { action: 'user.create', old: null, new: { username: 'ac.created', name: '新用户', nameEn: 'New user' } },
  },
  'POST /dcap/sys/user/update': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/update', body: { id: await newUser(f), department: '心内科', nameEn: null } }),
    audit: { action: 'user.update', old: { department: null }, new: { department: '心内科' } },
  },
  'POST /dcap/sys/user/lock/:id': {
    call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/lock/${await newUser(f)}` }),
    audit: { action: 'user.lock', old: { status: 'active' }, new: { status: 'locked' } },
  },
  'POST /dcap/sys/user/unlock/:id': {
    call: async (f) => {
      const id = await newUser(f);
      ok(await f.study.t.call('POST', `/dcap/sys/user/lock/${id}`, { token: f.admin.token }));
      return { method: 'POST', url: `/dcap/sys/user/unlock/${id}` };
    },
    audit: { action: 'user.unlock', old: { status: 'locked' }, new: { status: 'active' } },
  },
  'POST /dcap/sys/user/delete/:id': {
    call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/delete/${await newUser(f)}` }),
    audit: { action: 'user.delete', old: { status: 'active' }, new: { status: 'deleted' } },
  },
  'POST /dcap/sys/user/delete': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/delete', body: { ids: [await newUser(f)] } }),
    audit: { action: 'user.delete', old: { status: 'active' }, new: { status: 'deleted' } },
  },
  'POST /dcap/sys/user/resetUserPassword': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/resetUserPassword', body: { id: await newUser(f) } }),
    audit: { action: 'user.password_reset', old: null, new: {} },
  },

  // Hospitals and departments
  'POST /dcap/sys/unit/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/unit/save', body: { code: 'AC-NEW', name: '新医院', eName: 'New Hospital' } }),
    audit: { action: 'unit.create', old: null, new: { code: 'AC-NEW', name: '新医院', eName: 'New Hospital', status: 'active' } },
  },
  'POST /dcap/sys/unit/update': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/unit/update', body: { id: f.unitId, city: '北京', status: 'disabled' } }),
    audit: { action: 'unit.update', old: { city: null, status: 'active' }, new: { city: '北京', status: 'disabled' } },
  },
  'POST /dcap/sys/division/save': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/division/save', body: { unitId: f.unitId, name: '心内科', eName: 'Cardiology' } }),
    audit: { action: 'department.create', old: null, new: { name: '心内科', eName: 'Cardiology' } },
  },
  'POST /dcap/sys/division/update': {
    call: async (f) => {
      const dept = ok(await f.study.t.call('POST', '/dcap/sys/division/save', { token: f.admin.token, body: { unitId: f.unitId, name: '外科', eName: 'Surgery' } })) as { id: number };
      return { method: 'POST', url: '/dcap/sys/division/update', body: { id: dept.id, eName: '' } };
    },
    // A change to empty is a change (COMPLIANCE AT-6).
    audit: { action: 'department.update', old: { eName: 'Surgery' }, new: { eName: '' } },
  },

  // Areas (docs/decisions.md "Areas"): a creation with its point, a deletion, and the standard list's rows.
  'POST /dcap/sys/area/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/area/save', body: { code: 'AC-AREA', name: '测试区', nameEn: 'Test area', longitude: 116.4, latitude: 39.9 } }),
    audit: { action: 'area.create', old: null, new: { code: 'AC-AREA', parentCode: null, name: '测试区', nameEn: 'Test area', level: 1, longitude: 116.4, latitude: 39.9, enabled: true } },
  },
  'POST /dcap/sys/area/delete': {
    call: async (f) => {
      const area = ok(await f.study.t.call('POST', '/dcap/sys/area/save', { token: f.admin.token, body: { code: 'AC-GONE', name: '删除区', nameEn: 'Gone' } })) as { id: number };
      return { method: 'POST', url: '/dcap/sys/area/delete', body: { id: area.id } };
    },
    audit: { action: 'area.delete', old: { code: 'AC-GONE', name: '删除区', nameEn: 'Gone', level: 1 }, new: null },
  },
  'POST /dcap/sys/area/loadStandard': {
    call: () => ({ method: 'POST', url: '/dcap/sys/area/loadStandard', body: { list: 'cn' } }),
    audit: { action: 'area.create', old: null, new: { code: 'CN', name: '中国', nameEn: 'China', level: 1, source: 'standard' } },
  },

};

async function newUser(f: Fixture): Promise<number> {
  const n = f.counter();
  return (ok(await f.study.t.call('POST', '/dcap/sys/user/save', { token: f.admin.token, body: { username: `ac.user${n}`, name: `用户 ${n}` } })) as { user: { id: number } }).user.id;
}
