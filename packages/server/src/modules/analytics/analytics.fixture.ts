import { panelValueCounts } from '@dcap/core';
import type { RecordsStudy } from '../../test/records.fixture.js';

/**
 * The study the analytics tests count in: subjects at sites A and B in every status, each with a screening
 * visit and a visit 2 (window ±3 days), vital-signs panels with weights, a demographics panel with sex,
 * queries in every status with answer and close times, and randomisation to two arms. Rows are written
 * straight into the tables, with times spread over months; the tests work out every figure from `Seeded`
 * in plain code and compare it with what the API answers.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The study's zone, Asia/Shanghai: UTC+8 all year. */
const STUDY_OFFSET = 8 * HOUR;
export const studyDay = (instant: number) => new Date(instant + STUDY_OFFSET).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
export const dayDiff = (a: string, b: string) => Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY);

const STATUSES = ['RECORD_STATUS_SCREENING', 'SCREEN_FAILURE', 'ARMED', 'TESTING', 'TEST_EXIT', 'DEL', 'TEST_FIX'] as const;
const ENROLLED = new Set(['ARMED', 'TESTING', 'TEST_EXIT', 'TEST_FIX']);
const REASONS = ['年龄不符', 'Consent withdrawn', '', '年龄不符'];
const QUERY_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED', 'AUTO_CLOSED', 'CANCELED'] as const;
const FIELD_STATUSES = ['COMPLETED', 'VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED', 'ENTERING', 'COMPLETED'] as const;

export interface SeedValue {
  path: string;
  value: unknown;
  status: string;
  inactive: 'ND' | null;
}
export interface SeedPanel {
  instrument: 'VS' | 'DM';
  savedAt: number | null;
  values: SeedValue[];
}
export interface SeedVisit {
  event: 'screening' | 'visit2';
  planned: string;
  windowStart: string;
  windowEnd: string;
  actual: string | null;
  panels: SeedPanel[];
}
export interface SeedQuery {
  status: (typeof QUERY_STATUSES)[number];
  raisedAt: number;
  answeredAt: number | null;
  closedAt: number | null;
  instrument: 'VS';
}
export interface SeedSubject {
  site: 'A' | 'B';
  status: string;
  createdAt: number;
  enrolledAt: number | null;
  statusChangedAt: number;
  reason: string | null;
  arm: 'ARMX' | 'ARMY' | null;
  visits: SeedVisit[];
  queries: SeedQuery[];
}

/** The subjects as planned, relative to `now`. */
export function plan(now: number): SeedSubject[] {
  const subjects: SeedSubject[] = [];
  const today = studyDay(now);
  for (let i = 0; i < 28; i += 1) {
    const status = STATUSES[i % STATUSES.length] ?? 'ARMED';
    const createdAt = now - (i * 4 + 2.5) * DAY;
    const created = studyDay(createdAt);
    const enrolled = ENROLLED.has(status);
    const visit = (event: 'screening' | 'visit2', planned: string, half: number): SeedVisit => {
      const kind = (i + half) % 4;
      let actual: string | null = kind === 0 ? planned : kind === 1 ? addDays(planned, 5) : null;
      if (actual !== null && actual > today) actual = null;
      let savedAt: number | null = actual !== null ? Date.parse(`${actual}T02:00:00Z`) + (i % 5) * DAY : kind === 3 ? now - (i % 3) * DAY - HOUR : null;
      if (savedAt !== null && savedAt > now) savedAt = now - HOUR;
      const weight: SeedValue =
        i % 6 === 5 ? { path: 'WEIGHT', value: null, status: '', inactive: 'ND' } : { path: 'WEIGHT', value: 50 + ((i * 7 + half * 3) % 40), status: FIELD_STATUSES[i % FIELD_STATUSES.length] ?? '', inactive: null };
      const height: SeedValue = { path: 'HEIGHT', value: '170', status: FIELD_STATUSES[(i + 2) % FIELD_STATUSES.length] ?? '', inactive: null };
      const panels: SeedPanel[] = [{ instrument: 'VS', savedAt, values: savedAt === null ? [] : i % 8 === 7 ? [height] : [weight, height] }];
      if (event === 'screening') {
        const sex = i % 3 === 0 ? null : String(1 + (i % 2));
        panels.push({ instrument: 'DM', savedAt, values: savedAt === null ? [] : [{ path: 'SEX', value: sex, status: sex === null ? '' : 'COMPLETED', inactive: null }] });
      }
      const window = event === 'visit2' ? 3 : 0;
      return { event, planned, windowStart: addDays(planned, -window), windowEnd: addDays(planned, window), actual, panels };
    };
    const queries: SeedQuery[] = [];
    if (i % 2 === 0) {
      for (let k = 0; k < 2; k += 1) {
        const qs = QUERY_STATUSES[(i / 2 + k) % QUERY_STATUSES.length] ?? 'OPEN';
        const raisedAt = now - (i * 2 + k * 25 + 0.5) * DAY;
        const answered = qs === 'ANSWERED' || qs === 'CLOSED' ? raisedAt + ((i % 5) + 1 + k) * HOUR : null;
        const closed = qs === 'CLOSED' || qs === 'AUTO_CLOSED' ? raisedAt + ((i % 7) + 2) * 10 * HOUR : null;
        queries.push({ status: qs, raisedAt, answeredAt: answered, closedAt: closed, instrument: 'VS' });
      }
    }
    subjects.push({
      site: i % 3 === 0 ? 'B' : 'A',
      status,
      createdAt,
      enrolledAt: enrolled ? createdAt + 0.5 * DAY : null,
      statusChangedAt: now - (i * 3 + 0.5) * DAY,
      reason: status === 'SCREEN_FAILURE' ? (REASONS[i % REASONS.length] ?? '') : null,
      arm: enrolled ? (i % 2 === 0 ? 'ARMX' : 'ARMY') : null,
      visits: [visit('screening', created, 0), visit('visit2', addDays(created, 14), 1)],
      queries,
    });
  }
  return subjects;
}

/** Writes the planned subjects into the fixture's uat environment. */
export async function seed(rs: RecordsStudy, subjects: SeedSubject[]): Promise<void> {
  const db = rs.study.t.database.db;
  const sites = { A: rs.siteA.id, B: rs.siteB.id };
  let seq = 0;
  for (const [index, s] of subjects.entries()) {
    const site_id = sites[s.site];
    const subject = await db
      .insertInto('subjects')
      .values({
        project_id: rs.projectId,
        env_id: rs.env.id,
        site_id,
        platform_no: `ANL-${String(index)}`,
        status: s.status,
        status_reason: s.reason,
        status_changed_at: new Date(s.statusChangedAt),
        created_at: new Date(s.createdAt),
        enrolled_at: s.enrolledAt === null ? null : new Date(s.enrolledAt),
        random_no: s.enrolledAt === null ? null : `R${String(index)}`,
        treatment_phase: s.enrolledAt === null ? null : 'T1',
        first_drug_no: s.enrolledAt === null ? null : `D${String(index)}`,
        design_version_id: rs.designVersionId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = { project_id: rs.projectId, env_id: rs.env.id, site_id, subject_id: subject.id };
    if (s.arm !== null && s.enrolledAt !== null) {
      seq += 1;
      await db
        .insertInto('rand_allocations')
        .values({ ...base, source: 'minimisation', stratum: '', factors: '{}', arm: s.arm, random_no: `R${String(index)}`, seq, draws: '[]', allocated_by: rs.people.projectAdmin.id, allocated_at: new Date(s.enrolledAt) })
        .execute();
    }
    let firstPanel: number | null = null;
    let firstEvent: number | null = null;
    for (const visit of s.visits) {
      const event = await db
        .insertInto('event_instances')
        .values({ ...base, design_version_id: rs.designVersionId, event_id: rs.events[visit.event], planned_date: visit.planned, window_start: visit.windowStart, window_end: visit.windowEnd, actual_date: visit.actual })
        .returning('id')
        .executeTakeFirstOrThrow();
      firstEvent ??= event.id;
      for (const panel of visit.panels) {
        const saved = panel.savedAt === null ? null : new Date(panel.savedAt);
        // The counts every write keeps on the panel (core analytics panelValueCounts), as a save would leave them.
        const counts = panelValueCounts(panel.values);
        const row = await db
          .insertInto('panel_instances')
          .values({ ...base, design_version_id: rs.designVersionId, event_instance_id: event.id, instrument_id: rs.instruments[panel.instrument], first_saved_at: saved, values_entered: counts.entered, values_verified: counts.verified, ...(saved ? { updated_at: saved } : {}) })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (panel.instrument === 'VS') firstPanel ??= row.id;
        for (const value of panel.values) {
          await db
            .insertInto('field_values')
            .values({ panel_instance_id: row.id, path: value.path, value: JSON.stringify(value.value), status: value.status as 'COMPLETED', inactive_type: value.inactive, saved: true })
            .execute();
        }
      }
    }
    for (const query of s.queries) {
      if (firstPanel === null || firstEvent === null) throw new Error('no panel');
      const row = await db
        .insertInto('queries')
        .values({
          ...base,
          event_instance_id: firstEvent,
          panel_instance_id: firstPanel,
          path: 'WEIGHT',
          status: query.status,
          content: '请核实',
          raised_by: rs.people.monitor.id,
          raised_at: new Date(query.raisedAt),
          closed_at: query.closedAt === null ? null : new Date(query.closedAt),
          closed_by: query.closedAt === null ? null : rs.people.monitor.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('query_comments').values({ query_id: row.id, action: 'raise', content: '请核实', author_id: rs.people.monitor.id, created_at: new Date(query.raisedAt) }).execute();
      if (query.answeredAt !== null) {
        await db.insertInto('query_comments').values({ query_id: row.id, action: 'answer', content: '已核实', author_id: rs.people.coordinator.id, created_at: new Date(query.answeredAt) }).execute();
        // A second answer later on must not move the time to the first one.
        await db.insertInto('query_comments').values({ query_id: row.id, action: 'answer', content: '补充', author_id: rs.people.coordinator.id, created_at: new Date(query.answeredAt + 5 * HOUR) }).execute();
      }
    }
  }
}
