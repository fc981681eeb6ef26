import { z } from 'zod';
import { ignoredTimeZone } from '../time/study-day.js';
import { DASHBOARD_TIME_FILTERS } from './time-filter.js';
import { QUERY_AGE_BUCKET_KEYS } from './indicators.js';

/**
 * POST /dcap/dashboard/summary: the indicators of the session's project and environment, within the
 * caller's sites. Periods start at midnight of the study's day (time/study-day.ts); a `timeZone` that older
 * browsers send is accepted and ignored.
 */
export const dashboardSummaryRequestSchema = z.strictObject({
  filter: z.enum(DASHBOARD_TIME_FILTERS),
  timeZone: ignoredTimeZone(),
});
export type DashboardSummaryRequest = z.input<typeof dashboardSummaryRequestSchema>;

const count = z.number().int().min(0);

export const dashboardSummarySchema = z.object({
  filter: z.enum(DASHBOARD_TIME_FILTERS),
  /** The zone the periods and days were counted in: the study's zone. */
  timeZone: z.string(),
  /** Start of the period (ISO instant), null for "all". */
  periodStart: z.string().nullable(),
  /** Today's date in the zone ('YYYY-MM-DD'), the last date of the enrolment axis. */
  today: z.string(),
  /** The first date of the period in the zone, null for "all". */
  firstDate: z.string().nullable(),
  env: z.string(),
  /** The sites the caller sees, in code order. */
  sites: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), nameEn: z.string().nullable() })),
  /** Subjects added in the period, by site and status (deleted subjects are left out). */
  subjects: z.array(z.object({ siteId: z.number(), status: z.string(), count })),
  /** Subjects enrolled before the period, by site (zero for "all"). */
  enrolmentBaseline: z.array(z.object({ siteId: z.number(), count })),
  /** Subjects enrolled in the period, by site and local date. */
  enrolmentDaily: z.array(z.object({ siteId: z.number(), date: z.string(), count })),
  /** Panel instances last changed in the period, by site and status. */
  panels: z.array(z.object({ siteId: z.number(), status: z.string(), count })),
  /** Open and answered queries raised in the period, by age bucket and status. */
  openQueries: z.array(z.object({ bucket: z.enum(QUERY_AGE_BUCKET_KEYS), status: z.enum(['OPEN', 'ANSWERED']), count })),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
