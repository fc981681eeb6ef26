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
  areas_code_key: { code: 'area.code_taken', param: 'code' },
  departments_name_key: { code: 'department.name_taken', param: 'name' },
  projects_code_key: { code: 'project.code_taken', param: 'code' },
  project_envs_key_key: { code: 'env.key_taken', param: 'key' },
  project_sites_code_key: { code: 'site.code_taken', param: 'code' },
  sop_documents_code_key: { code: 'sop.code_taken', param: 'code' },
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
  // Allocations are made under the scheme's lock; should two still meet, the later one is told to retry.
  rand_allocations_subject_key: { code: 'conflict.stale' },
  rand_allocations_slot_key: { code: 'conflict.stale' },
  rand_allocations_seq_key: { code: 'conflict.stale' },
  rand_allocations_random_no_key: { code: 'conflict.stale' },
  rand_schemes_approved_idx: { code: 'conflict.stale' },
  rand_tables_active_idx: { code: 'conflict.stale' },
  rand_unblindings_subject_idx: { code: 'blinding.already_unblinded' },
  rand_unblindings_study_idx: { code: 'blinding.study_already' },
  supply_products_code_key: { code: 'supply.code_taken', param: 'code' },
  supply_kit_types_code_key: { code: 'supply.code_taken', param: 'code' },
  supply_locations_code_key: { code: 'supply.code_taken', param: 'code' },
  supply_locations_site_key: { code: 'supply.site_pharmacy_taken' },
  supply_kits_kit_no_key: { code: 'supply.kit_no_taken' },
};

/**
 * Data exceptions (class 22), integrity violations (class 23) and program limits (class 54) by SQLSTATE:
 * a value the request schemas let through but the database refused is the caller's mistake, never a 500.
 * PostgreSQL appendix A lists the codes.
 */
const SQLSTATE_ERRORS: Record<string, ErrorCode> = {
  '22001': 'data.too_long', // string_data_right_truncation
  '22003': 'data.out_of_range', // numeric_value_out_of_range
  '22008': 'data.out_of_range', // datetime_field_overflow
  '22012': 'data.out_of_range', // division_by_zero
  '22007': 'data.invalid_value', // invalid_datetime_format
  '22P02': 'data.invalid_value', // invalid_text_representation
  '22P05': 'data.invalid_text', // untranslatable_character (\u0000 in jsonb)
  '22021': 'data.invalid_text', // character_not_in_repertoire (NUL in text)
  '22026': 'data.too_long', // string_data_length_mismatch
  '23502': 'data.required', // not_null_violation
  '23503': 'data.reference', // foreign_key_violation
  '23505': 'data.duplicate', // unique_violation on a constraint without its own message
  '23514': 'data.rule_violated', // check_violation
  '23P01': 'data.rule_violated', // exclusion_violation
  '54000': 'data.too_complex', // program_limit_exceeded
  '54001': 'data.too_complex', // statement_too_complex
  '54011': 'data.too_complex', // too_many_columns
  '54023': 'data.too_complex', // too_many_arguments
};

/** The catch-all of each class, for codes the table above does not name. */
const SQLSTATE_CLASSES: Record<string, ErrorCode> = { '22': 'data.invalid_value', '23': 'data.rule_violated', '54': 'data.too_complex' };

/**
 * Translates database errors into domain errors in one place (STYLE 6): a known unique constraint becomes
 * its own message, any other data or integrity error its class's catalogue error. Other errors (lost
 * connections, serialisation failures, bugs) are returned unchanged and become a 500 with the details kept
 * in the log.
 */
export function translateDatabaseError(error: unknown, context: Record<string, string> = {}): unknown {
  if (error instanceof AppError || !isPgError(error) || !error.code) return error;
  const unique = error.code === '23505' && error.constraint ? UNIQUE_VIOLATIONS[error.constraint] : undefined;
  if (unique) return new AppError(unique.code, unique.param ? { [unique.param]: context[unique.param] ?? '' } : {});
  const code = SQLSTATE_ERRORS[error.code] ?? SQLSTATE_CLASSES[error.code.slice(0, 2)];
  return code ? new AppError(code) : error;
}

/** Runs a write and translates a constraint violation it raises. */
export async function translatingErrors<T>(work: () => Promise<T>, context: Record<string, string> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateDatabaseError(error, context);
  }
}
