import type { App } from '@dcap/server/src/app.js';
import type { GeneratedStudy } from '@dcap/server/src/test/generated-study.js';
import { buildGeneratedStudy } from '@dcap/server/src/test/generated-study.js';
import { sql } from 'kysely';

/**
 * The study the analytics benchmark reads (docs/decisions.md "Analytics"): the generated study (two sites,
 * `subjects` × `visits` panels of `fields` values, written with set-based SQL), then given with more
 * set-based SQL what the charts count: subjects in screening, failed (with a reason) and enrolled over a
 * year, randomised to two arms; visit dates and windows, some visits done out of window or not at all;
 * panels first saved days after the visit; a third of the values verified; a query on one panel in
 * twenty, answered and closed at different speeds; a target per site. The administrator works in the test
 * environment through an unblinded role, so arm splits are measured too.
 */
export interface AnalyticsStudy {
  generated: GeneratedStudy;
  token: string;
  /** A numeric and a choice field of the generated panel. */
  numericField: string;
  choiceField: string;
}

export async function prepareAnalyticsStudy(app: App, admin: { username: string; password: string }, options: { subjects: number; visits: number; fields: number }): Promise<AnalyticsStudy> {
  const generated = await buildGeneratedStudy(app, admin, { code: 'BANL', ...options });
  const { projectId, eventIds, siteIds } = generated;
  const db = app.deps.db;
  const token = generated.token;
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> => {
    const reply = await app.fastify.inject({ method, url, headers: { token }, ...(body === undefined ? {} : { payload: body as object }) });
    const parsed = reply.json<{ data: unknown; msg: string }>();
    if (reply.statusCode !== 200) throw new Error(`${method} ${url}: ${String(reply.statusCode)} ${parsed.msg}`);
    return parsed.data;
  };
  await db.updateTable('projects').set({ blind_method: 'D', group_scheme: 'PROJECT_GROUP_SCHEME_RAND' }).where('id', '=', projectId).execute();
  const adminId = (await db.selectFrom('users').select('id').where('username', '=', admin.username).executeTakeFirstOrThrow()).id;
  const stat = (await call('POST', '/dcap/projectRole/saveRole', { projectId, alias: 'Statistician', institutionIds: 'all', unblind: true, projectDesignAndSetup: true })) as { id: number };
  await call('POST', `/dcap/projectRole/assignRole2User?projectId=${String(projectId)}`, { roleId: stat.id, userIds: [adminId] });
  await call('GET', `/dcap/project/store/${String(projectId)}`);
  await call('GET', `/dcap/projectRole/store/${String(stat.id)}`);
  await call('GET', '/dcap/projectEnv/selectEnv/uat');
  for (const [index, siteId] of siteIds.entries()) await call('POST', '/dcap/analytics/siteTarget', { siteId, target: Math.ceil(options.subjects / 2) + index * 100 });

  // Subject n (from its platform number): one in ten failed screening, one in ten still screening, the rest
  // enrolled on a day of the last year, three days after being added.
  await sql`
    UPDATE subjects s SET
      status = CASE WHEN x.n % 10 = 0 THEN 'SCREEN_FAILURE' WHEN x.n % 10 = 1 THEN 'RECORD_STATUS_SCREENING' WHEN x.n % 10 < 6 THEN 'ARMED' ELSE 'TESTING' END,
      status_reason = CASE WHEN x.n % 10 = 0 THEN (ARRAY['Age out of range', 'Consent withdrawn', 'Lab values', 'Other'])[1 + x.n % 4] END,
      created_at = now() - ((x.n % 365) + 3) * interval '1 day',
      status_changed_at = now() - (x.n % 365) * interval '1 day',
      enrolled_at = CASE WHEN x.n % 10 > 1 THEN now() - (x.n % 365) * interval '1 day' END,
      random_no = CASE WHEN x.n % 10 > 1 THEN 'R' || x.n END, treatment_phase = CASE WHEN x.n % 10 > 1 THEN 'T1' END, first_drug_no = CASE WHEN x.n % 10 > 1 THEN 'D' || x.n END
    FROM (SELECT id, substr(platform_no, 2)::int AS n FROM subjects WHERE project_id = ${projectId}) x
    WHERE s.id = x.id`.execute(db);
  await sql`
    INSERT INTO rand_allocations (project_id, env_id, subject_id, site_id, source, stratum, factors, arm, random_no, seq, draws, allocated_by, allocated_at)
    SELECT s.project_id, s.env_id, s.id, s.site_id, 'minimisation', '', '{}', CASE WHEN s.id % 2 = 0 THEN 'A' ELSE 'B' END, s.random_no,
      row_number() OVER (ORDER BY s.id), '[]', ${adminId}, s.enrolled_at
    FROM subjects s WHERE s.project_id = ${projectId} AND s.enrolled_at IS NOT NULL`.execute(db);
  // Visit n of a subject is planned 7·n days after it was added, ±3 days; one in seven is not done, one in
  // five done two days late; panels are first saved 0 to 3 days after the visit.
  await sql`
    UPDATE event_instances e SET
      planned_date = (s.created_at AT TIME ZONE 'Asia/Shanghai')::date + 7 * v.n,
      window_start = (s.created_at AT TIME ZONE 'Asia/Shanghai')::date + 7 * v.n - 3,
      window_end = (s.created_at AT TIME ZONE 'Asia/Shanghai')::date + 7 * v.n + 3,
      actual_date = CASE WHEN (s.created_at AT TIME ZONE 'Asia/Shanghai')::date + 7 * v.n + 2 <= current_date AND (s.id + v.n) % 7 <> 0
        THEN (s.created_at AT TIME ZONE 'Asia/Shanghai')::date + 7 * v.n + CASE WHEN (s.id + v.n) % 5 = 0 THEN 5 ELSE 0 END END
    FROM subjects s, (SELECT u.event_id, u.n::int AS n FROM unnest(${sql.val(eventIds)}::int[]) WITH ORDINALITY AS u(event_id, n)) v
    WHERE e.subject_id = s.id AND v.event_id = e.event_id AND s.project_id = ${projectId}`.execute(db);
  await sql`
    UPDATE panel_instances p SET
      first_saved_at = CASE WHEN e.actual_date IS NULL THEN NULL ELSE e.actual_date + ((p.id % 4) * interval '1 day') + interval '2 hours' END,
      updated_at = CASE WHEN e.actual_date IS NULL THEN p.updated_at ELSE e.actual_date + ((p.id % 4) * interval '1 day') + interval '2 hours' END
    FROM event_instances e WHERE e.id = p.event_instance_id AND p.project_id = ${projectId}`.execute(db);
  await sql`
    UPDATE field_values fv SET status = 'VERIFIED'
    FROM panel_instances p WHERE p.id = fv.panel_instance_id AND p.project_id = ${projectId} AND p.id % 3 = 0`.execute(db);
  // The counts every write keeps on the panel (core analytics panelValueCounts), as migration 0036 fills them.
  await sql`
    UPDATE panel_instances p SET values_entered = c.entered, values_verified = c.verified
    FROM (
      SELECT fv.panel_instance_id, count(*) FILTER (WHERE fv.status <> '') AS entered,
        count(*) FILTER (WHERE fv.status IN ('VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED')) AS verified
      FROM field_values fv JOIN panel_instances q ON q.id = fv.panel_instance_id WHERE q.project_id = ${projectId}
      GROUP BY fv.panel_instance_id
    ) c
    WHERE c.panel_instance_id = p.id`.execute(db);
  await sql`
    INSERT INTO queries (project_id, env_id, site_id, subject_id, event_instance_id, panel_instance_id, path, status, content, raised_by, raised_at, closed_by, closed_at)
    SELECT p.project_id, p.env_id, p.site_id, p.subject_id, p.event_instance_id, p.id, 'F003',
      (ARRAY['OPEN', 'ANSWERED', 'CLOSED', 'CLOSED', 'AUTO_CLOSED'])[1 + (p.id / 20) % 5], 'Please check', ${adminId},
      p.first_saved_at + interval '1 day',
      CASE WHEN (p.id / 20) % 5 >= 2 THEN ${adminId}::int END,
      CASE WHEN (p.id / 20) % 5 >= 2 THEN p.first_saved_at + interval '1 day' + ((p.id % 50) + 5) * interval '1 hour' END
    FROM panel_instances p WHERE p.project_id = ${projectId} AND p.first_saved_at IS NOT NULL AND p.id % 20 = 0`.execute(db);
  await sql`
    INSERT INTO query_comments (query_id, action, content, author_id, created_at)
    SELECT q.id, 'answer', 'Checked', ${adminId}, q.raised_at + ((q.id % 30) + 1) * interval '1 hour'
    FROM queries q WHERE q.project_id = ${projectId} AND q.status IN ('ANSWERED', 'CLOSED')`.execute(db);
  await sql`ANALYZE subjects, event_instances, panel_instances, field_values, queries, query_comments, rand_allocations`.execute(db);
  const numeric = generated.fields.find((field) => field.kind === 'number');
  const choice = generated.fields.find((field) => field.kind === 'choice');
  if (!numeric || !choice) throw new Error('the generated panel needs a numeric and a choice field');
  return { generated, token, numericField: numeric.model, choiceField: choice.model };
}
