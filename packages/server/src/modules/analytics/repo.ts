import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';

/**
 * The analytics aggregates (docs/decisions.md "Analytics"): every figure is a GROUP BY in the database,
 * never rows loaded and counted here. Each query joins the subject (`s`) and keeps to one project
 * environment, the chosen sites within the caller's, subjects not deleted and, when an arm is named, the
 * subjects randomised to it.
 */
export interface Scope {
  projectId: number;
  envId: number;
  /** The sites counted, never empty here ('all': every site of the project). */
  sites: readonly number[] | 'all';
  arm: string | null;
}

/** The subject conditions every indicator shares, on the subject aliased `s`. */
export function subjectWhere(scope: Scope): RawBuilder<unknown> {
  const sites = scope.sites === 'all' ? sql`` : sql`AND s.site_id IN (${sql.join(scope.sites.map((id) => sql`${id}`))})`;
  const arm = scope.arm === null ? sql`` : sql`AND EXISTS (SELECT 1 FROM rand_allocations ra WHERE ra.subject_id = s.id AND ra.arm = ${scope.arm})`;
  return sql`s.project_id = ${scope.projectId} AND s.env_id = ${scope.envId} AND s.status <> 'DEL' ${sites} ${arm}`;
}

function since(column: RawBuilder<unknown>, from: Date | null): RawBuilder<unknown> {
  return from === null ? sql`` : sql`AND ${column} >= ${from}`;
}

export interface SiteRow {
  id: number;
  code: string;
  name: string;
  name_en: string | null;
  enrolment_target: number | null;
  /** Where the site's unit (hospital) is, for the big screen's map. */
  province: string | null;
  city: string | null;
}

export async function sites(db: Executor, projectId: number, ids: readonly number[] | 'all'): Promise<SiteRow[]> {
  let query = db
    .selectFrom('project_sites as ps')
    .innerJoin('units as u', 'u.id', 'ps.unit_id')
    .select(['ps.id', 'ps.code', 'ps.name', 'ps.name_en', 'ps.enrolment_target', 'u.province', 'u.city'])
    .where('ps.project_id', '=', projectId);
  if (ids !== 'all') query = query.where('ps.id', 'in', [...ids]);
  return query.orderBy('ps.code').orderBy('ps.id').execute();
}

/** Subjects enrolled before an instant, by site. */
export async function enrolledBefore(db: Executor, scope: Scope, before: Date): Promise<{ site_id: number; count: number }[]> {
  const { rows } = await sql<{ site_id: number; count: number }>`
    SELECT s.site_id, count(*)::int AS count FROM subjects s
    WHERE ${subjectWhere(scope)} AND s.enrolled_at < ${before}
    GROUP BY s.site_id`.execute(db);
  return rows;
}

/** Subjects enrolled from `from` on, by site and calendar date in `timeZone`. */
export async function enrolledByDate(db: Executor, scope: Scope, from: Date | null, timeZone: string): Promise<{ site_id: number; date: string; count: number }[]> {
  const { rows } = await sql<{ site_id: number; date: string; count: number }>`
    SELECT s.site_id, to_char(s.enrolled_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date, count(*)::int AS count
    FROM subjects s
    WHERE ${subjectWhere(scope)} AND s.enrolled_at IS NOT NULL ${since(sql.ref('s.enrolled_at'), from)}
    GROUP BY 1, 2 ORDER BY 2, 1`.execute(db);
  return rows;
}

/** Subjects whose screening failed in the period (their status changed to SCREEN_FAILURE then), by site and reason. */
export async function screeningFailures(db: Executor, scope: Scope, from: Date | null): Promise<{ site_id: number; reason: string; count: number }[]> {
  const { rows } = await sql<{ site_id: number; reason: string; count: number }>`
    SELECT s.site_id, coalesce(btrim(s.status_reason), '') AS reason, count(*)::int AS count
    FROM subjects s
    WHERE ${subjectWhere(scope)} AND s.status = 'SCREEN_FAILURE' ${since(sql.ref('s.status_changed_at'), from)}
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/**
 * Visits by event and outcome (docs/decisions.md "Analytics"): a visit with an actual date is done in or out
 * of its window; one without is due while its window is open, not yet due before it and missed after it
 * when nothing was entered (with data entered it counts as done out of window). Visits of subjects who left
 * the study (failed screening, completed, quit) count only when done; unplanned visits without a date are
 * not counted. The period bounds the visit's date (actual, else planned).
 */
export async function visitOutcomes(db: Executor, scope: Scope, firstDate: string | null, today: string): Promise<{ event_id: number; site_id: number; outcome: string; count: number }[]> {
  const period = firstDate === null ? sql`` : sql`AND coalesce(e.actual_date, e.planned_date) >= ${firstDate}::date`;
  const { rows } = await sql<{ event_id: number; site_id: number; outcome: string; count: number }>`
    SELECT v.event_id, v.site_id, v.outcome, count(*)::int AS count FROM (
      SELECT e.event_id, s.site_id,
        CASE
          WHEN e.actual_date IS NOT NULL THEN
            CASE WHEN (e.window_start IS NULL OR e.actual_date >= e.window_start) AND (e.window_end IS NULL OR e.actual_date <= e.window_end)
              THEN 'inWindow' ELSE 'outOfWindow' END
          WHEN s.status IN ('SCREEN_FAILURE', 'TEST_FIX', 'TEST_EXIT') THEN NULL
          WHEN e.planned_date IS NULL THEN NULL
          WHEN e.window_start IS NOT NULL AND ${today}::date < e.window_start THEN 'notDue'
          WHEN e.window_end IS NULL OR ${today}::date <= e.window_end THEN 'due'
          WHEN d.event_instance_id IS NOT NULL THEN 'outOfWindow'
          ELSE 'missed'
        END AS outcome
      FROM event_instances e
      JOIN subjects s ON s.id = e.subject_id
      LEFT JOIN (
        SELECT DISTINCT p.event_instance_id FROM panel_instances p WHERE p.env_id = ${scope.envId} AND p.first_saved_at IS NOT NULL
      ) d ON d.event_instance_id = e.id
      WHERE ${subjectWhere(scope)} AND e.env_id = ${scope.envId} ${period}
    ) v
    WHERE v.outcome IS NOT NULL
    GROUP BY 1, 2, 3`.execute(db);
  return rows;
}

export async function events(db: Executor, ids: number[]): Promise<{ id: number; name: string; name_en: string | null; sort: number }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('events').select(['id', 'name', 'name_en', 'sort']).where('id', 'in', ids).orderBy('sort').orderBy('id').execute();
}

export async function instruments(db: Executor, ids: number[]): Promise<{ id: number; name: string; name_en: string | null; sort: number }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('instruments').select(['id', 'name', 'name_en', 'sort']).where('id', 'in', ids).orderBy('sort').orderBy('id').execute();
}

/** The status group a query counts in: open, answered, or closed (closed by hand or automatically); cancelled ones not at all. */
const QUERY_GROUP = sql`CASE WHEN q.status IN ('CLOSED', 'AUTO_CLOSED') THEN 'CLOSED' ELSE q.status END`;

/** Queries raised in the period, by site (or instrument) and status group. */
export async function queriesBy(db: Executor, scope: Scope, from: Date | null, by: 'site' | 'instrument'): Promise<{ key: number; status: string; count: number }[]> {
  const key = by === 'site' ? sql`s.site_id` : sql`p.instrument_id`;
  const join = by === 'site' ? sql`` : sql`JOIN panel_instances p ON p.id = q.panel_instance_id`;
  const { rows } = await sql<{ key: number; status: string; count: number }>`
    SELECT ${key} AS key, ${QUERY_GROUP} AS status, count(*)::int AS count
    FROM queries q JOIN subjects s ON s.id = q.subject_id ${join}
    WHERE ${subjectWhere(scope)} AND q.env_id = ${scope.envId} AND q.status <> 'CANCELED' ${since(sql.ref('q.raised_at'), from)}
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/**
 * Median hours from raising to the first answer and to closing, per site, of the queries raised in the
 * period (percentile_cont: the median of an even count is the mean of the middle two); the row without a
 * site is the whole selection's.
 */
export async function queryTimes(db: Executor, scope: Scope, from: Date | null): Promise<{ site_id: number | null; to_answer: number | null; to_close: number | null }[]> {
  const { rows } = await sql<{ site_id: number | null; to_answer: number | null; to_close: number | null }>`
    SELECT t.site_id,
      (percentile_cont(0.5) WITHIN GROUP (ORDER BY t.answer_hours))::float8 AS to_answer,
      (percentile_cont(0.5) WITHIN GROUP (ORDER BY t.close_hours))::float8 AS to_close
    FROM (
      SELECT s.site_id,
        extract(epoch FROM (SELECT min(c.created_at) FROM query_comments c WHERE c.query_id = q.id AND c.action = 'answer') - q.raised_at) / 3600 AS answer_hours,
        CASE WHEN q.status IN ('CLOSED', 'AUTO_CLOSED') THEN extract(epoch FROM q.closed_at - q.raised_at) / 3600 END AS close_hours
      FROM queries q JOIN subjects s ON s.id = q.subject_id
      WHERE ${subjectWhere(scope)} AND q.env_id = ${scope.envId} AND q.status <> 'CANCELED' ${since(sql.ref('q.raised_at'), from)}
    ) t
    GROUP BY GROUPING SETS ((t.site_id), ())`.execute(db);
  return rows;
}

/**
 * Entry lag per site: days from a visit's actual date to the first save of each of its panels (the save's
 * date in the study's zone), of panels first saved in the period; median and 90th percentile; the row
 * without a site is the whole selection's.
 */
export async function entryLag(db: Executor, scope: Scope, from: Date | null, timeZone: string): Promise<{ site_id: number | null; median: number | null; p90: number | null }[]> {
  const { rows } = await sql<{ site_id: number | null; median: number | null; p90: number | null }>`
    SELECT l.site_id,
      (percentile_cont(0.5) WITHIN GROUP (ORDER BY l.days))::float8 AS median,
      (percentile_cont(0.9) WITHIN GROUP (ORDER BY l.days))::float8 AS p90
    FROM (
      SELECT s.site_id, ((p.first_saved_at AT TIME ZONE ${timeZone})::date - e.actual_date) AS days
      FROM panel_instances p
      JOIN event_instances e ON e.id = p.event_instance_id
      JOIN subjects s ON s.id = p.subject_id
      WHERE ${subjectWhere(scope)} AND p.env_id = ${scope.envId} AND p.first_saved_at IS NOT NULL AND e.actual_date IS NOT NULL
        ${since(sql.ref('p.first_saved_at'), from)}
    ) l
    GROUP BY GROUPING SETS ((l.site_id), ())`.execute(db);
  return rows;
}

/**
 * Entered values and verified ones per site (SDV progress), of panels first saved in the period: the sums of
 * the counts each panel instance keeps (core analytics `panelValueCounts`), not a read of every value.
 */
export async function valueCounts(db: Executor, scope: Scope, from: Date | null): Promise<{ site_id: number; entered: number; verified: number }[]> {
  const { rows } = await sql<{ site_id: number; entered: number; verified: number }>`
    SELECT s.site_id, sum(p.values_entered)::int AS entered, sum(p.values_verified)::int AS verified
    FROM panel_instances p
    JOIN subjects s ON s.id = p.subject_id
    WHERE ${subjectWhere(scope)} AND p.env_id = ${scope.envId} AND p.values_entered > 0 ${since(sql.ref('p.first_saved_at'), from)}
    GROUP BY s.site_id`.execute(db);
  return rows;
}

/** Subjects randomised in the period, by site and arm. */
export async function randomised(db: Executor, scope: Scope, from: Date | null): Promise<{ site_id: number; arm: string; count: number }[]> {
  const { rows } = await sql<{ site_id: number; arm: string; count: number }>`
    SELECT s.site_id, a.arm, count(*)::int AS count
    FROM rand_allocations a JOIN subjects s ON s.id = a.subject_id
    WHERE ${subjectWhere(scope)} AND a.env_id = ${scope.envId} ${since(sql.ref('a.allocated_at'), from)}
    GROUP BY 1, 2`.execute(db);
  return rows;
}

export async function findSiteForUpdate(db: Executor, id: number): Promise<{ id: number; project_id: number; enrolment_target: number | null } | undefined> {
  return db.selectFrom('project_sites').select(['id', 'project_id', 'enrolment_target']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setEnrolmentTarget(db: Executor, id: number, target: number | null): Promise<void> {
  await db.updateTable('project_sites').set({ enrolment_target: target }).where('id', '=', id).execute();
}

/** A project's own alert thresholds in days (migration 0039), null where it keeps the default. */
export async function storedAlertThresholds(db: Executor, projectId: number, forUpdate = false): Promise<{ siteIdleDays: number | null; queryDays: number | null }> {
  let query = db.selectFrom('projects').select(['alert_site_idle_days', 'alert_query_days']).where('id', '=', projectId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return { siteIdleDays: row?.alert_site_idle_days ?? null, queryDays: row?.alert_query_days ?? null };
}

export async function setAlertThresholds(db: Executor, projectId: number, thresholds: { siteIdleDays: number | null; queryDays: number | null }): Promise<void> {
  await db.updateTable('projects').set({ alert_site_idle_days: thresholds.siteIdleDays, alert_query_days: thresholds.queryDays }).where('id', '=', projectId).execute();
}
