import type { DashboardSummary } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/harness.js';
import { createTestContext } from '../test/harness.js';
import { verifyAuditChain } from '../modules/audit/verify.js';
import type { DemoAccount } from './demo.js';
import { DEMO_PROJECT_CODE, seedDemo } from './demo.js';

let t: TestContext;
let accounts: DemoAccount[] | null;
let seedMs = 0;

beforeAll(async () => {
  t = await createTestContext();
  const start = performance.now();
  accounts = await seedDemo(t.deps);
  seedMs = performance.now() - start;
}, 300_000);
afterAll(() => t.close());

describe('demo study', () => {
  it('creates one user per role with a printed password, and runs once', async () => {
    expect(accounts?.map((a) => `${a.username}:${a.role}`)).toEqual([
      'demo.pm:PM',
      'demo.cra:CRA',
      'demo.dm:DM',
      'demo.pi1:PI-S01',
      'demo.pi2:PI-S02',
      'demo.pi3:PI-S03',
    ]);
    expect(await seedDemo(t.deps)).toBeNull();
  });

  it('lets an investigator sign in, enter the project and see only their own site', async () => {
    const pi = accounts?.find((a) => a.username === 'demo.pi2');
    const token = await t.signIn('demo.pi2', pi?.password ?? '');
    const init = await t.call('GET', '/dcap/sys/init', { token });
    const projects = (init.body.data as { projects: { id: number; code: string }[] }).projects;
    expect(projects.map((p) => p.code)).toEqual([DEMO_PROJECT_CODE]);
    const stored = await t.call('GET', `/dcap/project/store/${projects[0]?.id}`, { token });
    expect(stored.body.data).toMatchObject({ env: 'uat' });
    const entered = (await t.call('GET', '/dcap/sys/init', { token })).body.data as {
      envList: { key: string }[];
      institutions: { code: string }[];
      allInstitutions: unknown[];
      projectRole: { alias: string; dataEntryRights: boolean; projectDesignAndSetup: boolean };
    };
    expect(entered.envList.map((e) => e.key)).toEqual(['dev', 'uat', 'prd']);
    expect(entered.allInstitutions).toHaveLength(3);
    expect(entered.institutions.map((s) => s.code)).toEqual(['S02']);
    expect(entered.projectRole).toMatchObject({ alias: 'PI-S02', dataEntryRights: true, projectDesignAndSetup: false });
  });

  it('writes everything through audited services', async () => {
    const actions = await t.database.db.selectFrom('audit_log').select('action').where('project_id', 'is not', null).execute();
    expect(actions.filter((a) => a.action === 'role.assign')).toHaveLength(6);
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });
});

describe('demo study design: ready for the designer on first sign-in', () => {
  // spec 000 §4.3: "Some functions are available only in dev-type environments (dev, sde)": the demo
  // ships a development environment holding the editable design and a test environment running it.
  it('ships development, test and production environments', async () => {
    const project = await t.database.db.selectFrom('projects').select('id').where('code', '=', DEMO_PROJECT_CODE).executeTakeFirstOrThrow();
    const envs = await t.database.db.selectFrom('project_envs').select(['key', 'type', 'status']).where('project_id', '=', project.id).orderBy('id').execute();
    expect(envs).toEqual([
      { key: 'dev', type: 'dev', status: 'normal' },
      { key: 'uat', type: 'uat', status: 'normal' },
      { key: 'prd', type: 'prd', status: 'normal' },
    ]);
  });

  it('holds four forms and seven visits, published to test as version 1 with nothing pending', async () => {
    const pm = accounts?.find((a) => a.username === 'demo.pm');
    const token = await t.signIn('demo.pm', pm?.password ?? '');
    const projectId = (await t.database.db.selectFrom('projects').select('id').where('code', '=', DEMO_PROJECT_CODE).executeTakeFirstOrThrow()).id;
    expect((await t.call('GET', `/dcap/project/store/${projectId}`, { token })).body.data).toMatchObject({ env: 'uat' });
    const versions = (await t.call('GET', `/dcap/project/design/versions/${projectId}`, { token })).body.data as { version: number; environments: string[] }[];
    expect(versions.map((v) => [v.version, v.environments])).toEqual([[1, ['uat']]]);
    const diff = (await t.call('GET', `/dcap/project/design/diff/${projectId}?target=uat`, { token })).body.data as { changes: unknown[] };
    expect(diff.changes).toEqual([]);
    const instruments = (await t.call('GET', `/dcap/project/instrument/list/${projectId}`, { token })).body.data as { nameAbbr: string; fieldCount: number }[];
    expect(instruments.map((i) => [i.nameAbbr, i.fieldCount])).toEqual([
      ['DM', 4],
      ['VS', 7],
      ['LB', 8],
      ['AE', 4],
    ]);
    const visits = (await t.call('GET', `/dcap/project/event/list/${projectId}`, { token })).body.data as { nameEn: string; type: string; offsetDays: number | null }[];
    expect(visits.map((v) => [v.nameEn, v.type, v.offsetDays])).toEqual([
      ['Screening', 'SCREENING', -14],
      ['Baseline', 'BASELINE', 0],
      ['Week 4 follow-up', 'TREATMENT', 28],
      ['Week 8 follow-up', 'TREATMENT', 56],
      ['Week 12 (end of study)', 'FOLLOW_UP', 84],
      ['Unscheduled visit', 'UNSCHEDULED', null],
      ['Adverse event log', 'LOG', null],
    ]);
    // The draft is editable once the session is in development: a save goes through there.
    expect((await t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token })).status).toBe(200);
    const saved = await t.call('POST', '/dcap/project/instrument/save', { token, body: { projectId, name: '合并用药', nameEn: 'Concomitant medication', nameAbbr: 'CM' } });
    expect(saved.status).toBe(200);
  });
});

/** Counts by a column of the demo project's test environment, as "value=count". */
async function countsBy(table: 'subjects' | 'panel_instances' | 'queries', column: 'status'): Promise<Record<string, number>> {
  const project = await t.database.db.selectFrom('projects').select('id').where('code', '=', DEMO_PROJECT_CODE).executeTakeFirstOrThrow();
  const rows = await t.database.db
    .selectFrom(table)
    .innerJoin('project_envs', 'project_envs.id', `${table}.env_id`)
    .select([`${table}.${column}` as 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where(`${table}.project_id`, '=', project.id)
    .where('project_envs.key', '=', 'uat')
    .groupBy(`${table}.${column}`)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

describe('demo study data: twenty subjects with data in every state, written through the services', () => {
  it('moved the study into test through the lifecycle and measured the seeding', async () => {
    const project = await t.database.db.selectFrom('projects').select('status').where('code', '=', DEMO_PROJECT_CODE).executeTakeFirstOrThrow();
    expect(project.status).toBe('TEST');
    console.info(`demo seeding took ${(seedMs / 1000).toFixed(1)} s`);
    expect(seedMs).toBeGreaterThan(0);
  });

  it('has twenty subjects in every status across the three sites', async () => {
    expect(await countsBy('subjects', 'status')).toEqual({
      RECORD_STATUS_SCREENING: 3,
      SCREEN_SUCCESS: 1,
      SCREEN_FAILURE: 3,
      ARMED: 3,
      TESTING: 6,
      TEST_FIX: 2,
      TEST_EXIT: 2,
    });
    const bySite = await t.database.db.selectFrom('subjects').innerJoin('project_sites', 'project_sites.id', 'subjects.site_id').select(['project_sites.code', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('project_sites.code').orderBy('project_sites.code').execute();
    expect(bySite.map((row) => [row.code, Number(row.n)])).toEqual([
      ['S01', 7],
      ['S02', 7],
      ['S03', 6],
    ]);
  });

  it('has panels in every state and open, answered and closed queries', async () => {
    const panels = await countsBy('panel_instances', 'status');
    for (const status of ['EXPIRED', 'INCOMPLETE', 'COMPLETED', 'VERIFIED', 'REVIEWED', 'FROZEN', 'SIGNED', 'LOCKED']) expect(panels[status], status).toBeGreaterThan(0);
    expect(await countsBy('queries', 'status')).toEqual({ OPEN: 3, ANSWERED: 6, CLOSED: 8 });
    const signatures = await t.database.db.selectFrom('signatures').select(['scope']).where('broken_at', 'is', null).execute();
    expect(signatures.map((s) => s.scope).sort()).toEqual(['panel', 'panel', 'subject', 'subject']);
  });

  it('leaves every demo account work waiting', async () => {
    const db = t.database.db;
    const waiting = async (siteCode: string | null, panelStatus: string) =>
      Number(
        (
          await db
            .selectFrom('panel_instances')
            .innerJoin('project_sites', 'project_sites.id', 'panel_instances.site_id')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('panel_instances.status', '=', panelStatus)
            .$if(siteCode !== null, (q) => q.where('project_sites.code', '=', siteCode ?? ''))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const queries = async (siteCode: string | null, status: 'OPEN' | 'ANSWERED') =>
      Number(
        (
          await db
            .selectFrom('queries')
            .innerJoin('project_sites', 'project_sites.id', 'queries.site_id')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('queries.status', '=', status)
            .$if(siteCode !== null, (q) => q.where('project_sites.code', '=', siteCode ?? ''))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Each investigator (data entry, answers, signs): incomplete panels, open queries and reviewed panels at their site.
    for (const site of ['S01', 'S02', 'S03']) {
      expect(await waiting(site, 'INCOMPLETE'), `${site} incomplete`).toBeGreaterThan(0);
      expect(await queries(site, 'OPEN'), `${site} open queries`).toBeGreaterThan(0);
      expect(await waiting(site, 'REVIEWED'), `${site} to sign`).toBeGreaterThan(0);
    }
    // The monitor: completed panels to verify and answered queries to close; the data manager: verified panels to review.
    expect(await waiting(null, 'COMPLETED')).toBeGreaterThan(0);
    expect(await queries(null, 'ANSWERED')).toBeGreaterThan(0);
    expect(await waiting(null, 'VERIFIED')).toBeGreaterThan(0);
    // The project manager: a screening rollback request to decide.
    const pending = await db.selectFrom('subject_requests').select('kind').where('state', '=', 'pending').execute();
    expect(pending).toEqual([{ kind: 'screeningRollback' }]);
  });

  it('shows an investigator their own site on the dashboard', async () => {
    const pi = accounts?.find((a) => a.username === 'demo.pi1');
    const token = await t.signIn('demo.pi1', pi?.password ?? '');
    await t.call('GET', '/dcap/sys/init', { token });
    const projectId = (await t.database.db.selectFrom('projects').select('id').where('code', '=', DEMO_PROJECT_CODE).executeTakeFirstOrThrow()).id;
    await t.call('GET', `/dcap/project/store/${projectId}`, { token });
    const summary = (await t.call('POST', '/dcap/dashboard/summary', { token, body: { filter: 'all' } })).body.data as DashboardSummary;
    expect(summary.sites.map((s) => s.code)).toEqual(['S01']);
    expect(summary.subjects.reduce((sum, row) => sum + row.count, 0)).toBe(7);
  });

  it('AT-1 writes audit rows for the study data with site and environment, and the chain verifies', async () => {
    const rows = await t.database.db.selectFrom('audit_log').select(['action', 'site_id', 'env']).where('action', 'in', ['record.value', 'field.verify', 'signature.sign', 'query.open', 'subject.status']).execute();
    const actions = new Set(rows.map((row) => row.action));
    for (const action of ['record.value', 'field.verify', 'signature.sign', 'query.open']) expect(actions, action).toContain(action);
    expect(rows.every((row) => row.site_id !== null && row.env === 'uat')).toBe(true);
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });
});
