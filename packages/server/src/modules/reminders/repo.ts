import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { EventInstanceRow, VisitRemindersTable } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** SQL of visit reminders (migration 0027, docs/decisions.md "Visit reminders"). */

/** Claims an hour slot for its scan; false when some server claimed it already. */
export async function claimSlot(db: Executor, slot: Date): Promise<boolean> {
  const row = await db.insertInto('reminder_slots').values({ slot, job_id: null }).onConflict((oc) => oc.column('slot').doNothing()).returning('slot').executeTakeFirst();
  return row !== undefined;
}

export async function setSlotJob(db: Executor, slot: Date, jobId: number): Promise<void> {
  await db.updateTable('reminder_slots').set({ job_id: jobId }).where('slot', '=', slot).execute();
}

/** Environments whose design is published, with their project: the ones a scan looks at. */
export async function envsWithDesign(db: Executor): Promise<{ id: number; project_id: number; key: string }[]> {
  return db
    .selectFrom('project_envs as e')
    .innerJoin('env_designs as d', 'd.env_id', 'e.id')
    .select(['e.id', 'e.project_id', 'e.key'])
    .orderBy('e.project_id')
    .orderBy('e.id')
    .execute();
}

export type ReminderCandidate = EventInstanceRow & {
  subject_status: string;
  platform_no: string;
  subject_code: string | null;
  email: string | null;
  wechat_ids: unknown;
  site_name: string;
  site_name_en: string | null;
  panel_statuses: string[];
  recorded: { audience: string; sequence: number }[];
};

/**
 * Planned visits of the environment's events that may be due by `lastPlanned` (the latest planned day a
 * reminder could be due for today), of subjects still in the study, with their panels' statuses and the
 * reminders recorded so far.
 */
export async function reminderCandidates(
  db: Executor,
  envId: number,
  eventIds: readonly number[],
  lastPlanned: string,
  closedStatuses: readonly string[],
): Promise<ReminderCandidate[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('event_instances as ei')
    .innerJoin('subjects as s', 's.id', 'ei.subject_id')
    .innerJoin('project_sites as site', 'site.id', 'ei.site_id')
    .selectAll('ei')
    .select(['s.status as subject_status', 's.platform_no', 's.subject_code', 's.email', 's.wechat_ids', 'site.name as site_name', 'site.name_en as site_name_en'])
    .select((eb) => [
      eb
        .selectFrom('panel_instances as p')
        .select(sql<string[]>`coalesce(jsonb_agg(p.status ORDER BY p.id), '[]'::jsonb)`.as('statuses'))
        .whereRef('p.event_instance_id', '=', 'ei.id')
        .as('panel_statuses'),
      eb
        .selectFrom('visit_reminders as r')
        .select(sql<{ audience: string; sequence: number }[]>`coalesce(jsonb_agg(jsonb_build_object('audience', r.audience, 'sequence', r.sequence)), '[]'::jsonb)`.as('recorded'))
        .whereRef('r.event_instance_id', '=', 'ei.id')
        .as('recorded'),
    ])
    .where('ei.env_id', '=', envId)
    .where('ei.event_id', 'in', [...eventIds])
    .where('ei.planned_date', 'is not', null)
    .where('ei.planned_date', '<=', lastPlanned)
    .where('s.status', 'not in', [...closedStatuses])
    .orderBy('ei.id')
    .execute();
  return rows.map((row) => ({ ...row, panel_statuses: row.panel_statuses ?? [], recorded: row.recorded ?? [] }));
}

/**
 * Records a reminder unless it was recorded already (by an earlier run or another server at this moment:
 * the unique key waits for the other transaction and then finds its row). Returns the new row's id, or
 * null when it existed.
 */
export async function recordReminder(db: Executor, row: Insertable<VisitRemindersTable>): Promise<number | null> {
  const inserted = await db
    .insertInto('visit_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['event_instance_id', 'audience', 'sequence']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function setReminderMessages(db: Executor, id: number, messageIds: readonly number[]): Promise<void> {
  await db
    .updateTable('visit_reminders')
    .set({ message_ids: JSON.stringify(messageIds) })
    .where('id', '=', id)
    .execute();
}

/** Reminders sent to subjects per visit, and the last one's time, for the visit task list. */
export async function sentSubjectReminders(db: Executor, eventInstanceIds: readonly number[]): Promise<Map<number, { count: number; last: Date }>> {
  if (eventInstanceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('visit_reminders')
    .select(['event_instance_id', (eb) => eb.fn.countAll<string>().as('count'), (eb) => eb.fn.max('created_at').as('last')])
    .where('event_instance_id', 'in', [...eventInstanceIds])
    .where('audience', '=', 'subject')
    .where('outcome', '=', 'sent')
    .groupBy('event_instance_id')
    .execute();
  return new Map(rows.map((row) => [row.event_instance_id, { count: Number(row.count), last: row.last }]));
}
