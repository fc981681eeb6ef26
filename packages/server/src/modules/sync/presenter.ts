import type { ErrorCode, Locale, SyncPartResult, SyncTask } from '@dcap/core';
import { ERRORS, errorMessage, SYNC_DIRECTIONS } from '@dcap/core';
import { z } from 'zod';
import type { ListedJob } from '../jobs/queue.js';

/** The parameters a sync job is queued with. */
export const syncParamsSchema = z.object({
  direction: z.enum(Object.keys(SYNC_DIRECTIONS) as [keyof typeof SYNC_DIRECTIONS]),
  types: z.array(z.enum(['design', 'data'])),
  /** Who asked, with their standing then, for the audit rows the job writes on their behalf. */
  requestedBy: z.object({ id: z.number(), username: z.string(), role: z.string().nullable() }),
});
export type SyncParams = z.infer<typeof syncParamsSchema>;

const storedError = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) });

function isErrorCode(code: string): code is ErrorCode {
  return code in ERRORS;
}

/** A sync job as the task list shows it; its error is rendered in the reader's language. */
export function presentSyncTask(row: ListedJob, locale: Locale): SyncTask {
  const params = syncParamsSchema.parse(row.params);
  const direction = SYNC_DIRECTIONS[params.direction];
  const error = row.error === null ? null : storedError.parse(row.error);
  const code = error && isErrorCode(error.code) ? error.code : 'job.internal_error';
  return {
    id: row.id,
    projectId: row.project_id ?? 0,
    direction: params.direction,
    types: params.types,
    source: direction.source,
    target: direction.target,
    status: row.status,
    progress: { done: row.progress_done, total: row.progress_total },
    result: (row.result ?? {}) as Record<string, SyncPartResult>,
    error: error ? { code, params: error.params, message: errorMessage(code, locale, error.params) } : null,
    createdBy: row.created_by_username,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    attempts: row.attempts,
  };
}
