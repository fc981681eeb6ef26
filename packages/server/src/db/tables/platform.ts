import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** Platform tables: users and their sign-in, preferences, and the organisations (units) they belong to. */

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
  /** Set by an administrator's reset: the next sign-in must choose a new password first. */
  must_change_password: Generated<boolean>;
  last_login_at: NullableTimestamp;
  /** The language of the last sign-in, in which messages to the user are written (migration 0025). */
  language: Generated<'zh-CN' | 'en-US' | null>;
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

/** A user's own preferences: font size and notifications (migration 0013; core users/preferences.ts). */
export interface UserPreferencesTable {
  user_id: number;
  font_size: Generated<'small' | 'medium' | 'large'>;
  notifications: Generated<unknown>;
  updated_at: Timestamp;
}

export interface UnitsTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_en: string | null;
  province: string | null;
  city: string | null;
  address: string | null;
  /** The area the unit stands in (migration 0033; docs/decisions.md "Areas"). */
  area_id: Generated<number | null>;
  status: Generated<'active' | 'disabled'>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An area of the dictionary of spec 000 §2.2 `/sys/area` (migration 0033): a tree of at most four levels. */
export interface AreasTable {
  id: Generated<number>;
  code: string;
  parent_id: number | null;
  name: string;
  name_en: string;
  level: number;
  sort: Generated<number>;
  longitude: number | null;
  latitude: number | null;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface DepartmentsTable {
  id: Generated<number>;
  unit_id: number;
  name: string;
  name_en: string | null;
  created_at: Generated<Date>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type UnitRow = Selectable<UnitsTable>;
export type DepartmentRow = Selectable<DepartmentsTable>;
export type AreaRow = Selectable<AreasTable>;
