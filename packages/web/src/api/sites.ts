import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteSchema } from '@dcap/core';
import type { SaveSiteRequest, Site } from '@dcap/core';
import { useApi } from '../app/services';
import { systemKeys } from './system';

export const siteKeys = {
  all: ['sites'] as const,
  list: (projectId: number) => ['sites', projectId] as const,
};

const siteListSchema = siteSchema.array();

/** POST /dcap/projectSite/list: the project's sites within the caller's site scope. */
export function useSiteListQuery(projectId: number) {
  const api = useApi();
  return useQuery({
    queryKey: siteKeys.list(projectId),
    queryFn: ({ signal }) => api.request('/projectSite/list', { signal, method: 'POST', json: { projectId }, schema: siteListSchema }),
  });
}

/** POST /dcap/projectSite/save; the initialisation lists the project's sites too, so it is refreshed. */
export function useSaveSiteMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSiteRequest): Promise<Site> =>
      api.request('/projectSite/save', { method: 'POST', json: body, notify: true, schema: siteSchema }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.all }),
        queryClient.invalidateQueries({ queryKey: systemKeys.init }),
      ]);
    },
  });
}
