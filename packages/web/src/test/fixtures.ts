import { canOnPlatform, menusFor } from '@dcap/core';
import type { InitResponse, User } from '@dcap/core';

/** Named personas, as the server tests use them: an administrator and an ordinary study user. */
export const ADMIN = { id: 1, username: 'admin', name: '管理员', nameEn: 'Ada Admin', admin: true, systemAdmin: false, projectAdmin: false };
export const MEMBER = { id: 2, username: 'li.na', name: '李娜', nameEn: null, admin: false, systemAdmin: false, projectAdmin: false };

export function makeInit(user: typeof ADMIN | typeof MEMBER): InitResponse {
  return {
    user: { ...user, email: null },
    application: null,
    currEnv: null,
    menus: menusFor({ ...user, projectAbilities: {} }),
    version: { name: 'Community', number: '0.1.0' },
    branding: { filingNumber: '' },
    auditProcMap: {},
    auditProcList: [],
    dictMap: {},
    projectConfigMap: {},
    projectConfigsVo: null,
    project: null,
    projects: [],
    projectRole: null,
    projectRoles: [],
    projRoles: [],
    siteRoles: [],
    institutions: [],
    allInstitutions: [],
    envList: [],
    abilities: {
      manageUsers: canOnPlatform(user, 'user.manage'),
      manageUnits: canOnPlatform(user, 'unit.manage'),
      createProject: canOnPlatform(user, 'project.create'),
    },
    projectAbilities: {},
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 10,
    username: 'zhang.wei',
    name: '张伟',
    nameEn: 'Wei Zhang',
    gender: 'male',
    email: 'zhang.wei@example.org',
    phone: '13800000000',
    corporation: 'Site Hospital',
    department: 'Cardiology',
    admin: false,
    systemAdmin: false,
    projectAdmin: false,
    status: 'active',
    lockedUntil: null,
    lastLoginAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
