import { defaultMessageConfig, PLATFORM_ACTIONS } from '@dcap/core';
import type { Entry } from './inventory-project.js';
import { LOGIN } from './inventory.fixture.js';
import { multipartFile, userSheet } from '../modules/users/sheet.fixture.js';
import { multipartForm } from '../modules/attachments/attachments.fixture.js';
import { png } from '../modules/ui-config/png.fixture.js';
import { queueMessages } from '../modules/messages/outbox.js';
import { ADMIN_ARTICLE } from './inventory-project/content.js';
import { hashToken } from '../modules/auth/tokens.js';
import type { Fixture } from './inventory.fixture.js';

const EMPTY_PANEL = { list: [], config: { labelWidth: 8, labelPosition: 'right' } };
const PROJECT_VIEWERS = ['platformAdmin', 'projectAdmin', 'withRight', 'withoutRight', 'otherSite'] as const;

/** A queued e-mail of no project, for the message log's calls: cancel and resend act on a real row. */
async function outboxMessage(f: Fixture): Promise<number> {
  const message = { channel: 'email', kind: 'visit.due', projectId: null, env: null, address: 'mx@example.org', language: 'en-US', subject: 'Matrix', body: 'Matrix', createdBy: null } as const;
  const ids = await f.study.t.deps.db.transaction().execute((trx) => queueMessages(trx, [message]));
  return ids[0] ?? 0;
}

/** A fresh session of the sign-in user, for force sign-out: no persona's own session is ended. */
async function freshSession(f: Fixture): Promise<number> {
  await f.study.t.signIn(LOGIN.username, LOGIN.password);
  const row = await f.study.t.deps.db.selectFrom('sessions as s').innerJoin('users as u', 'u.id', 's.user_id').select('s.id').where('u.username', '=', LOGIN.username).orderBy('s.id', 'desc').executeTakeFirstOrThrow();
  return row.id;
}

/** A signature image of a fresh user, written directly: only administrators may read another's. */
async function freshSignature(f: Fixture): Promise<number> {
  const bytes = png(120, 40);
  const row = await f.study.t.deps.db
    .insertInto('user_signatures')
    .values({ user_id: await f.freshUser(), file_name: 'sign.png', content_type: 'image/png', size: bytes.length, sha256: '-', width: 120, height: 40, content: bytes, uploaded_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A multipart body with text fields and one PNG file part. */
function multipartFields(fields: Record<string, string | number>, bytes: Buffer, name: string): { payload: Buffer; contentType: string } {
  return multipartForm(fields, { name, type: 'image/png', bytes });
}

/** A fresh area no unit names, for deletion. */
async function spareArea(f: Fixture): Promise<number> {
  const row = await f.study.t.deps.db.insertInto('areas').values({ code: f.unique('MX-SPARE'), parent_id: null, name: '备用', name_en: 'Spare', level: 1, longitude: null, latitude: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh API key no one uses, for revocation. */
async function spareApiKey(f: Fixture): Promise<number> {
  const row = await f.study.t.deps.db
    .insertInto('api_keys')
    .values({ name: 'Spare', prefix: 'dcapk_spare', secret_hash: `spare-${String(Math.random())}`, scopes: ['sysLog.read'], expires_at: new Date(f.study.t.clock.now().getTime() + 86_400_000), created_by: f.personas.platformAdmin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A fresh pending QR-code sign-in request (its id and the desktop's secret), written directly: asking the
 * route once per persona and call would run into the per-address rate limit.
 */
async function qrRequest(f: Fixture): Promise<{ id: string; secret: string }> {
  const id = f.unique('mx-qr-request-');
  const secret = f.unique('mx-qr-secret-');
  const now = f.study.t.clock.now();
  await f.study.t.deps.db
    .insertInto('qr_login_requests')
    .values({ id, secret_hash: hashToken(secret), ip: '127.0.0.1', user_agent: null, device: 'Matrix', created_at: now, expires_at: new Date(now.getTime() + 60_000), user_id: null, decided_at: null, used_at: null })
    .execute();
  return { id, secret };
}

/**
 * How to call each public, signed-in and platform route in the permission inventory. Platform writes
 * aim at fresh rows, so an allowed call succeeds and a refused one is seen to change nothing.
 */
export const PLATFORM_ENTRIES: Record<string, Entry> = {
  // Public: anyone, signed in or not.
  'POST /dcap/login': { call: () => ({ method: 'POST', url: '/dcap/login', body: { ...LOGIN } }) },
  'GET /dcap/logout': { withoutToken: true, call: () => ({ method: 'GET', url: '/dcap/logout' }) },
  'GET /dcap/health': { call: () => ({ method: 'GET', url: '/dcap/health' }) },
  'GET /dcap/locale': { call: () => ({ method: 'GET', url: '/dcap/locale' }) },
  // The project's own sign-in page reads this before anyone signs in.
  'GET /dcap/project/getLoginInfo/:id': { call: (f) => ({ method: 'GET', url: `/dcap/project/getLoginInfo/${f.projectId}` }) },

  // Signed in: any valid session, whatever the project.
  'POST /dcap/sys/user/password': {
    // A wrong current password: the call reaches the service, and no persona's password changes.
    call: () => ({ method: 'POST', url: '/dcap/sys/user/password', body: { oldPassword: 'Wrong0ld!x', newPassword: 'Passw0rd!y', confirmPassword: 'Passw0rd!y' } }),
  },
  'GET /dcap/sys/init': { call: () => ({ method: 'GET', url: '/dcap/sys/init' }) },
  // A background check of the session's own project: no project or no standing gives no revision, never a refusal.
  'GET /dcap/projectEnv/configRevision': { call: () => ({ method: 'GET', url: '/dcap/projectEnv/configRevision' }) },
  // No persona's own session has this id: the call passes the access check and finds nothing.
  'POST /dcap/autoSwitch': { call: () => ({ method: 'POST', url: '/dcap/autoSwitch', body: { username: 'mx.nobody', sessionId: 999999 } }) },
  'POST /dcap/platform/file/path': { call: () => ({ method: 'POST', url: '/dcap/platform/file/path', body: { fileId: 999999 } }) },
  // Signed in, but the service lets only administrators and user-rights managers (in any project) read the directory.
  'GET /dcap/sys/user/users': { allowed: ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite', 'otherProject'], call: () => ({ method: 'GET', url: '/dcap/sys/user/users' }) },
  'GET /dcap/sys/user/info': { call: () => ({ method: 'GET', url: '/dcap/sys/user/info' }) },
  // The caller's own preferences: every signed-in persona may read and change theirs.
  'GET /dcap/sys/user/preferences': { call: () => ({ method: 'GET', url: '/dcap/sys/user/preferences' }) },
  'POST /dcap/sys/user/preferences': { call: () => ({ method: 'POST', url: '/dcap/sys/user/preferences', body: { fontSize: 'medium' } }) },
  // The caller's own in-site messages: every signed-in persona reads and marks theirs.
  'GET /dcap/notification/list': { call: () => ({ method: 'GET', url: '/dcap/notification/list' }) },
  'GET /dcap/notification/unreadCount': { call: () => ({ method: 'GET', url: '/dcap/notification/unreadCount' }) },
  'POST /dcap/notification/read': { call: () => ({ method: 'POST', url: '/dcap/notification/read', body: { ids: [999999] } }) },
  'POST /dcap/notification/readAll': { call: () => ({ method: 'POST', url: '/dcap/notification/readAll' }) },
  // The platform's message configuration (messages.configure).
  'GET /dcap/sys/messageConfig/list': { call: () => ({ method: 'GET', url: '/dcap/sys/messageConfig/list' }) },
  'POST /dcap/sys/messageConfig/save': { call: (f) => ({ method: 'POST', url: '/dcap/sys/messageConfig/save', body: { ...defaultMessageConfig('visit.due'), title: f.unique('Visit due ') } }) },
  'POST /dcap/sys/user/updateCurrentUser': {
    call: () => ({ method: 'POST', url: '/dcap/sys/user/updateCurrentUser', body: { name: 'Matrix person', gender: 'unknown', email: 'mx@example.org', corporation: 'Matrix' } }),
  },
  'GET /dcap/sys/unit/list': { call: () => ({ method: 'GET', url: '/dcap/sys/unit/list?keyword=MX' }) },
  'GET /dcap/sys/division/list': { call: (f) => ({ method: 'GET', url: `/dcap/sys/division/list?unitId=${f.unitA}` }) },
  'GET /dcap/project/list': { call: () => ({ method: 'GET', url: '/dcap/project/list' }) },
  // The approvals inbox: every signed-in persona may ask; only approvers get anything in it.
  'GET /dcap/project/approvals': { call: () => ({ method: 'GET', url: '/dcap/project/approvals' }) },
  'GET /dcap/project/approvals/count': { call: () => ({ method: 'GET', url: '/dcap/project/approvals/count' }) },
  'GET /dcap/projectRole/listByUser': { call: () => ({ method: 'GET', url: '/dcap/projectRole/listByUser' }) },
  'POST /dcap/project/instrument/previewTemplatePanel': { call: () => ({ method: 'POST', url: '/dcap/project/instrument/previewTemplatePanel', body: { templateId: 1 } }) },
  'GET /dcap/project/instrument/downloadTemplate/': { call: () => ({ method: 'GET', url: '/dcap/project/instrument/downloadTemplate/' }) },
  'GET /dcap/standard/fields': { call: () => ({ method: 'GET', url: '/dcap/standard/fields' }) },
  'GET /dcap/standard/domain': { call: () => ({ method: 'GET', url: '/dcap/standard/domain?domain=DM' }) },
  'GET /dcap/standard/field/:id': { call: () => ({ method: 'GET', url: '/dcap/standard/field/1' }) },
  'GET /dcap/project/instrument/templates': { call: () => ({ method: 'GET', url: '/dcap/project/instrument/templates' }) },
  'GET /dcap/project/instrument/template/:id': { call: () => ({ method: 'GET', url: '/dcap/project/instrument/template/1' }) },
  'GET /dcap/project/derivedField/all': { call: () => ({ method: 'GET', url: '/dcap/project/derivedField/all' }) },
  'GET /dcap/project/derivedField/preview/:id': { call: () => ({ method: 'GET', url: '/dcap/project/derivedField/preview/1' }) },
  // Signed in, but naming a project adds its dictionaries only for those who may see the project.
  'POST /dcap/project/dict/getDictOptions': {
    allowed: [...PROJECT_VIEWERS],
    call: (f) => ({ method: 'POST', url: '/dcap/project/dict/getDictOptions', body: { projectId: f.projectId } }),
  },

  // Platform users (user.manage).
  'GET /dcap/sys/user/list': { call: () => ({ method: 'GET', url: '/dcap/sys/user/list?keyword=mx' }) },
  'GET /dcap/sys/user/search/:keyword': { call: () => ({ method: 'GET', url: '/dcap/sys/user/search/mx' }) },
  'GET /dcap/sys/user/info/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/sys/user/info/${await f.freshUser()}` }) },
  'POST /dcap/sys/user/save': { call: (f) => ({ method: 'POST', url: '/dcap/sys/user/save', body: { username: f.unique('mx.saved'), name: 'Saved', password: 'Passw0rd!x' } }) },
  'POST /dcap/sys/user/update': { call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/update', body: { id: await f.freshUser(), name: 'Renamed' } }) },
  'POST /dcap/sys/user/lock/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/lock/${await f.freshUser()}` }) },
  'POST /dcap/sys/user/unlock/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/unlock/${await f.freshUser()}` }) },
  'POST /dcap/sys/user/delete/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/delete/${await f.freshUser()}` }) },
  'POST /dcap/sys/user/delete': { call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/delete', body: { ids: [await f.freshUser()] } }) },
  'POST /dcap/sys/user/resetUserPassword': { call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/resetUserPassword', body: { id: await f.freshUser() } }) },
  'POST /dcap/sys/user/validateUser': { call: () => ({ method: 'POST', url: '/dcap/sys/user/validateUser', body: { username: 'mx.nobody' } }) },
  'GET /dcap/sys/user/usersBySysRole': { call: () => ({ method: 'GET', url: '/dcap/sys/user/usersBySysRole?sysRole=projectAdmin' }) },
  'POST /dcap/sys/user/listByRole': { call: (f) => ({ method: 'POST', url: '/dcap/sys/user/listByRole', body: { projectId: f.projectId, roleId: f.roleA } }) },
  'GET /dcap/sys/user/export': { call: () => ({ method: 'GET', url: '/dcap/sys/user/export' }) },
  'GET /dcap/sys/user/exportTemplate': { call: () => ({ method: 'GET', url: '/dcap/sys/user/exportTemplate' }) },
  'POST /dcap/sys/user/preview': {
    call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/preview', raw: multipartFile(await userSheet([[f.unique('mx.sheet'), '表格用户']])) }),
  },
  'POST /dcap/sys/user/importConfirm': { call: (f) => ({ method: 'POST', url: '/dcap/sys/user/importConfirm', body: { users: [{ username: f.unique('mx.imported'), name: 'Imported' }] } }) },

  // Hospitals and departments (unit.manage): platform writes, never open to any signed-in user.
  'POST /dcap/sys/unit/save': { call: (f) => ({ method: 'POST', url: '/dcap/sys/unit/save', body: { code: f.unique('MX-U'), name: f.unique('医院') } }) },
  'POST /dcap/sys/unit/update': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/unit/update', body: { id: f.unitA, code: 'MX-UA', name: '甲医院', eName: 'Hospital A', status: 'active' } }),
  },
  'POST /dcap/sys/division/save': { call: (f) => ({ method: 'POST', url: '/dcap/sys/division/save', body: { unitId: f.unitA, name: f.unique('科室') } }) },
  'POST /dcap/sys/division/update': { call: async (f) => ({ method: 'POST', url: '/dcap/sys/division/update', body: { id: await f.spareDepartment(), name: f.unique('科室') } }) },

  // Areas (unit.manage: areas and units belong together; docs/decisions.md "Areas"); the list is any signed-in user's.
  'GET /dcap/sys/area/list': { call: () => ({ method: 'GET', url: '/dcap/sys/area/list' }) },
  'POST /dcap/sys/area/save': { call: (f) => ({ method: 'POST', url: '/dcap/sys/area/save', body: { code: f.unique('MX-A'), name: f.unique('区域'), nameEn: 'Matrix area' } }) },
  'POST /dcap/sys/area/delete': { call: async (f) => ({ method: 'POST', url: '/dcap/sys/area/delete', body: { id: await spareArea(f) } }) },
  'GET /dcap/sys/area/exportTemplate': { call: () => ({ method: 'GET', url: '/dcap/sys/area/exportTemplate' }) },
  'POST /dcap/sys/area/import': { call: (f) => ({ method: 'POST', url: '/dcap/sys/area/import', raw: multipartFile(Buffer.from(`code,parent,zh,en\n${f.unique('MX-I')},,导入,Imported\n`), 'areas.csv') }) },
  'POST /dcap/sys/area/loadStandard': { call: () => ({ method: 'POST', url: '/dcap/sys/area/loadStandard', body: { list: 'cn' } }) },

  // Applying for a project (project.create): platform and project administrators.
  'POST /dcap/project/apply': { call: (f) => ({ method: 'POST', url: '/dcap/project/apply', body: { code: f.unique('MXAPPLY'), name: 'Applied study' } }) },

  // The shared libraries (library.manage).
  'GET /dcap/sys/standardField/list': { call: () => ({ method: 'GET', url: '/dcap/sys/standardField/list' }) },
  'POST /dcap/sys/standardField/save': {
    call: (f) => ({
      method: 'POST',
      url: '/dcap/sys/standardField/save',
      body: {
        domain: 'MXD',
        fieldName: f.unique('MXF'),
        fieldLabel: 'Field',
        fieldLabelEn: 'Field',
        widget: { type: 'input', key: 'MXF', model: 'MXF', name: 'Field', options: {} },
      },
    }),
  },
  'POST /dcap/sys/standardField/delete': { call: () => ({ method: 'POST', url: '/dcap/sys/standardField/delete', body: { id: 999999 } }) },
  'GET /dcap/sys/standardDomain/list': { call: () => ({ method: 'GET', url: '/dcap/sys/standardDomain/list' }) },
  'POST /dcap/sys/standardDomain/save': { call: () => ({ method: 'POST', url: '/dcap/sys/standardDomain/save', body: { domain: 'MXD', description: '矩阵', descriptionEn: 'Matrix' } }) },
  'POST /dcap/sys/standardDomain/delete': { call: () => ({ method: 'POST', url: '/dcap/sys/standardDomain/delete', body: { domain: 'MXNONE' } }) },
  'GET /dcap/sys/standardInstrument/list': { call: () => ({ method: 'GET', url: '/dcap/sys/standardInstrument/list' }) },
  'GET /dcap/sys/standardInstrument/get/:id': { call: () => ({ method: 'GET', url: '/dcap/sys/standardInstrument/get/1' }) },
  'POST /dcap/sys/standardInstrument/save': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/standardInstrument/save', body: { name: 'Template', nameEn: 'Template', nameAbbr: f.unique('MXT'), panel: EMPTY_PANEL } }),
  },
  'POST /dcap/sys/standardInstrument/delete': { call: () => ({ method: 'POST', url: '/dcap/sys/standardInstrument/delete', body: { id: 999999 } }) },
  'GET /dcap/sys/dict/list': { call: () => ({ method: 'GET', url: '/dcap/sys/dict/list' }) },
  // The coding library (library.manage): ids that do not exist let the administrator through to a not-found.
  'GET /dcap/sys/coding/list': { call: () => ({ method: 'GET', url: '/dcap/sys/coding/list' }) },
  'GET /dcap/sys/coding/info/:id': { call: () => ({ method: 'GET', url: '/dcap/sys/coding/info/999999' }) },
  'GET /dcap/sys/coding/terms': { call: () => ({ method: 'GET', url: '/dcap/sys/coding/terms?dictionaryId=999999&text=head' }) },
  'POST /dcap/sys/coding/upload': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/coding/upload', raw: multipartForm({ name: f.unique('MX-DICT-'), kind: 'other', version: '1' }, { name: 'mx.csv', type: 'text/csv', bytes: Buffer.from('code,term\nMX1,Matrix') }) }),
  },
  'POST /dcap/sys/coding/enable': { call: () => ({ method: 'POST', url: '/dcap/sys/coding/enable', body: { id: 999999, enabled: false } }) },
  'POST /dcap/sys/coding/delete': { call: () => ({ method: 'POST', url: '/dcap/sys/coding/delete', body: { id: 999999 } }) },
  'POST /dcap/sys/dict/save': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/dict/save', body: { key: f.unique('MXDICT'), value: 'Matrix', items: [{ key: '1', value: '1', label: 'One' }] } }),
  },
  'POST /dcap/sys/dict/delete': { call: () => ({ method: 'POST', url: '/dcap/sys/dict/delete', body: { id: 999999 } }) },
  'GET /dcap/sys/derivedField/list': { call: () => ({ method: 'GET', url: '/dcap/sys/derivedField/list' }) },
  'POST /dcap/sys/derivedField/save': {
    call: (f) => ({
      method: 'POST',
      url: '/dcap/sys/derivedField/save',
      body: { group: 'CONTINUOUS_VARIABLES', fieldName: f.unique('MXDER'), fieldLabel: 'Derived', fieldLabelEn: 'Derived', expression: '1 + 1', widget: { type: 'input', key: 'X', model: 'X', name: 'X', options: {} } },
    }),
  },
  'POST /dcap/sys/derivedField/delete': { call: () => ({ method: 'POST', url: '/dcap/sys/derivedField/delete', body: { id: 999999 } }) },

  // The cross-project analytics: every signed-in user may ask; each gets the projects they administer.
  'GET /dcap/analytics/projects': { call: () => ({ method: 'GET', url: '/dcap/analytics/projects' }) },

  // WeChat binding (docs/decisions.md "Message sending"): the caller's own; no WeChat is configured here, so
  // a bind answers that and an unbind that nothing is bound, past the access check.
  'GET /dcap/user/wechat/bindings': { call: () => ({ method: 'GET', url: '/dcap/user/wechat/bindings' }) },
  'POST /dcap/user/wechat/bind': { call: () => ({ method: 'POST', url: '/dcap/user/wechat/bind', body: { code: 'mx-code' } }) },
  'POST /dcap/user/wechat/bindMiniApp': { call: () => ({ method: 'POST', url: '/dcap/user/wechat/bindMiniApp', body: { code: 'mx-code' } }) },
  'POST /dcap/user/wechat/unbind': { call: () => ({ method: 'POST', url: '/dcap/user/wechat/unbind' }) },
  'POST /dcap/user/wechat/unbindMiniApp': { call: () => ({ method: 'POST', url: '/dcap/user/wechat/unbindMiniApp' }) },
  // Another user's bindings: user administration (spec 002 §7 unbind/{id}, unbindMiniApp/{id}).
  'GET /dcap/sys/user/wechatBindings/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/sys/user/wechatBindings/${await f.freshUser()}` }) },
  'POST /dcap/sys/user/unbind/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/unbind/${await f.freshUser()}` }) },
  'POST /dcap/sys/user/unbindMiniApp/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/user/unbindMiniApp/${await f.freshUser()}` }) },

  // The message log (message.manage, spec 000 §2.2 /sys/messageLog).
  'GET /dcap/sys/messageLog/list': { call: () => ({ method: 'GET', url: '/dcap/sys/messageLog/list?channel=email' }) },
  'GET /dcap/sys/messageLog/stats': { call: () => ({ method: 'GET', url: '/dcap/sys/messageLog/stats' }) },
  'GET /dcap/sys/messageLog/info/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/sys/messageLog/info/${await outboxMessage(f)}` }) },
  'POST /dcap/sys/messageLog/cancel/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/messageLog/cancel/${await outboxMessage(f)}` }) },
  // A queued message cannot be resent (409): the call still shows who passes the access check, and changes nothing.
  'POST /dcap/sys/messageLog/resend/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/messageLog/resend/${await outboxMessage(f)}` }) },
  // Platform administration (platform.administer, spec 000 §2.2 /sys/onlineUser, /sys/sysLog, /sys/cache).
  'GET /dcap/sys/onlineUser/list': { call: () => ({ method: 'GET', url: '/dcap/sys/onlineUser/list?keyword=mx' }) },
  'POST /dcap/sys/onlineUser/signOut/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/onlineUser/signOut/${await freshSession(f)}` }) },
  'GET /dcap/sys/sysLog/list': { call: () => ({ method: 'GET', url: '/dcap/sys/sysLog/list?action=auth.*&result=success' }) },
  'GET /dcap/sys/sysLog/export': { call: () => ({ method: 'GET', url: '/dcap/sys/sysLog/export?format=csv&action=auth.login' }) },
  'GET /dcap/sys/cache/list': { call: () => ({ method: 'GET', url: '/dcap/sys/cache/list' }) },
  'POST /dcap/sys/cache/clear': { call: () => ({ method: 'POST', url: '/dcap/sys/cache/clear', body: { name: 'sessions' } }) },
  'GET /dcap/sys/internalinterface/list': { call: () => ({ method: 'GET', url: '/dcap/sys/internalinterface/list' }) },
  'POST /dcap/sys/internalinterface/save': {
    call: (f) => ({ method: 'POST', url: '/dcap/sys/internalinterface/save', body: { name: 'Matrix key', scopes: ['sysLog.read'], expiresAt: new Date(f.study.t.clock.now().getTime() + 86_400_000).toISOString() } }),
  },
  'POST /dcap/sys/internalinterface/revoke/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/internalinterface/revoke/${await spareApiKey(f)}` }) },
  // Menu settings and role permissions (platform.administer; docs/decisions.md "Menu settings"). The saves
  // change nothing of who may do what: a title, and the default matrix, so later entries see the same rights.
  'GET /dcap/sys/menu/list': { call: () => ({ method: 'GET', url: '/dcap/sys/menu/list' }) },
  'POST /dcap/sys/menu/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/menu/save', body: { entries: [{ key: 'sysLog', sort: 95, always: false, enabled: true, titleZh: null, titleEn: 'Matrix log' }] } }),
  },
  'POST /dcap/sys/menu/reset': { call: () => ({ method: 'POST', url: '/dcap/sys/menu/reset' }) },
  'GET /dcap/sys/rolePermission/list': { call: () => ({ method: 'GET', url: '/dcap/sys/rolePermission/list' }) },
  'POST /dcap/sys/rolePermission/save': {
    call: () => ({ method: 'POST', url: '/dcap/sys/rolePermission/save', body: { systemAdmin: [...PLATFORM_ACTIONS], projectAdmin: ['project.create'] } }),
  },

  // Bulletins (article.manage, spec 000 §7.2); every signed-in user fetches the one shown now.
  'GET /dcap/sys/article/list': { call: () => ({ method: 'GET', url: '/dcap/sys/article/list' }) },
  'POST /dcap/sys/article/save': { call: (f) => ({ method: 'POST', url: '/dcap/sys/article/save', body: { data: `<p>${f.unique('公告')}</p>`, dataEn: '<p>Bulletin</p>', isShow: 1 } }) },
  'GET /dcap/sys/article/info/:id': { call: async (f) => ({ method: 'GET', url: `/dcap/sys/article/info/${await ADMIN_ARTICLE(f)}` }) },
  'POST /dcap/sys/article/delete/:id': { call: async (f) => ({ method: 'POST', url: `/dcap/sys/article/delete/${await ADMIN_ARTICLE(f)}` }) },
  'POST /dcap/sys/article/publish': { call: async (f) => ({ method: 'POST', url: '/dcap/sys/article/publish', body: { id: await ADMIN_ARTICLE(f), isShow: 1 } }) },
  'POST /dcap/sys/article/getArticle': { call: () => ({ method: 'POST', url: '/dcap/sys/article/getArticle' }) },
  // The project portal is public (spec 000 §2.3); an unknown address is a 404 of its own, not a refusal.
  'GET /dcap/projectUIConfig/getUIConfigByUrl/:url': { call: () => ({ method: 'GET', url: '/dcap/projectUIConfig/getUIConfigByUrl/no-such-portal' }) },

  // Sign-in channels (docs/decisions.md "Sign-in channels"). Recovery answers alike for every name; a
  // made-up link is refused past the access check; the mini-app answers that no mini-app is configured.
  'POST /dcap/user/password/recovery': { call: () => ({ method: 'POST', url: '/dcap/user/password/recovery', body: { login: 'mx.nobody' } }) },
  'GET /dcap/user/password/recovery/link': { call: () => ({ method: 'GET', url: `/dcap/user/password/recovery/link?token=${'m'.repeat(43)}` }) },
  'POST /dcap/user/password/reset': { call: () => ({ method: 'POST', url: '/dcap/user/password/reset', body: { token: 'm'.repeat(43), newPassword: 'Passw0rd!y', confirmPassword: 'Passw0rd!y' } }) },
  'POST /dcap/miniApp/user/login': { call: () => ({ method: 'POST', url: '/dcap/miniApp/user/login?code=mx-code' }) },
  'POST /dcap/wx/webApp/request': { call: () => ({ method: 'POST', url: '/dcap/wx/webApp/request', body: { device: 'Matrix' } }) },
  'POST /dcap/wx/webApp/:id/poll': { call: async (f) => { const r = await qrRequest(f); return { method: 'POST', url: `/dcap/wx/webApp/${r.id}/poll`, body: { secret: r.secret } }; } },
  // The phone's side: any signed-in user reads and answers a fresh request.
  'GET /dcap/wx/webApp/:id/auth': { call: async (f) => ({ method: 'GET', url: `/dcap/wx/webApp/${(await qrRequest(f)).id}/auth` }) },
  'POST /dcap/wx/webApp/:id/confirm': { call: async (f) => ({ method: 'POST', url: `/dcap/wx/webApp/${(await qrRequest(f)).id}/confirm` }) },
  'POST /dcap/wx/webApp/:id/refuse': { call: async (f) => ({ method: 'POST', url: `/dcap/wx/webApp/${(await qrRequest(f)).id}/refuse` }) },
  // USB key serials: user administration.
  'GET /dcap/sys/user/ukey': { call: async (f) => ({ method: 'GET', url: `/dcap/sys/user/ukey?userId=${await f.freshUser()}` }) },
  'POST /dcap/sys/user/ukey': { call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/ukey', body: { userId: await f.freshUser(), serial: f.unique('MX-') } }) },
  // Every signed-in user reads their own USB key record.
  'GET /dcap/sys/user/myUkey': { call: () => ({ method: 'GET', url: '/dcap/sys/user/myUkey' }) },
  // Signature images (docs/decisions.md "Signature images"): anyone uploads and reads their own; another
  // user's history and image only a user administrator reads, which the service checks.
  'GET /dcap/sys/user/getHisSignFile': { allowed: ['platformAdmin'], call: async (f) => ({ method: 'GET', url: `/dcap/sys/user/getHisSignFile?userId=${await f.freshUser()}` }) },
  'GET /dcap/sys/user/signFile/:id': { allowed: ['platformAdmin'], call: async (f) => ({ method: 'GET', url: `/dcap/sys/user/signFile/${await freshSignature(f)}` }) },
  'POST /dcap/sys/user/uploadSignFile': { call: () => ({ method: 'POST', url: '/dcap/sys/user/uploadSignFile', raw: multipartFile(png(120, 40), 'sign.png') }) },
  'POST /dcap/sys/user/updateSignFile': { call: async (f) => ({ method: 'POST', url: '/dcap/sys/user/updateSignFile', raw: multipartFields({ userId: await f.freshUser() }, png(120, 40), 'sign.png') }) },
};
