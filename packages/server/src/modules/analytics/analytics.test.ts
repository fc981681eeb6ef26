import type { AnalyticsChart, AnalyticsFields, AnalyticsOverview, AnalyticsProjects } from '@dcap/core';
import { analyticsChartCsv } from '@dcap/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, refused, role } from '../roles/study.fixture.js';
import type { RecordsStudy } from '../../test/records.fixture.js';
import { openRecordsStudy } from '../../test/records.fixture.js';
import type { SeedSubject } from './analytics.fixture.js';
import { addDays, dayDiff, plan, seed, studyDay } from './analytics.fixture.js';

/**
 * Analytics (docs/decisions.md "Analytics"): every chart and the overview compared with figures the test
 * works out itself from the rows it seeded; a site-limited role sees only its own site; a caller who may not
 * see arms never gets an arm split, and one who may does.
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;

let rs: RecordsStudy;
let subjects: SeedSubject[];
let now: number;
let unblinded: Persona;
const siteIds = () => ({ A: rs.siteA.id, B: rs.siteB.id });

beforeAll(async () => {
  rs = await openRecordsStudy('ANL');
  now = Date.now();
  subjects = plan(now);
  await seed(rs, subjects);
  // A double-blind study: the project administrator holds no unblind flag, the statistician does.
  await rs.study.t.database.db.updateTable('projects').set({ blind_method: 'D' }).where('id', '=', rs.projectId).execute();
  const stat = await role(rs.study, rs.people.projectAdmin, { projectId: rs.projectId, alias: 'STAT', institutionIds: 'all', unblind: true });
  unblinded = await person(rs.study, 'ANL.stat');
  await grant(rs.study, rs.people.projectAdmin, rs.projectId, { roleId: stat.id, userIds: [unblinded.id] });
  await enter(rs.study, unblinded, rs.projectId, stat.id);
  ok(await rs.study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: unblinded.token }));
  for (const [siteId, target] of [
    [rs.siteA.id, 30],
    [rs.siteB.id, 12],
  ] as const) {
    ok(await rs.study.t.call('POST', '/dcap/analytics/siteTarget', { token: rs.people.projectAdmin.token, body: { siteId, target } }));
  }
}, 180_000);
afterAll(() => rs.study.t.close());

async function chart(who: Persona, query: Record<string, string>): Promise<AnalyticsChart> {
  return ok(await rs.study.t.call('GET', `/dcap/analytics/chart?${new URLSearchParams(query).toString()}`, { token: who.token })) as AnalyticsChart;
}

/** The values of a chart as "category/series=value" strings, leaving out zeros and nulls. */
function cells(c: AnalyticsChart): string[] {
  return c.categories.flatMap((category, index) => c.series.flatMap((s) => (s.data[index] ? [`${category.key}/${s.key}=${String(s.data[index])}`] : []))).sort();
}
function tally(keys: string[]): string[] {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, count]) => `${key}=${String(count)}`).sort();
}
/** percentile_cont: linear interpolation between the closest ranks. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (at - low);
}
const round = (value: number | null, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));

function live(sites: ('A' | 'B')[] = ['A', 'B']): (SeedSubject & { siteId: number })[] {
  return subjects.filter((s) => s.status !== 'DEL' && sites.includes(s.site)).map((s) => ({ ...s, siteId: siteIds()[s.site] }));
}

function outcome(s: SeedSubject, visit: SeedSubject['visits'][number], today: string): string | null {
  if (visit.actual !== null) return visit.actual >= visit.windowStart && visit.actual <= visit.windowEnd ? 'inWindow' : 'outOfWindow';
  if (['SCREEN_FAILURE', 'TEST_FIX', 'TEST_EXIT'].includes(s.status)) return null;
  if (today < visit.windowStart) return 'notDue';
  if (today <= visit.windowEnd) return 'due';
  return visit.panels.some((panel) => panel.savedAt !== null) ? 'outOfWindow' : 'missed';
}

const queryGroup = (status: string) => (status === 'AUTO_CLOSED' ? 'CLOSED' : status);
const SDV = new Set(['VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED']);

function enteredValues(sites: ('A' | 'B')[]) {
  return live(sites).flatMap((s) => s.visits.flatMap((v) => v.panels.filter((p) => p.savedAt !== null).flatMap((p) => p.values.filter((value) => value.status !== '').map((value) => ({ siteId: s.siteId, value })))));
}

describe('analytics charts (docs/decisions.md "Analytics")', () => {
  it('counts cumulative enrolment per site up to today, with each site’s target line', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'enrolment' });
    const enrolled = live().filter((s) => s.enrolledAt !== null);
    const first = enrolled.reduce((min, s) => Math.min(min, s.enrolledAt ?? Infinity), Infinity);
    expect(c.categories[0]?.key).toBe(addDays(studyDay(first), -1));
    expect(c.categories.at(-1)?.key).toBe(studyDay(now));
    for (const site of ['A', 'B'] as const) {
      const line = c.series.find((s) => s.key === String(siteIds()[site]));
      expect(line?.data.at(-1)).toBe(enrolled.filter((s) => s.site === site).length);
      expect(line?.data[0]).toBe(0);
      // A point per date: the subjects enrolled by the end of that day.
      const mid = c.categories[Math.floor(c.categories.length / 2)]?.key ?? '';
      expect(line?.data[Math.floor(c.categories.length / 2)]).toBe(enrolled.filter((s) => s.site === site && studyDay(s.enrolledAt ?? 0) <= mid).length);
    }
    expect(c.series.find((s) => s.key === `target:${String(rs.siteA.id)}`)?.data.every((value) => value === 30)).toBe(true);
    expect(c.series.find((s) => s.key === `target:${String(rs.siteB.id)}`)?.data.every((value) => value === 12)).toBe(true);
  });

  it('counts the enrolment of "month" from the subjects enrolled before it', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'enrolment', time: 'month' });
    const firstDate = `${studyDay(now).slice(0, 8)}01`;
    expect(c.firstDate).toBe(firstDate);
    expect(c.categories[0]?.key).toBe(firstDate);
    const before = live().filter((s) => s.enrolledAt !== null && studyDay(s.enrolledAt) < firstDate && s.site === 'A').length;
    expect(c.series.find((s) => s.key === String(rs.siteA.id))?.data[0]).toBe(before + live(['A']).filter((s) => s.enrolledAt !== null && studyDay(s.enrolledAt) === firstDate).length);
  });

  it('counts screening failures by reason and site', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'screeningFailures' });
    const want = tally(live().filter((s) => s.status === 'SCREEN_FAILURE').map((s) => `${s.reason ?? ''}/${String(s.siteId)}`));
    expect(cells(c)).toEqual(want);
    expect(want.length).toBeGreaterThan(1);
    expect(c.categories.find((category) => category.key === '')?.nameEn).toBe('No reason given');
  });

  it('counts visits by event and outcome: in and out of window, due, missed, not yet due', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'visitCompletion' });
    const today = studyDay(now);
    const want = tally(
      live().flatMap((s) =>
        s.visits.flatMap((v) => {
          const o = outcome(s, v, today);
          return o === null ? [] : [`${String(rs.events[v.event])}/${o}`];
        }),
      ),
    );
    expect(cells(c)).toEqual(want);
    for (const o of ['inWindow', 'outOfWindow', 'missed']) expect(want.some((cell) => cell.includes(`/${o}=`))).toBe(true);
  });

  it('counts queries per site by status with the rate per 100 entered values, and per panel', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'queryRateBySite' });
    const queries = live().flatMap((s) => s.queries.filter((q) => q.status !== 'CANCELED').map((q) => ({ siteId: s.siteId, status: queryGroup(q.status) })));
    const counts = tally(queries.map((q) => `${String(q.siteId)}/${q.status}`));
    const rates = (['A', 'B'] as const).map((site) => {
      const id = siteIds()[site];
      return `${String(id)}/perHundred=${String(round((100 * queries.filter((q) => q.siteId === id).length) / enteredValues([site]).length, 2))}`;
    });
    expect(cells(c)).toEqual([...counts, ...rates].sort());
    const panel = await chart(rs.people.projectAdmin, { indicator: 'queryRateByPanel' });
    expect(cells(panel)).toEqual(tally(queries.map((q) => `${String(rs.instruments.VS)}/${q.status}`)));
  });

  it('gives the median hours to the first answer and to closing, per site and overall', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'queryTimes' });
    const rows = live().flatMap((s) => s.queries.filter((q) => q.status !== 'CANCELED').map((q) => ({ ...q, siteId: s.siteId })));
    const medians = (list: typeof rows) => [
      round(percentile(list.flatMap((q) => (q.answeredAt === null ? [] : [(q.answeredAt - q.raisedAt) / HOUR])), 0.5)),
      round(percentile(list.flatMap((q) => (q.closedAt === null ? [] : [(q.closedAt - q.raisedAt) / HOUR])), 0.5)),
    ];
    const got = (key: string) => {
      const index = c.categories.findIndex((category) => category.key === key);
      return c.series.map((s) => s.data[index] ?? null);
    };
    expect(got(String(rs.siteA.id))).toEqual(medians(rows.filter((q) => q.siteId === rs.siteA.id)));
    expect(got(String(rs.siteB.id))).toEqual(medians(rows.filter((q) => q.siteId === rs.siteB.id)));
    expect(got('')).toEqual(medians(rows));
    expect(got('').every((value) => value !== null)).toBe(true);
  });

  it('gives the entry lag from visit date to first save: median and 90th percentile', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'entryLag' });
    const lags = live().flatMap((s) => s.visits.flatMap((v) => v.panels.flatMap((p) => (p.savedAt !== null && v.actual !== null ? [{ siteId: s.siteId, days: dayDiff(studyDay(p.savedAt), v.actual) }] : []))));
    for (const [key, list] of [
      [String(rs.siteA.id), lags.filter((l) => l.siteId === rs.siteA.id)],
      ['', lags],
    ] as const) {
      const index = c.categories.findIndex((category) => category.key === key);
      const days = list.map((l) => l.days);
      expect(c.series.map((s) => s.data[index])).toEqual([round(percentile(days, 0.5)), round(percentile(days, 0.9))]);
    }
  });

  it('counts entered values per site, verified or not (SDV progress)', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'sdvProgress' });
    expect(cells(c)).toEqual(tally(enteredValues(['A', 'B']).map((v) => `${String(v.siteId)}/${SDV.has(v.value.status) ? 'verified' : 'notVerified'}`)));
  });

  it('shows randomised totals to a blinded caller and the split by arm to an unblinded one', async () => {
    const randomised = live().filter((s) => s.arm !== null);
    const blind = await chart(rs.people.projectAdmin, { indicator: 'randomisation' });
    expect(blind.armsVisible).toBe(false);
    expect(cells(blind)).toEqual(tally(randomised.map((s) => `${String(s.siteId)}/randomised`)));
    expect(JSON.stringify(blind)).not.toMatch(/ARMX|ARMY/);
    const open = await chart(unblinded, { indicator: 'randomisation' });
    expect(open.armsVisible).toBe(true);
    expect(cells(open)).toEqual(tally(randomised.map((s) => `${String(s.siteId)}/${s.arm ?? ''}`)));
  });

  it('gives a numeric field’s distribution in ten bins per site and per visit, with missing counts', async () => {
    for (const split of ['site', 'visit'] as const) {
      const c = await chart(rs.people.projectAdmin, { indicator: 'distribution', instrumentId: String(rs.instruments.VS), path: 'WEIGHT', split });
      const panels = live().flatMap((s) =>
        s.visits.flatMap((v) => v.panels.filter((p) => p.instrument === 'VS' && p.savedAt !== null).map((p) => ({ key: split === 'site' ? String(s.siteId) : String(rs.events[v.event]), value: p.values.find((x) => x.path === 'WEIGHT') }))),
      );
      const numbers = panels.flatMap((p) => (typeof p.value?.value === 'number' && p.value.inactive === null ? [p.value.value] : []));
      const min = Math.min(...numbers);
      const max = Math.max(...numbers);
      const bin = (n: number) => Math.min(9, Math.floor(((n - min) / (max - min)) * 10));
      expect(cells(c)).toEqual(tally(panels.flatMap((p) => (typeof p.value?.value === 'number' && p.value.inactive === null ? [`${p.key}/${String(bin(p.value.value))}`] : []))));
      const missing = c.categories.map((category) => `${category.key}=${String(c.missing?.[c.categories.indexOf(category)] ?? 0)}`);
      expect(missing.sort()).toEqual(c.categories.map((category) => `${category.key}=${String(panels.filter((p) => p.key === category.key && !(typeof p.value?.value === 'number' && p.value.inactive === null)).length)}`).sort());
      expect(c.missing?.some((count) => count > 0)).toBe(true);
    }
  });

  it('gives a choice field’s distribution per option in the design’s order, and its CSV in both languages', async () => {
    const c = await chart(rs.people.projectAdmin, { indicator: 'distribution', instrumentId: String(rs.instruments.DM), path: 'SEX' });
    const panels = live().flatMap((s) => s.visits.flatMap((v) => v.panels.filter((p) => p.instrument === 'DM' && p.savedAt !== null).map((p) => ({ siteId: s.siteId, sex: (p.values[0]?.value ?? null) as string | null }))));
    expect(cells(c)).toEqual(tally(panels.flatMap((p) => (p.sex === null ? [] : [`${String(p.siteId)}/${p.sex}`]))));
    expect(c.series.map((s) => s.nameEn)).toEqual(['Male', 'Female']);
    expect(c.missing).toEqual(c.categories.map((category) => panels.filter((p) => String(p.siteId) === category.key && p.sex === null).length));
    const en = analyticsChartCsv(c, 'en-US').split('\r\n');
    expect(en[0]).toBe('\uFEFFSite,Male,Female,Missing');
    expect(analyticsChartCsv(c, 'zh-CN').split('\r\n')[0]).toBe('\uFEFF中心,男,女,缺失值');
    expect(en[1]).toBe(`PUMCH,${String(c.series[0]?.data[0])},${String(c.series[1]?.data[0])},${String(c.missing?.[0])}`);
  });

  it('filters by arm for an unblinded caller and refuses an arm filter or split to a blinded one', async () => {
    const c = await chart(unblinded, { indicator: 'screeningFailures', arm: 'ARMX' });
    expect(c.categories).toEqual([]);
    const sdv = await chart(unblinded, { indicator: 'sdvProgress', arm: 'ARMX' });
    const armX = enteredValues(['A', 'B']).length > 0 ? live().filter((s) => s.arm === 'ARMX') : [];
    const want = armX.flatMap((s) => s.visits.flatMap((v) => v.panels.filter((p) => p.savedAt !== null).flatMap((p) => p.values.filter((x) => x.status !== '').map((x) => `${String(s.siteId)}/${SDV.has(x.status) ? 'verified' : 'notVerified'}`))));
    expect(cells(sdv)).toEqual(tally(want));
    const split = await chart(unblinded, { indicator: 'distribution', instrumentId: String(rs.instruments.VS), path: 'WEIGHT', split: 'arm' });
    expect(split.categories.map((category) => category.key)).toEqual(['ARMX', 'ARMY']);
    const call = (query: string) => rs.study.t.call('GET', `/dcap/analytics/chart?${query}`, { token: rs.people.projectAdmin.token });
    refused(await call('indicator=sdvProgress&arm=ARMX'), 403, 'analytics.arms_hidden');
    refused(await call(`indicator=distribution&instrumentId=${String(rs.instruments.VS)}&path=WEIGHT&split=arm`), 403, 'analytics.arms_hidden');
  });

  it('lists the numeric and choice fields of the design the environment runs, and nothing of tables or other kinds', async () => {
    const fields = ok(await rs.study.t.call('GET', '/dcap/analytics/fields', { token: rs.people.coordinator.token })) as AnalyticsFields;
    const abbr = (id: number) => Object.entries(rs.instruments).find(([, value]) => value === id)?.[0] ?? String(id);
    expect(fields.map((field) => `${abbr(field.instrumentId)}.${field.path}:${field.numeric ? 'numeric' : 'choice'}`)).toEqual(['DM.SEX:choice', 'VS.HEIGHT:numeric', 'VS.WEIGHT:numeric', 'VS.BMI:numeric']);
    expect(fields.find((field) => field.path === 'WEIGHT')).toMatchObject({ instrumentName: '生命体征', instrumentNameEn: 'Vital signs', name: '体重 (kg)', nameEn: 'Weight (kg)' });
    // Every field listed is one a distribution accepts.
    for (const field of fields) await chart(rs.people.coordinator, { indicator: 'distribution', instrumentId: String(field.instrumentId), path: field.path });
  });

  it('refuses a field that is not numeric or a choice, an unknown field and a missing one', async () => {
    const call = (query: string) => rs.study.t.call('GET', `/dcap/analytics/chart?indicator=distribution&${query}`, { token: rs.people.projectAdmin.token });
    refused(await call(`instrumentId=${String(rs.instruments.VS)}&path=VSDAT`), 422, 'analytics.field_kind');
    refused(await call(`instrumentId=${String(rs.instruments.VS)}&path=NOPE`), 404, 'analytics.field_not_found');
    refused(await call(`instrumentId=${String(rs.instruments.VS)}`), 422, 'analytics.field_required');
    expect((await rs.study.t.call('GET', '/dcap/analytics/chart?indicator=nothing', { token: rs.people.projectAdmin.token })).status).toBe(400);
  });

  it('WF-3 gives a site-limited user only their own site, and refuses another site', async () => {
    const c = await chart(rs.people.siteBUser, { indicator: 'queryRateBySite' });
    expect(c.categories.map((category) => category.key)).toEqual([String(rs.siteB.id)]);
    const all = await chart(rs.people.projectAdmin, { indicator: 'queryRateBySite', siteIds: String(rs.siteB.id) });
    expect(cells(c)).toEqual(cells(all));
    const failures = await chart(rs.people.siteBUser, { indicator: 'screeningFailures' });
    expect(cells(failures)).toEqual(tally(live(['B']).filter((s) => s.status === 'SCREEN_FAILURE').map((s) => `${s.reason ?? ''}/${String(s.siteId)}`)));
    refused(await rs.study.t.call('GET', `/dcap/analytics/chart?indicator=sdvProgress&siteIds=${String(rs.siteA.id)}`, { token: rs.people.siteBUser.token }), 403, 'analytics.site_forbidden');
    const overview = ok(await rs.study.t.call('GET', '/dcap/analytics/overview', { token: rs.people.siteBUser.token })) as AnalyticsOverview;
    expect(overview.sites.map((site) => site.id)).toEqual([rs.siteB.id]);
    expect(overview.tiles.enrolled).toBe(live(['B']).filter((s) => s.enrolledAt !== null).length);
  });
});

describe('analytics overview and projects (the big screen)', () => {
  it('gives the tiles, sites (with where they are) and alerts of the whole study', async () => {
    const db = rs.study.t.database.db;
    const { unit_id } = await db.selectFrom('project_sites').select('unit_id').where('id', '=', rs.siteA.id).executeTakeFirstOrThrow();
    ok(await rs.study.t.call('POST', '/dcap/sys/area/loadStandard', { token: rs.study.admin.token, body: { list: 'cn' } }));
    const beijing = await db.selectFrom('areas').select('id').where('code', '=', '110000').executeTakeFirstOrThrow();
    await db.updateTable('units').set({ province: '北京市', city: '北京', area_id: beijing.id }).where('id', '=', unit_id).execute();
    const o = ok(await rs.study.t.call('GET', '/dcap/analytics/overview', { token: rs.people.projectAdmin.token })) as AnalyticsOverview;
    const today = studyDay(now);
    const everyone = live();
    const visits = everyone.flatMap((s) => s.visits.map((v) => outcome(s, v, today)));
    const unclosed = everyone.flatMap((s) => s.queries.filter((q) => q.status === 'OPEN' || q.status === 'ANSWERED').map((q) => ({ ...q, siteId: s.siteId })));
    const values = enteredValues(['A', 'B']);
    const lags = everyone.flatMap((s) => s.visits.flatMap((v) => v.panels.flatMap((p) => (p.savedAt !== null && v.actual !== null ? [dayDiff(studyDay(p.savedAt), v.actual)] : []))));
    expect(o.tiles).toMatchObject({
      enrolled: everyone.filter((s) => s.enrolledAt !== null).length,
      target: 42,
      screened: everyone.length,
      screeningFailures: everyone.filter((s) => s.status === 'SCREEN_FAILURE').length,
      visitsDue: visits.filter((v) => v === 'due').length,
      visitsMissed: visits.filter((v) => v === 'missed').length,
      openQueries: unclosed.length,
      entryLagMedianDays: round(percentile(lags, 0.5)),
      sdvPercent: round((100 * values.filter((v) => SDV.has(v.value.status)).length) / values.length),
      randomised: { total: everyone.filter((s) => s.arm !== null).length, byArm: null },
      stockAlerts: 0,
    });
    expect(o.tiles.queryAges.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(unclosed.length);
    const old = unclosed.filter((q) => now - q.raisedAt > 30 * DAY);
    expect(old.length).toBeGreaterThan(0);
    expect(o.alerts.filter((alert) => alert.kind === 'queryOld').map((alert) => `${String(alert.siteId)}=${String(alert.count)}`).sort()).toEqual(tally(old.map((q) => String(q.siteId))));
    expect(o.sites.map((site) => [site.code, site.target, site.province, site.city])).toEqual([
      ['A01', 30, '北京市', '北京'],
      ['B01', 12, null, null],
    ]);
    // The map's point: the unit's area's (docs/decisions.md "Bigscreen"); none for a unit without an area.
    expect(o.sites.map((site) => site.location)).toEqual([{ longitude: 116.4, latitude: 39.9, areaName: '北京市', areaNameEn: 'Beijing' }, null]);
    const open = ok(await rs.study.t.call('GET', '/dcap/analytics/overview', { token: unblinded.token })) as AnalyticsOverview;
    expect(open.tiles.randomised.byArm).toEqual(
      ['ARMX', 'ARMY'].map((arm) => ({ arm, count: everyone.filter((s) => s.arm === arm).length })),
    );
  });

  it('lists the projects a user may see with their headline figures, a site member’s over their own sites only', async () => {
    const list = ok(await rs.study.t.call('GET', '/dcap/analytics/projects', { token: rs.people.projectAdmin.token })) as AnalyticsProjects;
    const mine = list.find((project) => project.projectId === rs.projectId);
    expect(mine).toMatchObject({ env: 'uat', enrolled: live().filter((s) => s.enrolledAt !== null).length, target: 42, screeningFailures: live().filter((s) => s.status === 'SCREEN_FAILURE').length });
    expect(mine?.openQueries).toBe(live().flatMap((s) => s.queries.filter((q) => q.status === 'OPEN' || q.status === 'ANSWERED')).length);
    // The coordinator holds a role at site A only: the project is listed with site A's figures and target.
    const theirs = (ok(await rs.study.t.call('GET', '/dcap/analytics/projects', { token: rs.people.coordinator.token })) as AnalyticsProjects).filter(
      (project) => project.projectId === rs.projectId,
    );
    expect(theirs).toEqual([
      {
        ...mine,
        enrolled: live(['A']).filter((s) => s.enrolledAt !== null).length,
        screeningFailures: live(['A']).filter((s) => s.status === 'SCREEN_FAILURE').length,
        openQueries: live(['A']).flatMap((s) => s.queries.filter((q) => q.status === 'OPEN' || q.status === 'ANSWERED')).length,
        target: 30,
      },
    ]);
    expect(theirs[0]?.enrolled).toBeLessThan(mine?.enrolled ?? 0);
  });

  it('keeps a site’s enrolment target, clears it with null and refuses another project’s site', async () => {
    const set = ok(await rs.study.t.call('POST', '/dcap/analytics/siteTarget', { token: rs.people.projectAdmin.token, body: { siteId: rs.siteB.id, target: null } }));
    expect(set).toEqual({ siteId: rs.siteB.id, target: null });
    const o = ok(await rs.study.t.call('GET', '/dcap/analytics/overview', { token: rs.people.projectAdmin.token })) as AnalyticsOverview;
    expect(o.tiles.target).toBe(30);
    const audit = await rs.study.t.database.db.selectFrom('audit_log').select(['entity_type', 'entity_id', 'new_value']).where('entity_type', '=', 'site').where('entity_id', '=', String(rs.siteB.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.new_value)).toContain('enrolmentTarget');
    expect((await rs.study.t.call('POST', '/dcap/analytics/siteTarget', { token: rs.people.projectAdmin.token, body: { siteId: rs.siteB.id, target: -1 } })).status).toBe(400);
    refused(await rs.study.t.call('POST', '/dcap/analytics/siteTarget', { token: rs.people.projectAdmin.token, body: { siteId: 999_999, target: 3 } }), 404, 'site.not_found');
    ok(await rs.study.t.call('POST', '/dcap/analytics/siteTarget', { token: rs.people.projectAdmin.token, body: { siteId: rs.siteB.id, target: 12 } }));
  });
});

describe('the project’s alert thresholds (docs/decisions.md "Analytics", alert thresholds)', () => {
  const overview = async () => ok(await rs.study.t.call('GET', '/dcap/analytics/overview', { token: rs.people.projectAdmin.token })) as AnalyticsOverview;
  const setThresholds = (body: unknown, who: Persona = rs.people.projectAdmin) => rs.study.t.call('POST', '/dcap/analytics/alertThresholds', { token: who.token, body });

  it('applies the platform defaults until the project sets its own, then flags sites and queries by its numbers', async () => {
    const db = rs.study.t.database.db;
    expect((await overview()).alertThresholds).toEqual({ siteIdleDays: 14, queryDays: 30, own: { siteIdleDays: false, queryDays: false } });
    // Site B's last entry moved 20 days back, so its idle days are known to be at least 20.
    const siteB = db.selectFrom('subjects').select('id').where('site_id', '=', rs.siteB.id);
    await sql`UPDATE panel_instances SET updated_at = updated_at - interval '20 days' WHERE subject_id IN (${siteB})`.execute(db);
    try {
      const lastB = (await overview()).sites.find((site) => site.id === rs.siteB.id)?.lastEntryAt ?? null;
      expect(lastB).not.toBeNull();
      const idleB = Math.floor((Date.now() - new Date(lastB ?? 0).getTime()) / DAY);
      expect(idleB).toBeGreaterThanOrEqual(20);
      const unclosed = live().flatMap((s) => s.queries.filter((q) => q.status === 'OPEN' || q.status === 'ANSWERED').map((q) => ({ ...q, siteId: s.siteId })));

      // At exactly site B's idle days it is flagged, with the threshold named; queries older than 10 days are.
      expect(ok(await setThresholds({ siteIdleDays: idleB, queryDays: 10 }))).toEqual({ siteIdleDays: idleB, queryDays: 10, own: { siteIdleDays: true, queryDays: true } });
      let o = await overview();
      expect(o.alertThresholds).toEqual({ siteIdleDays: idleB, queryDays: 10, own: { siteIdleDays: true, queryDays: true } });
      expect(o.alerts.find((alert) => alert.kind === 'siteIdle' && alert.siteId === rs.siteB.id)).toEqual({ kind: 'siteIdle', siteId: rs.siteB.id, count: idleB, threshold: idleB, subject: null });
      const older = (days: number) => tally(unclosed.filter((q) => now - q.raisedAt > days * DAY).map((q) => String(q.siteId)));
      const queryAlerts = (view: AnalyticsOverview) => view.alerts.filter((alert) => alert.kind === 'queryOld').map((alert) => `${String(alert.siteId)}=${String(alert.count)}`).sort();
      expect(queryAlerts(o)).toEqual(older(10));
      expect(older(10)).not.toEqual(older(30));
      expect(o.alerts.filter((alert) => alert.kind === 'queryOld').every((alert) => alert.threshold === 10)).toBe(true);

      // A day more and site B is no longer flagged; null returns the query threshold to the default.
      ok(await setThresholds({ siteIdleDays: idleB + 1, queryDays: null }));
      o = await overview();
      expect(o.alerts.some((alert) => alert.kind === 'siteIdle' && alert.siteId === rs.siteB.id)).toBe(false);
      expect(o.alertThresholds).toEqual({ siteIdleDays: idleB + 1, queryDays: 30, own: { siteIdleDays: true, queryDays: false } });
      expect(queryAlerts(o)).toEqual(older(30));

      const audit = await db.selectFrom('audit_log').select(['action', 'old_value', 'new_value']).where('entity_type', '=', 'project').where('entity_id', '=', String(rs.projectId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit).toEqual({ action: 'project.update', old_value: { alertSiteIdleDays: idleB, alertQueryDays: 10 }, new_value: { alertSiteIdleDays: idleB + 1, alertQueryDays: null } });
    } finally {
      await sql`UPDATE panel_instances SET updated_at = updated_at + interval '20 days' WHERE subject_id IN (${siteB})`.execute(db);
    }
  });

  it('refuses thresholds outside 1 to 365 days and callers who do not configure the project, changing nothing', async () => {
    const before = (await overview()).alertThresholds;
    for (const body of [{ siteIdleDays: 0, queryDays: null }, { siteIdleDays: null, queryDays: 366 }, { siteIdleDays: 2.5, queryDays: null }, { siteIdleDays: null }]) {
      expect((await setThresholds(body)).status).toBe(400);
    }
    refused(await setThresholds({ siteIdleDays: 3, queryDays: 3 }, rs.people.coordinator), 403, 'permission.project_forbidden');
    expect((await overview()).alertThresholds).toEqual(before);
    ok(await setThresholds({ siteIdleDays: null, queryDays: null }));
    expect((await overview()).alertThresholds.own).toEqual({ siteIdleDays: false, queryDays: false });
  });
});

describe('the counts a write keeps for SDV progress', () => {
  it('moves SDV progress when a monitor verifies a panel through the workflow', async () => {
    const db = rs.study.t.database.db;
    const panel = await db
      .selectFrom('panel_instances')
      .innerJoin('field_values', 'field_values.panel_instance_id', 'panel_instances.id')
      .select(['panel_instances.id', 'panel_instances.site_id'])
      .where('panel_instances.env_id', '=', rs.env.id)
      .where('panel_instances.instrument_id', '=', rs.instruments.VS)
      .where('field_values.status', '=', 'COMPLETED')
      .orderBy('panel_instances.id')
      .executeTakeFirstOrThrow();
    const before = await chart(rs.people.projectAdmin, { indicator: 'sdvProgress' });
    const result = ok(await rs.study.t.call('POST', '/dcap/project/recordData/workflow/bulk', { token: rs.people.monitor.token, body: { scope: 'panel', id: panel.id, action: 'verify' } })) as { applied: number };
    expect(result.applied).toBeGreaterThan(0);
    const after = await chart(rs.people.projectAdmin, { indicator: 'sdvProgress' });
    const index = after.categories.findIndex((category) => category.key === String(panel.site_id));
    const [verifiedBefore, notBefore] = before.series.map((s) => s.data[index] ?? 0);
    const [verifiedAfter, notAfter] = after.series.map((s) => s.data[index] ?? 0);
    expect(verifiedAfter).toBe((verifiedBefore ?? 0) + result.applied);
    expect(notAfter).toBe((notBefore ?? 0) - result.applied);
  });
});
