import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A project's own day thresholds of the big screen's alerts (docs/decisions.md "Analytics", alert thresholds):
 * `alert_site_idle_days`, after how many days without an entry a site with subjects is flagged, and
 * `alert_query_days`, after how many days an unclosed query is flagged. Null keeps the platform's default
 * (core `SITE_IDLE_ALERT_DAYS`, `QUERY_ALERT_DAYS`), so every existing project behaves as before. Per project,
 * not per environment: the thresholds are the study's plan, as the sites' enrolment targets are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE projects
      ADD COLUMN alert_site_idle_days integer CONSTRAINT projects_alert_site_idle_days_check CHECK (alert_site_idle_days BETWEEN 1 AND 365),
      ADD COLUMN alert_query_days integer CONSTRAINT projects_alert_query_days_check CHECK (alert_query_days BETWEEN 1 AND 365)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0039 is not reverted'));
}
