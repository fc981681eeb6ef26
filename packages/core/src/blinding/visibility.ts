import type { ProjectAccess } from '../permissions/project.js';

export type BlindMethod = 'D' | 'S' | 'N';

/** What decides whether one caller may see treatment arms in one environment of one project. */
export interface BlindingState {
  /** The project's blind method (spec 000 §3: D double blind, S single blind, N none). */
  blindMethod: BlindMethod;
  /** Whether the whole study has been unblinded in this environment (only after database lock). */
  studyUnblinded: boolean;
}

/**
 * Whether the caller may see arms, block sizes and the arm-revealing fields of kits (docs/decisions.md,
 * "Randomisation, blinding and supply"). An open study (N) and a study unblinded after database lock show
 * them to everyone who may see the screen. In a blinded study (D, and S too: who of the staff is blinded in a
 * single-blind study is the protocol's choice, so the study gives those who may know the flag) only a role
 * holding the unblind flag sees them: a project or platform administrator too needs such a role, so every
 * unblinded person is named by a role assignment in the audit trail.
 */
export function armsVisible(access: ProjectAccess, state: BlindingState): boolean {
  if (state.blindMethod === 'N' || state.studyUnblinded) return true;
  return access.role !== null && access.role.enabled && access.role.rights.includes('unblind');
}

/**
 * Whole-study unblinding only after database lock (docs/decisions.md): the database frozen, or the later
 * statuses of document delivery and offline, which are reached only through it (spec 000 §4.1).
 */
export const UNBLINDABLE_STATUSES = ['DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE'] as const;

export function studyUnblindAllowed(status: string): boolean {
  return (UNBLINDABLE_STATUSES as readonly string[]).includes(status);
}

/** Which kind of randomisation list an environment uses: formal in production, test everywhere else, never mixed. */
export function tableKindOfEnv(envType: string): 'test' | 'formal' {
  return envType === 'prd' ? 'formal' : 'test';
}
