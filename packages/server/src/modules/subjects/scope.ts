import type { SiteScope } from '@dcap/core';
import { AppError, inSiteScope, siteScope } from '@dcap/core';
import type { EnvRow, EventInstanceRow, PanelInstanceRow, SubjectRow } from '../../db/schema.js';
import type { ProjectCaller } from '../../http/context.js';
import { sessionEnv } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import { sessionEnvRow } from '../../http/session-env.js';
import * as repo from './scope-repo.js';

/**
 * Where a caller's study data lives (COMPLIANCE WF-3): the session's project and environment, and the sites
 * of their role. Every read and write of subjects, visits, panels, fields, queries, signatures and
 * attachments goes through these loaders, so an id of another project, environment or site answers exactly
 * as an id that does not exist.
 */
export interface DataScope {
  projectId: number;
  env: EnvRow;
  sites: SiteScope;
}

/** The caller's data scope; refuses when the session has no environment in this project. */
export async function dataScope(db: Executor, caller: ProjectCaller): Promise<DataScope> {
  const key = sessionEnv(caller);
  const env = key === null ? undefined : await sessionEnvRow(db, caller, key);
  if (!env) throw new AppError('project.no_current');
  return { projectId: caller.project.project.id, env, sites: siteScope(caller.project.access) };
}

/** Whether a row of study data lies in the scope. */
export function inDataScope(scope: DataScope, row: { project_id: number; env_id: number; site_id: number }): boolean {
  return row.project_id === scope.projectId && row.env_id === scope.env.id && inSiteScope(scope.sites, row.site_id);
}

/** Refuses a site outside the scope (adding a subject at a site, a site filter of a list). */
export function requireSiteInScope(scope: DataScope, siteId: number): void {
  if (!inSiteScope(scope.sites, siteId)) throw new AppError('subject.site_forbidden');
}

export async function subjectInScope(db: Executor, scope: DataScope, id: number): Promise<SubjectRow> {
  const row = await repo.findSubject(db, id);
  if (!row || !inDataScope(scope, row) || row.status === 'DEL') throw new AppError('subject.not_found');
  return row;
}

export async function eventInstanceInScope(db: Executor, scope: DataScope, id: number): Promise<EventInstanceRow> {
  const row = await repo.findEventInstance(db, id);
  if (!row || !inDataScope(scope, row)) throw new AppError('subject.event_not_found');
  return row;
}

export async function panelInstanceInScope(db: Executor, scope: DataScope, id: number): Promise<PanelInstanceRow> {
  const row = await repo.findPanelInstance(db, id);
  if (!row || !inDataScope(scope, row)) throw new AppError('subject.panel_not_found');
  return row;
}
