import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../errors/catalogue.js';
import type { ProjectAccess, RoleRight, SiteScope } from '../permissions/project.js';
import type { RoleAdministration, RoleAdministrator, RoleAdministratorCandidate, RoleGrantShape } from './escalation.js';
import { administersRoles, lastRoleAdministratorRefusal, roleAdministrationRefusal } from './escalation.js';

const ME = 7;
const OTHER = 8;
const HELD = 100;
const FREE = 200;

const caller = (rights: readonly RoleRight[], sites: SiteScope, extra: Partial<ProjectAccess> = {}, enabled = true): RoleAdministrator => ({
  userId: ME,
  access: { platformAdmin: false, projectAdmin: false, role: { id: HELD, enabled, rights, sites }, ...extra },
  heldRoleIds: [HELD],
});
const shape = (rights: readonly RoleRight[], sites: SiteScope, enabled = true): RoleGrantShape => ({ rights, sites, enabled });

// Callers: an all-sites rights manager who also enters data, the same limited to site 1, a site-1 manager with
// no other flags, a project administrator with no role, a platform administrator, and a manager whose role is disabled.
const MANAGER: RoleRight[] = ['userRightsManagement', 'dataEntryRights', 'answerQuery'];
const allSites = caller(MANAGER, 'all');
const site1 = caller(MANAGER, [1]);
const bareSite1 = caller(['userRightsManagement'], [1]);
const projectAdmin: RoleAdministrator = { userId: ME, access: { platformAdmin: false, projectAdmin: true, role: null }, heldRoleIds: [HELD] };
const platformAdmin: RoleAdministrator = { userId: ME, access: { platformAdmin: true, projectAdmin: false, role: null }, heldRoleIds: [] };
const disabled = caller(MANAGER, 'all', {}, false);

// Target roles.
const crc1 = shape(['dataEntryRights', 'answerQuery'], [1]);
const crcAll = shape(['dataEntryRights', 'answerQuery'], 'all');
const crc2 = shape(['dataEntryRights'], [2]);
const design = shape(['projectDesignAndSetup'], [1]);
const designAll = shape(['projectDesignAndSetup'], 'all');
const rightsAll = shape(['userRightsManagement'], 'all');

type Row = [string, RoleAdministrator, RoleAdministration, ErrorCode | null];

const TABLE: Row[] = [
  // create (saveRole without id, autoCreateProjectRoleOneInstitution)
  ['all-sites manager creates a role within their flags', allSites, { call: 'create', role: crcAll }, null],
  ['all-sites manager creates a design role', allSites, { call: 'create', role: designAll }, 'role.rights_exceeded'],
  ['site-1 manager creates a site-1 role within their flags', site1, { call: 'create', role: crc1 }, null],
  ['site-1 manager creates an all-sites role', site1, { call: 'create', role: crcAll }, 'permission.site_forbidden'],
  ['site-1 manager creates a site-2 role', site1, { call: 'create', role: crc2 }, 'permission.site_forbidden'],
  ['a disabled role covers no site', disabled, { call: 'create', role: shape([], 'all') }, 'permission.site_forbidden'],
  ['a disabled role grants nothing', disabled, { call: 'grant', role: crc1, userId: OTHER, sites: [1] }, 'permission.site_forbidden'],
  ['project administrator creates a design role', projectAdmin, { call: 'create', role: designAll }, null],
  ['platform administrator creates every flag', platformAdmin, { call: 'create', role: shape(['unblind', 'userRightsManagement'], 'all') }, null],
  // change (saveRole with id, quickSave, disableRole, delete)
  ['manager renames a role within their flags', allSites, { call: 'change', roleId: FREE, before: crcAll, after: crcAll }, null],
  ['manager widens a role with a flag they lack', allSites, { call: 'change', roleId: FREE, before: crcAll, after: shape([...crcAll.rights, 'export'], 'all') }, 'role.rights_exceeded'],
  ['manager renames a role with a flag they lack', allSites, { call: 'change', roleId: FREE, before: designAll, after: designAll }, 'role.rights_exceeded'],
  ['manager disables a design role', allSites, { call: 'change', roleId: FREE, before: designAll, after: { ...designAll, enabled: false } }, 'role.rights_exceeded'],
  ['manager deletes a design role', allSites, { call: 'change', roleId: FREE, before: designAll, after: null }, 'role.rights_exceeded'],
  ['manager deletes a role within their flags', allSites, { call: 'change', roleId: FREE, before: crc1, after: null }, null],
  ['site-1 manager widens a site-1 role to all sites', site1, { call: 'change', roleId: FREE, before: crc1, after: crcAll }, 'permission.site_forbidden'],
  ['site-1 manager changes a site-2 role', site1, { call: 'change', roleId: FREE, before: crc2, after: crc2 }, 'permission.site_forbidden'],
  ['manager adds a flag to the role they hold', allSites, { call: 'change', roleId: HELD, before: rightsAll, after: shape(MANAGER, 'all') }, 'role.own_role'],
  ['manager drops a flag of the role they hold', allSites, { call: 'change', roleId: HELD, before: shape(MANAGER, 'all'), after: rightsAll }, 'role.own_role'],
  ['manager narrows the sites of the role they hold', allSites, { call: 'change', roleId: HELD, before: rightsAll, after: shape(['userRightsManagement'], [1]) }, 'role.own_role'],
  ['manager enables a role they hold', allSites, { call: 'change', roleId: HELD, before: { ...rightsAll, enabled: false }, after: rightsAll }, 'role.own_role'],
  ['manager renames the role they hold', allSites, { call: 'change', roleId: HELD, before: rightsAll, after: rightsAll }, null],
  ['manager disables the role they hold', allSites, { call: 'change', roleId: HELD, before: rightsAll, after: { ...rightsAll, enabled: false } }, null],
  ['manager deletes the role they hold', allSites, { call: 'change', roleId: HELD, before: rightsAll, after: null }, null],
  ['project administrator changes the flags of a role they hold', projectAdmin, { call: 'change', roleId: HELD, before: rightsAll, after: designAll }, null],
  // grant (assignRole2User, assignRole2UserByPm, batchAssignRole2User, addRoles2Users, new sites of updateRoleSiteAuthorityOfUser)
  ['manager grants a role within their flags', allSites, { call: 'grant', role: crc1, userId: OTHER, sites: [1] }, null],
  ['manager grants a design role', allSites, { call: 'grant', role: designAll, userId: OTHER, sites: 'all' }, 'role.rights_exceeded'],
  ['manager grants the rights-manager role', bareSite1, { call: 'grant', role: shape(['userRightsManagement'], [1]), userId: OTHER, sites: [1] }, null],
  ['site-1 manager grants a site-1 role', site1, { call: 'grant', role: crc1, userId: OTHER, sites: [1] }, null],
  ['site-1 manager grants an all-sites role narrowed to site 1', site1, { call: 'grant', role: crcAll, userId: OTHER, sites: [1] }, 'permission.site_forbidden'],
  ['site-1 manager grants a site-1 design role', site1, { call: 'grant', role: design, userId: OTHER, sites: [1] }, 'role.rights_exceeded'],
  ['site-1 manager with no other flags grants a site-1 data-entry role', bareSite1, { call: 'grant', role: crc1, userId: OTHER, sites: [1] }, 'role.rights_exceeded'],
  ['site-1 manager grants a site-2 role', site1, { call: 'grant', role: crc2, userId: OTHER, sites: [2] }, 'permission.site_forbidden'],
  ['manager grants themselves a role', allSites, { call: 'grant', role: crc1, userId: ME, sites: [1] }, 'role.self_grant'],
  ['grant beyond the role’s sites, even by an administrator', platformAdmin, { call: 'grant', role: crc1, userId: OTHER, sites: 'all' }, 'role.site_outside_role'],
  ['project administrator grants themselves a design role', projectAdmin, { call: 'grant', role: designAll, userId: ME, sites: 'all' }, null],
  // revoke (removeProjectRoleFromUser, revokeSingleRoleOfUser, batchDeleteRevoke, old sites of updateRoleSiteAuthorityOfUser)
  ['manager revokes a role within their flags', site1, { call: 'revoke', role: crc1, userId: OTHER }, null],
  ['manager revokes a design role', allSites, { call: 'revoke', role: designAll, userId: OTHER }, 'role.rights_exceeded'],
  ['site-1 manager revokes an all-sites role', site1, { call: 'revoke', role: crcAll, userId: OTHER }, 'permission.site_forbidden'],
  ['manager revokes their own role', allSites, { call: 'revoke', role: rightsAll, userId: ME }, null],
  ['project administrator revokes a design role', projectAdmin, { call: 'revoke', role: designAll, userId: OTHER }, null],
];

describe('no escalation through role administration (spec 000 §6)', () => {
  it.each(TABLE)('%s', (_name, who, change, expected) => {
    expect(roleAdministrationRefusal(who, change)).toBe(expected);
  });
});

describe('the last holder of role administration', () => {
  const holder = (over: Partial<RoleAdministratorCandidate>): RoleAdministratorCandidate => ({
    userActive: true,
    projectAdmin: false,
    roleEnabled: true,
    rights: ['userRightsManagement'],
    ...over,
  });

  it.each<[string, RoleAdministratorCandidate, boolean]>([
    ['an active holder of an enabled user-rights role', holder({}), true],
    ['a locked user', holder({ userActive: false }), false],
    ['a holder of a disabled role', holder({ roleEnabled: false }), false],
    ['a holder of a role without the flag', holder({ rights: ['dataEntryRights'] }), false],
    ['an active project administrator', holder({ projectAdmin: true, roleEnabled: false, rights: [] }), true],
    ['a locked project administrator', holder({ projectAdmin: true, userActive: false }), false],
  ])('counts %s: %s', (_name, candidate, counts) => {
    expect(administersRoles(candidate)).toBe(counts);
  });

  it('refuses a non-administrator’s change that leaves no holder, and never an administrator’s', () => {
    const member = caller(['userRightsManagement'], 'all').access;
    expect(lastRoleAdministratorRefusal(member, [])).toBe('role.last_administrator');
    expect(lastRoleAdministratorRefusal(member, [holder({ roleEnabled: false })])).toBe('role.last_administrator');
    expect(lastRoleAdministratorRefusal(member, [holder({ roleEnabled: false }), holder({})])).toBeNull();
    expect(lastRoleAdministratorRefusal(projectAdmin.access, [])).toBeNull();
    expect(lastRoleAdministratorRefusal(platformAdmin.access, [])).toBeNull();
  });
});
