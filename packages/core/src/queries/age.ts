/**
 * How long a query has been waiting, for the query management page (its filter and the chart of open
 * queries by age): up to 7 days, 8 to 30 days, more than 30 days since it was raised (docs/decisions.md,
 * "Queries"). Days are whole days of 24 hours, so a query raised today is 0 days old.
 */
export const QUERY_AGE_GROUPS = ['le7', 'd8to30', 'gt30'] as const;
export type QueryAgeGroup = (typeof QUERY_AGE_GROUPS)[number];

const DAY = 86_400_000;

export function queryAgeDays(raisedAt: Date | string, now: Date): number {
  const raised = typeof raisedAt === 'string' ? new Date(raisedAt) : raisedAt;
  return Math.max(0, Math.floor((now.getTime() - raised.getTime()) / DAY));
}

export function queryAgeGroup(days: number): QueryAgeGroup {
  if (days <= 7) return 'le7';
  if (days <= 30) return 'd8to30';
  return 'gt30';
}

/** The raise times a group covers at `now`, as bounds for a query: raised after `from` and at or before `to`. */
export function queryAgeGroupRange(group: QueryAgeGroup, now: Date): { after: Date | null; atOrBefore: Date | null } {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  switch (group) {
    case 'le7':
      return { after: daysAgo(8), atOrBefore: null };
    case 'd8to30':
      return { after: daysAgo(31), atOrBefore: daysAgo(8) };
    case 'gt30':
      return { after: null, atOrBefore: daysAgo(31) };
  }
}
