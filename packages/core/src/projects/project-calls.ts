import { z } from 'zod';
import type { EnvStatus, EnvType } from './environments.js';
import type { ProjectStatus } from './status.js';
import { APPLICATIONS } from './schemas.js';
import { dbId, INT_MAX, multilineText, queryId, safeText } from '../validation/text.js';

/**
 * The project calls of spec 000 §7.4 whose meaning the spec leaves open; docs/decisions.md ("Project calls")
 * says what each does and why.
 */

/**
 * Spec 000 §4.1: "The current project defaults to the first listed when the stored one is not in the
 * list." Returns the project the session should be in: the stored one while listed, else the first listed,
 * else none.
 */
export function currentProjectChoice(listed: readonly number[], stored: number | null): number | null {
  if (stored !== null && listed.includes(stored)) return stored;
  return listed[0] ?? null;
}

/** GET /dcap/project/store/{projectId}/{roleId}/{env}: roleId 0 enters without a role (administrators). */
export const storeSelectionParamsSchema = z.strictObject({
  projectId: queryId(),
  roleId: z.coerce.number().int().min(0).max(INT_MAX),
  env: safeText().min(1).max(20),
});


/** Why data cannot be entered in the session's environment; null when it can. */
export const DATA_BLOCK_REASONS = [
  'noEnvironment',
  'envDisabled',
  'notStarted',
  'testPaused',
  'runPaused',
  'locked',
  'databaseFrozen',
  'closed',
  'designEnvironment',
  'notOnline',
] as const;
export type DataBlockReason = (typeof DATA_BLOCK_REASONS)[number];

const STATUS_BLOCKS: Partial<Record<ProjectStatus, DataBlockReason>> = {
  PROJECT_STATUS_SET_UP: 'notStarted',
  CONFIG: 'notStarted',
  FREEZED_ON_TEST: 'testPaused',
  FREEZED_ON_RESEARCH: 'runPaused',
  LOCKED: 'locked',
  DATABASE_FREEZED: 'databaseFrozen',
  DOC_DELIVERY: 'closed',
  OFFLINE: 'closed',
};
const TESTING: readonly ProjectStatus[] = ['INTERNAL_TEST', 'TEST'];

/**
 * Whether the study database of an environment takes data entry now (GET /dcap/project/dataBaseNotAvailable):
 * the project's status first (spec 000 §4.3 read-only and paused states), then the environment: it must
 * be usable, design environments hold no study data, and production takes data only once the study is
 * online (test statuses enter data in test environments).
 */
export function dataEntryBlock(status: ProjectStatus, env: { type: EnvType; status: EnvStatus } | null): DataBlockReason | null {
  const byStatus = STATUS_BLOCKS[status];
  if (byStatus) return byStatus;
  if (!env) return 'noEnvironment';
  if (env.status !== 'normal') return 'envDisabled';
  if (env.type === 'dev' || env.type === 'sde') return 'designEnvironment';
  if ((env.type === 'prd' || env.type === 'bprd') && TESTING.includes(status)) return 'notOnline';
  return null;
}

export const dataAvailabilitySchema = z.object({
  projectId: z.number(),
  status: z.string(),
  env: z.string().nullable(),
  /** True when no data can be entered now; `reason` says why. */
  notAvailable: z.boolean(),
  reason: z.enum(DATA_BLOCK_REASONS).nullable(),
});
export type DataAvailability = z.infer<typeof dataAvailabilitySchema>;

/** GET /dcap/project/getLoginInfo/{id}: what the project's sign-in page (/portal/{project}) shows before sign-in. */
export const projectLoginInfoSchema = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  eName: z.string().nullable(),
  sponsorNames: z.string().nullable(),
  application: z.array(z.enum(APPLICATIONS)),
});
export type ProjectLoginInfo = z.infer<typeof projectLoginInfoSchema>;

/** Calls that name only a record of the project take the project from `?projectId=` or the session. */
export const idParamsSchema = z.strictObject({ id: queryId() });
export const optionalProjectQuerySchema = z.strictObject({ projectId: queryId().optional() });

export const PROJECT_FILE_PURPOSES = ['uiConfig', 'description'] as const;
export const projectFileSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  purpose: z.enum(PROJECT_FILE_PURPOSES),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
  deletedAt: z.string().nullable(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const oncePublishedSchema = z.object({
  projectId: z.number(),
  oncePublished: z.boolean(),
  /** When the first design version was published, and the newest version number. */
  firstPublishedAt: z.string().nullable(),
  latestVersion: z.number().nullable(),
});

/** POST /dcap/project/externalTest: the sponsor's acceptance test result, recorded with notes. */
export const EXTERNAL_TEST_RESULTS = ['passed', 'failed'] as const;
export const externalTestSchema = z.strictObject({
  projectId: dbId(),
  result: z.enum(EXTERNAL_TEST_RESULTS),
  notes: multilineText().trim().max(2000).nullish(),
});
export const externalTestRecordSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  result: z.enum(EXTERNAL_TEST_RESULTS),
  notes: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type ExternalTestRecord = z.infer<typeof externalTestRecordSchema>;

/** POST /dcap/project/applyPreScreenSuspend: an application, with its reason, to suspend pre-screening. */
export const applyPreScreenSuspendSchema = z.strictObject({
  projectId: dbId(),
  reason: multilineText().trim().min(1).max(1000),
});
