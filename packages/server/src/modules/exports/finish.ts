import type { ExportFileFormat } from '@dcap/core';
import { studyToday } from '@dcap/core';
import type { ExportTaskRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import { CONTENT_TYPES, fileExtension } from './file-writer.js';
import * as repo from './repo.js';

const DAY = 86_400_000;

/** The last step of an export: the file's name, type and size, and when it expires (docs/decisions.md, "Exports"). */
export async function finishTask(
  trx: Executor,
  task: ExportTaskRow,
  file: { format: ExportFileFormat; size: number; done: number; now: Date; retentionDays: number },
): Promise<void> {
  const extension = fileExtension(file.format, task.module === 'subjectData' && task.dictionary);
  const code = await repo.projectCode(trx, task.project_id);
  const fileName = `${code ?? 'export'}-${task.env}-${task.module}${task.module === 'subjectData' ? `-${task.format === 'odm' ? 'odm' : task.layout}` : ''}-${studyToday(task.created_at).replaceAll('-', '')}-${String(task.id)}.${extension}`;
  await repo.updateTask(trx, task.id, {
    status: 'finished',
    progress_done: file.done,
    size_bytes: file.size,
    file_name: fileName,
    content_type: CONTENT_TYPES[extension],
    finished_at: file.now,
    expires_at: new Date(file.now.getTime() + file.retentionDays * DAY),
  });
}
