import type { ExportTask, ExportTaskStatus, Locale } from '@dcap/core';
import { errorMessage, exportFiltersSchema, sealedHeadSchema } from '@dcap/core';
import type { ErrorCode } from '@dcap/core';
import type { TaskWithUser } from './repo.js';

/**
 * A task as the caller sees it. While the task row says queued or running, the job decides: a job that
 * failed (or was given up after repeated interruptions) makes the task failed, with the job's error.
 */
export function presentTask(row: TaskWithUser, locale: Locale): ExportTask {
  const jobFailed = (row.status === 'queued' || row.status === 'running') && row.job_status === 'failed';
  const status: ExportTaskStatus = jobFailed ? 'failed' : row.status;
  const failed = status === 'failed' && row.job_status === 'failed';
  const stored = failed ? (row.job_error as { code?: string; params?: Record<string, string | number> } | null) : null;
  const code = (stored?.code ?? 'job.internal_error') as ErrorCode;
  return {
    id: row.id,
    module: row.module,
    format: row.format,
    layout: row.layout,
    env: row.env,
    dictionary: row.dictionary,
    status,
    progress: { done: row.progress_done, total: row.progress_total },
    sizeBytes: row.size_bytes,
    fileName: row.file_name,
    createdBy: row.username === null ? null : { id: row.created_by, username: row.username },
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    filters: exportFiltersSchema.parse(row.filters),
    sealedHead: row.sealed_head === null ? null : sealedHeadSchema.parse(row.sealed_head),
    error: failed ? { code, message: errorMessage(code, locale, stored?.params ?? {}) } : null,
  };
}
