import type { AnalyticsFilter, AnalyticsRange } from '@dcap/core';
import { AppError, analyticsRange, inSiteScope } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { blindingOf } from '../randomisation/blinding.js';
import { dataScope } from '../subjects/scope.js';
import type { Scope, SiteRow } from './repo.js';
import * as repo from './repo.js';

/** What every analytics answer is computed within, for one caller and one request. */
export interface AnalyticsContext {
  /** Null when the caller's role covers none of the chosen sites: every figure is then zero. */
  scope: Scope | null;
  sites: SiteRow[];
  range: AnalyticsRange;
  envKey: string;
  armsVisible: boolean;
  now: Date;
}

/**
 * The session's project and environment, the sites counted (those named, each of which the caller's role
 * must cover, else all the role covers: COMPLIANCE WF-3), the period in the study's zone, and whether the
 * caller may see arms (core `armsVisible`). Naming an arm without that right is refused.
 */
export async function analyticsContext(deps: ServiceDeps, caller: ProjectCaller, filter: AnalyticsFilter): Promise<AnalyticsContext> {
  const data = await dataScope(deps.db, caller);
  const blinding = await blindingOf(deps.db, caller, data.env.id);
  if (filter.arm !== undefined && !blinding.visible) throw new AppError('analytics.arms_hidden');
  for (const id of filter.siteIds ?? []) if (!inSiteScope(data.sites, id)) throw new AppError('analytics.site_forbidden');
  const chosen = filter.siteIds && filter.siteIds.length > 0 ? filter.siteIds : data.sites;
  const now = deps.clock.now();
  const base = { range: analyticsRange(filter.time, now), envKey: data.env.key, armsVisible: blinding.visible, now };
  if (chosen !== 'all' && chosen.length === 0) return { ...base, scope: null, sites: [] };
  const sites = await repo.sites(deps.db, data.projectId, chosen);
  return { ...base, scope: { projectId: data.projectId, envId: data.env.id, sites: chosen, arm: filter.arm ?? null }, sites };
}
