import { describe, expect, it } from 'vitest';
import type { ProjectAccess, ProjectStatus } from '@dcap/core';
import { AS_PLATFORM_ADMIN, AS_PROJECT_ADMIN, makeProject } from '../../test/fixtures';
import { lifecycleOptions } from './lifecycleActions';
import type { LifecycleAction } from './lifecycleActions';

const MEMBER_WITH_DESIGN: ProjectAccess = { platformAdmin: false, projectAdmin: false, role: { id: 1, enabled: true, rights: ['projectDesignAndSetup'], sites: 'all' } };

interface Row {
  status: ProjectStatus;
  prev?: ProjectStatus;
  flags?: { configAuditRequested?: boolean; uatConfirmed?: boolean; onlineRequested?: boolean };
  admin: LifecycleAction[];
  projectAdmin: LifecycleAction[];
}

/** Expected offers per status, from core's step rules (docs/decisions.md "Project lifecycle"). */
const TABLE: Row[] = [
  { status: 'PROJECT_STATUS_SET_UP', admin: ['nextStep', 'lock'], projectAdmin: ['nextStep'] },
  { status: 'CONFIG', admin: ['applyAuditConfig', 'lock', 'resetTestData'], projectAdmin: ['applyAuditConfig', 'resetTestData'] },
  { status: 'CONFIG', flags: { configAuditRequested: true }, admin: ['saConfirmConfig', 'lock', 'resetTestData'], projectAdmin: ['resetTestData'] },
  { status: 'INTERNAL_TEST', admin: ['confirmInternalTest', 'lock', 'resetTestData'], projectAdmin: ['confirmInternalTest', 'resetTestData'] },
  { status: 'TEST', admin: ['confirmUatTest', 'lock', 'resetTestData'], projectAdmin: ['confirmUatTest', 'resetTestData'] },
  { status: 'TEST', flags: { uatConfirmed: true }, admin: ['applyOnline', 'lock', 'resetTestData'], projectAdmin: ['applyOnline', 'resetTestData'] },
  {
    status: 'TEST',
    flags: { uatConfirmed: true, onlineRequested: true },
    admin: ['approveOnline', 'rejectOnline', 'lock', 'resetTestData'],
    projectAdmin: ['resetTestData'],
  },
  { status: 'FREEZED_ON_TEST', admin: ['lock', 'resetTestData'], projectAdmin: ['resetTestData'] },
  { status: 'ON_RESEARCH', admin: ['nextStep', 'lock'], projectAdmin: ['nextStep'] },
  { status: 'LOCKED', prev: 'ON_RESEARCH', admin: ['unlock'], projectAdmin: [] },
  { status: 'DATABASE_FREEZED', admin: ['nextStep', 'lock'], projectAdmin: [] },
  { status: 'OFFLINE', admin: [], projectAdmin: [] },
];

describe('lifecycleOptions (spec 000 §4.2)', () => {
  it.each(TABLE)('$status $flags: admin and project administrator', ({ status, prev, flags, admin, projectAdmin }) => {
    const at = (access: ProjectAccess) => lifecycleOptions(makeProject({ status, prevStatus: prev ?? null, ...flags }, access));
    expect(at(AS_PLATFORM_ADMIN).actions).toEqual(admin);
    expect(at(AS_PROJECT_ADMIN).actions).toEqual(projectAdmin);
    // A designer without lifecycle rights moves nothing.
    expect(at(MEMBER_WITH_DESIGN).actions).toEqual([]);
  });

  it('offers a platform administrator only the legal status targets, and no one else any', () => {
    const running = makeProject({ status: 'ON_RESEARCH' });
    expect(lifecycleOptions(running).statusTargets).toEqual(['FIX', 'LOCKED', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH']);
    expect(lifecycleOptions(makeProject({ status: 'LOCKED', prevStatus: 'TEST' })).statusTargets).toEqual(['TEST']);
    expect(lifecycleOptions(makeProject({ status: 'ON_RESEARCH' }, AS_PROJECT_ADMIN)).statusTargets).toEqual([]);
  });

  it('offers the status-change applications that leave the current status', () => {
    expect(lifecycleOptions(makeProject({ status: 'ON_RESEARCH' }, AS_PROJECT_ADMIN)).changeTypes).toEqual([
      'APPLY_SUSPEND_RECRUIT',
      'APPLY_PROJECT_LOCKED',
      'APPLY_FREEZED_ON_RESEARCH',
    ]);
    expect(lifecycleOptions(makeProject({ status: 'LOCKED', prevStatus: 'FIX' }, AS_PROJECT_ADMIN)).changeTypes).toEqual(['APPLY_PROJECT_UNLOCKED']);
    expect(lifecycleOptions(makeProject({ status: 'OFFLINE' }, AS_PROJECT_ADMIN)).changeTypes).toEqual([]);
    expect(lifecycleOptions(makeProject({ status: 'ON_RESEARCH' }, MEMBER_WITH_DESIGN)).changeTypes).toEqual([]);
  });

  // Four eyes (docs/decisions.md, "Lifecycle gates"): the applicant never decides their own application.
  it('offers no decision on going online to the administrator who applied, and both to another', () => {
    const applied = makeProject({ status: 'TEST', uatConfirmed: true, onlineRequested: true, onlineRequestedBy: 7 });
    const own = lifecycleOptions(applied, 7);
    expect(own.actions).not.toContain('approveOnline');
    expect(own.actions).not.toContain('rejectOnline');
    expect(own.ownOnlineApplication).toBe(true);
    const other = lifecycleOptions(applied, 8);
    expect(other.actions).toEqual(expect.arrayContaining(['approveOnline', 'rejectOnline']));
    expect(other.ownOnlineApplication).toBe(false);
  });

  it('lets only platform administrators decide applications', () => {
    expect(lifecycleOptions(makeProject({}, AS_PLATFORM_ADMIN)).canDecide).toBe(true);
    expect(lifecycleOptions(makeProject({}, AS_PROJECT_ADMIN)).canDecide).toBe(false);
  });
});
