import { isPlatformAdmin } from '@dcap/core';
import type { AppInit } from '../api/system';
import { readProjectContext } from './projectContext';

export type DesignRoleDecision = { kind: 'ready' } | { kind: 'switch'; roleId: number } | { kind: 'refused' };

/**
 * Spec 000 §6: design rights come from being a project administrator or from the projectDesignAndSetup
 * flag; if the current role lacks the flag but another enabled role has it, the shell switches to that
 * role before opening the designer.
 */
export function designRoleDecision(init: AppInit): DesignRoleDecision {
  if (isPlatformAdmin(init.user) || init.projectAbilities['design.edit'] === true) return { kind: 'ready' };
  const { role, roles } = readProjectContext(init);
  if (role?.enabled === 1 && role.projectDesignAndSetup) return { kind: 'ready' };
  const designer = roles.find((candidate) => candidate.enabled === 1 && candidate.projectDesignAndSetup);
  return designer ? { kind: 'switch', roleId: designer.id } : { kind: 'refused' };
}

/**
 * Before opening the designer: ready as is, switched to a design role (through `switchRole`, which
 * calls GET /dcap/projectRole/store/{id}), or refused because no role of the user may design.
 */
export async function ensureDesignRole(init: AppInit, switchRole: (roleId: number) => Promise<unknown>): Promise<'ready' | 'switched' | 'refused'> {
  const decision = designRoleDecision(init);
  switch (decision.kind) {
    case 'ready':
      return 'ready';
    case 'refused':
      return 'refused';
    case 'switch':
      await switchRole(decision.roleId);
      return 'switched';
  }
}
