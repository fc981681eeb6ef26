import type { DesignVersionRow, EnvRow, EventRow, InstrumentRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The project's draft instruments and events, in design order, and its event × instrument matrix. */
export async function draftRows(db: Executor, projectId: number): Promise<{ instruments: InstrumentRow[]; events: EventRow[]; matrix: { event_id: number; instrument_id: number }[] }> {
  const instruments = await db.selectFrom('instruments').selectAll().where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
  const events = await db.selectFrom('events').selectAll().where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute();
  const matrix = await db
    .selectFrom('event_instruments')
    .select(['event_id', 'instrument_id'])
    .where('project_id', '=', projectId)
    .orderBy('event_id')
    .orderBy('instrument_id')
    .execute();
  return { instruments, events, matrix };
}

export async function latestVersion(db: Executor, projectId: number): Promise<DesignVersionRow | undefined> {
  return db.selectFrom('design_versions').selectAll().where('project_id', '=', projectId).orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function findVersion(db: Executor, projectId: number, version: number): Promise<DesignVersionRow | undefined> {
  return db.selectFrom('design_versions').selectAll().where('project_id', '=', projectId).where('version', '=', version).executeTakeFirst();
}

/** Every version of the project, newest first. */
export async function listVersions(db: Executor, projectId: number): Promise<DesignVersionRow[]> {
  return db.selectFrom('design_versions').selectAll().where('project_id', '=', projectId).orderBy('version', 'desc').execute();
}

/** The version the project's environment with this key runs, if any. */
export async function versionOfEnv(db: Executor, projectId: number, envKey: string): Promise<DesignVersionRow | undefined> {
  return db
    .selectFrom('env_designs as d')
    .innerJoin('project_envs as e', 'e.id', 'd.env_id')
    .innerJoin('design_versions as v', 'v.id', 'd.design_version_id')
    .selectAll('v')
    .where('e.project_id', '=', projectId)
    .where('e.key', '=', envKey)
    .executeTakeFirst();
}

/** The version the environment with this id runs, if any. */
export async function versionOfEnvId(db: Executor, envId: number): Promise<DesignVersionRow | undefined> {
  return db
    .selectFrom('env_designs as d')
    .innerJoin('design_versions as v', 'v.id', 'd.design_version_id')
    .selectAll('v')
    .where('d.env_id', '=', envId)
    .executeTakeFirst();
}

export async function findVersionById(db: Executor, id: number): Promise<DesignVersionRow | undefined> {
  return db.selectFrom('design_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which environment runs which version, in environment order. */
export async function runningVersions(db: Executor, projectId: number): Promise<{ design_version_id: number; key: string }[]> {
  return db
    .selectFrom('env_designs as d')
    .innerJoin('project_envs as e', 'e.id', 'd.env_id')
    .select(['d.design_version_id', 'e.key'])
    .where('d.project_id', '=', projectId)
    .orderBy('e.id')
    .execute();
}

export async function findEnvByKey(db: Executor, projectId: number, key: string): Promise<Pick<EnvRow, 'id' | 'key'> | undefined> {
  return db.selectFrom('project_envs').select(['id', 'key']).where('project_id', '=', projectId).where('key', '=', key).executeTakeFirst();
}

export async function insertVersion(
  db: Executor,
  values: { project_id: number; version: number; snapshot: string; note: string | null; published_at: Date; published_by: string | null },
): Promise<DesignVersionRow> {
  return db.insertInto('design_versions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Points the environment at a version (the one row per environment is replaced). */
export async function setEnvVersion(db: Executor, values: { env_id: number; project_id: number; design_version_id: number; published_at: Date; published_by: string | null }): Promise<void> {
  await db
    .insertInto('env_designs')
    .values(values)
    .onConflict((oc) => oc.column('env_id').doUpdateSet({ design_version_id: values.design_version_id, published_at: values.published_at, published_by: values.published_by }))
    .execute();
}

/** Takes away the version an environment runs; the number of the version it ran, or null when none. */
export async function clearEnvVersion(db: Executor, envId: number): Promise<number | null> {
  const running = await db.deleteFrom('env_designs').where('env_id', '=', envId).returning('design_version_id').executeTakeFirst();
  if (!running) return null;
  const version = await db.selectFrom('design_versions').select('version').where('id', '=', running.design_version_id).executeTakeFirst();
  return version?.version ?? null;
}
