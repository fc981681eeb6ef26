import type { AuditStep, ProjectAction } from '@dcap/core';
import { FIELD_TRANSITIONS } from '@dcap/core';
import type { AppInit } from '../../api/system';

/** The workflow rights the session holds in the current project, from the abilities the server computed. */
export function workflowRightsOf(init: AppInit): ProjectAction[] {
  const rights = new Set(FIELD_TRANSITIONS.map((row) => row.right));
  return [...rights].filter((right) => init.projectAbilities[right] === true);
}

/** The project's used audit steps in order (the login response's process). */
export function auditStepsOf(init: AppInit): AuditStep[] {
  return init.auditProcList.map((entry) => entry.code);
}
