import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isJobFinished, resetResultSchema, syncTaskPageSchema, syncTaskSchema } from '@dcap/core';
import type { ResetResult, SyncDirection, SyncTask, SyncTaskPage, SyncType } from '@dcap/core';
import { useApi } from '../app/services';
import { designKeys } from './publishing';
import { envKeys } from './environments';

export const syncKeys = {
  all: ['syncTasks'] as const,
  list: (projectId: number, page: number, pageSize: number) => ['syncTasks', projectId, page, pageSize] as const,
};

/** How often the task list asks again while a task is queued or running (spec 000 §2.2 sync task list). */
export const SYNC_POLL_MS = 2000;

/** Whether a page of tasks still holds one that may change. */
export function hasActiveTask(page: SyncTaskPage | undefined): boolean {
  return page?.records.some((task) => !isJobFinished(task.status)) ?? false;
}

/** POST /dcap/project/syncTask/list, polled while a task is still queued or running. */
export function useSyncTaskListQuery(projectId: number, page: number, pageSize: number) {
  const api = useApi();
  return useQuery({
    queryKey: syncKeys.list(projectId, page, pageSize),
    queryFn: ({ signal }) => api.request('/project/syncTask/list', { signal, method: 'POST', json: { projectId, page, pageSize }, schema: syncTaskPageSchema }),
    refetchInterval: (query) => (hasActiveTask(query.state.data) ? SYNC_POLL_MS : false),
  });
}

export interface StartSyncInput {
  projectId: number;
  direction: SyncDirection;
  types: SyncType[];
}

/** POST /dcap/project/syncData or syncDataToTest: queues the sync and answers with its task. */
export function useStartSyncMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartSyncInput): Promise<SyncTask> =>
      api.request(`/project/${input.direction}`, {
        method: 'POST',
        query: { projectId: input.projectId, typesStr: input.types.join(',') },
        notify: true,
        schema: syncTaskSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncKeys.all }),
  });
}

/** POST /dcap/project/syncTask/cancel: a queued task will not run, a running one stops at its next step. */
export function useCancelSyncTaskMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: number; id: number }): Promise<SyncTask> =>
      api.request('/project/syncTask/cancel', { method: 'POST', json: input, notify: true, schema: syncTaskSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncKeys.all }),
  });
}

export interface ResetInput {
  projectId: number;
  scope: 'test' | 'production';
  types: SyncType[];
  /** The project code as the user typed it; production only. */
  confirmCode?: string;
}

/** POST /dcap/project/resetTest or resetPro with the parts named in typesStr. */
export function useResetMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetInput): Promise<ResetResult> =>
      api.request(input.scope === 'test' ? '/project/resetTest' : '/project/resetPro', {
        method: 'POST',
        query: {
          projectId: input.projectId,
          typesStr: input.types.join(','),
          ...(input.scope === 'production' ? { confirmCode: input.confirmCode ?? '' } : {}),
        },
        notify: true,
        schema: resetResultSchema,
      }),
    onSuccess: async () => {
      await Promise.all([designKeys.all, envKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
