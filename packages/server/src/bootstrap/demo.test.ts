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
    expect(entered.envList.map((e) => e.key)).toEqual(['uat', 'prd']);
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
