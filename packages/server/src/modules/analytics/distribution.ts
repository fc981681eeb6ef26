import type { AnalyticsChartRequest, AnalyticsLabel, DistributionField, OptionItem, Panel, Widget } from '@dcap/core';
import { analyticsLabel, AppError, binEdges, binLabel, CHOICE_WIDGET_TYPES, distributionFields, NUMERIC_WIDGET_TYPES, panelFieldsByModel } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { dataScope } from '../subjects/scope.js';
import type { Executor } from '../audit/repo.js';
import type { ChartBody } from './charts.js';
import { series, siteLabel } from './charts.js';
import type { AnalyticsContext } from './context.js';
import type { FieldSelection } from './distribution-repo.js';
import * as repo from './distribution-repo.js';
import type { Scope } from './repo.js';
import { events } from './repo.js';

/** The field a distribution is about, as the environment's design defines it; refused unless numeric or a choice. */
async function fieldOf(db: Executor, scope: Scope, instrumentId: number, path: string): Promise<Widget> {
  const panel = (await repo.envInstrumentPanel(db, scope.envId, instrumentId)) as Panel | null;
  const widget = panel && Array.isArray(panel.list) ? panelFieldsByModel(panel).get(path) : undefined;
  if (!widget) throw new AppError('analytics.field_not_found');
  if (!NUMERIC_WIDGET_TYPES.includes(widget.type) && !CHOICE_WIDGET_TYPES.includes(widget.type)) throw new AppError('analytics.field_kind');
  return widget;
}

/** The categories of a split: the counted sites, the visits (events) met, or the arms met. */
async function splitCategories(db: Executor, ctx: AnalyticsContext, split: FieldSelection['split'], keys: string[]): Promise<AnalyticsLabel[]> {
  if (split === 'site') return ctx.sites.map(siteLabel);
  if (split === 'visit') {
    const rows = await events(db, keys.map(Number));
    return rows.map((event) => ({ key: String(event.id), name: event.name, nameEn: event.name_en }));
  }
  return [...keys].sort().map((arm) => ({ key: arm, name: arm, nameEn: arm }));
}

/**
 * A field's distribution (docs/decisions.md "Analytics"): a category per site, visit or arm, a stacked
 * series per value bin (numeric fields) or option (choice fields), and per category the saved panels where
 * the field is missing. The arm split was refused earlier for a caller who may not see arms.
 */
export async function distribution(db: Executor, scope: Scope, ctx: AnalyticsContext, request: AnalyticsChartRequest): Promise<ChartBody> {
  if (request.instrumentId === undefined || request.path === undefined) throw new AppError('analytics.field_required');
  const widget = await fieldOf(db, scope, request.instrumentId, request.path);
  const field: FieldSelection = { instrumentId: request.instrumentId, path: request.path, split: request.split ?? 'site', from: ctx.range.since };
  const categoryTitle = analyticsLabel(field.split);
  if (NUMERIC_WIDGET_TYPES.includes(widget.type)) {
    const counts = await repo.numericDistribution(db, scope, field);
    const categories = await splitCategories(db, ctx, field.split, [...new Set([...counts.bins, ...counts.missing].map((row) => row.key))]);
    const edges = counts.min === null || counts.max === null ? [] : binEdges(counts.min, counts.max);
    const max = counts.max ?? 0;
    const bins = edges.map((_, index) => {
      const text = binLabel(edges, index, max);
      return series({ key: String(index), name: text, nameEn: text }, categories.map((category) => counts.bins.find((row) => row.key === category.key && row.bin === index)?.count ?? 0), 'bar', 'values');
    });
    return { unit: 'count', categoryTitle, categories, series: bins, missing: categories.map((category) => counts.missing.find((row) => row.key === category.key)?.count ?? 0) };
  }
  const counts = await repo.choiceDistribution(db, scope, field);
  const categories = await splitCategories(db, ctx, field.split, [...new Set([...counts.options, ...counts.missing].map((row) => row.key))]);
  const defined: OptionItem[] = widget.options.options ?? [];
  // Options of the design in its order, then any value stored that the design no longer offers.
  const extra = [...new Set(counts.options.map((row) => row.option))].filter((value) => !defined.some((option) => option.value === value)).sort();
  const options = [...defined.map((option) => ({ key: option.value, name: option.label, nameEn: option.labelEn ?? null })), ...extra.map((value) => ({ key: value, name: value, nameEn: value }))];
  return {
    unit: 'count',
    categoryTitle,
    categories,
    series: options.map((option) => series(option, categories.map((category) => counts.options.find((row) => row.key === category.key && row.option === option.key)?.count ?? 0), 'bar', 'values')),
    missing: categories.map((category) => counts.missing.find((row) => row.key === category.key)?.count ?? 0),
  };
}

/**
 * GET /dcap/analytics/fields: the numeric and choice fields of the design the session's environment runs
 * (core `distributionFields`), the same design a distribution is checked against, so the picker offers no
 * field the server would refuse.
 */
export async function analyticsFields(deps: ServiceDeps, caller: ProjectCaller): Promise<DistributionField[]> {
  const scope = await dataScope(deps.db, caller);
  return distributionFields(await repo.envInstruments(deps.db, scope.env.id));
}
