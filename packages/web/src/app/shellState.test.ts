import { describe, expect, it } from 'vitest';
import { AS_PLATFORM_ADMIN, makeEnv, makeProject, makeSessionRole } from '../test/fixtures';
import type { ProjectAccess } from '@dcap/core';
import { mayOpenApplication, showApplicationNames } from './applications';
import { blockRedirect, shellBlock } from './shellState';

const member: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: false, rights: [], sites: 'all' } };
const normal = [makeEnv('dev', 'dev'), makeEnv('uat', 'uat', 'disable')];
const allDisabled = [makeEnv('dev', 'dev', 'disable'), makeEnv('uat', 'uat', 'disable')];

describe('shell blocks (spec 000 §4.4)', () => {
  it.each([
    ['no project', { project: null, role: null, envs: allDisabled }, null],
    ['a usable environment', { project: makeProject(), role: null, envs: normal }, null],
    ['no environments at all', { project: makeProject(), role: null, envs: [] }, null],
    ['every environment disabled', { project: makeProject(), role: null, envs: allDisabled }, 'envDisabled'],
    ['a member whose role is disabled', { project: makeProject({}, member), role: makeSessionRole(1, 'CRC', [], { enabled: 0 }), envs: normal }, 'roleDisabled'],
    ['a manager whose role is disabled', { project: makeProject({}, AS_PLATFORM_ADMIN), role: makeSessionRole(1, 'CRC', [], { enabled: 0 }), envs: normal }, null],
  ] as const)('%s', (_name, context, expected) => {
    expect(shellBlock(context)).toBe(expected);
  });

  it('keeps the workplace, account settings and (for environment managers) the environment page open', () => {
    expect(blockRedirect('envDisabled', '/project/DataDisplay', false)).toBe('/tools/EnvDisabled');
    expect(blockRedirect('envDisabled', '/project/projectList', false)).toBeNull();
    expect(blockRedirect('roleDisabled', '/account/settings/base', false)).toBeNull();
    expect(blockRedirect('envDisabled', '/project/projectEnv/projectEnv', true)).toBeNull();
    expect(blockRedirect('envDisabled', '/project/projectEnv/projectEnv', false)).toBe('/tools/EnvDisabled');
    expect(blockRedirect('roleDisabled', '/project/institution', true)).toBe('/tools/RoleDisabled');
    expect(blockRedirect(null, '/project/institution', false)).toBeNull();
  });
});

describe('applications (spec 000 §2.1, §5)', () => {
  it('refuses a user who is neither a platform administrator nor holds a role', () => {
    const user = { admin: false, systemAdmin: false, projectAdmin: true };
    expect(mayOpenApplication(user, 0)).toBe(false);
    expect(mayOpenApplication(user, 1)).toBe(true);
    expect(mayOpenApplication({ ...user, systemAdmin: true }, 0)).toBe(true);
  });

  it('names the applications beside their logos only when fewer than 5 are enabled', () => {
    expect(showApplicationNames(4)).toBe(true);
    expect(showApplicationNames(5)).toBe(false);
  });
});
