/**
 * The dashboard's indicators (spec 002 §2 "data display dashboard"): the query age buckets and the
 * cumulative enrolment series, shared by the server (which counts) and the web (which draws).
 */

const DAY_MS = 86_400_000;

/**
 * Ages of unclosed (open or answered) queries in whole days since they were raised: 0–7, 8–14, 15–30,
 * 31–60 and more than 60. `maxDays` is the bucket's last day; the last bucket has none.
 */
export const QUERY_AGE_BUCKETS = [
  { key: 'd0_7', maxDays: 7 },
  { key: 'd8_14', maxDays: 14 },
  { key: 'd15_30', maxDays: 30 },
  { key: 'd31_60', maxDays: 60 },
  { key: 'd61_plus', maxDays: null },
] as const;
export type QueryAgeBucket = (typeof QUERY_AGE_BUCKETS)[number]['key'];
export const QUERY_AGE_BUCKET_KEYS = QUERY_AGE_BUCKETS.map((bucket) => bucket.key) as [QueryAgeBucket, ...QueryAgeBucket[]];

/** The bucket of a query raised at `raisedAt`, seen at `now`. */
export function queryAgeBucket(raisedAt: Date, now: Date): QueryAgeBucket {
  const days = Math.floor((now.getTime() - raisedAt.getTime()) / DAY_MS);
  for (const bucket of QUERY_AGE_BUCKETS) {
    if (bucket.maxDays === null || days <= bucket.maxDays) return bucket.key;
  }
  return 'd61_plus';
}

/**
 * The instants separating the buckets at `now`, newest first: a query belongs to the first bucket whose
 * bound it was raised after (age in whole days ≤ maxDays ⟺ raised after now − (maxDays + 1) days).
 */
export function queryAgeBounds(now: Date): { key: QueryAgeBucket; after: Date | null }[] {
  return QUERY_AGE_BUCKETS.map((bucket) => ({
    key: bucket.key,
    after: bucket.maxDays === null ? null : new Date(now.getTime() - (bucket.maxDays + 1) * DAY_MS),
  }));
}

/** The calendar dates from `first` to `last` inclusive ('YYYY-MM-DD'); empty when `first` is after `last`. */
export function dateRange(first: string, last: string): string[] {
  const dates: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end && dates.length < 20_000; t += DAY_MS) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

/** A calendar date ('YYYY-MM-DD') moved by whole days. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface EnrolmentSeries {
  siteId: number;
  /** Subjects enrolled at the site by the end of each date of `dates`. */
  values: number[];
}

/**
 * Cumulative enrolment per site over the dates from the period's first day (or, for "all", the day before
 * the first enrolment) to today: each site's count enrolled before the period, plus its enrolments up to each date.
 */
export function cumulativeEnrolment(
  siteIds: readonly number[],
  baseline: readonly { siteId: number; count: number }[],
  daily: readonly { siteId: number; date: string; count: number }[],
  firstDate: string | null,
  today: string,
): { dates: string[]; series: EnrolmentSeries[] } {
  // For "all" the axis starts the day before the first enrolment, so every line rises from zero.
  const firstEnrolment = daily.reduce<string | null>((min, row) => (min === null || row.date < min ? row.date : min), null);
  const first = firstDate ?? (firstEnrolment === null ? today : shiftDate(firstEnrolment, -1));
  const dates = dateRange(first, today);
  const series = siteIds.map((siteId) => {
    let total = baseline.find((row) => row.siteId === siteId)?.count ?? 0;
    // Enrolments dated before the axis (possible only for "all", whose axis starts at the first one) count at its start.
    for (const row of daily) if (row.siteId === siteId && row.date < first) total += row.count;
    const byDate = new Map<string, number>();
    for (const row of daily) if (row.siteId === siteId && row.date >= first) byDate.set(row.date, (byDate.get(row.date) ?? 0) + row.count);
    const values = dates.map((date) => {
      total += byDate.get(date) ?? 0;
      return total;
    });
    return { siteId, values };
  });
  return { dates, series };
}
