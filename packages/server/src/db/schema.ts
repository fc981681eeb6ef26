import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are written as Date and always read back as Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  name_en: string | null;
  gender: 'male' | 'female' | 'unknown' | null;
  email: string | null;
  phone: string | null;
  corporation: string | null;
  department: string | null;
  admin: Generated<boolean>;
  system_admin: Generated<boolean>;
  project_admin: Generated<boolean>;
  status: Generated<'active' | 'locked' | 'deleted'>;
  locked_until: NullableTimestamp;
  lockout_reset_at: NullableTimestamp;
  password_hash: string;
  password_changed_at: Timestamp;
  last_login_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export type SessionEndReason = 'logout' | 'idle' | 'expired' | 'revoked';

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: SessionEndReason | null;
  ip: string | null;
  user_agent: string | null;
  /** The session's current project, role and environment (spec 000 §4.4); set by later project features. */
  current_project_id: number | null;
  current_role_id: number | null;
  current_env: string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  user_id: number | null;
  ip: string | null;
  success: boolean;
  reason: string;
  at: Timestamp;
}

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
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditRow = Selectable<AuditLogTable>;
