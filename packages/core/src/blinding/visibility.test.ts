import { describe, expect, it } from 'vitest';
import type { ProjectAccess, RoleRight } from '../permissions/project.js';
import { armsVisible, studyUnblindAllowed, tableKindOfEnv } from './visibility.js';

const access = (rights: RoleRight[], extra: Partial<ProjectAccess> = {}): ProjectAccess => ({
  platformAdmin: false,
  projectAdmin: false,
  role: { id: 1, enabled: true, rights, sites: 'all' },
  ...extra,
});

describe('who sees arms (iMask: decided by the unblind flag)', () => {
  it('shows arms in an open study to everyone, and after whole-study unblinding', () => {
    expect(armsVisible(access([]), { blindMethod: 'N', studyUnblinded: false })).toBe(true);
    expect(armsVisible(access([]), { blindMethod: 'D', studyUnblinded: true })).toBe(true);
  });

  it('in a double- or single-blind study shows arms only to a role with the unblind flag', () => {
    for (const blindMethod of ['D', 'S'] as const) {
      expect(armsVisible(access(['unblind']), { blindMethod, studyUnblinded: false })).toBe(true);
      expect(armsVisible(access(['randomise', 'drugSupply', 'projectDesignAndSetup']), { blindMethod, studyUnblinded: false })).toBe(false);
    }
  });

  it('does not unblind a project or platform administrator without such a role, nor a disabled role', () => {
    expect(armsVisible({ platformAdmin: true, projectAdmin: true, role: null }, { blindMethod: 'D', studyUnblinded: false })).toBe(false);
    expect(armsVisible(access(['unblind'], { role: { id: 1, enabled: false, rights: ['unblind'], sites: 'all' } }), { blindMethod: 'D', studyUnblinded: false })).toBe(false);
  });
});

describe('when the whole study may be unblinded, and which list an environment uses', () => {
  it('allows whole-study unblinding only from database lock on', () => {
    expect(studyUnblindAllowed('DATABASE_FREEZED')).toBe(true);
    expect(studyUnblindAllowed('OFFLINE')).toBe(true);
    for (const status of ['ON_RESEARCH', 'FIX', 'LOCKED', 'TEST', 'RECORD_FREEZED']) expect(studyUnblindAllowed(status)).toBe(false);
  });

  it('gives production the formal list and every other environment the test list', () => {
    expect(tableKindOfEnv('prd')).toBe('formal');
    for (const type of ['dev', 'uat', 'bprd', 'sde']) expect(tableKindOfEnv(type)).toBe('test');
  });
});
