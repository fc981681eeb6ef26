import type { DashboardSummary, DashboardTimeFilter } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { ok } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { openRecordsStudy } from '../../test/records.fixture.js';

/**
 * The dashboard (spec 002 §2, §9): every indicator is compared with a count the test works out itself from
 * the rows it seeded, for each time filter, and a site-limited role sees only its own site's figures.
 * Rows are written straight into the tables through the fixture's database: the dashboard only reads, and
 * the test needs times (added, enrolled, changed, raised) spread over more than a year.
 */

const DAY = 86_400_000;
const SUBJECT_STATUSES = ['RECORD_STATUS_SCREENING', 'SCREEN_FAILURE', 'ARMED', 'TESTING', 'TEST_FIX', 'TEST_EXIT', 'DEL'] as const;
const ENROLLED = new Set(['ARMED', 'TESTING', 'TEST_FIX', 'TEST_EXIT']);
const PANEL_STATUSES = ['EXPIRED', 'INCOMPLETE', 'COMPLETED', 'VERIFIED', 'REVIEWED', 'FROZEN', 'SIGNED', 'LOCKED'] as const;
const QUERY_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED', 'AUTO_CLOSED', 'CANCELED'] as const;
/** Ages in days, kept half a day away from every bucket edge and from the hour the request runs. */
const AGES = [0.02, 0.4, 1.5, 3.5, 6.5, 9.5, 13.5, 20.5, 29.5, 33.5, 45.5, 59.5, 75.5, 120.5, 250.5, 400.5];

interface SeedSubject {
  siteId: number;
  env: 'uat' | 'dev';
  status: string;
  createdAt: Date;
  enrolledAt: Date | null;
  panels: { status: string; updatedAt: Date }[];
  queries: { status: string; raisedAt: Date }[];
}

let rs: RecordsStudy;
let seeds: SeedSubject[];
let seededAt: number;

/** A small deterministic generator, so the data is varied and the same on every run. */
function generator(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

async function seed(): Promise<void> {
  const db = rs.study.t.database.db;
  const dev = await db.selectFrom('project_envs').select('id').where('project_id', '=', rs.projectId).where('key', '=', 'dev').executeTakeFirstOrThrow();
  const envIds = { uat: rs.env.id, dev: dev.id };
  const pick = generator(7);
  const ago = (days: number) => new Date(seededAt - days * DAY);
  const at = <T>(list: readonly T[]): T => list[pick(list.length)] as T;
  seeds = [];
  for (let i = 0; i < 40; i += 1) {
    const status = SUBJECT_STATUSES[i % SUBJECT_STATUSES.length] ?? 'RECORD_STATUS_SCREENING';
    const createdDays = at(AGES);
    const enrolled = ENROLLED.has(status) && (status !== 'TEST_EXIT' || i % 2 === 0);
    seeds.push({
      siteId: i % 3 === 0 ? rs.siteB.id : rs.siteA.id,
      env: i % 9 === 4 ? 'dev' : 'uat',
      status,
      createdAt: ago(createdDays),
      enrolledAt: enrolled ? ago(Math.max(0.01, createdDays - at([0, 0.5, 2]))) : null,
      panels: Array.from({ length: 1 + pick(4) }, () => ({ status: at(PANEL_STATUSES), updatedAt: ago(at(AGES)) })),
      queries: Array.from({ length: pick(4) }, () => ({ status: at(QUERY_STATUSES), raisedAt: ago(at(AGES)) })),
    });
  }
  for (const [index, s] of seeds.entries()) {
    const enrolled = ['ARMED', 'TESTING', 'TEST_FIX'].includes(s.status) || s.enrolledAt !== null;
    const subject = await db
      .insertInto('subjects')
      .values({
        project_id: rs.projectId,
        env_id: envIds[s.env],
        site_id: s.siteId,
        platform_no: `DSH-${String(index)}`,
        status: s.status,
        created_at: s.createdAt,
        enrolled_at: s.enrolledAt,
        random_no: enrolled ? `R${String(index)}` : null,
        treatment_phase: enrolled ? 'T1' : null,
        first_drug_no: enrolled ? `D${String(index)}` : null,
        design_version_id: rs.designVersionId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = { project_id: rs.projectId, env_id: envIds[s.env], site_id: s.siteId, subject_id: subject.id, design_version_id: rs.designVersionId };
    const event = await db.insertInto('event_instances').values({ ...base, event_id: rs.events.screening }).returning('id').executeTakeFirstOrThrow();
    for (const [seq, panel] of s.panels.entries()) {
      const row = await db
        .insertInto('panel_instances')
        .values({ ...base, event_instance_id: event.id, instrument_id: rs.instruments.VS, seq: seq + 1, status: panel.status, updated_at: panel.updatedAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (seq === 0) {
        for (const query of s.queries) {
          const { design_version_id: _version, ...where } = base;
          await db
            .insertInto('queries')
            .values({ ...where, event_instance_id: event.id, panel_instance_id: row.id, path: 'WEIGHT', status: query.status as 'OPEN', content: '请核实', raised_by: rs.people.monitor.id, raised_at: query.raisedAt })
            .execute();
        }
      }
    }
  }
}

beforeAll(async () => {
  rs = await openRecordsStudy('DSH');
  seededAt = Date.now();
  await seed();
});
afterAll(() => rs.study.t.close());

/** Where the filter's period starts in UTC, worked out with plain date arithmetic (weeks start on Monday). */
function utcStart(filter: DashboardTimeFilter, now: Date): number | null {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (filter) {
    case 'all':
      return null;
    case 'today':
      return Date.UTC(y, m, d);
    case 'week':
      return Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7));
    case 'month':
      return Date.UTC(y, m, 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}

/** The study's zone, Asia/Shanghai, is UTC+8 all year (no daylight saving). */
const STUDY_OFFSET = 8 * 3_600_000;

/** Where the filter's period starts in the study's zone: its midnight, 8 hours before UTC's. */
function studyStart(filter: DashboardTimeFilter, now: number): number | null {
  const start = utcStart(filter, new Date(now + STUDY_OFFSET));
  return start === null ? null : start - STUDY_OFFSET;
}

function ageBucket(raisedAt: Date, now: number): string {
  const days = Math.floor((now - raisedAt.getTime()) / DAY);
  if (days <= 7) return 'd0_7';
  if (days <= 14) return 'd8_14';
  if (days <= 30) return 'd15_30';
  if (days <= 60) return 'd31_60';
  return 'd61_plus';
}

/** Counts of equal keys, as sorted "key=count" strings. */
function tally(keys: string[]): string[] {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, count]) => `${key}=${String(count)}`).sort();
}

function expected(filter: DashboardTimeFilter, sites: number[]) {
  const now = Date.now();
  const since = studyStart(filter, now);
  const live = seeds.filter((s) => s.env === 'uat' && s.status !== 'DEL' && sites.includes(s.siteId));
  const inPeriod = (date: Date) => since === null || date.getTime() >= since;
  const localDate = (date: Date) => new Date(date.getTime() + STUDY_OFFSET).toISOString().slice(0, 10);
  return {
    subjects: tally(live.filter((s) => inPeriod(s.createdAt)).map((s) => `${String(s.siteId)}/${s.status}`)),
    baseline: tally(live.filter((s) => s.enrolledAt && since !== null && s.enrolledAt.getTime() < since).map((s) => String(s.siteId))),
    daily: tally(live.filter((s) => s.enrolledAt && inPeriod(s.enrolledAt)).map((s) => `${String(s.siteId)}/${localDate(s.enrolledAt as Date)}`)),
    panels: tally(live.flatMap((s) => s.panels.filter((p) => inPeriod(p.updatedAt)).map((p) => `${String(s.siteId)}/${p.status}`))),
    queries: tally(
      live.flatMap((s) => s.queries.filter((q) => (q.status === 'OPEN' || q.status === 'ANSWERED') && inPeriod(q.raisedAt)).map((q) => `${ageBucket(q.raisedAt, now)}/${q.status}`)),
    ),
  };
}

function observed(summary: DashboardSummary) {
  const expand = (rows: { count: number }[], key: (row: never) => string) => rows.flatMap((row) => Array.from({ length: row.count }, () => key(row as never)));
  return {
    subjects: tally(expand(summary.subjects, (r: { siteId: number; status: string }) => `${String(r.siteId)}/${r.status}`)),
    baseline: tally(expand(summary.enrolmentBaseline, (r: { siteId: number }) => String(r.siteId))),
    daily: tally(expand(summary.enrolmentDaily, (r: { siteId: number; date: string }) => `${String(r.siteId)}/${r.date}`)),
    panels: tally(expand(summary.panels, (r: { siteId: number; status: string }) => `${String(r.siteId)}/${r.status}`)),
    queries: tally(expand(summary.openQueries, (r: { bucket: string; status: string }) => `${r.bucket}/${r.status}`)),
  };
}

async function summary(who: Persona, filter: DashboardTimeFilter, timeZone?: string): Promise<DashboardSummary> {
  const body = timeZone === undefined ? { filter } : { filter, timeZone };
  return ok(await rs.study.t.call('POST', '/dcap/dashboard/summary', { token: who.token, body })) as DashboardSummary;
}

describe('dashboard summary (spec 002 §2 data display dashboard)', () => {
  it.each(['all', 'today', 'week', 'month', 'year'] as const)('counts subjects, enrolment, panels and unclosed queries of the environment for "%s"', async (filter) => {
    const got = await summary(rs.people.projectAdmin, filter);
    const want = expected(filter, [rs.siteA.id, rs.siteB.id]);
    expect(observed(got)).toEqual(want);
    expect(got.sites.map((s) => s.code)).toEqual(['A01', 'B01']);
    expect(got.env).toBe('uat');
    // The seeded data reaches every indicator at least for "all" and "year", so the comparison is not of empties.
    if (filter === 'all') for (const list of Object.values(want)) if (list !== want.baseline) expect(list.length).toBeGreaterThan(0);
    if (filter === 'year') expect(want.baseline.length).toBeGreaterThan(0);
  });

  it('leaves out deleted subjects and other environments', () => {
    expect(seeds.some((s) => s.status === 'DEL' && s.env === 'uat')).toBe(true);
    expect(seeds.some((s) => s.env === 'dev' && s.status !== 'DEL')).toBe(true);
  });

  it.each(['all', 'today', 'week'] as const)('counts "%s" in the study’s day, whatever zone the browser names', async (filter) => {
    for (const zone of ['UTC', 'America/New_York']) {
      const got = await summary(rs.people.projectAdmin, filter, zone);
      expect(observed(got)).toEqual(expected(filter, [rs.siteA.id, rs.siteB.id]));
      expect(got.timeZone).toBe('Asia/Shanghai');
      expect(got.today).toBe(new Date(Date.now() + STUDY_OFFSET).toISOString().slice(0, 10));
    }
  });

  it('WF-3 shows a site-limited user only their own site', async () => {
    const siteB = await summary(rs.people.siteBUser, 'all');
    expect(siteB.sites.map((s) => s.code)).toEqual(['B01']);
    expect(observed(siteB)).toEqual(expected('all', [rs.siteB.id]));
    for (const row of [...siteB.subjects, ...siteB.panels, ...siteB.enrolmentDaily]) expect(row.siteId).toBe(rs.siteB.id);
    const siteA = await summary(rs.people.coordinator, 'year');
    expect(siteA.sites.map((s) => s.code)).toEqual(['A01']);
    expect(observed(siteA)).toEqual(expected('year', [rs.siteA.id]));
    // Site B's unclosed queries are a strict part of the whole study's.
    const all = observed(await summary(rs.people.monitor, 'all')).queries;
    const bOnly = observed(siteB).queries;
    expect(all.length).toBeGreaterThanOrEqual(bOnly.length);
    expect(bOnly).not.toEqual(all);
  });

  it('refuses an unknown time filter, ignores any zone an older browser names and needs a current environment', async () => {
    const bad = await rs.study.t.call('POST', '/dcap/dashboard/summary', { token: rs.people.projectAdmin.token, body: { filter: 'decade' } });
    expect(bad.body.code).not.toBe(0);
    expect((await summary(rs.people.projectAdmin, 'all', 'Mars/Olympus')).timeZone).toBe('Asia/Shanghai');
    const stranger = await rs.study.t.call('POST', '/dcap/dashboard/summary', { token: rs.study.admin.token, body: { filter: 'all' } });
    expect(stranger.status).not.toBe(200);
  });
});
