import type { RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../audit/repo.js';

/**
 * Reads of the audit trail for the data-capture screens (COMPLIANCE AT-7): the rows of one field, of a
 * formula field and its inputs, and the alteration log of an environment. Each row is placed in the study
 * (subject, visit instance, panel instance, field path) from its entity: fields and table rows are named
 * `panelInstanceId:path`, the other entities by their row id. Rows are ordered by their sequence id, never
 * by time alone (COMPLIANCE TS-3).
 */
export interface TrailRow {
  id: number;
  at: Date;
  actor_id: number | null;
  actor_username: string | null;
  actor_name: string | null;
  actor_role: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  site_id: number | null;
  site_name: string | null;
  site_name_en: string | null;
  old_value: unknown;
  new_value: unknown;
  reason: string | null;
  subject_id: number | null;
  platform_no: string | null;
  subject_code: string | null;
  event_id: number | null;
  event_seq: number | null;
  instrument_id: number | null;
  design_version_id: number | null;
  path: string | null;
}

export interface TrailScope {
  projectId: number;
  env: string;
  /** Null for every site. */
  sites: readonly number[] | null;
}

export interface TrailFilter {
  siteId?: number;
  subjectId?: number;
  /** Part of a subject's platform number or subject code. */
  subject?: string;
  eventId?: number;
  instrumentId?: number;
  userId?: number;
  /** An exact action, or a family given as `prefix.*`. */
  action?: string;
  from?: Date;
  to?: Date;
  /** Rows of these field paths of one panel instance, and of these queries and signatures. */
  field?: { panelInstanceId: number; paths: readonly string[]; likePaths: readonly string[]; queryIds: readonly number[]; signatureIds: readonly number[] };
}

const PANEL_TYPES = ['panel', 'panelInstance', 'panel_instance'];
const FIELD_TYPES = ['field', 'tableRow'];
const ID = '^[0-9]{1,9}$';
const FIELD_ID = '^[0-9]{1,9}:';

const ids = (values: readonly (number | string)[]): RawBuilder<unknown> => sql.join(values.map((value) => sql`${value}`));

/** The audit rows of the scope, each with where in the study it lies. */
function located(scope: TrailScope): RawBuilder<unknown> {
  const siteCondition = scope.sites === null ? sql`` : scope.sites.length === 0 ? sql`AND false` : sql`AND a.site_id IN (${ids(scope.sites)})`;
  return sql`
    SELECT a.id, a.at, a.actor_id, a.actor_username, a.actor_role, a.action, a.entity_type, a.entity_id, a.site_id,
      a.old_value, a.new_value, a.reason,
      COALESCE(fp.subject_id, q.subject_id, sg.subject_id, att.subject_id, pp.subject_id, ev.subject_id, sr.subject_id, sb.id, sl.subject_id) AS subject_id,
      COALESCE(fp.event_instance_id, q.event_instance_id, sg.event_instance_id, att.event_instance_id, pp.event_instance_id, ev.id, sl.event_instance_id) AS event_instance_id,
      COALESCE(fp.id, q.panel_instance_id, sg.panel_instance_id, att.panel_instance_id, pp.id) AS panel_instance_id,
      CASE WHEN a.entity_type IN (${ids(FIELD_TYPES)}) AND a.entity_id ~ ${FIELD_ID}
        THEN substr(a.entity_id, strpos(a.entity_id, ':') + 1) ELSE COALESCE(q.path, att.path) END AS path
    FROM audit_log a
    LEFT JOIN panel_instances fp ON a.entity_type IN (${ids(FIELD_TYPES)}) 
      AND fp.id = CASE WHEN a.entity_id ~ ${FIELD_ID} THEN CAST(split_part(a.entity_id, ':', 1) AS integer) END
    LEFT JOIN queries q ON a.entity_type = 'query' AND q.id = CASE WHEN a.entity_id ~ ${ID} THEN CAST(a.entity_id AS integer) END
    LEFT JOIN signatures sg ON a.entity_type = 'signature' AND sg.id = CASE WHEN a.entity_id ~ ${ID} THEN CAST(a.entity_id AS integer) END
    LEFT JOIN attachments att ON a.entity_type = 'attachment' AND att.id = CASE WHEN a.entity_id ~ ${ID} THEN CAST(a.entity_id AS integer) END
    LEFT JOIN panel_instances pp ON a.entity_type IN (${ids(PANEL_TYPES)}) AND pp.id = CASE WHEN a.entity_id ~ ${ID} THEN CAST(a.entity_id AS integer) END
    LEFT JOIN event_instances ev ON a.entity_type = 'eventInstance' AND ev.id = CASE WHEN a.entity_id ~ ${ID} THEN CAST(a.entity_id AS integer) END
    LEFT JOIN subject_requests sr ON a.entity_type = 'subject_request' AND sr.id = CASE WHEN a.entity_id ~ ${ID} THEN CAST(a.entity_id AS integer) END
    LEFT JOIN subjects sb ON a.entity_type = 'subject' AND sb.id = CASE WHEN a.entity_id ~ ${ID} THEN CAST(a.entity_id AS integer) END
    LEFT JOIN survey_links sl ON a.entity_type = 'surveyLink' AND sl.id = CASE WHEN a.entity_id ~ ${ID} THEN CAST(a.entity_id AS integer) END
    WHERE a.project_id = ${scope.projectId} AND a.env = ${scope.env} AND a.site_id IS NOT NULL ${siteCondition}`;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: TrailFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filter.siteId !== undefined) parts.push(sql`l.site_id = ${filter.siteId}`);
  if (filter.subjectId !== undefined) parts.push(sql`l.subject_id = ${filter.subjectId}`);
  if (filter.subject !== undefined) {
    const pattern = `%${escapeLike(filter.subject)}%`;
    parts.push(sql`(s.platform_no ILIKE ${pattern} OR s.subject_code ILIKE ${pattern})`);
  }
  if (filter.eventId !== undefined) parts.push(sql`e.event_id = ${filter.eventId}`);
  if (filter.instrumentId !== undefined) parts.push(sql`p.instrument_id = ${filter.instrumentId}`);
  if (filter.userId !== undefined) parts.push(sql`l.actor_id = ${filter.userId}`);
  if (filter.action !== undefined) {
    parts.push(filter.action.endsWith('.*') ? sql`l.action LIKE ${`${escapeLike(filter.action.slice(0, -1))}%`}` : sql`l.action = ${filter.action}`);
  }
  if (filter.from !== undefined) parts.push(sql`l.at >= ${filter.from}`);
  if (filter.to !== undefined) parts.push(sql`l.at <= ${filter.to}`);
  if (filter.field) {
    const { panelInstanceId, paths, likePaths, queryIds, signatureIds } = filter.field;
    const either: RawBuilder<unknown>[] = [];
    const fieldIds = paths.map((path) => `${String(panelInstanceId)}:${path}`);
    if (fieldIds.length > 0) either.push(sql`(l.entity_type IN (${ids(FIELD_TYPES)}) AND l.entity_id IN (${ids(fieldIds)}))`);
    for (const like of likePaths) either.push(sql`(l.entity_type = 'field' AND l.entity_id LIKE ${`${String(panelInstanceId)}:${like}`})`);
    if (queryIds.length > 0) either.push(sql`(l.entity_type = 'query' AND l.entity_id IN (${ids(queryIds.map(String))}))`);
    if (signatureIds.length > 0) either.push(sql`(l.entity_type = 'signature' AND l.entity_id IN (${ids(signatureIds.map(String))}))`);
    parts.push(either.length === 0 ? sql`false` : sql`(${sql.join(either, sql` OR `)})`);
  }
  return sql.join(parts, sql` AND `);
}

const ORDER = { asc: sql`ASC`, desc: sql`DESC` } as const;

/** Audit rows of the scope under a filter, by sequence id, a page at a time (all when `limit` is null). */
export async function trailRows(db: Executor, scope: TrailScope, filter: TrailFilter, order: 'asc' | 'desc', limit: number | null = null, offset = 0): Promise<TrailRow[]> {
  const page = limit === null ? sql`` : sql`LIMIT ${limit} OFFSET ${offset}`;
  const result = await sql<TrailRow>`
    WITH l AS (${located(scope)})
    SELECT l.id, l.at, l.actor_id, l.actor_username, u.name AS actor_name, l.actor_role, l.action, l.entity_type, l.entity_id,
      l.site_id, ps.name AS site_name, ps.name_en AS site_name_en, l.old_value, l.new_value, l.reason, l.subject_id, s.platform_no, s.subject_code,
      e.event_id, e.seq AS event_seq, p.instrument_id, p.design_version_id, l.path
    FROM l
    LEFT JOIN users u ON u.id = l.actor_id
    LEFT JOIN project_sites ps ON ps.id = l.site_id
    LEFT JOIN subjects s ON s.id = l.subject_id
    LEFT JOIN event_instances e ON e.id = l.event_instance_id
    LEFT JOIN panel_instances p ON p.id = l.panel_instance_id
    WHERE ${conditions(filter)}
    ORDER BY l.id ${ORDER[order]}
    ${page}`.execute(db);
  return result.rows;
}

export async function countTrailRows(db: Executor, scope: TrailScope, filter: TrailFilter): Promise<number> {
  const result = await sql<{ count: string }>`
    WITH l AS (${located(scope)})
    SELECT count(*) AS count FROM l
    LEFT JOIN subjects s ON s.id = l.subject_id
    LEFT JOIN event_instances e ON e.id = l.event_instance_id
    LEFT JOIN panel_instances p ON p.id = l.panel_instance_id
    WHERE ${conditions(filter)}`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** Ids of the queries raised on some fields of a panel instance. */
export async function queryIdsAt(db: Executor, panelInstanceId: number, paths: readonly string[]): Promise<number[]> {
  if (paths.length === 0) return [];
  const rows = await db.selectFrom('queries').select('id').where('panel_instance_id', '=', panelInstanceId).where('path', 'in', [...paths]).execute();
  return rows.map((row) => row.id);
}

/** Ids of the signatures whose scope holds a panel instance: the panel's own, its visit's and its subject's. */
export async function signatureIdsOver(db: Executor, panel: { id: number; event_instance_id: number; subject_id: number }): Promise<number[]> {
  const rows = await db
    .selectFrom('signatures')
    .select('id')
    .where('subject_id', '=', panel.subject_id)
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'panel'), eb('panel_instance_id', '=', panel.id)]),
        eb.and([eb('scope', '=', 'event'), eb('event_instance_id', '=', panel.event_instance_id)]),
        eb('scope', '=', 'subject'),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The sites of a project within a scope, in code order. */
export async function sitesIn(db: Executor, projectId: number, sites: readonly number[] | null): Promise<{ id: number; code: string; name: string; name_en: string | null }[]> {
  let query = db.selectFrom('project_sites').select(['id', 'code', 'name', 'name_en']).where('project_id', '=', projectId);
  if (sites !== null) query = sites.length === 0 ? query.where((eb) => eb.val(false)) : query.where('id', 'in', [...sites]);
  return query.orderBy('code').execute();
}

/** Everyone who left an audit row on study data of the scope. */
export async function actorsIn(db: Executor, scope: TrailScope): Promise<{ id: number; name: string; username: string }[]> {
  let query = db
    .selectFrom('audit_log as a')
    .innerJoin('users as u', 'u.id', 'a.actor_id')
    .select(['u.id', 'u.name', 'u.username'])
    .distinct()
    .where('a.project_id', '=', scope.projectId)
    .where('a.env', '=', scope.env)
    .where('a.site_id', 'is not', null);
  if (scope.sites !== null) query = scope.sites.length === 0 ? query.where((eb) => eb.val(false)) : query.where('a.site_id', 'in', [...scope.sites]);
  return query.orderBy('u.username').execute();
}
