import type { SiteScope } from '@dcap/core';
import type { Insertable, Updateable } from 'kysely';
import type { ProjectSitesTable, SiteRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A site with the name of the platform unit (hospital) it stands for. */
export type SiteWithUnit = SiteRow & { unit_name: string };

function withUnit(db: Executor) {
  return db.selectFrom('project_sites as s').innerJoin('units as u', 'u.id', 's.unit_id').selectAll('s').select('u.name as unit_name');
}

/** The project's sites within a scope, by code. */
export async function listSites(db: Executor, projectId: number, scope: SiteScope): Promise<SiteWithUnit[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  let query = withUnit(db).where('s.project_id', '=', projectId);
  if (scope !== 'all') query = query.where('s.id', 'in', [...scope]);
  return query.orderBy('s.code').orderBy('s.id').execute();
}

export async function findSite(db: Executor, id: number): Promise<SiteWithUnit | undefined> {
  return withUnit(db).where('s.id', '=', id).executeTakeFirst();
}

export async function findSiteForUpdate(db: Executor, id: number): Promise<SiteRow | undefined> {
  return db.selectFrom('project_sites').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertSite(db: Executor, values: Insertable<ProjectSitesTable>): Promise<SiteRow> {
  return db.insertInto('project_sites').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateSite(db: Executor, id: number, values: Updateable<ProjectSitesTable>): Promise<SiteRow> {
  return db.updateTable('project_sites').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
