import type { ApplicationName, Project, ProjectAccess, StatusChangeApplication } from '@dcap/core';
import { canInProject, PROJECT_ACTIONS, progressStep, projectIs } from '@dcap/core';
import type { ApplicationRow, ProjectRow } from '../../db/schema.js';

/** What the caller may do in the project, by core's rules, so the web hides what the server would refuse. */
export function projectAbilities(row: ProjectRow, access: ProjectAccess): Record<string, boolean> {
  const abilities: Record<string, boolean> = {};
  for (const action of PROJECT_ACTIONS) abilities[action] = canInProject(access, action);
  const designer = abilities['design.edit'] === true;
  abilities.configEditable = abilities['project.configure'] === true && projectIs(row.status, 'configDataEditable', { designer });
  return abilities;
}

export function presentProject(row: ProjectRow, access: ProjectAccess): Project {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    eName: row.name_en,
    status: row.status,
    prevStatus: row.prev_status,
    // The column's CHECK constraint admits only core's application names.
    application: row.application as ApplicationName[],
    piUserNames: row.pi_user_names,
    piUserNamesEn: row.pi_user_names_en,
    sponsorNames: row.sponsor_names,
    croNames: row.cro_names,
    description: row.description,
    blindMethod: row.blind_method,
    groupScheme: row.group_scheme,
    remoteRandomization: row.remote_randomization,
    shareEventPanel: row.share_event_panel,
    autoCode: row.auto_code,
    config: row.config,
    configAuditRequested: row.config_audit_requested,
    uatConfirmed: row.uat_confirmed,
    onlineRequested: row.online_requested,
    onlineRequestedBy: row.online_requested_by,
    onlineRequestedAt: row.online_requested_at?.toISOString() ?? null,
    onlineRequestReason: row.online_request_reason,
    progressStep: progressStep(row.status, row.prev_status),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    abilities: projectAbilities(row, access),
  };
}

/** The audited view of a project's configuration. */
export function auditedProject(row: ProjectRow): Record<string, unknown> {
  return {
    code: row.code,
    name: row.name,
    eName: row.name_en,
    piUserNames: row.pi_user_names,
    piUserNamesEn: row.pi_user_names_en,
    sponsorNames: row.sponsor_names,
    croNames: row.cro_names,
    description: row.description,
    blindMethod: row.blind_method,
    groupScheme: row.group_scheme,
    remoteRandomization: row.remote_randomization,
    shareEventPanel: row.share_event_panel,
    autoCode: row.auto_code,
    application: row.application,
    config: row.config,
  };
}

export function presentApplication(row: ApplicationRow & { applied_by_name: string; decided_by_name: string | null }): StatusChangeApplication {
  return {
    id: row.id,
    projectId: row.project_id,
    type: row.type,
    reason: row.reason,
    state: row.state,
    appliedBy: row.applied_by_name,
    appliedAt: row.applied_at.toISOString(),
    decidedBy: row.decided_by_name,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionComment: row.decision_comment,
  };
}
