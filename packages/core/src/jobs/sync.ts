import { z } from 'zod';
import type { ProjectStatus } from '../projects/status.js';
import { TEST_STATUSES } from '../projects/status.js';
import { dbId, queryId, safeText } from '../validation/text.js';
import { JOB_STATUSES, jobErrorSchema, jobProgressSchema } from './jobs.js';

/**
 * Environment synchronisation (spec 000 §7.4 syncData and syncDataToTest, §2.2 sync screens) and the
 * parts the reset calls act on (resetTest and resetPro). `typesStr` names the parts, comma separated:
 * `design` (the design version an environment runs) and `data` (the study data entered in it).
 */
export const SYNC_TYPES = ['design', 'data'] as const;
export type SyncType = (typeof SYNC_TYPES)[number];

/**
 * The two directions, named after the spec's calls (docs/decisions.md):
 * - `syncData`: development → test. The development draft becomes a published design version that test runs.
 * - `syncDataToTest`: production → test. Test runs the version production runs, to reproduce a problem.
 */
export const SYNC_DIRECTIONS = {
  syncData: { source: 'dev', target: 'uat' },
  syncDataToTest: { source: 'prd', target: 'uat' },
} as const satisfies Record<string, { source: string; target: string }>;
export type SyncDirection = keyof typeof SYNC_DIRECTIONS;
export const SYNC_DIRECTION_NAMES = Object.keys(SYNC_DIRECTIONS) as SyncDirection[];

/** The job kind of a synchronisation. */
export const SYNC_JOB_KIND = 'project.sync';

/** `"design, data"` → `['design', 'data']`, in the canonical order, without repeats; null when a part is unknown or none is named. */
export function parseSyncTypes(text: string): SyncType[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0 || parts.some((part) => !(SYNC_TYPES as readonly string[]).includes(part))) return null;
  return SYNC_TYPES.filter((type) => parts.includes(type));
}

/** The `typesStr` query value, parsed; a value naming no known part is a 400 listing the accepted ones. */
export function syncTypesField() {
  return safeText()
    .max(100)
    .transform((text, ctx) => {
      const types = parseSyncTypes(text);
      if (!types) {
        ctx.addIssue({ code: 'custom', params: { message: 'one_of', values: SYNC_TYPES.join(', ') } });
        return z.NEVER;
      }
      return types;
    });
}

/** POST /dcap/project/syncData and syncDataToTest: the session's project unless `projectId` names one. */
export const syncQuerySchema = z.strictObject({ projectId: queryId().optional(), typesStr: syncTypesField() });

/** resetTest: `typesStr` left out resets the study data only, as the call did before it took parts. */
export const resetTestQuerySchema = z.strictObject({ projectId: queryId(), typesStr: syncTypesField().optional() });

/**
 * resetPro: the parts are required, and `confirmCode` is the project code as the user typed it, checked by
 * the server (docs/decisions.md).
 */
export const resetProQuerySchema = z.strictObject({ projectId: queryId(), typesStr: syncTypesField(), confirmCode: safeText().min(1).max(64) });

/**
 * Production is reset only before the project goes online (docs/decisions.md): until then it holds at most
 * a dry run; afterwards it holds real subjects, whose data is never deleted (COMPLIANCE RT-2).
 */
export function canResetProduction(status: ProjectStatus): boolean {
  return TEST_STATUSES.includes(status);
}

/** What a reset removed: study data rows per environment and table, and the design each environment ran. */
export const resetResultSchema = z.object({
  types: z.array(z.enum(SYNC_TYPES)),
  removed: z.record(z.string(), z.record(z.string(), z.number())),
  /** Per environment whose design was reset, the version it ran before (null when it ran none). */
  designs: z.record(z.string(), z.number().nullable()),
});
export type ResetResult = z.infer<typeof resetResultSchema>;

/** What one part of a synchronisation did. */
export const syncPartResultSchema = z.object({
  /** Design: the version the target runs now and ran before. */
  version: z.number().optional(),
  previousVersion: z.number().nullable().optional(),
  /** Design: how many instruments, events and matrix cells differ from what the target ran. */
  changes: z.number().optional(),
});
export type SyncPartResult = z.infer<typeof syncPartResultSchema>;

/** One synchronisation task of the sync task list (spec 000 §2.2 syncProjectDataTask). */
export const syncTaskSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  direction: z.enum(SYNC_DIRECTION_NAMES as [SyncDirection, ...SyncDirection[]]),
  types: z.array(z.enum(SYNC_TYPES)),
  source: z.string(),
  target: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: jobProgressSchema,
  /** Per part done so far. */
  result: z.record(z.string(), syncPartResultSchema),
  error: jobErrorSchema.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  attempts: z.number(),
});
export type SyncTask = z.infer<typeof syncTaskSchema>;

export const SYNC_TASK_PAGE_MAX = 100;
export const syncTaskListSchema = z.strictObject({
  projectId: dbId(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(SYNC_TASK_PAGE_MAX).optional(),
});
export const syncTaskPageSchema = z.object({ total: z.number(), records: z.array(syncTaskSchema) });
export type SyncTaskPage = z.infer<typeof syncTaskPageSchema>;
export const syncTaskDetailSchema = z.strictObject({ projectId: dbId(), id: dbId() });
