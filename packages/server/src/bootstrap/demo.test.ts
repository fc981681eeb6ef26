import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/harness.js';
import { createTestContext } from '../test/harness.js';
import { verifyAuditChain } from '../modules/audit/verify.js';
import type { DemoAccount } from './demo.js';
import { DEMO_PROJECT_CODE, seedDemo } from './demo.js';

let t: TestContext;
let accounts: DemoAccount[] | null;

beforeAll(async () => {
  t = await createTestContext();
  accounts = await seedDemo(t.deps);
});
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

  it('holds two forms and three visits, published to test as version 1 with nothing pending', async () => {
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
      ['VS', 4],
    ]);
    // The draft is editable once the session is in development: a save goes through there.
    expect((await t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token })).status).toBe(200);
    const saved = await t.call('POST', '/dcap/project/instrument/save', { token, body: { projectId, name: '不良事件', nameEn: 'Adverse events', nameAbbr: 'AE' } });
    expect(saved.status).toBe(200);
  });
});
