import type { SiteScope } from '@dcap/core';
import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';

/**
 * The dashboard's aggregates (spec 002 §2): every figure is a GROUP BY in the database, never rows loaded
 * and counted here. Each query is limited to one project environment and the caller's sites, leaves
 * deleted subjects out and takes an optional lower bound on the time column its indicator is about.
 */
export interface Where {
  projectId: number;
  envId: number;
  sites: SiteScope;
  /** Lower bound of the period; null for "all". */
  since: Date | null;
}

/** `AND <column> IN (…)` for a site list, nothing for all sites (an empty list never reaches SQL). */
function siteCondition(column: RawBuilder<unknown>, sites: SiteScope): RawBuilder<unknown> {
  if (sites === 'all') return sql``;
  return sql`AND ${column} IN (${sql.join(sites.map((id) => sql`${id}`))})`;
}

function sinceCondition(column: RawBuilder<unknown>, since: Date | null): RawBuilder<unknown> {
  return since === null ? sql`` : sql`AND ${column} >= ${since}`;
}

export async function sites(db: Executor, where: Pick<Where, 'projectId' | 'sites'>): Promise<{ id: number; code: string; name: string; name_en: string | null }[]> {
  let query = db.selectFrom('project_sites').select(['id', 'code', 'name', 'name_en']).where('project_id', '=', where.projectId);
  if (where.sites !== 'all') query = query.where('id', 'in', where.sites);
  return query.orderBy('code').orderBy('id').execute();
}

/** Subjects added in the period, by site and status. */
export async function subjectsBySiteStatus(db: Executor, where: Where): Promise<{ site_id: number; status: string; count: number }[]> {
  const { rows } = await sql<{ site_id: number; status: string; count: number }>`
    SELECT s.site_id, s.status, count(*)::int AS count
    FROM subjects s
    WHERE s.project_id = ${where.projectId} AND s.env_id = ${where.envId} AND s.status <> 'DEL'
      ${siteCondition(sql.ref('s.site_id'), where.sites)} ${sinceCondition(sql.ref('s.created_at'), where.since)}
    GROUP BY s.site_id, s.status`.execute(db);
  return rows;
}

/** Subjects enrolled before `before`, by site. */
export async function enrolledBefore(db: Executor, where: Where, before: Date): Promise<{ site_id: number; count: number }[]> {
  const { rows } = await sql<{ site_id: number; count: number }>`
    SELECT s.site_id, count(*)::int AS count
    FROM subjects s
    WHERE s.project_id = ${where.projectId} AND s.env_id = ${where.envId} AND s.status <> 'DEL'
      AND s.enrolled_at IS NOT NULL AND s.enrolled_at < ${before}
      ${siteCondition(sql.ref('s.site_id'), where.sites)}
    GROUP BY s.site_id`.execute(db);
  return rows;
}

/** Subjects enrolled in the period, by site and calendar date in `timeZone`. */
export async function enrolledByDate(db: Executor, where: Where, timeZone: string): Promise<{ site_id: number; date: string; count: number }[]> {
  const { rows } = await sql<{ site_id: number; date: string; count: number }>`
    SELECT e.site_id, e.date, count(*)::int AS count
    FROM (
      SELECT s.site_id, to_char(s.enrolled_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date
      FROM subjects s
      WHERE s.project_id = ${where.projectId} AND s.env_id = ${where.envId} AND s.status <> 'DEL'
        AND s.enrolled_at IS NOT NULL
        ${siteCondition(sql.ref('s.site_id'), where.sites)} ${sinceCondition(sql.ref('s.enrolled_at'), where.since)}
    ) e
    GROUP BY e.site_id, e.date
    ORDER BY e.date, e.site_id`.execute(db);
  return rows;
}

/** Panel instances last changed in the period, by site and status. */
export async function panelsBySiteStatus(db: Executor, where: Where): Promise<{ site_id: number; status: string; count: number }[]> {
  const { rows } = await sql<{ site_id: number; status: string; count: number }>`
    SELECT p.site_id, p.status, count(*)::int AS count
    FROM panel_instances p
    JOIN subjects s ON s.id = p.subject_id
    WHERE p.project_id = ${where.projectId} AND p.env_id = ${where.envId} AND s.status <> 'DEL'
      ${siteCondition(sql.ref('p.site_id'), where.sites)} ${sinceCondition(sql.ref('p.updated_at'), where.since)}
    GROUP BY p.site_id, p.status`.execute(db);
  return rows;
}

/**
 * Open and answered queries raised in the period, by age bucket and status. `bounds` are the buckets
 * newest first, each with the instant its queries were raised after (null: the oldest, unbounded).
 */
export async function unclosedQueriesByAge(
  db: Executor,
  where: Where,
  bounds: readonly { key: string; after: Date | null }[],
): Promise<{ bucket: string; status: 'OPEN' | 'ANSWERED'; count: number }[]> {
  const cases = sql.join(
    bounds.map((bound) => (bound.after === null ? sql`ELSE ${bound.key}` : sql`WHEN q.raised_at > ${bound.after} THEN ${bound.key}`)),
    sql` `,
  );
  const { rows } = await sql<{ bucket: string; status: 'OPEN' | 'ANSWERED'; count: number }>`
    SELECT b.bucket, b.status, count(*)::int AS count
    FROM (
      SELECT q.status, (CASE ${cases} END)::text AS bucket
      FROM queries q
      JOIN subjects s ON s.id = q.subject_id
      WHERE q.project_id = ${where.projectId} AND q.env_id = ${where.envId} AND s.status <> 'DEL'
        AND q.status IN ('OPEN', 'ANSWERED')
        ${siteCondition(sql.ref('q.site_id'), where.sites)} ${sinceCondition(sql.ref('q.raised_at'), where.since)}
    ) b
    GROUP BY b.bucket, b.status`.execute(db);
  return rows;
}
