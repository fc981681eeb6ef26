import type { Insertable, Updateable } from 'kysely';
import type { FieldValueRow, PanelInstanceRow, RecordImportRow, RecordImportRowRow, RecordImportRowsTable, RecordImportsTable, SubjectRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A task with the names the list shows: the uploader's and the applier's. */
export type ImportTaskRow = Omit<RecordImportRow, 'file_bytes'> & { created_by_name: string | null; applied_by_name: string | null };

const TASK_COLUMNS = [
  'i.id',
  'i.project_id',
  'i.env_id',
  'i.design_version_id',
  'i.instrument_id',
  'i.type',
  'i.file_name',
  'i.file_format',
  'i.file_sha256',
  'i.columns',
  'i.status',
  'i.rows_total',
  'i.rows_ok',
  'i.rows_error',
  'i.changes',
  'i.changes_of_saved',
  'i.rows_checked',
  'i.rows_written',
  'i.values_changed',
  'i.failure',
  'i.reason',
  'i.job_id',
  'i.created_by',
  'i.created_at',
  'i.applied_by',
  'i.applied_at',
] as const;

function tasks(db: Executor) {
  return db
    .selectFrom('record_imports as i')
    .leftJoin('users as c', 'c.id', 'i.created_by')
    .leftJoin('users as a', 'a.id', 'i.applied_by')
    .select(TASK_COLUMNS)
    .select(['c.username as created_by_name', 'a.username as applied_by_name']);
}

export async function insertTask(db: Executor, values: Insertable<RecordImportsTable>): Promise<number> {
  return (await db.insertInto('record_imports').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertRows(db: Executor, rows: Insertable<RecordImportRowsTable>[]): Promise<void> {
  // In slices, so a sheet of thousands of rows stays under the bind-parameter limit.
  for (let start = 0; start < rows.length; start += 500) await db.insertInto('record_import_rows').values(rows.slice(start, start + 500)).execute();
}

export async function updateTask(db: Executor, id: number, values: Updateable<RecordImportsTable>): Promise<void> {
  await db.updateTable('record_imports').set(values).where('id', '=', id).execute();
}

export async function updateRow(db: Executor, importId: number, rowNo: number, values: Updateable<RecordImportRowsTable>): Promise<void> {
  await db.updateTable('record_import_rows').set(values).where('import_id', '=', importId).where('row_no', '=', rowNo).execute();
}

/** A task of the environment; `createdBy` limits it to one uploader's (a caller limited to some sites). */
export async function findTask(db: Executor, projectId: number, envId: number, id: number, createdBy: number | null): Promise<ImportTaskRow | undefined> {
  let query = tasks(db).where('i.id', '=', id).where('i.project_id', '=', projectId).where('i.env_id', '=', envId);
  if (createdBy !== null) query = query.where('i.created_by', '=', createdBy);
  return query.executeTakeFirst();
}

/** Locks a task row for a change of its status. */
export async function lockTask(db: Executor, id: number): Promise<RecordImportRow | undefined> {
  return db.selectFrom('record_imports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listTasks(db: Executor, projectId: number, envId: number, createdBy: number | null, offset: number, limit: number): Promise<{ total: number; rows: ImportTaskRow[] }> {
  let base = db.selectFrom('record_imports as i').where('i.project_id', '=', projectId).where('i.env_id', '=', envId);
  if (createdBy !== null) base = base.where('i.created_by', '=', createdBy);
  const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  let query = tasks(db).where('i.project_id', '=', projectId).where('i.env_id', '=', envId);
  if (createdBy !== null) query = query.where('i.created_by', '=', createdBy);
  const rows = await query.orderBy('i.id', 'desc').offset(offset).limit(limit).execute();
  return { total: Number(count), rows };
}

export async function taskRows(db: Executor, importId: number): Promise<RecordImportRowRow[]> {
  return db.selectFrom('record_import_rows').selectAll().where('import_id', '=', importId).orderBy('row_no').execute();
}

/**
 * The subjects of one environment a sheet names, by platform number or subject code (spec 002 §3), removed
 * ones left out. The caller's site scope is applied by the service, so another site's subject is unknown.
 */
export async function subjectsNamed(db: Executor, projectId: number, envId: number, names: readonly string[]): Promise<SubjectRow[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('subjects')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('env_id', '=', envId)
    .where('status', '<>', 'DEL')
    .where((eb) => eb.or([eb('platform_no', 'in', names), eb('subject_code', 'in', names)]))
    .execute();
}

export async function eventInstancesOf(db: Executor, subjectIds: readonly number[]): Promise<{ id: number; subject_id: number; event_id: number; seq: number }[]> {
  if (subjectIds.length === 0) return [];
  return db.selectFrom('event_instances').select(['id', 'subject_id', 'event_id', 'seq']).where('subject_id', 'in', subjectIds).execute();
}

/** The first instance of a panel in a visit, locked when the write needs it. */
export async function panelInVisit(db: Executor, eventInstanceId: number, instrumentId: number, lock: boolean): Promise<PanelInstanceRow | undefined> {
  let query = db.selectFrom('panel_instances').selectAll().where('event_instance_id', '=', eventInstanceId).where('instrument_id', '=', instrumentId).orderBy('seq').limit(1);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function fieldValuesOf(db: Executor, panelInstanceId: number): Promise<FieldValueRow[]> {
  return db.selectFrom('field_values').selectAll().where('panel_instance_id', '=', panelInstanceId).orderBy('path').execute();
}

export async function fileOf(db: Executor, id: number): Promise<Buffer | undefined> {
  return (await db.selectFrom('record_imports').select('file_bytes').where('id', '=', id).executeTakeFirst())?.file_bytes;
}

export async function findTaskById(db: Executor, id: number): Promise<RecordImportRow | undefined> {
  return db.selectFrom('record_imports').selectAll().where('id', '=', id).executeTakeFirst();
}
