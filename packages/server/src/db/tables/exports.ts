import type { Generated, Selectable } from 'kysely';
import type { Json, NullableTimestamp } from './columns.js';

/** Export tasks and their file chunks (migration 0018, docs/decisions.md "Exports"). */
export interface ExportTasksTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  env: string;
  job_id: number | null;
  module: 'subjectData' | 'queryReport' | 'auditReport' | 'crfReport';
  format: 'csv' | 'xlsx' | 'odm' | 'pdf';
  layout: 'wide' | 'long';
  dictionary: boolean;
  status: Generated<'queued' | 'running' | 'finished' | 'failed' | 'cancelled' | 'expired' | 'deleted'>;
  filters: Json;
  sealed_head: Json | null;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  size_bytes: number | null;
  file_name: string | null;
  content_type: string | null;
  created_by: number;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}

export interface ExportFileChunksTable {
  task_id: number;
  seq: number;
  data: Buffer;
}

export type ExportTaskRow = Selectable<ExportTasksTable>;
