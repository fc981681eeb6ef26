import type { EventReminders, MessageChannel, ReminderAudience } from '@dcap/core';
import {
  addDays,
  dueStaffNotices,
  dueSubjectReminder,
  isReminderHour,
  renderBilingualVisitReminder,
  studyHour,
  studyToday,
  TASK_CLOSED_SUBJECT_STATUSES,
  visitFollowUpState,
} from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import { appendAudit } from '../audit/trail.js';
import type { Executor } from '../audit/repo.js';
import type { OutboundMessage } from '../messages/outbox.js';
import { queueMessages } from '../messages/outbox.js';
import { sendStudyEvent } from '../messages/study-events.js';
import { designOfEnv } from '../publishing/service.js';
import type { SnapshotEvent } from '../publishing/snapshot.js';
import type { ReminderCandidate } from './repo.js';
import * as repo from './repo.js';

/**
 * One hour slot's reminders of one environment (spec 002 §3 notify and push settings; docs/decisions.md
 * "Visit reminders"): at the study's daily hours, staff are told of visits due and overdue, and subjects are
 * reminded of visits due. Every reminder is recorded with its unique key before anything is sent, in the
 * caller's transaction, so a scan run again or by another server at the same moment sends nothing twice.
 */

export interface EnvRef {
  id: number;
  projectId: number;
  key: string;
}

export interface ScanResult {
  subjects: number;
  staff: number;
  skipped: number;
  unreachable: number;
}

/** The WeChat id a subject is reached at: the official account's id, else the first one bound. */
function wechatIdOf(ids: unknown): string | null {
  if (ids === null || typeof ids !== 'object') return null;
  const record = ids as Record<string, unknown>;
  if (typeof record.official === 'string' && record.official !== '') return record.official;
  return Object.values(record).find((value): value is string => typeof value === 'string' && value !== '') ?? null;
}

function eventsWithReminders(events: readonly SnapshotEvent[]): Map<number, SnapshotEvent & { reminders: EventReminders }> {
  return new Map(events.filter((event): event is SnapshotEvent & { reminders: EventReminders } => event.reminders !== undefined && event.offsetDays !== null).map((event) => [event.id, event]));
}

export async function scanEnv(deps: ServiceDeps, trx: Executor, env: EnvRef, slot: Date): Promise<ScanResult> {
  const result: ScanResult = { subjects: 0, staff: 0, skipped: 0, unreachable: 0 };
  const design = await designOfEnv(trx, env.id);
  if (!design) return result;
  const today = studyToday(slot);
  const hour = studyHour(slot);
  const events = eventsWithReminders(design.snapshot.events);
  const active = [...events.values()].filter(
    (event) => (event.reminders.notify.enabled && isReminderHour(event.reminders.notify.hours, hour)) || (event.reminders.push.enabled && isReminderHour(event.reminders.push.hours, hour)),
  );
  if (active.length === 0) return result;
  const furthest = Math.max(...active.map((event) => event.reminders.offsetDays));
  const visits = await repo.reminderCandidates(trx, env.id, active.map((event) => event.id), addDays(today, furthest), TASK_CLOSED_SUBJECT_STATUSES);
  const recordedLog: { eventInstanceId: number; audience: ReminderAudience; sequence: number; outcome: string }[] = [];
  for (const visit of visits) {
    const event = events.get(visit.event_id);
    if (!event) continue;
    const { reminders } = event;
    const state = visitFollowUpState({ actualDate: visit.actual_date, panelStatuses: visit.panel_statuses });
    const plan = { plannedDate: visit.planned_date, windowStart: visit.window_start, windowEnd: visit.window_end, actualDate: visit.actual_date, state };
    const recorded = (audience: ReminderAudience) => new Set(visit.recorded.filter((row) => row.audience === audience).map((row) => row.sequence));
    const base = { project_id: env.projectId, env_id: env.id, site_id: visit.site_id, subject_id: visit.subject_id, event_instance_id: visit.id, slot };

    if (reminders.notify.enabled && isReminderHour(reminders.notify.hours, hour)) {
      for (const audience of dueStaffNotices(plan, reminders, today)) {
        if (recorded(audience).has(1)) continue;
        const channels: MessageChannel[] = ['inSite', ...(reminders.notify.email ? (['email'] as const) : []), ...(reminders.notify.wechat ? (['wechat'] as const) : [])];
        const id = await repo.recordReminder(trx, { ...base, audience, sequence: 1, due_day: today, outcome: 'sent', channels: JSON.stringify(channels) });
        if (id === null) continue;
        await sendStudyEvent(deps, trx, {
          event: audience === 'staff.due' ? 'visit.due' : 'visit.overdue',
          projectId: env.projectId,
          env: env.key,
          siteId: visit.site_id,
          params: staffParams(visit, event),
          actorId: null,
          link: `/survey/subject/${String(visit.subject_id)}`,
          ...(reminders.notify.roleIds.length > 0 ? { receiverRoleIds: reminders.notify.roleIds } : {}),
          channels,
        });
        result.staff += 1;
        recordedLog.push({ eventInstanceId: visit.id, audience, sequence: 1, outcome: 'sent' });
      }
    }

    if (reminders.push.enabled && isReminderHour(reminders.push.hours, hour)) {
      const due = dueSubjectReminder(plan, reminders, today, recorded('subject'));
      if (!due) continue;
      for (const sequence of due.skipped) {
        const id = await repo.recordReminder(trx, { ...base, audience: 'subject', sequence, due_day: today, outcome: 'skipped' });
        if (id !== null) {
          result.skipped += 1;
          recordedLog.push({ eventInstanceId: visit.id, audience: 'subject', sequence, outcome: 'skipped' });
        }
      }
      const messages = subjectMessages(visit, event, reminders, env);
      const outcome = messages.length === 0 ? 'unreachable' : 'sent';
      const id = await repo.recordReminder(trx, {
        ...base,
        audience: 'subject',
        sequence: due.sequence,
        due_day: due.day,
        outcome,
        channels: JSON.stringify(messages.map((message) => message.channel)),
      });
      if (id === null) continue;
      if (messages.length > 0) {
        await repo.setReminderMessages(trx, id, await queueMessages(trx, messages));
        result.subjects += 1;
      } else result.unreachable += 1;
      recordedLog.push({ eventInstanceId: visit.id, audience: 'subject', sequence: due.sequence, outcome });
    }
  }
  if (recordedLog.length > 0) {
    await appendAudit(trx, {
      actorId: null,
      actorUsername: null,
      action: 'reminder.scan',
      entityType: 'project',
      entityId: env.projectId,
      projectId: env.projectId,
      env: env.key,
      newValue: { slot: slot.toISOString(), reminders: recordedLog },
      ip: null,
    });
  }
  return result;
}

function staffParams(visit: ReminderCandidate, event: SnapshotEvent): Record<string, string | number> {
  return {
    subjectId: visit.subject_id,
    platformNo: visit.platform_no,
    subjectCode: visit.subject_code ?? visit.platform_no,
    visit: event.name,
    visitEn: event.nameEn ?? event.name,
    seq: visit.seq,
    plannedDate: visit.planned_date ?? '',
    windowStart: visit.window_start ?? '',
    windowEnd: visit.window_end ?? '',
    // The templates' deadline (core messages/config.ts offers `dueDate`): the window's last day, after which
    // the visit is overdue; the planned day for a visit without a window.
    dueDate: visit.window_end ?? visit.planned_date ?? '',
  };
}

/** The subject's reminder on each chosen channel the subject can be reached on, in both languages. */
function subjectMessages(visit: ReminderCandidate, event: SnapshotEvent, reminders: EventReminders, env: EnvRef): OutboundMessage[] {
  const text = renderBilingualVisitReminder({
    visit: event.name,
    visitEn: event.nameEn ?? event.name,
    site: visit.site_name,
    siteEn: visit.site_name_en ?? visit.site_name,
    plannedDate: visit.planned_date ?? '',
    windowStart: visit.window_start ?? '',
    windowEnd: visit.window_end ?? '',
  });
  const common = {
    kind: 'visit.reminder' as const,
    projectId: env.projectId,
    env: env.key,
    recipientSubjectId: visit.subject_id,
    language: 'zh-CN' as const,
    ...text,
    payload: { eventInstanceId: visit.id, plannedDate: visit.planned_date },
    createdBy: null,
  };
  const messages: OutboundMessage[] = [];
  if (reminders.push.email && visit.email) messages.push({ ...common, channel: 'email', address: visit.email });
  const wechat = wechatIdOf(visit.wechat_ids);
  if (reminders.push.wechat && wechat) messages.push({ ...common, channel: 'wechat', address: wechat });
  return messages;
}
