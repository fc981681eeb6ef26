import type { OptionItem, Widget } from '@dcap/core';
import { createWidget } from '@dcap/core';
import { sql } from 'kysely';
import type { App } from '../app.js';

/**
 * A generated study for exports at a real study's size (docs/decisions.md, "Exports"): the design is made
 * through the API (project, two sites, one panel of `fields` fields on `visits` visits, published to test),
 * then subjects, their visits, panels and every field's value are written with set-based SQL, as migration
 * 0015's tables hold them. Values follow from subject, visit and field numbers (`generatedValue`), so a
 * reader of the export can check every one. Used by the export tests (on the PostgreSQL server) and by
 * `npm run bench:export`; it asks no test framework for anything.
 */
export interface GeneratedStudy {
  projectId: number;
  envId: number;
  designVersionId: number;
  instrumentId: number;
  eventIds: number[];
  siteIds: number[];
  /** Field models in panel order, with their kind. */
  fields: { model: string; kind: FieldKind }[];
  subjects: number;
  /** A token of the platform administrator working in the study's test environment. */
  token: string;
}

export type FieldKind = 'text' | 'number' | 'choice';

export const GENERATED_ABBR = 'GEN';

/** What field `f` (1-based) of visit `v` of subject `s` holds. */
export function generatedValue(kind: FieldKind, s: number, v: number, f: number): string | number {
  if (kind === 'number') return ((s * 7 + v * 3 + f) % 1000) + 0.5;
  if (kind === 'choice') return String(((s + v + f) % 3) + 1);
  return `v${String(s)}.${String(v)}.${String(f)}`;
}

/** Field `f` is a number every third field, a choice every tenth, text otherwise. */
export const generatedKind = (f: number): FieldKind => (f % 10 === 0 ? 'choice' : f % 3 === 0 ? 'number' : 'text');

const CHOICES: OptionItem[] = [
  { key: '1', value: '1', label: '轻度', labelEn: 'Mild' },
  { key: '2', value: '2', label: '中度', labelEn: 'Moderate' },
  { key: '3', value: '3', label: '重度', labelEn: 'Severe' },
];

interface Reply {
  statusCode: number;
  json(): unknown;
}

export async function buildGeneratedStudy(app: App, admin: { username: string; password: string }, options: { code: string; subjects: number; visits: number; fields: number }): Promise<GeneratedStudy> {
  let token = '';
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> => {
    const reply: Reply = await app.fastify.inject({ method, url, headers: token ? { token } : {}, ...(body === undefined ? {} : { payload: body as object }) });
    const parsed = reply.json() as { data: unknown; msg: string };
    if (reply.statusCode !== 200) throw new Error(`${method} ${url}: ${String(reply.statusCode)} ${parsed.msg}`);
    return parsed.data;
  };
  const db = app.deps.db;
  await db.updateTable('users').set({ must_change_password: false }).where('username', '=', admin.username).execute();
  token = ((await call('POST', '/dcap/login', admin)) as { token: string }).token;
  const applied = (await call('POST', '/dcap/project/apply', { code: options.code, name: `Generated ${options.code}` })) as { id: number };
  const projectId = applied.id;
  await call('GET', `/dcap/project/nextStep/${String(projectId)}/0`);
  const siteIds: number[] = [];
  for (const code of ['G1', 'G2']) {
    const unit = (await call('POST', '/dcap/sys/unit/save', { code: `${options.code}-${code}`, name: `医院 ${code}`, eName: `Hospital ${code}` })) as { id: number };
    siteIds.push(((await call('POST', '/dcap/projectSite/save', { projectId, unitId: unit.id, code })) as { id: number }).id);
  }
  await call('GET', `/dcap/project/store/${String(projectId)}`);
  await call('GET', '/dcap/projectEnv/selectEnv/dev');
  const fields: GeneratedStudy['fields'] = [];
  const used = new Set<string>();
  const list: Widget[] = [];
  for (let f = 1; f <= options.fields; f += 1) {
    const kind = generatedKind(f);
    const base = createWidget(kind === 'choice' ? 'radio' : kind === 'number' ? 'number' : 'input', used);
    const model = `F${String(f).padStart(3, '0')}`;
    used.add(model);
    list.push({ ...base, key: model, model, name: `字段${String(f)}`, nameEn: `Field ${String(f)}`, options: { ...base.options, ...(kind === 'choice' ? { options: CHOICES } : {}) } });
    fields.push({ model, kind });
  }
  const instrument = (await call('POST', '/dcap/project/instrument/save', { projectId, name: '生成表单', nameEn: 'Generated panel', nameAbbr: GENERATED_ABBR })) as { id: number };
  await call('POST', '/dcap/project/field/saveAllCfg', { instrumentId: instrument.id, list, config: { labelWidth: 8, labelPosition: 'right' } });
  const eventIds: number[] = [];
  for (let v = 1; v <= options.visits; v += 1) {
    const event = (await call('POST', '/dcap/project/event/save', { projectId, name: `访视${String(v)}`, nameEn: `Visit ${String(v)}`, type: 'TREATMENT', offsetDays: v * 7 })) as { id: number };
    eventIds.push(event.id);
  }
  await call('POST', '/dcap/project/eventInstrument/saveMatrix', { projectId, cells: eventIds.map((eventId) => ({ eventId, instrumentId: instrument.id })) });
  await call('POST', '/dcap/project/design/publish', { projectId, target: 'uat', note: 'Generated study' });
  await db.updateTable('projects').set({ status: 'TEST' }).where('id', '=', projectId).execute();
  await call('GET', '/dcap/projectEnv/selectEnv/uat');
  const env = await db.selectFrom('project_envs').select('id').where('project_id', '=', projectId).where('key', '=', 'uat').executeTakeFirstOrThrow();
  const version = await db.selectFrom('design_versions').select('id').where('project_id', '=', projectId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const adminId = (await db.selectFrom('users').select('id').where('username', '=', admin.username).executeTakeFirstOrThrow()).id;

  // Subject s sits at site (s mod 2); its visits are numbered by event order, its one panel per visit holds
  // every field. `generatedValue` says the same in TypeScript.
  await sql`
    INSERT INTO subjects (project_id, env_id, site_id, platform_no, subject_code, status, design_version_id, created_by)
    SELECT ${projectId}, ${env.id}, (${sql.val(siteIds)}::int[])[1 + s % 2], 'G' || lpad(s::text, 7, '0'), 'S' || lpad(s::text, 7, '0'),
      'RECORD_STATUS_SCREENING', ${version.id}, ${adminId}
    FROM generate_series(1, ${options.subjects}) AS s`.execute(db);
  await sql`
    INSERT INTO event_instances (project_id, env_id, site_id, subject_id, design_version_id, event_id, seq, created_by)
    SELECT s.project_id, s.env_id, s.site_id, s.id, ${version.id}, e.event_id, 1, ${adminId}
    FROM subjects s CROSS JOIN unnest(${sql.val(eventIds)}::int[]) AS e(event_id)
    WHERE s.project_id = ${projectId}`.execute(db);
  await sql`
    INSERT INTO panel_instances (project_id, env_id, site_id, subject_id, event_instance_id, instrument_id, design_version_id, seq, version, status, first_saved_at, created_by, updated_by)
    SELECT e.project_id, e.env_id, e.site_id, e.subject_id, e.id, ${instrument.id}, ${version.id}, 1, 1, 'COMPLETED', now(), ${adminId}, ${adminId}
    FROM event_instances e WHERE e.project_id = ${projectId}`.execute(db);
  await sql`
    INSERT INTO field_values (panel_instance_id, path, value, status, saved, updated_by)
    SELECT p.id, f.model,
      CASE f.kind
        WHEN 'number' THEN to_jsonb(((sub.n * 7 + v.n * 3 + f.n) % 1000) + 0.5)
        WHEN 'choice' THEN to_jsonb((((sub.n + v.n + f.n) % 3) + 1)::text)
        ELSE to_jsonb('v' || sub.n || '.' || v.n || '.' || f.n)
      END,
      'COMPLETED', true, ${adminId}
    FROM panel_instances p
    JOIN event_instances e ON e.id = p.event_instance_id
    JOIN unnest(${sql.val(eventIds)}::int[]) WITH ORDINALITY AS v(event_id, n) ON v.event_id = e.event_id
    JOIN subjects s ON s.id = p.subject_id
    CROSS JOIN LATERAL (SELECT substr(s.platform_no, 2)::int AS n) AS sub
    CROSS JOIN unnest(${sql.val(fields.map((field) => field.model))}::text[], ${sql.val(fields.map((field) => field.kind))}::text[]) WITH ORDINALITY AS f(model, kind, n)
    WHERE p.project_id = ${projectId}`.execute(db);
  await sql`ANALYZE subjects, event_instances, panel_instances, field_values`.execute(db);
  return { projectId, envId: env.id, designVersionId: version.id, instrumentId: instrument.id, eventIds, siteIds, fields, subjects: options.subjects, token };
}
