import { AppError } from '@dcap/core';

/** Unique indexes of the library tables and the 409 each violation means (a race past the service's check). */
const UNIQUE_VIOLATIONS: Record<string, (context: Record<string, string>) => AppError> = {
  std_fields_name_key: (context) => new AppError('library.field_name_taken', { name: context.name ?? '' }),
  std_templates_abbr_key: (context) => new AppError('library.template_abbr_taken', { abbr: context.abbr ?? '' }),
  dicts_platform_key: (context) => new AppError('library.dict_key_taken', { key: context.key ?? '' }),
  dicts_project_key: (context) => new AppError('library.dict_key_taken', { key: context.key ?? '' }),
  derived_fields_name_key: (context) => new AppError('library.derived_name_taken', { name: context.name ?? '' }),
};

export function translateLibraryError(error: unknown, context: Record<string, string>): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505' || typeof constraint !== 'string') return error;
  return UNIQUE_VIOLATIONS[constraint]?.(context) ?? error;
}

/** Runs a library write, turning a unique violation into its domain error. */
export async function libraryWrite<T>(work: () => Promise<T>, context: Record<string, string> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateLibraryError(error, context);
  }
}
