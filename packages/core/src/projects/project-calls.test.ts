import { describe, expect, it } from 'vitest';
import type { EnvStatus, EnvType } from './environments.js';
import { currentProjectChoice, dataEntryBlock } from './project-calls.js';
import type { ProjectStatus } from './status.js';
import { initResponseSchema } from '../shell/init.js';

describe('the current project (spec 000 §4.1: "defaults to the first listed when the stored one is not in the list")', () => {
  it.each([
    [[7, 5], 5, 5],
    [[7, 5], 9, 7],
    [[7, 5], null, 7],
    [[], 5, null],
    [[], null, null],
  ] as const)('listed %j, stored %j: %j', (listed, stored, expected) => {
    expect(currentProjectChoice(listed, stored)).toBe(expected);
  });
});

describe('whether an environment takes data entry now (dataBaseNotAvailable)', () => {
  const env = (type: EnvType, status: EnvStatus = 'normal') => ({ type, status });
  it.each([
    ['CONFIG', env('uat'), 'notStarted'],
    ['INTERNAL_TEST', env('uat'), null],
    ['TEST', env('uat'), null],
    ['TEST', env('prd'), 'notOnline'],
    ['TEST', env('dev'), 'designEnvironment'],
    ['TEST', env('sde'), 'designEnvironment'],
    ['TEST', env('uat', 'disable'), 'envDisabled'],
    ['TEST', null, 'noEnvironment'],
    ['FREEZED_ON_TEST', env('uat'), 'testPaused'],
    ['ON_RESEARCH', env('prd'), null],
    ['RECORD_FREEZED', env('prd'), null],
    ['FIX', env('prd'), null],
    ['FREEZED_ON_RESEARCH', env('prd'), 'runPaused'],
    ['LOCKED', env('prd'), 'locked'],
    ['DATABASE_FREEZED', env('prd'), 'databaseFrozen'],
    ['DOC_DELIVERY', env('prd'), 'closed'],
    ['OFFLINE', env('prd'), 'closed'],
  ] as const)('%s in %j: %s', (status: ProjectStatus, where, reason) => {
    expect(dataEntryBlock(status, where)).toBe(reason);
  });
});

describe('the login response schema', () => {
  it('reads an environment list it cannot read as null, so the shell says "load failed" (spec 000 §8.2)', () => {
    const base = {
      user: { id: 1, username: 'a', name: 'A', nameEn: null, email: null, admin: false, systemAdmin: false, projectAdmin: false, platformRights: [] },
      application: null,
      currEnv: null,
      menus: [],
      version: { name: 'x', number: '1' },
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
      abilities: { manageUsers: false, manageUnits: false, createProject: false },
      projectAbilities: {},
    };
    expect(initResponseSchema.parse({ ...base, envList: [{ key: 'dev' }] }).envList).toBeNull();
    expect(initResponseSchema.parse({ ...base, envList: [] }).envList).toEqual([]);
    expect(initResponseSchema.safeParse({ ...base, envList: [], auditProcList: [{ code: 'approve' }] }).success).toBe(false);
  });
});
