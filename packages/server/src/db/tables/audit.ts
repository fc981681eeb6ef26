import type { JobStatus } from '@dcap/core';
import type { Generated, Selectable } from 'kysely';
import type { Json, NullableTimestamp } from './columns.js';

/** The audit trail with its seals, and background jobs. */

export interface AuditLogTable {
  /** Assigned by the chain trigger under a lock, so id order is the chain order. */
  id: Generated<number>;
  at: Generated<Date>;
  actor_id: number | null;
  actor_username: string | null;
  actor_role: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  project_id: number | null;
  env: string | null;
  site_id: number | null;
  old_value: Json;
  new_value: Json;
  reason: string | null;
  ip: string | null;
  prev_hash: Generated<string>;
  hash: Generated<string>;
  /** The row's chain: its project, or 0 for the platform; set by the chain trigger (docs/security.md). */
  chain: Generated<number>;
}

/** A chain head sealed with a key kept outside the database; append-only (docs/security.md). */
export interface AuditSealsTable {
  id: Generated<number>;
  chain: number;
  last_id: number;
  last_hash: string;
  row_count: number;
  sealed_at: Generated<Date>;
  key_id: string;
  mac: string;
}

/** A background job (migration 0009); `attempts` counts claims and fences the worker holding it. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  project_id: number | null;
  env: string | null;
  status: Generated<JobStatus>;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  params: Json;
  result: Json;
  error: Json;
  created_by: number | null;
  created_at: Generated<Date>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  heartbeat_at: NullableTimestamp;
  attempts: Generated<number>;
}

export type AuditRow = Selectable<AuditLogTable>;
export type JobRow = Selectable<JobsTable>;
