import { sql } from 'kysely';
import type { ProjectUiConfigRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

export type UiConfigValues = Omit<ProjectUiConfigRow, 'project_id' | 'updated_at'>;

export function findUiConfig(db: Executor, projectId: number): Promise<ProjectUiConfigRow | undefined> {
  return db.selectFrom('project_ui_configs').selectAll().where('project_id', '=', projectId).executeTakeFirst();
}

/** The project using a login address, case-insensitively, with its names for the portal. */
export function findByLoginUrl(db: Executor, url: string) {
  return db
    .selectFrom('project_ui_configs as c')
    .innerJoin('projects as p', 'p.id', 'c.project_id')
    .selectAll('c')
    .select(['p.name as project_name', 'p.name_en as project_e_name'])
    .where(sql<string>`lower(c.login_url)`, '=', url.toLowerCase())
    .executeTakeFirst();
}

export function saveUiConfig(db: Executor, projectId: number, values: UiConfigValues, now: Date): Promise<ProjectUiConfigRow> {
  return db
    .insertInto('project_ui_configs')
    .values({ project_id: projectId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ ...values, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
