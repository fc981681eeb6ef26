import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';
import type { Scope } from './repo.js';
import { subjectWhere } from './repo.js';

/** The big screen's own aggregates (docs/decisions.md "Analytics"); the charts' ones are in repo.ts. */

/** Per site: subjects added, enrolled and failed screening in the period, and subjects still in the study. */
export async function subjectCounts(
  db: Executor,
  scope: Scope,
  from: Date | null,
): Promise<{ site_id: number; screened: number; enrolled: number; failed: number; active: number }[]> {
  const inPeriod = (column: string) => (from === null ? sql`true` : sql`${sql.ref(column)} >= ${from}`);
  const { rows } = await sql<{ site_id: number; screened: number; enrolled: number; failed: number; active: number }>`
    SELECT s.site_id,
      (count(*) FILTER (WHERE s.status <> 'RECORD_STATUS_PRESCREEN' AND ${inPeriod('s.created_at')}))::int AS screened,
      (count(*) FILTER (WHERE s.enrolled_at IS NOT NULL AND ${inPeriod('s.enrolled_at')}))::int AS enrolled,
      (count(*) FILTER (WHERE s.status = 'SCREEN_FAILURE' AND ${inPeriod('s.status_changed_at')}))::int AS failed,
      (count(*) FILTER (WHERE s.status IN ('ARMED', 'TESTING')))::int AS active
    FROM subjects s
    WHERE ${subjectWhere(scope)}
    GROUP BY s.site_id`.execute(db);
  return rows;
}

/**
 * Unclosed (open or answered) queries per site, by age bucket: `bounds` newest first, each with the instant
 * its queries were raised after (null: the oldest, unbounded; core dashboard `queryAgeBounds`). Not bounded
 * by the period: an old open query is the point of the alert.
 */
export async function unclosedQueries(
  db: Executor,
  scope: Scope,
  bounds: readonly { key: string; after: Date | null }[],
  oldBefore: Date,
): Promise<{ site_id: number; bucket: string; count: number; old: number }[]> {
  const cases = sql.join(
    bounds.map((bound) => (bound.after === null ? sql`ELSE ${bound.key}` : sql`WHEN q.raised_at > ${bound.after} THEN ${bound.key}`)),
    sql` `,
  );
  const { rows } = await sql<{ site_id: number; bucket: string; count: number; old: number }>`
    SELECT s.site_id, (CASE ${cases} END)::text AS bucket, count(*)::int AS count,
      (count(*) FILTER (WHERE q.raised_at < ${oldBefore}))::int AS old
    FROM queries q JOIN subjects s ON s.id = q.subject_id
    WHERE ${subjectWhere(scope)} AND q.env_id = ${scope.envId} AND q.status IN ('OPEN', 'ANSWERED')
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/** The last time a panel was saved at each site (any time, not bounded by the period). */
export async function lastEntries(db: Executor, scope: Scope): Promise<{ site_id: number; last: Date | null }[]> {
  const { rows } = await sql<{ site_id: number; last: Date | null }>`
    SELECT s.site_id, max(p.updated_at) AS last
    FROM panel_instances p JOIN subjects s ON s.id = p.subject_id
    WHERE ${subjectWhere(scope)} AND p.env_id = ${scope.envId} AND p.first_saved_at IS NOT NULL
    GROUP BY s.site_id`.execute(db);
  return rows;
}

/**
 * Site stock under its resupply trigger (docs/decisions.md "Drug supply"): per site location and kit type
 * with a trigger, the kits at the site now, when fewer than the trigger level. Sites only; the arm filter
 * does not apply to stock.
 */
export async function stockAlerts(
  db: Executor,
  scope: Pick<Scope, 'projectId' | 'envId' | 'sites'>,
): Promise<{ site_id: number; kit_type_id: number; code: string; name: string; name_en: string | null; blinded_name: string; blinded_name_en: string | null; stock: number; trigger_level: number }[]> {
  const sites = scope.sites === 'all' ? sql`` : sql`AND l.site_id IN (${sql.join(scope.sites.map((id) => sql`${id}`))})`;
  const { rows } = await sql<{ site_id: number; kit_type_id: number; code: string; name: string; name_en: string | null; blinded_name: string; blinded_name_en: string | null; stock: number; trigger_level: number }>`
    SELECT * FROM (
    SELECT l.site_id, t.id AS kit_type_id, t.code, t.name, t.name_en, t.blinded_name, t.blinded_name_en, r.trigger_level,
      (SELECT count(*)::int FROM supply_kits k WHERE k.env_id = ${scope.envId} AND k.location_id = l.id AND k.kit_type_id = t.id AND k.status = 'at_site') AS stock
    FROM supply_resupply r
    JOIN supply_locations l ON l.id = r.location_id AND l.kind = 'site'
    JOIN supply_kit_types t ON t.id = r.kit_type_id
    WHERE r.project_id = ${scope.projectId} ${sites}
    ) a WHERE a.stock < a.trigger_level ORDER BY a.site_id, a.code`.execute(db);
  return rows;
}
