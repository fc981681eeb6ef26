import type { User } from '@dcap/core';
import type { UserRow } from '../../db/schema.js';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** The only way a user row leaves the server: never the password hash or internal columns. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    nameEn: row.name_en,
    gender: row.gender,
    email: row.email,
    phone: row.phone,
    corporation: row.corporation,
    department: row.department,
    admin: row.admin,
    systemAdmin: row.system_admin,
    projectAdmin: row.project_admin,
    status: row.status,
    lockedUntil: iso(row.locked_until),
    lastLoginAt: iso(row.last_login_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The audited view of a user: what an administrator can change, without secrets or timestamps. */
export function auditedUserFields(row: UserRow): Record<string, unknown> {
  return {
    username: row.username,
    name: row.name,
    nameEn: row.name_en,
    gender: row.gender,
    email: row.email,
    phone: row.phone,
    corporation: row.corporation,
    department: row.department,
    admin: row.admin,
    systemAdmin: row.system_admin,
    projectAdmin: row.project_admin,
    status: row.status,
  };
}
