import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isExportActive, exportTaskPageSchema, exportTaskSchema, noDataSchema } from '@dcap/core';
import type { ExportRequestInput, ExportTask, ExportTaskPage } from '@dcap/core';
import type { DownloadedFile } from '../../api/client';
import { useApi } from '../../app/services';

export const exportKeys = {
  all: ['exportTasks'] as const,
  list: (projectId: number | null, env: string | null, page: number, pageSize: number) => ['exportTasks', projectId, env, page, pageSize] as const,
};

/** How often the task list asks again while an export is queued or running. */
export const EXPORT_POLL_MS = 2000;

export function hasActiveExport(page: ExportTaskPage | undefined): boolean {
  return page?.records.some((task) => isExportActive(task.status)) ?? false;
}

/** GET /dcap/export/task/list, polled every 2 s while a task runs. */
export function useExportTasks(projectId: number | null, env: string | null, page: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: exportKeys.list(projectId, env, page, pageSize),
    enabled: projectId !== null,
    queryFn: ({ signal }) => api.request('/export/task/list', { signal, query: { page, pageSize }, schema: exportTaskPageSchema }),
    refetchInterval: (query) => (hasActiveExport(query.state.data) ? EXPORT_POLL_MS : false),
  });
}

/** POST /dcap/export/task/create. */
export function useCreateExport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ExportRequestInput): Promise<ExportTask> => api.request('/export/task/create', { method: 'POST', json: request, notify: true, serverMessage: true, schema: exportTaskSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

/** POST /dcap/export/task/cancel or delete. */
export function useExportAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'cancel' | 'delete'; id: number }): Promise<unknown> =>
      action === 'cancel'
        ? api.request('/export/task/cancel', { method: 'POST', json: { id }, notify: true, serverMessage: true, schema: exportTaskSchema })
        : api.request('/export/task/delete', { method: 'POST', json: { id }, notify: true, serverMessage: true, schema: noDataSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

/** GET /dcap/export/task/download: the finished file. */
export function useExportDownload() {
  const api = useApi();
  return useMutation({ mutationFn: (id: number): Promise<DownloadedFile> => api.download('/export/task/download', { query: { id } }) });
}
