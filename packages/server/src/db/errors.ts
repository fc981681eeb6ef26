import type { ErrorCode } from '@dcap/core';
import { AppError } from '@dcap/core';

/** The parts of a PostgreSQL error we act on; both drivers expose them with these names. */
interface PgError {
  code?: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && 'code' in error && typeof (error as PgError).code === 'string';
}

/** Unique constraints and the domain error each violation means; the context fills the message. */
const UNIQUE_VIOLATIONS: Record<string, { code: ErrorCode; param?: string }> = {
  users_username_key: { code: 'user.username_taken', param: 'username' },
  units_code_key: { code: 'unit.code_taken', param: 'code' },
  departments_name_key: { code: 'department.name_taken', param: 'name' },
  projects_code_key: { code: 'project.code_taken', param: 'code' },
  project_envs_key_key: { code: 'env.key_taken', param: 'key' },
  project_sites_code_key: { code: 'site.code_taken', param: 'code' },
  project_sites_unit_key: { code: 'site.unit_taken' },
  project_roles_alias_key: { code: 'role.alias_taken', param: 'alias' },
  role_assignments_active_key: { code: 'role.already_assigned' },
  status_change_pending_key: { code: 'project.application_pending' },
  instruments_abbr_key: { code: 'instrument.abbr_taken', param: 'nameAbbr' },
  events_name_key: { code: 'event.name_taken', param: 'name' },
  // Two publications racing for the same version number: the later one is told to retry.
  design_versions_version_key: { code: 'conflict.stale' },
  std_fields_name_key: { code: 'library.field_name_taken', param: 'name' },
  std_templates_abbr_key: { code: 'library.template_abbr_taken', param: 'abbr' },
  dicts_platform_key: { code: 'library.dict_key_taken', param: 'key' },
  dicts_project_key: { code: 'library.dict_key_taken', param: 'key' },
  derived_fields_name_key: { code: 'library.derived_name_taken', param: 'name' },
};

/**
 * Translates database errors into domain errors in one place (STYLE 6). Unknown errors are returned
 * unchanged and become a 500 with the details kept in the log.
 */
export function translateDatabaseError(error: unknown, context: Record<string, string> = {}): unknown {
  if (!isPgError(error) || error.code !== '23505' || !error.constraint) return error;
  const mapped = UNIQUE_VIOLATIONS[error.constraint];
  if (!mapped) return error;
  return new AppError(mapped.code, mapped.param ? { [mapped.param]: context[mapped.param] ?? '' } : {});
}

/** Runs a write and translates a constraint violation it raises. */
export async function translatingErrors<T>(work: () => Promise<T>, context: Record<string, string> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateDatabaseError(error, context);
  }
}
