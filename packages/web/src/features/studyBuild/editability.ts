import { isDesignEnvironment, projectIs } from '@dcap/core';
import type { Environment, Project } from '@dcap/core';
import { useProjectContext } from '../../app/projectContext';

/** Why design may not be changed here, most fundamental reason first. */
export type DesignLockReason = 'noProject' | 'noRight' | 'status' | 'environment';

export type DesignEditability = { editable: true; reason: null } | { editable: false; reason: DesignLockReason };

/**
 * Spec 000 §4.3 and §6 as the server applies them to design writes: the design right (`design.edit`, computed
 * by the server with core's rules), a project status that allows configuration editing (`configDataEditable`),
 * and an enabled dev-type environment, where the draft is edited and from where it is published. The page
 * only disables; the server refuses regardless.
 */
export function designEditability(project: Project | null, currentEnv: Environment | null): DesignEditability {
  if (!project) return { editable: false, reason: 'noProject' };
  if (project.abilities['design.edit'] !== true) return { editable: false, reason: 'noRight' };
  if (!projectIs(project.status, 'configDataEditable', { designer: true })) return { editable: false, reason: 'status' };
  if (!currentEnv || !isDesignEnvironment(currentEnv)) return { editable: false, reason: 'environment' };
  return { editable: true, reason: null };
}

/** The catalogue key explaining a lock, shown as the disabled buttons' tooltip and in the page's notice. */
export const LOCK_REASON_KEYS: Record<DesignLockReason, string> = {
  noProject: 'design.locked.noProject',
  noRight: 'design.locked.noRight',
  status: 'design.locked.status',
  environment: 'design.locked.environment',
};

export function useDesignEditability(): DesignEditability {
  const { project, currentEnv } = useProjectContext();
  return designEditability(project, currentEnv);
}
