import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { DesignVersionRow, FieldValueRow, PanelInstanceRow, PanelInstancesTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** The panel instance row, locked for the rest of the transaction when `lock` (a save compares its version). */
export async function findPanel(db: Executor, id: number, lock = false): Promise<PanelInstanceRow | undefined> {
  const query = db.selectFrom('panel_instances').selectAll().where('id', '=', id);
  return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export async function updatePanel(db: Executor, id: number, values: Updateable<PanelInstancesTable>): Promise<PanelInstanceRow> {
  return db.updateTable('panel_instances').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The design version a panel instance was made from (its snapshot holds the panel definition). */
export async function findDesignVersion(db: Executor, id: number): Promise<Pick<DesignVersionRow, 'id' | 'snapshot'> | undefined> {
  return db.selectFrom('design_versions').select(['id', 'snapshot']).where('id', '=', id).executeTakeFirst();
}

export async function fieldValues(db: Executor, panelInstanceId: number): Promise<FieldValueRow[]> {
  return db.selectFrom('field_values').selectAll().where('panel_instance_id', '=', panelInstanceId).orderBy('path').execute();
}

/** A field a save writes: its path, its value as JSON text and its status. */
export interface FieldWrite {
  path: string;
  value: string;
  status: string;
}

/**
 * Writes the fields of one save in one statement (a new path inserted, a stored one updated; frozen and
 * inactive states stay), the fields as one JSON parameter rather than seven parameters each.
 */
export async function upsertFieldValues(db: Executor, panelInstanceId: number, updatedBy: number | null, updatedAt: Date, fields: readonly FieldWrite[]): Promise<void> {
  if (fields.length === 0) return;
  await sql`
    INSERT INTO field_values (panel_instance_id, path, value, status, saved, updated_by, updated_at)
    SELECT ${panelInstanceId}::integer, r.path, r.value::jsonb, r.status, true, ${updatedBy}::integer, ${updatedAt}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(fields)}::jsonb) AS r(path text, value text, status text)
    ON CONFLICT (panel_instance_id, path) DO UPDATE
    SET value = EXCLUDED.value, status = EXCLUDED.status, saved = EXCLUDED.saved, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`.execute(db);
}

/** Removes the stored cells of deleted table rows (the audit row of the deletion keeps their values). */
export async function deleteFieldValues(db: Executor, panelInstanceId: number, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await db.deleteFrom('field_values').where('panel_instance_id', '=', panelInstanceId).where('path', 'in', paths).execute();
}

/** Open and answered queries of one panel instance, counted per path (spec 002 §4: they count as unclosed). */
export async function openQueryCountsByPath(db: Executor, panelInstanceId: number): Promise<{ path: string; count: number }[]> {
  const rows = await db
    .selectFrom('queries')
    .select(['path', (eb) => eb.fn.countAll<string>().as('count')])
    .where('panel_instance_id', '=', panelInstanceId)
    .where('status', 'in', ['OPEN', 'ANSWERED'])
    .groupBy('path')
    .execute();
  return rows.map((row) => ({ path: row.path, count: Number(row.count) }));
}

/** The other panel instances of the same subject and instrument (copy data from another instance). */
export async function siblingPanels(db: Executor, panel: Pick<PanelInstanceRow, 'id' | 'subject_id' | 'instrument_id'>): Promise<PanelInstanceRow[]> {
  return db
    .selectFrom('panel_instances')
    .selectAll()
    .where('subject_id', '=', panel.subject_id)
    .where('instrument_id', '=', panel.instrument_id)
    .where('id', '<>', panel.id)
    .orderBy('event_instance_id')
    .orderBy('seq')
    .execute();
}

/** Stored fields with the login name of whoever last wrote each. */
export async function fieldValuesWithUsers(db: Executor, panelInstanceId: number): Promise<(FieldValueRow & { username: string | null })[]> {
  return db
    .selectFrom('field_values as f')
    .leftJoin('users as u', 'u.id', 'f.updated_by')
    .selectAll('f')
    .select('u.username')
    .where('f.panel_instance_id', '=', panelInstanceId)
    .orderBy('f.path')
    .execute();
}

/**
 * The saves of a panel instance after a version (audit rows 'record.save', whose new value holds the version
 * the save produced and the paths it changed), oldest first: who changed what since a stale save's version.
 */
export async function savesAfter(db: Executor, panelInstanceId: number, version: number): Promise<{ by: string | null; at: Date; newValue: unknown }[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['actor_username', 'at', 'new_value'])
    .where('entity_type', '=', 'panel')
    .where('entity_id', '=', String(panelInstanceId))
    .where('action', 'in', ['record.save', 'record.copy'])
    .where(sql<number>`(new_value->>'version')::integer`, '>', version)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ by: row.actor_username, at: row.at, newValue: row.new_value }));
}

/** Unbroken signatures over a panel instance: its own, its visit's and its subject's. */
export async function activeSignatures(db: Executor, panel: Pick<PanelInstanceRow, 'id' | 'event_instance_id' | 'subject_id'>): Promise<{ signer_name: string; signed_at: Date }[]> {
  return db
    .selectFrom('signatures')
    .select(['signer_name', 'signed_at'])
    .where('subject_id', '=', panel.subject_id)
    .where('broken_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('scope', '=', 'subject'),
        eb.and([eb('scope', '=', 'event'), eb('event_instance_id', '=', panel.event_instance_id)]),
        eb.and([eb('scope', '=', 'panel'), eb('panel_instance_id', '=', panel.id)]),
      ]),
    )
    .orderBy('signed_at', 'desc')
    .execute();
}

/** The panel instances of one visit instance. */
export async function panelsOfEvent(db: Executor, eventInstanceId: number): Promise<PanelInstanceRow[]> {
  return db.selectFrom('panel_instances').selectAll().where('event_instance_id', '=', eventInstanceId).orderBy('seq').orderBy('id').execute();
}

export async function findEventInstance(db: Executor, id: number): Promise<{ id: number; event_id: number; seq: number } | undefined> {
  return db.selectFrom('event_instances').select(['id', 'event_id', 'seq']).where('id', '=', id).executeTakeFirst();
}

/** The events (visit and number) of the given visit instances. */
export async function eventInstances(db: Executor, ids: readonly number[]): Promise<{ id: number; event_id: number; seq: number }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('event_instances').select(['id', 'event_id', 'seq']).where('id', 'in', ids).execute();
}

/** The queries of a panel instance, newest first (the query dialog lists them by field). */
export async function panelQueries(db: Executor, panelInstanceId: number): Promise<{ id: number; path: string; status: string; content: string; content_en: string | null; raised_at: Date }[]> {
  return db
    .selectFrom('queries')
    .select(['id', 'path', 'status', 'content', 'content_en', 'raised_at'])
    .where('panel_instance_id', '=', panelInstanceId)
    .orderBy('id', 'desc')
    .execute();
}

/** What the entry page shows around a panel instance's fields, read in one statement (`panelSurroundings`). */
export interface PanelSurroundings {
  subject: { project_id: number; env_id: number; site_id: number; status: string; platform_no: string; subject_code: string | null; initials: string | null } | null;
  eventInstance: { id: number; event_id: number; seq: number } | null;
  openQueries: { path: string; count: number }[];
  signatures: { signer_name: string; signed_at: Date }[];
  visitPanels: { id: number; instrument_id: number; seq: number; status: string }[];
}

/**
 * The subject, the visit instance, the open and answered query counts per path, the unbroken signatures
 * over the panel instance (newest first; its own, its visit's, its subject's) and the panel instances of its
 * visit, in one statement: the answer of every save reads them, so one round trip instead of five.
 */
export async function panelSurroundings(db: Executor, panel: Pick<PanelInstanceRow, 'id' | 'event_instance_id' | 'subject_id'>): Promise<PanelSurroundings> {
  const { rows } = await sql<{ subject: PanelSurroundings['subject']; event_instance: PanelSurroundings['eventInstance']; open_queries: { path: string; count: number }[]; signatures: { signer_name: string; signed_at: string }[]; visit_panels: PanelSurroundings['visitPanels'] }>`
    SELECT
      (SELECT row_to_json(s) FROM (SELECT project_id, env_id, site_id, status, platform_no, subject_code, initials FROM subjects WHERE id = ${panel.subject_id}) s) AS subject,
      (SELECT row_to_json(e) FROM (SELECT id, event_id, seq FROM event_instances WHERE id = ${panel.event_instance_id}) e) AS event_instance,
      (SELECT coalesce(json_agg(q), '[]'::json) FROM (
        SELECT path, count(*)::integer AS count FROM queries
        WHERE panel_instance_id = ${panel.id} AND status IN ('OPEN', 'ANSWERED') GROUP BY path) q) AS open_queries,
      (SELECT coalesce(json_agg(g ORDER BY g.signed_at DESC), '[]'::json) FROM (
        SELECT signer_name, signed_at FROM signatures
        WHERE subject_id = ${panel.subject_id} AND broken_at IS NULL
          AND (scope = 'subject' OR (scope = 'event' AND event_instance_id = ${panel.event_instance_id}) OR (scope = 'panel' AND panel_instance_id = ${panel.id}))) g) AS signatures,
      (SELECT coalesce(json_agg(p ORDER BY p.seq, p.id), '[]'::json) FROM (
        SELECT id, instrument_id, seq, status FROM panel_instances WHERE event_instance_id = ${panel.event_instance_id}) p) AS visit_panels`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('panelSurroundings answered no row');
  return {
    subject: row.subject,
    eventInstance: row.event_instance,
    openQueries: row.open_queries,
    signatures: row.signatures.map((signature) => ({ signer_name: signature.signer_name, signed_at: new Date(signature.signed_at) })),
    visitPanels: row.visit_panels,
  };
}
