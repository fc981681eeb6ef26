import { describe, expect, it, vi } from 'vitest';
import type { ProjectAccess } from '@dcap/core';
import { ADMIN, AS_PROJECT_ADMIN, makeProject, makeProjectInit, makeSessionRole, MEMBER } from '../test/fixtures';
import { designRoleDecision, ensureDesignRole } from './designRole';

const entry = makeSessionRole(1, 'CRC', ['dataEntryRights']);
const designer = makeSessionRole(2, 'Designer', ['projectDesignAndSetup']);
const disabledDesigner = makeSessionRole(3, 'Old designer', ['projectDesignAndSetup'], { enabled: 0 });

const roleAccess = (rights: ProjectAccess['role']): ProjectAccess => ({ platformAdmin: false, projectAdmin: false, role: rights });

describe('ensureDesignRole (spec 000 §6)', () => {
  it('is ready for a platform administrator and for a project administrator without a role', async () => {
    const switchRole = vi.fn(() => Promise.resolve());
    expect(await ensureDesignRole(makeProjectInit(ADMIN), switchRole)).toBe('ready');
    const pm = makeProjectInit(MEMBER, { access: AS_PROJECT_ADMIN, project: makeProject({}, AS_PROJECT_ADMIN) });
    expect(await ensureDesignRole(pm, switchRole)).toBe('ready');
    expect(switchRole).not.toHaveBeenCalled();
  });

  it('is ready when the current role has projectDesignAndSetup', () => {
    const access = roleAccess({ id: 2, enabled: true, rights: ['projectDesignAndSetup'], sites: 'all' });
    const init = makeProjectInit(MEMBER, { access, project: makeProject({}, access), roles: [entry, designer], roleId: 2 });
    expect(designRoleDecision(init)).toEqual({ kind: 'ready' });
  });

  it('switches to an enabled role with the flag when the current one lacks it', async () => {
    const access = roleAccess({ id: 1, enabled: true, rights: ['dataEntryRights'], sites: 'all' });
    const init = makeProjectInit(MEMBER, { access, project: makeProject({}, access), roles: [entry, disabledDesigner, designer], roleId: 1 });
    const switchRole = vi.fn(() => Promise.resolve());
    expect(await ensureDesignRole(init, switchRole)).toBe('switched');
    expect(switchRole).toHaveBeenCalledWith(2);
  });

  it('refuses when no enabled role may design', async () => {
    const access = roleAccess({ id: 1, enabled: true, rights: ['dataEntryRights'], sites: 'all' });
    const init = makeProjectInit(MEMBER, { access, project: makeProject({}, access), roles: [entry, disabledDesigner], roleId: 1 });
    const switchRole = vi.fn(() => Promise.resolve());
    expect(await ensureDesignRole(init, switchRole)).toBe('refused');
    expect(switchRole).not.toHaveBeenCalled();
  });
});
