import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { environmentSchema, sortEnvironments } from '@dcap/core';
import type { EnvStatus, EnvType, Environment } from '@dcap/core';
import { useApi } from '../app/services';
import { systemKeys } from './system';

export const envKeys = {
  all: ['environments'] as const,
  list: (projectId: number) => ['environments', projectId] as const,
};

const envListSchema = environmentSchema.array();

/** POST /dcap/projectEnv/getEnvList, in the spec's fixed type order. */
export function useEnvironmentListQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: envKeys.list(projectId),
    queryFn: async ({ signal }) =>
      sortEnvironments(await api.request('/projectEnv/getEnvList', { signal, method: 'POST', json: { projectId }, schema: envListSchema })),
  });
}

/** The shell's environment button lists the initialisation's environments, so both are refreshed. */
function useEnvChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: envKeys.all }),
        queryClient.invalidateQueries({ queryKey: systemKeys.init }),
      ]);
    },
  });
}

export interface CreateEnvInput {
  projectId: number;
  key: string;
  type: EnvType;
  name: string;
  eName: string | null;
}

export function useCreateEnvMutation() {
  const api = useApi();
  return useEnvChange((body: CreateEnvInput): Promise<Environment> =>
    api.request('/projectEnv/createEnv', { method: 'POST', json: body, notify: true, schema: environmentSchema }),
  );
}

export function useUpdateEnvMutation() {
  const api = useApi();
  return useEnvChange((body: { projectId: number; id: number; name: string; eName: string | null }): Promise<Environment> =>
    api.request('/projectEnv/updateEnv', { method: 'POST', json: body, notify: true, schema: environmentSchema }),
  );
}

export function useEnvStatusMutation() {
  const api = useApi();
  return useEnvChange((body: { projectId: number; id: number; status: EnvStatus }): Promise<Environment> =>
    api.request('/projectEnv/updateEnvStatus', { method: 'POST', json: body, notify: true, schema: environmentSchema }),
  );
}

export function useCleanEnvMutation() {
  const api = useApi();
  return useEnvChange((body: { projectId: number; id: number }) =>
    api.request<{ env: string; removed: Record<string, number> }>('/projectEnv/cleanEnv', { method: 'POST', json: body, notify: true }),
  );
}
