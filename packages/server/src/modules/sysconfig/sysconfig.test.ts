import type { InitResponse, MenuItem, MenuSettingRow, SysRoleRightsView } from '@dcap/core';
import { menuPaths, PLATFORM_ACTIONS } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study } from '../roles/study.fixture.js';
import { ok, openStudy, person, refused } from '../roles/study.fixture.js';

/**
 * Menu settings (spec 000 §2.2 /sys/menu: "entries marked always are always shown; entries are ordered by a
 * sort value") and the role permissions of system roles (platform administration "role permissions"; docs/
 * decisions.md "Menu settings", "Role permissions of system roles"): a platform administrator changes the
 * header everyone sees and what each system role may do, each save audited, the next call judged by it.
 */
let study: Study;
let member: Persona;
let pm: Persona;
let sysAdmin: Persona;

beforeAll(async () => {
  study = await openStudy();
  member = await person(study, 'sc.member');
  pm = await person(study, 'sc.pm', { projectAdmin: true });
  sysAdmin = await person(study, 'sc.sysadmin');
  // systemAdmin is not set through the user screens; the platform's operators set it.
  await study.t.deps.db.updateTable('users').set({ system_admin: true }).where('id', '=', sysAdmin.id).execute();
});
afterAll(() => study.t.close());

const admin = () => study.admin.token;
const init = async (who: Persona) => ok(await study.t.call('GET', '/dcap/sys/init', { token: who.token })) as InitResponse;
const menuList = async () => ok(await study.t.call('GET', '/dcap/sys/menu/list', { token: admin() })) as MenuSettingRow[];
const entry = (key: string, values: Record<string, unknown>) => ({ key, always: false, enabled: true, titleZh: null, titleEn: null, ...values });
const saveMenus = (entries: unknown[], token = admin()) => study.t.call('POST', '/dcap/sys/menu/save', { token, body: { entries }, lang: 'en-US' });
const saveRights = (body: unknown, token = admin()) => study.t.call('POST', '/dcap/sys/rolePermission/save', { token, body, lang: 'en-US' });
const auditRows = (action: string) =>
  study.t.deps.db.selectFrom('audit_log').select(['actor_username', 'entity_id', 'old_value', 'new_value']).where('action', '=', action).orderBy('id').execute();
const top = (menus: MenuItem[]) => menus.map((item) => item.key);
const ALL = [...PLATFORM_ACTIONS];

describe('menu settings', () => {
  it('lists the tree with defaults, and refuses everyone but platform administrators', async () => {
    const tree = await menuList();
    const sys = tree.find((row) => row.key === 'sys');
    expect(sys).toMatchObject({ path: '/sys', disableAllowed: false, customised: false });
    expect(sys?.children?.find((row) => row.key === 'sysMenu')).toMatchObject({ path: '/sys/menu', disableAllowed: false });
    expect(tree.find((row) => row.key === 'dataDisplay')).toMatchObject({ sort: 10, defaultSort: 10, always: true, alwaysAllowed: true });
    refused(await study.t.call('GET', '/dcap/sys/menu/list', { token: pm.token }), 403, 'permission.platform_admin_required');
    refused(await saveMenus([entry('sysUnit', { sort: 20, always: true })], member.token), 403, 'permission.platform_admin_required');
    refused(await study.t.call('POST', '/dcap/sys/menu/reset', { token: member.token }), 403, 'permission.platform_admin_required');
  });

  it('a changed sort changes the header order, and always shows an entry to everyone', async () => {
    expect(top((await init(member)).menus)).toEqual(['dataDisplay', 'projectList']);
    const reply = await saveMenus([entry('dataDisplay', { sort: 30, always: true, titleEn: 'Home' }), entry('sysUnit', { sort: 20, always: true })]);
    expect(reply.body.msg).toBe('Menu settings saved');
    expect(ok(reply)).toEqual(await menuList());
    const menus = (await init(member)).menus;
    expect(top(menus)).toEqual(['projectList', 'dataDisplay', 'sys']);
    expect(menus.find((item) => item.key === 'dataDisplay')).toMatchObject({ sort: 30, titleEn: 'Home' });
    expect(menuPaths(menus)).toContain('/sys/unit/unit');
    const rows = await auditRows('menu.update');
    expect(rows.map((row) => row.entity_id)).toEqual(['dataDisplay', 'sysUnit']);
    expect(rows[0]).toMatchObject({ actor_username: study.admin.username, old_value: null, new_value: { sort: 30, always: null, enabled: true, titleEn: 'Home' } });
    // Saving the same again changes nothing and writes no row.
    ok(await saveMenus([entry('sysUnit', { sort: 20, always: true })]));
    expect(await auditRows('menu.update')).toHaveLength(2);
  });

  it('hides a disabled entry from everyone and refuses what would mislead or lock out, changing nothing', async () => {
    ok(await saveMenus([entry('sysCache', { sort: 100, enabled: false })]));
    expect(menuPaths((await init(study.admin)).menus)).not.toContain('/sys/cache');
    const before = await menuList();
    refused(await saveMenus([entry('sysMenu', { sort: 110, enabled: false })]), 422, 'menu.cannot_disable');
    refused(await saveMenus([entry('sys', { sort: 900, enabled: false })]), 422, 'menu.cannot_disable');
    refused(await saveMenus([entry('sysUser', { sort: 10, always: true })]), 422, 'menu.always_not_allowed');
    refused(await saveMenus([entry('sysCache', { sort: 5 }), entry('nowhere', { sort: 1 })]), 422, 'menu.unknown_key');
    refused(await saveMenus([entry('sysCache', { sort: 5, titleZh: 'a\u0000b' })]), 400, 'request.invalid');
    refused(await saveMenus([entry('sysCache', { sort: -1 })]), 400, 'request.invalid');
    expect(await menuList()).toEqual(before);
  });

  it('resets every entry to the defaults, audited with what was stored', async () => {
    const reply = await study.t.call('POST', '/dcap/sys/menu/reset', { token: admin(), lang: 'en-US' });
    expect(reply.body.msg).toBe('Menus restored to their defaults');
    expect((ok(reply) as MenuSettingRow[]).every((row) => !row.customised)).toBe(true);
    expect(top((await init(member)).menus)).toEqual(['dataDisplay', 'projectList']);
    const [row] = await auditRows('menu.reset');
    expect(row?.old_value).toMatchObject({ entries: { dataDisplay: { sort: 30 }, sysUnit: { always: true }, sysCache: { enabled: false } } });
  });
});

describe('role permissions of system roles', () => {
  const view = async (token = admin()) => ok(await study.t.call('GET', '/dcap/sys/rolePermission/list', { token })) as SysRoleRightsView;

  it('starts from the rules the platform had: every function for platform administrators, applying for projects for project administrators', async () => {
    const matrix = await view();
    expect(matrix.roles).toEqual([
      { role: 'admin', editable: false, rights: ALL, defaults: ALL },
      { role: 'systemAdmin', editable: true, rights: ALL, defaults: ALL },
      { role: 'projectAdmin', editable: true, rights: ['project.create'], defaults: ['project.create'] },
    ]);
    expect((await init(pm)).user.platformRights).toEqual(['project.create']);
    refused(await study.t.call('GET', '/dcap/sys/rolePermission/list', { token: pm.token }), 403, 'permission.platform_admin_required');
  });

  it('a right granted to projectAdmin takes effect on their next call, and a revoked one too', async () => {
    refused(await study.t.call('GET', '/dcap/sys/article/list', { token: pm.token }), 403, 'permission.platform_admin_required');
    const granted = await saveRights({ systemAdmin: ALL, projectAdmin: ['project.create', 'article.manage'] });
    expect(granted.body.msg).toBe('Role permissions saved');
    ok(await study.t.call('GET', '/dcap/sys/article/list', { token: pm.token }));
    const pmInit = await init(pm);
    expect(pmInit.user.platformRights).toEqual(['project.create', 'article.manage']);
    expect(menuPaths(pmInit.menus)).toEqual(expect.arrayContaining(['/sys', '/sys/article']));
    expect(menuPaths(pmInit.menus)).not.toContain('/sys/user');
    ok(await saveRights({ systemAdmin: ALL, projectAdmin: ['project.create'] }));
    refused(await study.t.call('GET', '/dcap/sys/article/list', { token: pm.token }), 403, 'permission.platform_admin_required');
    const rows = await auditRows('sysRoleRights.update');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor_username: study.admin.username,
      old_value: { projectAdmin: ['project.create'] },
      new_value: { projectAdmin: ['project.create', 'article.manage'], changes: [{ role: 'projectAdmin', action: 'article.manage', granted: true }] },
    });
  });

  it('lets a platform administrator grant only what they hold, and never take the screen from themselves', async () => {
    const withoutUsers = ALL.filter((action) => action !== 'user.manage');
    ok(await saveRights({ systemAdmin: withoutUsers, projectAdmin: ['project.create'] }));
    refused(await study.t.call('GET', '/dcap/sys/user/list', { token: sysAdmin.token }), 403, 'permission.platform_admin_required');
    expect((await view(sysAdmin.token)).grantable).toEqual(withoutUsers);
    const before = await view();
    refused(await saveRights({ systemAdmin: withoutUsers, projectAdmin: ['project.create', 'user.manage'] }, sysAdmin.token), 403, 'sys_rights.not_held');
    refused(await saveRights({ systemAdmin: ALL, projectAdmin: ['project.create'] }, sysAdmin.token), 403, 'sys_rights.not_held');
    const withoutAdministration = withoutUsers.filter((action) => action !== 'platform.administer');
    refused(await saveRights({ systemAdmin: withoutAdministration, projectAdmin: ['project.create'] }, sysAdmin.token), 422, 'sys_rights.self_lockout');
    // admin always holds everything and is not part of the matrix.
    refused(await saveRights({ admin: [], systemAdmin: ALL, projectAdmin: [] }), 400, 'request.invalid');
    refused(await saveRights({ systemAdmin: ['everything'], projectAdmin: [] }), 400, 'request.invalid');
    expect(await view()).toEqual(before);
    // What they hold they may hand on; the super administrator may restore the rest.
    ok(await saveRights({ systemAdmin: withoutUsers, projectAdmin: ['project.create', 'message.manage'] }, sysAdmin.token));
    ok(await saveRights({ systemAdmin: ALL, projectAdmin: ['project.create'] }));
    ok(await study.t.call('GET', '/dcap/sys/user/list', { token: sysAdmin.token }));
  });

  it('refuses making someone a super or project administrator with rights the editor lacks', async () => {
    ok(await saveRights({ systemAdmin: ALL.filter((action) => action !== 'article.manage'), projectAdmin: ['project.create', 'article.manage'] }));
    const create = (body: Record<string, unknown>) =>
      study.t.call('POST', '/dcap/sys/user/save', { token: sysAdmin.token, body: { username: `sc.new${String(Object.keys(body).length)}`, name: 'New', password: 'Passw0rd!x', ...body } });
    refused(await create({ admin: true }), 403, 'sys_rights.role_not_held');
    refused(await create({ projectAdmin: true, gender: 'male' }), 403, 'sys_rights.role_not_held');
    const plain = ok(await create({})) as { user: { id: number } };
    refused(await study.t.call('POST', '/dcap/sys/user/update', { token: sysAdmin.token, body: { id: plain.user.id, projectAdmin: true } }), 403, 'sys_rights.role_not_held');
    ok(await saveRights({ systemAdmin: ALL, projectAdmin: ['project.create'] }));
    ok(await study.t.call('POST', '/dcap/sys/user/update', { token: sysAdmin.token, body: { id: plain.user.id, projectAdmin: true } }));
  });

  it('makes a user a platform administrator only for an editor holding every function of the role, and never lowers oneself', async () => {
    // Project administrators may manage users but hold few functions: they cannot make a platform administrator.
    ok(await saveRights({ systemAdmin: ALL, projectAdmin: ['project.create', 'user.manage'] }));
    const target = ok(await study.t.call('POST', '/dcap/sys/user/save', { token: pm.token, body: { username: 'sc.platform', name: 'Platform', password: 'Passw0rd!x' } })) as {
      user: { id: number };
    };
    refused(await study.t.call('POST', '/dcap/sys/user/update', { token: pm.token, body: { id: target.user.id, systemAdmin: true } }), 403, 'sys_rights.role_not_held');
    refused(await study.t.call('POST', '/dcap/sys/user/save', { token: pm.token, body: { username: 'sc.platform2', name: 'P2', password: 'Passw0rd!x', systemAdmin: true } }), 403, 'sys_rights.role_not_held');
    const stored = () => study.t.deps.db.selectFrom('users').select('system_admin').where('id', '=', target.user.id).executeTakeFirstOrThrow();
    expect((await stored()).system_admin).toBe(false);
    // The super administrator can, and the new platform administrator then holds the role's functions.
    const made = ok(await study.t.call('POST', '/dcap/sys/user/update', { token: admin(), body: { id: target.user.id, systemAdmin: true } })) as { systemAdmin: boolean };
    expect(made.systemAdmin).toBe(true);
    expect((await stored()).system_admin).toBe(true);
    const audit = await study.t.deps.db.selectFrom('audit_log').select(['old_value', 'new_value']).where('action', '=', 'user.update').where('entity_id', '=', String(target.user.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.old_value).toMatchObject({ systemAdmin: false });
    expect(audit.new_value).toMatchObject({ systemAdmin: true });
    // A platform administrator does not lower their own role.
    refused(await study.t.call('POST', '/dcap/sys/user/update', { token: sysAdmin.token, body: { id: sysAdmin.id, systemAdmin: false } }), 422, 'user.cannot_change_self');
    ok(await saveRights({ systemAdmin: ALL, projectAdmin: ['project.create'] }));
  });
});
