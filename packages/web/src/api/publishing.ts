import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { designDiffSchema, designVersionSchema, publishResultSchema } from '@dcap/core';
import type { PublishDesignRequest, PublishResult, PublishTarget } from '@dcap/core';
import { useApi } from '../app/services';

export const designKeys = {
  all: ['design'] as const,
  diff: (projectId: number, target: PublishTarget) => ['design', 'diff', projectId, target] as const,
  versions: (projectId: number) => ['design', 'versions', projectId] as const,
};

const versionListSchema = designVersionSchema.array();

/** GET /dcap/project/design/diff/:projectId?target=: what publishing to the target would change. */
export function useDesignDiffQuery(projectId: number, target: PublishTarget | null) {
  const api = useApi();
  return useQuery({
    queryKey: designKeys.diff(projectId, target ?? 'uat'),
    enabled: target !== null,
    // Always the current draft: a diff read before an edit elsewhere must not be shown again.
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) =>
      api.request(`/project/design/diff/${String(projectId)}`, { signal, query: { target: target ?? 'uat' }, schema: designDiffSchema }),
  });
}

/** GET /dcap/project/design/versions/:projectId: every published design version, newest first as sent. */
export function useDesignVersionsQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: designKeys.versions(projectId),
    queryFn: ({ signal }) => api.request(`/project/design/versions/${String(projectId)}`, { signal, schema: versionListSchema }),
  });
}

/** POST /dcap/project/design/publish; instruments show "changed since publish", so they are refreshed too. */
export function usePublishDesignMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishDesignRequest): Promise<PublishResult> =>
      api.request('/project/design/publish', { method: 'POST', json: body, notify: true, schema: publishResultSchema }),
    onSuccess: async () => {
      await Promise.all([designKeys.all, ['instruments'], ['events']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
