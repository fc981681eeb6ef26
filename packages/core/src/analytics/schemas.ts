import { z } from 'zod';
import { DASHBOARD_TIME_FILTERS } from '../dashboard/time-filter.js';
import { QUERY_AGE_BUCKET_KEYS } from '../dashboard/indicators.js';
import { dbId, queryId, safeText } from '../validation/text.js';
import { ALERT_DAYS_MAX, ANALYTICS_INDICATORS, DISTRIBUTION_SPLITS, VISIT_OUTCOMES } from './indicators.js';

/** `siteIds=3,7` in a query string: site ids separated by commas, at most 500 of them. */
const siteIdList = safeText()
  .max(4000)
  .regex(/^\d{1,9}(,\d{1,9})*$/)
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive()).max(500));

/**
 * The filters every analytics chart and the overview take (docs/decisions.md "Analytics"): the sites to
 * count (within the caller's own; none named: all of them), the time filter of the dashboard (spec 002 §9:
 * all, today, week, month, year) and an arm, which only a caller who may see arms may name.
 */
export const analyticsFilterSchema = z.strictObject({
  time: z.enum(DASHBOARD_TIME_FILTERS).default('all'),
  siteIds: siteIdList.optional(),
  arm: safeText().min(1).max(64).optional(),
});
export type AnalyticsFilter = z.output<typeof analyticsFilterSchema>;

/** GET /dcap/analytics/chart: one chart's data; a distribution names its field (instrument and path) and its split. */
export const analyticsChartQuerySchema = z.strictObject({
  ...analyticsFilterSchema.shape,
  indicator: z.enum(ANALYTICS_INDICATORS),
  instrumentId: queryId().optional(),
  path: safeText().min(1).max(200).optional(),
  split: z.enum(DISTRIBUTION_SPLITS).optional(),
});
export type AnalyticsChartQuery = z.input<typeof analyticsChartQuerySchema>;
export type AnalyticsChartRequest = z.output<typeof analyticsChartQuerySchema>;

/** A thing named in both languages: a site, a visit, a series. `key` is stable and language-free. */
export const analyticsLabelSchema = z.object({ key: z.string(), name: z.string(), nameEn: z.string().nullable() });
export type AnalyticsLabel = z.infer<typeof analyticsLabelSchema>;

export const ANALYTICS_UNITS = ['count', 'percent', 'hours', 'days', 'perHundred'] as const;

/**
 * One chart, ready for ECharts: `categories` are the x axis (dates, sites, visits, reasons, bins), each
 * series one line or bar with a value per category (null: nothing to measure). Series sharing a `stack`
 * are stacked bars.
 */
export const analyticsChartSchema = z.object({
  indicator: z.enum(ANALYTICS_INDICATORS),
  time: z.enum(DASHBOARD_TIME_FILTERS),
  /** The zone the period and dates are counted in: the study's. */
  timeZone: z.string(),
  today: z.string(),
  /** The first date of the period, null for "all". */
  firstDate: z.string().nullable(),
  env: z.string(),
  /** Whether the caller may see arms: when false no series or category names an arm. */
  armsVisible: z.boolean(),
  unit: z.enum(ANALYTICS_UNITS),
  /** The heading of the category column of the chart's CSV (e.g. "Site"). */
  categoryTitle: analyticsLabelSchema,
  categories: z.array(analyticsLabelSchema),
  series: z.array(
    analyticsLabelSchema.extend({
      type: z.enum(['bar', 'line']),
      stack: z.string().nullable(),
      data: z.array(z.number().nullable()),
    }),
  ),
  /** For a distribution: values that were left blank or marked not done, per category of the split. */
  missing: z.array(z.number().int().min(0)).nullable(),
});
export type AnalyticsChart = z.infer<typeof analyticsChartSchema>;
export type AnalyticsSeries = AnalyticsChart['series'][number];

export const analyticsOverviewQuerySchema = analyticsFilterSchema;

const count = z.number().int().min(0);

export const ANALYTICS_ALERT_KINDS = ['siteIdle', 'stockLow', 'queryOld'] as const;
export type AnalyticsAlertKind = (typeof ANALYTICS_ALERT_KINDS)[number];

/**
 * POST /dcap/analytics/alertThresholds: the project's own day thresholds of the big screen's alerts, 1 to 365
 * days; null returns one to the platform's default (docs/decisions.md "Analytics", alert thresholds).
 */
const alertDays = z.number().int().min(1).max(ALERT_DAYS_MAX).nullable();
export const alertThresholdsRequestSchema = z.strictObject({ siteIdleDays: alertDays, queryDays: alertDays });
export type AlertThresholdsRequest = z.infer<typeof alertThresholdsRequestSchema>;
/** The thresholds the project now applies, and which of them are its own (not the defaults). */
export const alertThresholdsSchema = z.object({
  siteIdleDays: count,
  queryDays: count,
  own: z.object({ siteIdleDays: z.boolean(), queryDays: z.boolean() }),
});
export type AlertThresholds = z.infer<typeof alertThresholdsSchema>;

/**
 * GET /dcap/analytics/overview: everything the big screen shows, in one call (docs/decisions.md "Analytics").
 */
export const analyticsOverviewSchema = z.object({
  time: z.enum(DASHBOARD_TIME_FILTERS),
  timeZone: z.string(),
  today: z.string(),
  env: z.string(),
  armsVisible: z.boolean(),
  tiles: z.object({
    enrolled: count,
    /** The sum of the targets of the counted sites; null when no site has one. */
    target: count.nullable(),
    screened: count,
    screeningFailures: count,
    visitsDue: count,
    visitsMissed: count,
    openQueries: count,
    queryAges: z.array(z.object({ bucket: z.enum(QUERY_AGE_BUCKET_KEYS), count })),
    /** Median days from visit date to first entry; null when nothing was entered. */
    entryLagMedianDays: z.number().nullable(),
    /** Verified share of the entered values, 0–100 with one decimal; null when nothing was entered. */
    sdvPercent: z.number().nullable(),
    randomised: z.object({ total: count, byArm: z.array(z.object({ arm: z.string(), count })).nullable() }),
    stockAlerts: count,
  }),
  sites: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      nameEn: z.string().nullable(),
      /** Where the site's hospital is (its unit's province and city), for the big screen's map. */
      province: z.string().nullable(),
      city: z.string().nullable(),
      /**
       * Where the map draws the site (docs/decisions.md "Bigscreen"): the point of its unit's area, or of the
       * nearest area above it with one, and the unit's area's names; null when no area up the tree has a point.
       */
      location: z
        .object({ longitude: z.number(), latitude: z.number(), areaName: z.string().nullable(), areaNameEn: z.string().nullable() })
        .nullable(),
      enrolled: count,
      target: count.nullable(),
      openQueries: count,
      /** The last time a value was saved at the site, ISO; null when never. */
      lastEntryAt: z.string().nullable(),
    }),
  ),
  visitOutcomes: z.array(z.object({ outcome: z.enum(VISIT_OUTCOMES), count })),
  /** The project's alert thresholds in days, its own or the defaults (core `alertThresholds`). */
  alertThresholds: alertThresholdsSchema,
  alerts: z.array(
    z.object({
      kind: z.enum(ANALYTICS_ALERT_KINDS),
      siteId: z.number().nullable(),
      /** Idle days (siteIdle; null when nothing was ever entered), kits at the site (stockLow), queries (queryOld). */
      count: count.nullable(),
      /** The trigger level of a stock alert, the day threshold of the other two. */
      threshold: count,
      /** The kit type or location named by a stock alert, blinded name for callers who may not see arms. */
      subject: analyticsLabelSchema.nullable(),
    }),
  ),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

/** GET /dcap/analytics/projects: the headline figures of every project the caller may see, each in its production environment. */
export const analyticsProjectsSchema = z.array(
  z.object({
    projectId: z.number(),
    code: z.string(),
    name: z.string(),
    nameEn: z.string().nullable(),
    env: z.string().nullable(),
    /** The environment's own names, as the environment list shows them. */
    envName: z.string().nullable(),
    envNameEn: z.string().nullable(),
    enrolled: count,
    screeningFailures: count,
    openQueries: count,
    target: count.nullable(),
  }),
);
export type AnalyticsProjects = z.infer<typeof analyticsProjectsSchema>;

/**
 * POST /dcap/analytics/siteTarget: sets (or, with null, clears) how many subjects a site is to enrol, the
 * target line of the enrolment chart (docs/decisions.md "Analytics").
 */
export const siteTargetRequestSchema = z.strictObject({
  siteId: dbId(),
  target: z.number().int().min(0).max(100_000).nullable(),
});
export type SiteTargetRequest = z.infer<typeof siteTargetRequestSchema>;
export const siteTargetSchema = z.object({ siteId: z.number(), target: count.nullable() });


/** GET /dcap/analytics/fields: the fields of the environment's design a distribution may be drawn for (core `distributionFields`). */
export const analyticsFieldsSchema = z.array(
  z.object({
    instrumentId: z.number(),
    instrumentName: z.string(),
    instrumentNameEn: z.string().nullable(),
    path: z.string(),
    name: z.string(),
    nameEn: z.string().nullable(),
    numeric: z.boolean(),
  }),
);
export type AnalyticsFields = z.infer<typeof analyticsFieldsSchema>;
/** A field a distribution may be drawn for: a numeric or choice field outside tables (docs/decisions.md "Analytics"). */
export type DistributionField = AnalyticsFields[number];
