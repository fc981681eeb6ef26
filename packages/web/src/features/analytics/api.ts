import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertThresholdsSchema,
  analyticsChartSchema,
  analyticsFieldsSchema,
  analyticsOverviewSchema,
  analyticsProjectsSchema,
  siteTargetSchema,
} from '@dcap/core';
import type { AlertThresholdsRequest, AnalyticsChartQuery, AnalyticsIndicator, DashboardTimeFilter, DistributionSplit, SiteTargetRequest } from '@dcap/core';
import { useApi } from '../../app/services';

/** The filter bar of the analytics page (docs/decisions.md "Analytics screens"). */
export interface AnalyticsFilterState {
  time: DashboardTimeFilter;
  siteIds: number[];
  arm: string | null;
}

/** The query string of an analytics call: sites as `3,7`, an arm only when one is chosen. */
export function filterQuery(filter: AnalyticsFilterState): Record<string, string> {
  return {
    time: filter.time,
    ...(filter.siteIds.length > 0 ? { siteIds: filter.siteIds.join(',') } : {}),
    ...(filter.arm ? { arm: filter.arm } : {}),
  };
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (projectId: number, env: string, query: Record<string, string>) => ['analytics', 'overview', projectId, env, query] as const,
  chart: (projectId: number, env: string, query: Record<string, string | number>) => ['analytics', 'chart', projectId, env, query] as const,
  projects: () => ['analytics', 'projects'] as const,
  fields: (projectId: number, env: string) => ['analytics', 'fields', projectId, env] as const,
};

/** What a chart card asks for: an indicator, and for a distribution its field and split. */
export interface ChartRequest {
  indicator: AnalyticsIndicator;
  instrumentId?: number;
  path?: string;
  split?: DistributionSplit;
}

export function chartQuery(request: ChartRequest, filter: AnalyticsFilterState): Record<string, string | number> {
  const query: AnalyticsChartQuery = { indicator: request.indicator, ...filterQuery(filter) };
  if (request.instrumentId !== undefined) query.instrumentId = String(request.instrumentId);
  if (request.path !== undefined) query.path = request.path;
  if (request.split !== undefined) query.split = request.split;
  return query as Record<string, string | number>;
}

/** GET /dcap/analytics/chart: one chart of the session's project and environment; errors are shown on its card. */
export function useAnalyticsChart(projectId: number, env: string, request: ChartRequest, filter: AnalyticsFilterState, enabled = true) {
  const api = useApi();
  const query = chartQuery(request, filter);
  return useQuery({
    queryKey: analyticsKeys.chart(projectId, env, query),
    enabled,
    queryFn: ({ signal }) => api.request('/analytics/chart', { signal, query, silent: true, schema: analyticsChartSchema }),
  });
}

/**
 * GET /dcap/analytics/overview. `refreshMs` makes it poll (the big screen); a failed refresh keeps the last
 * answer in `data` (react-query keeps it), so the wall shows the previous figures with a stale badge.
 */
export function useAnalyticsOverview(projectId: number | null, env: string | null, filter: AnalyticsFilterState, refreshMs?: number) {
  const api = useApi();
  const query = filterQuery(filter);
  return useQuery({
    queryKey: analyticsKeys.overview(projectId ?? 0, env ?? '', query),
    enabled: projectId !== null && env !== null,
    refetchInterval: refreshMs ?? false,
    refetchIntervalInBackground: refreshMs !== undefined,
    staleTime: refreshMs === undefined ? 30_000 : 0,
    queryFn: ({ signal }) => api.request('/analytics/overview', { signal, query, silent: true, schema: analyticsOverviewSchema }),
  });
}

/** GET /dcap/analytics/projects: the headline figures of every study the caller administers. */
export function useAnalyticsProjects(refreshMs: number) {
  const api = useApi();
  return useQuery({
    queryKey: analyticsKeys.projects(),
    refetchInterval: refreshMs,
    refetchIntervalInBackground: true,
    staleTime: 0,
    queryFn: ({ signal }) => api.request('/analytics/projects', { signal, silent: true, schema: analyticsProjectsSchema }),
  });
}

/** POST /dcap/analytics/siteTarget: every analytics answer shows targets, so all of them are read again. */
export function useSetSiteTarget() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteTargetRequest) => api.request('/analytics/siteTarget', { method: 'POST', json: body, notify: true, schema: siteTargetSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

/** POST /dcap/analytics/alertThresholds: the overview carries the thresholds and its alerts follow them, so it is read again. */
export function useSetAlertThresholds() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertThresholdsRequest) => api.request('/analytics/alertThresholds', { method: 'POST', json: body, notify: true, schema: alertThresholdsSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

/**
 * The fields of the distribution picker (GET /dcap/analytics/fields): the numeric and choice fields of the
 * design the environment runs, as the server checks a distribution against it.
 */
export function useDistributionFields(projectId: number, env: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: analyticsKeys.fields(projectId, env),
    enabled,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api.request('/analytics/fields', { signal, silent: true, schema: analyticsFieldsSchema }),
  });
}
