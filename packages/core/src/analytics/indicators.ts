import type { AlertThresholds } from './schemas.js';

/**
 * The analytics indicators (docs/decisions.md "Analytics"): what each chart counts.
 * The server computes them as database aggregates; the web draws them with ECharts and exports their data.
 */
export const ANALYTICS_INDICATORS = [
  /** Cumulative enrolment per site over the period's dates, with each site's target line. */
  'enrolment',
  /** Screening failures by reason (the reason given with the status change), per site. */
  'screeningFailures',
  /** Visits per event of the schedule: done in window, done out of window, due, missed, not yet due. */
  'visitCompletion',
  /** Queries per site by status, and queries per 100 entered values. */
  'queryRateBySite',
  /** Queries per panel (instrument) by status. */
  'queryRateByPanel',
  /** Median hours from raising a query to its first answer and to its close, per site. */
  'queryTimes',
  /** Median and 90th percentile days from a visit's date to the first save of its panels, per site. */
  'entryLag',
  /** Entered values per site: verified (source data verified) or not yet. */
  'sdvProgress',
  /** Randomised subjects per site, split by arm for callers who may see arms. */
  'randomisation',
  /** One numeric or choice field: its values (bins or options) split by arm, visit or site, with missing counts. */
  'distribution',
] as const;
export type AnalyticsIndicator = (typeof ANALYTICS_INDICATORS)[number];

/** How the distribution of a field is split (by arm only for callers who may see arms: analytics/blinding.ts). */
export const DISTRIBUTION_SPLITS = ['site', 'visit', 'arm'] as const;
export type DistributionSplit = (typeof DISTRIBUTION_SPLITS)[number];

/** Widget types whose values are counted per option, and those counted in numeric bins. */
export const CHOICE_WIDGET_TYPES: readonly string[] = ['radio', 'select', 'checkbox'];
export const NUMERIC_WIDGET_TYPES: readonly string[] = ['number', 'slider', 'rate'];

/** Number of bins of a numeric field's histogram (equal widths between its minimum and maximum). */
export const DISTRIBUTION_BINS = 10;

/**
 * Field statuses that mean source data verification is done: the status is a forward chain (core
 * records/field-state.ts), so a reviewed, signed or locked value went through verification or past it.
 */
export const SDV_DONE_STATUSES = ['VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED'] as const;

/**
 * A panel instance's values counted for SDV progress and the query rate (docs/decisions.md "Analytics"):
 * entered (status not blank) and verified (status VERIFIED or beyond). Kept on the panel instance by every
 * write that derives its status, so the charts sum a row per panel instead of reading every value.
 */
export function panelValueCounts(fields: readonly { status: string }[]): { entered: number; verified: number } {
  let entered = 0;
  let verified = 0;
  for (const field of fields) {
    if (field.status === '') continue;
    entered += 1;
    if ((SDV_DONE_STATUSES as readonly string[]).includes(field.status)) verified += 1;
  }
  return { entered, verified };
}

/** Visit outcomes of the visit-completion chart, in drawing order (docs/decisions.md "Analytics"). */
export const VISIT_OUTCOMES = ['inWindow', 'outOfWindow', 'due', 'missed', 'notDue'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/**
 * Queries unclosed for longer than this many days raise an alert on the big screen, unless the project sets
 * its own number (docs/decisions.md "Analytics", alert thresholds).
 */
export const QUERY_ALERT_DAYS = 30;
/** A site with enrolled subjects and no data entered for this many days raises an alert, unless the project sets its own. */
export const SITE_IDLE_ALERT_DAYS = 14;
/** The longest alert threshold a project may set, in days: a year. */
export const ALERT_DAYS_MAX = 365;

/** A project's own thresholds where it set them, the platform's defaults where it did not (null). */
export function alertThresholds(stored: { siteIdleDays: number | null; queryDays: number | null }): AlertThresholds {
  return {
    siteIdleDays: stored.siteIdleDays ?? SITE_IDLE_ALERT_DAYS,
    queryDays: stored.queryDays ?? QUERY_ALERT_DAYS,
    own: { siteIdleDays: stored.siteIdleDays !== null, queryDays: stored.queryDays !== null },
  };
}

/** Equal-width bins between a minimum and a maximum: their lower edges, the last bin closed at `max`. */
export function binEdges(min: number, max: number, bins: number = DISTRIBUTION_BINS): number[] {
  if (!(max > min)) return [min];
  const width = (max - min) / bins;
  return Array.from({ length: bins }, (_, index) => min + index * width);
}

/** The bin (0-based) of a value, the way the server's `width_bucket` places it: the maximum falls in the last bin. */
export function binOf(value: number, min: number, max: number, bins: number = DISTRIBUTION_BINS): number {
  if (!(max > min)) return 0;
  return Math.min(bins - 1, Math.floor(((value - min) / (max - min)) * bins));
}

/** The label of a bin: `[lower, upper)`, numbers rounded to at most 4 significant digits. */
export function binLabel(edges: readonly number[], index: number, max: number): string {
  const round = (n: number) => String(Number(n.toPrecision(4)));
  const lower = edges[index] ?? max;
  const upper = edges[index + 1] ?? max;
  return edges.length === 1 ? round(lower) : `${round(lower)}–${round(upper)}`;
}
