import { AppError, describeValidationIssues, loginNameSchema, newPasswordSchema } from '@dcap/core';
import type { ServiceDeps } from '../deps.js';
import { createUser } from '../modules/users/service.js';
import { countUsers } from '../modules/users/repo.js';

export interface BootstrapResult {
  username: string;
  /** Only when generated; a password taken from ADMIN_PASSWORD is never echoed. */
  generatedPassword: string | null;
}

const DEFAULT_ADMIN_USERNAME = 'admin';

/**
 * On the first start on an empty database, creates the platform administrator from ADMIN_USERNAME and
 * ADMIN_PASSWORD, or with a generated password the caller prints once. Does nothing when users exist.
 */
export async function ensureAdministrator(deps: ServiceDeps): Promise<BootstrapResult | null> {
  if ((await countUsers(deps.db)) > 0) return null;
  const username = deps.config.admin.username ?? DEFAULT_ADMIN_USERNAME;
  const password = deps.config.admin.password;
  for (const [schema, value] of [[loginNameSchema, username], [newPasswordSchema, password]] as const) {
    if (value === undefined) continue;
    const checked = schema.safeParse(value);
    if (!checked.success) {
      const problems = describeValidationIssues(checked.error.issues, 'en-US').map((issue) => issue.message);
      throw new Error(`ADMIN_USERNAME / ADMIN_PASSWORD: ${problems.join('; ')}`);
    }
  }
  try {
    const issued = await createUser(
      deps,
      null,
      { username, name: 'Administrator', nameEn: 'Administrator', admin: true, ...(password ? { password } : {}) },
      { locale: 'en-US', ip: 'local', userAgent: null },
    );
    return { username, generatedPassword: issued.password };
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if (error instanceof AppError && error.code === 'user.username_taken') return null;
    throw error;
  }
}
