import type { Generated, Selectable } from 'kysely';
import type { Json, NullableTimestamp } from './columns.js';

/** Record import tasks and their rows (migration 0019, docs/decisions.md "Record import"). */

export interface RecordImportsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  design_version_id: number;
  instrument_id: number;
  type: Generated<'record'>;
  file_name: string;
  file_format: 'xlsx' | 'csv';
  file_sha256: string;
  file_bytes: Buffer;
  columns: Json;
  status: Generated<'checked' | 'queued' | 'applying' | 'applied' | 'failed'>;
  rows_total: Generated<number>;
  rows_ok: Generated<number>;
  rows_error: Generated<number>;
  changes: Generated<number>;
  changes_of_saved: Generated<number>;
  rows_checked: Generated<number>;
  rows_written: Generated<number>;
  values_changed: Generated<number>;
  failure: Json;
  reason: Json;
  job_id: number | null;
  created_by: number;
  created_at: Generated<Date>;
  applied_by: number | null;
  applied_at: NullableTimestamp;
}

export interface RecordImportRowsTable {
  import_id: number;
  row_no: number;
  subject: string;
  visit: string;
  panel_instance_id: number | null;
  field_values: Json;
  cells: Json;
  problems: Json;
  outcome: 'ok' | 'error' | 'written' | 'unchanged';
  changes: Generated<number>;
  changes_of_saved: Generated<number>;
}

export type RecordImportRow = Selectable<RecordImportsTable>;
export type RecordImportRowRow = Selectable<RecordImportRowsTable>;
