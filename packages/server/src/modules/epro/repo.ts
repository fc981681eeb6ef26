import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Json } from '../../db/tables/columns.js';
import type { EnvRow, EventInstanceRow, FieldValueRow, PanelInstanceRow, SubjectRow, SurveyLinkRow, SurveyLinksTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of subject questionnaires (migration 0026). */

export async function insertLink(db: Executor, values: Insertable<SurveyLinksTable>, panelIds: readonly number[]): Promise<SurveyLinkRow> {
  const link = await db.insertInto('survey_links').values(values).returningAll().executeTakeFirstOrThrow();
  await db
    .insertInto('survey_link_panels')
    .values(panelIds.map((id) => ({ link_id: link.id, panel_instance_id: id })))
    .execute();
  return link;
}

export async function findLink(db: Executor, id: number, lock = false): Promise<SurveyLinkRow | undefined> {
  const query = db.selectFrom('survey_links').selectAll().where('id', '=', id);
  return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export async function findLinkByHash(db: Executor, tokenHash: string, lock = false): Promise<SurveyLinkRow | undefined> {
  const query = db.selectFrom('survey_links').selectAll().where('token_hash', '=', tokenHash);
  return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

/** The panel instances a link may write, in id order. */
export async function linkPanels(db: Executor, linkId: number): Promise<PanelInstanceRow[]> {
  return db
    .selectFrom('survey_link_panels as l')
    .innerJoin('panel_instances as p', 'p.id', 'l.panel_instance_id')
    .selectAll('p')
    .where('l.link_id', '=', linkId)
    .orderBy('p.id')
    .execute();
}

/** A subject's links, newest first, with their creator's name. */
export async function linksOfSubject(db: Executor, subjectId: number): Promise<(SurveyLinkRow & { creator: string | null })[]> {
  return db
    .selectFrom('survey_links as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .selectAll('s')
    .select('u.username as creator')
    .where('s.subject_id', '=', subjectId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(200)
    .execute();
}

export async function panelsOfLinks(db: Executor, linkIds: readonly number[]): Promise<{ link_id: number; panel_instance_id: number; instrument_id: number; design_version_id: number }[]> {
  if (linkIds.length === 0) return [];
  return db
    .selectFrom('survey_link_panels as l')
    .innerJoin('panel_instances as p', 'p.id', 'l.panel_instance_id')
    .select(['l.link_id', 'l.panel_instance_id', 'p.instrument_id', 'p.design_version_id'])
    .where('l.link_id', 'in', linkIds)
    .orderBy('l.panel_instance_id')
    .execute();
}

/** The latest outbox message of each link: its channel and status. */
export async function latestMessages(db: Executor, linkIds: readonly number[]): Promise<{ link_id: number; channel: 'email' | 'wechat'; status: string }[]> {
  if (linkIds.length === 0) return [];
  return db
    .selectFrom('survey_link_messages as l')
    .innerJoin('outbound_messages as m', 'm.id', 'l.message_id')
    .select(['l.link_id', 'm.channel', 'm.status'])
    .distinctOn('l.link_id')
    .where('l.link_id', 'in', linkIds)
    .orderBy('l.link_id')
    .orderBy('m.id', 'desc')
    .execute();
}

export async function insertLinkMessages(db: Executor, linkId: number, messageIds: readonly number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .insertInto('survey_link_messages')
    .values(messageIds.map((id) => ({ link_id: linkId, message_id: id })))
    .execute();
}

export async function setRevoked(db: Executor, id: number, by: number, at: Date): Promise<SurveyLinkRow> {
  return db.updateTable('survey_links').set({ revoked_at: at, revoked_by: by }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function setEntered(db: Executor, id: number, at: Date): Promise<SurveyLinkRow> {
  return db.updateTable('survey_links').set({ entered_at: at }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The panel instances of a visit instance, in id order. */
export async function panelsOfEvent(db: Executor, eventInstanceId: number): Promise<PanelInstanceRow[]> {
  return db.selectFrom('panel_instances').selectAll().where('event_instance_id', '=', eventInstanceId).orderBy('id').execute();
}

export async function findSubject(db: Executor, id: number): Promise<SubjectRow | undefined> {
  return db.selectFrom('subjects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The subject locked for the rest of the transaction (a change of its WeChat ids). */
export async function lockSubject(db: Executor, id: number): Promise<SubjectRow | undefined> {
  return db.selectFrom('subjects').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Replaces the subject's WeChat ids (the column's table type names no update type of its own). */
export async function setWechatIds(db: Executor, id: number, ids: Record<string, unknown>): Promise<void> {
  await db.updateTable('subjects').set({ wechat_ids: sql<Json>`${JSON.stringify(ids)}::jsonb` }).where('id', '=', id).execute();
}

export async function findEventInstance(db: Executor, id: number): Promise<EventInstanceRow | undefined> {
  return db.selectFrom('event_instances').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findEnv(db: Executor, id: number): Promise<EnvRow | undefined> {
  return db.selectFrom('project_envs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function projectNames(db: Executor, id: number): Promise<{ name: string; name_en: string | null } | undefined> {
  return db.selectFrom('projects').select(['name', 'name_en']).where('id', '=', id).executeTakeFirst();
}

/** Calls of the public page since a time: from one address, and with one token. */
export async function countHits(db: Executor, ip: string, tokenHash: string, since: Date): Promise<{ byAddress: number; byToken: number }> {
  const row = await db
    .selectFrom('survey_hits')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('ip', '=', ip).as('byAddress'),
      eb.fn.countAll<number>().filterWhere('token_hash', '=', tokenHash).as('byToken'),
    ])
    .where('at', '>', since)
    .where((eb) => eb.or([eb('ip', '=', ip), eb('token_hash', '=', tokenHash)]))
    .executeTakeFirstOrThrow();
  return { byAddress: row.byAddress, byToken: row.byToken };
}

/** Records a call of the public page and forgets those older than `forgetBefore`. */
export async function recordHit(db: Executor, ip: string, tokenHash: string, at: Date, forgetBefore: Date): Promise<void> {
  await db.deleteFrom('survey_hits').where('at', '<', forgetBefore).execute();
  await db.insertInto('survey_hits').values({ ip, token_hash: tokenHash, at }).execute();
}

export async function panelFieldValues(db: Executor, panelInstanceId: number): Promise<FieldValueRow[]> {
  return db.selectFrom('field_values').selectAll().where('panel_instance_id', '=', panelInstanceId).orderBy('path').execute();
}

/** A panel instance locked for the rest of the transaction (a questionnaire save). */
export async function lockPanel(db: Executor, id: number): Promise<PanelInstanceRow | undefined> {
  return db.selectFrom('panel_instances').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
