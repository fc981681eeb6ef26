import type { SiteScope } from '@dcap/core';
import { STUDY_TIME_ZONE } from '@dcap/core';
import type { ExpressionBuilder, Insertable, Selectable, SqlBool, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database, SubjectRequestsTable, SubjectRow, SubjectsTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** A subject with its site's code and names and the usernames of who created and enrolled it. */
export type SubjectWithSite = SubjectRow & {
  site_code: string;
  site_name: string;
  site_name_en: string | null;
  created_by_name: string | null;
  enrolled_by_name: string | null;
  pending_rollback: SqlBool;
};

function withSite(db: Executor) {
  return db
    .selectFrom('subjects as s')
    .innerJoin('project_sites as ps', 'ps.id', 's.site_id')
    .leftJoin('users as cu', 'cu.id', 's.created_by')
    .leftJoin('users as eu', 'eu.id', 's.enrolled_by')
    .selectAll('s')
    .select(['ps.code as site_code', 'ps.name as site_name', 'ps.name_en as site_name_en', 'cu.username as created_by_name', 'eu.username as enrolled_by_name'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('subject_requests as r').select('r.id').whereRef('r.subject_id', '=', 's.id').where('r.state', '=', 'pending'))
        .as('pending_rollback'),
    );
}

export async function findSubjectWithSite(db: Executor, id: number): Promise<SubjectWithSite | undefined> {
  return withSite(db).where('s.id', '=', id).executeTakeFirst();
}

/** Locks the subject row for a change (its status, information or enrolment). */
export async function lockSubject(db: Executor, id: number): Promise<SubjectRow | undefined> {
  return db.selectFrom('subjects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface SubjectFilter {
  projectId: number;
  envId: number;
  sites: SiteScope;
  siteId?: number;
  status?: string;
  subjectCode?: string;
  initials?: string;
  screeningNo?: string;
  createdFrom?: string;
  createdTo?: string;
  enrolledFrom?: string;
  enrolledTo?: string;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filter's conditions but the status one (the status counts are taken under all the others). */
function filtered(eb: ExpressionBuilder<Database & { s: SubjectsTable }, 's'>, filter: SubjectFilter) {
  const conditions = [eb('s.project_id', '=', filter.projectId), eb('s.env_id', '=', filter.envId), eb('s.status', '<>', 'DEL')];
  if (filter.sites !== 'all') conditions.push(filter.sites.length === 0 ? eb.val(false) : eb('s.site_id', 'in', [...filter.sites]));
  if (filter.siteId !== undefined) conditions.push(eb('s.site_id', '=', filter.siteId));
  if (filter.subjectCode) {
    const pattern = like(filter.subjectCode);
    conditions.push(eb.or([eb('s.subject_code', 'ilike', pattern), eb('s.platform_no', 'ilike', pattern), eb('s.random_no', 'ilike', pattern)]));
  }
  if (filter.initials) conditions.push(eb('s.initials', 'ilike', like(filter.initials)));
  if (filter.screeningNo) conditions.push(eb('s.screening_no', 'ilike', like(filter.screeningNo)));
  // Days of the study's zone, as the schedule counts them (core studyToday).
  const day = (column: 's.created_at' | 's.enrolled_at') => sql<string>`(${sql.ref(column)} AT TIME ZONE ${STUDY_TIME_ZONE})::date`;
  if (filter.createdFrom) conditions.push(eb(day('s.created_at'), '>=', sql<string>`${filter.createdFrom}::date`));
  if (filter.createdTo) conditions.push(eb(day('s.created_at'), '<=', sql<string>`${filter.createdTo}::date`));
  if (filter.enrolledFrom) conditions.push(eb(day('s.enrolled_at'), '>=', sql<string>`${filter.enrolledFrom}::date`));
  if (filter.enrolledTo) conditions.push(eb(day('s.enrolled_at'), '<=', sql<string>`${filter.enrolledTo}::date`));
  return eb.and(conditions);
}

/** One page of subjects under the filter, newest first, with the total. */
export async function listSubjects(db: Executor, filter: SubjectFilter, page: { offset: number; limit: number }): Promise<{ rows: SubjectWithSite[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database & { s: SubjectsTable }, 's'>) =>
    filter.status === undefined ? filtered(eb, filter) : eb.and([filtered(eb, filter), eb('s.status', '=', filter.status)]);
  const rows = await withSite(db).where(where).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').offset(page.offset).limit(page.limit).execute();
  const total = await db
    .selectFrom('subjects as s')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** Subjects per status under every filter but the status. */
export async function countByStatus(db: Executor, filter: SubjectFilter): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('subjects as s')
    .select(['s.status', (eb) => eb.fn.countAll<string>().as('n')])
    .where((eb) => filtered(eb, filter))
    .groupBy('s.status')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** Subjects of the site and environment with this name (case and surrounding spaces ignored), not deleted. */
export async function sameNameAtSite(db: Executor, envId: number, siteId: number, name: string, exceptId?: number): Promise<number> {
  let query = db
    .selectFrom('subjects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('env_id', '=', envId)
    .where('site_id', '=', siteId)
    .where('status', '<>', 'DEL')
    .where(sql<string>`lower(trim(name))`, '=', name.trim().toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function subjectCodeTaken(db: Executor, envId: number, code: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('subjects')
    .select('id')
    .where('env_id', '=', envId)
    .where('status', '<>', 'DEL')
    .where(sql<string>`lower(subject_code)`, '=', code.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Locks the site row, so two subjects added at once at one site never draw the same platform number. */
export async function lockSite(db: Executor, siteId: number): Promise<{ id: number; project_id: number; code: string; status: string } | undefined> {
  return db.selectFrom('project_sites').select(['id', 'project_id', 'code', 'status']).where('id', '=', siteId).forUpdate().executeTakeFirst();
}

/** How many subjects the site has had in the environment, deleted ones included (platform numbers are never reused). */
export async function subjectsEverAtSite(db: Executor, envId: number, siteId: number): Promise<number> {
  const row = await db
    .selectFrom('subjects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('env_id', '=', envId)
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function platformNoTaken(db: Executor, envId: number, platformNo: string): Promise<boolean> {
  return (await db.selectFrom('subjects').select('id').where('env_id', '=', envId).where('platform_no', '=', platformNo).executeTakeFirst()) !== undefined;
}

export async function insertSubject(db: Executor, values: Insertable<SubjectsTable>): Promise<SubjectRow> {
  return db.insertInto('subjects').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateSubject(db: Executor, id: number, values: Updateable<SubjectsTable>): Promise<SubjectRow> {
  return db
    .updateTable('subjects')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The statuses of the subject's panel instances, for the completion rule. */
export async function panelStatuses(db: Executor, subjectId: number): Promise<{ id: number; status: string }[]> {
  return db.selectFrom('panel_instances').select(['id', 'status']).where('subject_id', '=', subjectId).execute();
}

/** The sites of the project within a scope, by code. */
export async function scopedSites(db: Executor, projectId: number, scope: SiteScope): Promise<{ id: number; code: string; name: string; name_en: string | null }[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  let query = db.selectFrom('project_sites').select(['id', 'code', 'name', 'name_en']).where('project_id', '=', projectId).where('status', '=', 'active');
  if (scope !== 'all') query = query.where('id', 'in', [...scope]);
  return query.orderBy('code').orderBy('id').execute();
}

/** The project's configuration flags, read inside the enrolment's transaction. */
export async function projectOf(db: Executor, projectId: number): Promise<{ config: Record<string, unknown> }> {
  return db.selectFrom('projects').select('config').where('id', '=', projectId).executeTakeFirstOrThrow();
}

export async function envKey(db: Executor, envId: number): Promise<string | null> {
  return (await db.selectFrom('project_envs').select('key').where('id', '=', envId).executeTakeFirst())?.key ?? null;
}

// Requests (spec 002 §4: the screening-period plan rollback).

export type SubjectRequestWithNames = Selectable<SubjectRequestsTable> & {
  subject_platform_no: string;
  subject_code: string | null;
  subject_status: string;
  site_name: string;
  site_name_en: string | null;
  requested_by_name: string;
  decided_by_name: string | null;
};

function requestsWithNames(db: Executor) {
  return db
    .selectFrom('subject_requests as r')
    .innerJoin('subjects as s', 's.id', 'r.subject_id')
    .innerJoin('project_sites as ps', 'ps.id', 'r.site_id')
    .innerJoin('users as ru', 'ru.id', 'r.requested_by')
    .leftJoin('users as du', 'du.id', 'r.decided_by')
    .selectAll('r')
    .select([
      's.platform_no as subject_platform_no',
      's.subject_code as subject_code',
      's.status as subject_status',
      'ps.name as site_name',
      'ps.name_en as site_name_en',
      'ru.username as requested_by_name',
      'du.username as decided_by_name',
    ]);
}

export async function findRequest(db: Executor, id: number, lock = false): Promise<Selectable<SubjectRequestsTable> | undefined> {
  const query = db.selectFrom('subject_requests').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function findRequestWithNames(db: Executor, id: number): Promise<SubjectRequestWithNames | undefined> {
  return requestsWithNames(db).where('r.id', '=', id).executeTakeFirst();
}

export async function pendingRequest(db: Executor, subjectId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('subject_requests').select('id').where('subject_id', '=', subjectId).where('state', '=', 'pending').executeTakeFirst();
}

export async function insertRequest(db: Executor, values: Insertable<SubjectRequestsTable>): Promise<Selectable<SubjectRequestsTable>> {
  return db.insertInto('subject_requests').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function decideRequest(db: Executor, id: number, values: Updateable<SubjectRequestsTable>): Promise<void> {
  await db.updateTable('subject_requests').set(values).where('id', '=', id).execute();
}

export async function listRequests(
  db: Executor,
  filter: { projectId: number; envId: number; sites: SiteScope; state?: string; subjectId?: number },
  page: { offset: number; limit: number },
): Promise<{ rows: SubjectRequestWithNames[]; total: number }> {
  if (filter.sites !== 'all' && filter.sites.length === 0) return { rows: [], total: 0 };
  const sites = filter.sites;
  const where = (eb: ExpressionBuilder<Database & { r: SubjectRequestsTable }, 'r'>) => {
    const conditions = [eb('r.project_id', '=', filter.projectId), eb('r.env_id', '=', filter.envId)];
    if (sites !== 'all') conditions.push(eb('r.site_id', 'in', [...sites]));
    if (filter.state) conditions.push(eb('r.state', '=', filter.state as 'pending'));
    if (filter.subjectId !== undefined) conditions.push(eb('r.subject_id', '=', filter.subjectId));
    return eb.and(conditions);
  };
  const rows = await requestsWithNames(db).where(where).orderBy('r.requested_at', 'desc').orderBy('r.id', 'desc').offset(page.offset).limit(page.limit).execute();
  const total = await db
    .selectFrom('subject_requests as r')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** The subject's event instances of the given design events (the screening events a rollback re-plans). */
export async function eventInstancesOf(db: Executor, subjectId: number, eventIds: readonly number[]): Promise<{ id: number; event_id: number; planned_date: string | null }[]> {
  if (eventIds.length === 0) return [];
  return db.selectFrom('event_instances').select(['id', 'event_id', 'planned_date']).where('subject_id', '=', subjectId).where('event_id', 'in', [...eventIds]).execute();
}

export async function replanEventInstance(
  db: Executor,
  id: number,
  values: { planned_date: string | null; window_start: string | null; window_end: string | null; actual_date: null },
): Promise<void> {
  await db.updateTable('event_instances').set(values).where('id', '=', id).execute();
}
