import { useQuery } from '@tanstack/react-query';
import { dashboardSummarySchema } from '@dcap/core';
import type { DashboardTimeFilter } from '@dcap/core';
import { useApi } from '../../app/services';

export const dashboardKeys = {
  summary: (projectId: number, env: string, filter: DashboardTimeFilter) => ['dashboard', projectId, env, filter] as const,
};

/** POST /dcap/dashboard/summary for the session's project and environment; errors are shown on the card. */
export function useDashboardSummary(projectId: number | null, env: string | null, filter: DashboardTimeFilter) {
  const api = useApi();
  return useQuery({
    queryKey: dashboardKeys.summary(projectId ?? 0, env ?? '', filter),
    enabled: projectId !== null && env !== null,
    queryFn: ({ signal }) =>
      api.request('/dashboard/summary', { signal, method: 'POST', json: { filter }, silent: true, schema: dashboardSummarySchema }),
  });
}
