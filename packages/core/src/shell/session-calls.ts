import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locale.js';
import { ENV_STATUSES, ENV_TYPES } from '../projects/environments.js';
import { dbId, safeText } from '../validation/text.js';

/** GET /dcap/locale (spec 000 §7.1, §9): the language of this request, the default and the supported ones. */
export const localeResponseSchema = z.object({
  locale: z.enum(LOCALES),
  defaultLocale: z.enum(LOCALES),
  supported: z.array(z.enum(LOCALES)),
});
export const localeResponse = (locale: (typeof LOCALES)[number]) => ({ locale, defaultLocale: DEFAULT_LOCALE, supported: [...LOCALES] });

/** POST /dcap/autoSwitch: take over the project, role and environment of another of one's own sessions. */
export const autoSwitchSchema = z.strictObject({ username: safeText().min(1).max(64), sessionId: dbId() });
export const sessionSelectionSchema = z.object({ projectId: z.number().nullable(), roleId: z.number().nullable(), env: z.string().nullable() });

/** POST /dcap/platform/file/path: a stored file the caller may read, as a download path. */
export const filePathRequestSchema = z.strictObject({ fileId: dbId() });
export const filePathResponseSchema = z.object({ fileId: z.number(), path: z.string() });

/** POST /dcap/projectEnv/userEnvList: an environment with whether the caller may switch to it now. */
export const userEnvironmentSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  key: z.string(),
  envKey: z.string(),
  name: z.string(),
  eName: z.string().nullable(),
  type: z.enum(ENV_TYPES),
  status: z.enum(ENV_STATUSES),
  /** Status normal: the selector offers it (spec 000 §2.6). */
  selectable: z.boolean(),
  /** The session works in this environment now. */
  current: z.boolean(),
});
export type UserEnvironment = z.infer<typeof userEnvironmentSchema>;
