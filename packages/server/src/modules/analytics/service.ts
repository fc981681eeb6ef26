import type { AnalyticsChart, AnalyticsChartRequest } from '@dcap/core';
import { analyticsLabel, AppError, armRequestRefused } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ChartBody } from './charts.js';
import { CHART_BUILDERS } from './charts.js';
import { analyticsContext } from './context.js';
import { distribution } from './distribution.js';

/**
 * GET /dcap/analytics/chart (docs/decisions.md "Analytics"): one indicator of the session's project and
 * environment, within the chosen sites of the caller's, for the period of the time filter, computed by
 * database aggregates. A caller who may not see arms is refused an arm filter or split, and the
 * randomisation chart shows them totals only.
 */
export async function analyticsChart(deps: ServiceDeps, caller: ProjectCaller, request: AnalyticsChartRequest): Promise<AnalyticsChart> {
  const ctx = await analyticsContext(deps, caller, request);
  if (armRequestRefused(request, ctx.armsVisible)) throw new AppError('analytics.arms_hidden');
  const head = {
    indicator: request.indicator,
    time: request.time,
    timeZone: ctx.range.timeZone,
    today: ctx.range.today,
    firstDate: ctx.range.firstDate,
    env: ctx.envKey,
    armsVisible: ctx.armsVisible,
  };
  // A role covering none of the chosen sites sees an empty chart, and no empty site list reaches SQL.
  if (ctx.scope === null) return { ...head, unit: 'count', categoryTitle: analyticsLabel('site'), categories: [], series: [], missing: null };
  const body: ChartBody =
    request.indicator === 'distribution' ? await distribution(deps.db, ctx.scope, ctx, request) : await CHART_BUILDERS[request.indicator](deps.db, ctx.scope, ctx);
  return { ...head, ...body };
}
