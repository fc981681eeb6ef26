import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletedDictSchema, dictEntrySchema, dictOptionsResponseSchema } from '@dcap/core';
import type { DictEntry, SaveProjectDictRequest } from '@dcap/core';
import { useApi } from '../app/services';

/**
 * A project's own dictionaries (spec 001 §3.8, §7): listed with the platform's through getDictOptions and
 * changed by key through save and delete. The designers' option picker reads the same list, so a change
 * refreshes its cached copy as well.
 */
export const projectDictKeys = {
  all: ['projectDicts'] as const,
  options: (projectId: number) => ['projectDicts', 'options', projectId] as const,
};

/** The designer caches the dictionary options under its own keys (api/designer.ts). */
const DEPENDENT_KEYS = [projectDictKeys.all, ['designer', 'dictOptions']] as const;

/** The dictionaries split by owner: `isSysProjectDict` marks a platform dictionary. */
export interface ProjectDictLists {
  project: DictEntry[];
  platform: DictEntry[];
}

export function splitDicts(dictList: readonly DictEntry[]): ProjectDictLists {
  return { project: dictList.filter((dict) => !dict.isSysProjectDict), platform: dictList.filter((dict) => dict.isSysProjectDict) };
}

/** POST /dcap/project/dict/getDictOptions {projectId}: the platform dictionaries and the project's own. */
export function useProjectDictOptionsQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: projectDictKeys.options(projectId),
    queryFn: async ({ signal }): Promise<ProjectDictLists> => {
      const { dictList } = await api.request('/project/dict/getDictOptions', { signal, method: 'POST', json: { projectId }, schema: dictOptionsResponseSchema });
      return splitDicts(dictList);
    },
  });
}

function useDictChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all(DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** POST /dcap/project/dict/save: creates the project dictionary with this key, or replaces it. */
export function useSaveProjectDictMutation() {
  const api = useApi();
  return useDictChange(
    (body: SaveProjectDictRequest): Promise<DictEntry> => api.request('/project/dict/save', { method: 'POST', json: body, notify: true, schema: dictEntrySchema }),
  );
}

/** POST /dcap/project/dict/delete. */
export function useDeleteProjectDictMutation() {
  const api = useApi();
  return useDictChange(
    (body: { projectId: number; key: string }): Promise<{ key: string }> =>
      api.request('/project/dict/delete', { method: 'POST', json: body, notify: true, schema: deletedDictSchema }),
  );
}
