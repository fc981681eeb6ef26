import { AppError, armsVisible, canInProject, holdsLocation } from '@dcap/core';
import type { SupplyLocationRow } from '../../db/schema.js';
import type { ProjectCaller } from '../../http/context.js';
import type { Executor } from '../audit/repo.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope } from '../subjects/scope.js';
import type { SupplyViewer } from './presenter.js';
import * as repo from './repo.js';

/** Where a supply call acts (the session's project and environment, the caller's sites) and what the caller may see. */
export interface SupplyContext {
  scope: DataScope;
  viewer: SupplyViewer;
  userId: number;
  /** Whether the caller runs the study's supply (depots, plan): `supply.manage`. */
  manager: boolean;
}

/** Core's `armsVisible` with the project's blind method and whether the environment's study was unblinded. */
export async function supplyContext(db: Executor, caller: ProjectCaller): Promise<SupplyContext> {
  const scope = await dataScope(db, caller);
  const state = { blindMethod: caller.project.project.blind_method, studyUnblinded: await repo.studyUnblinded(db, scope.env.id) };
  return { scope, viewer: { armsVisible: armsVisible(caller.project.access, state) }, userId: caller.actor.userId, manager: canInProject(caller.project.access, 'supply.manage') };
}

/** Whether the caller may act at a location: a pharmacy of one of their sites, or a depot when they run supply. */
export function locationInScope(context: SupplyContext, location: SupplyLocationRow): boolean {
  return holdsLocation({ kind: location.kind, siteId: location.site_id }, { sites: context.scope.sites, manager: context.manager });
}

/** A location of the project the caller may act at; any other answers as one that does not exist. */
export async function locationFor(db: Executor, context: SupplyContext, id: number): Promise<SupplyLocationRow> {
  const location = await repo.findLocation(db, context.scope.projectId, id);
  if (!location || !locationInScope(context, location)) throw new AppError('supply.location_not_found');
  return location;
}

/** The ids of the locations the caller may see; null for all. */
export async function visibleLocations(db: Executor, context: SupplyContext): Promise<{ ids: number[] | null; rows: SupplyLocationRow[] }> {
  const rows = await repo.locations(db, context.scope.projectId);
  if (context.scope.sites === 'all') return { ids: null, rows };
  const mine = rows.filter((row) => locationInScope(context, row));
  return { ids: mine.map((row) => row.id), rows: mine };
}

export const today = (now: Date): string => now.toISOString().slice(0, 10);
