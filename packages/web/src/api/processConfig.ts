import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { processConfigSchema } from '@dcap/core';
import type { ProcessConfig, SaveProcessConfigRequest } from '@dcap/core';
import { useApi } from '../app/services';
import { systemKeys } from './system';

/** The project's audit process (docs/decisions.md, "Process configuration"). */
export const processConfigKeys = {
  all: ['processConfig'] as const,
  detail: (projectId: number) => ['processConfig', projectId] as const,
};

/** POST /dcap/project/processConfig/detail: the steps the project uses, in order. */
export function useProcessConfigQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: processConfigKeys.detail(projectId),
    queryFn: ({ signal }): Promise<ProcessConfig> =>
      api.request('/project/processConfig/detail', { signal, method: 'POST', json: { projectId }, schema: processConfigSchema }),
  });
}

/**
 * POST /dcap/project/processConfig/save. The login response carries the process (`auditProcList`), so the
 * initialisation is reloaded with the detail.
 */
export function useSaveProcessConfigMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveProcessConfigRequest): Promise<ProcessConfig> =>
      api.request('/project/processConfig/save', { method: 'POST', json: body, notify: true, schema: processConfigSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: processConfigKeys.all }),
        queryClient.invalidateQueries({ queryKey: systemKeys.init }),
      ]);
    },
  });
}
