import type { Project } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness.js';
import { ADMIN, createTestContext } from '../../test/harness.js';

let t: TestContext;
let admin: string;

const PASSWORD = 'Manager123';

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn(ADMIN.username, ADMIN.password);
  await createUser('pm.env', PASSWORD, true);
});
afterAll(() => t.close());

/** A user who starts past the first-sign-in password change (that rule has its own tests). */
async function createUser(username: string, password: string, projectAdmin = false): Promise<void> {
  const reply = await t.call('POST', '/dcap/sys/user/save', { token: admin, body: { username, name: username, projectAdmin, password } });
  expect(reply.status, reply.body.msg).toBe(200);
  await t.database.db.updateTable('users').set({ must_change_password: false }).where('username', '=', username).execute();
}

async function apply(token: string, code: string): Promise<Project> {
  const reply = await t.call('POST', '/dcap/project/apply', { token, body: { code, name: `Study ${code}`, blindMethod: 'N' } });
  expect(reply.status, reply.body.msg).toBe(200);
  return reply.body.data as Project;
}

async function envIds(token: string, projectId: number): Promise<Record<string, number>> {
  const reply = await t.call('POST', '/dcap/projectEnv/getEnvList', { token, body: { projectId } });
  return Object.fromEntries((reply.body.data as { id: number; key: string }[]).map((env) => [env.key, env.id]));
}

describe('the environment choice survives signing in again (spec 000 §4.4)', () => {
  // Spec 000 §4.4: "Environment choice is stored locally and in the session".
  it('enters the project in the environment last chosen there, in a new session', async () => {
    let pm = await t.signIn('pm.env', PASSWORD);
    const p = await apply(pm, 'ENVMEM-1');
    expect((await t.call('GET', `/dcap/project/store/${p.id}`, { token: pm })).body.data).toMatchObject({ env: 'uat' });
    expect((await t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: pm })).body.data).toMatchObject({ env: 'dev' });
    const stored = await t.database.db.selectFrom('user_project_envs').selectAll().execute();
    expect(stored).toMatchObject([{ project_id: p.id, env: 'dev' }]);

    await t.call('GET', '/dcap/logout', { token: pm });
    pm = await t.signIn('pm.env', PASSWORD);
    // Init enters the first listed project (spec 000 §4.1), here the only one, in the environment chosen there.
    const init = await t.call('GET', '/dcap/sys/init', { token: pm });
    expect(init.body).toMatchObject({ consistencyProjectId: p.id, consistencyProjectCurrEnv: 'dev' });
    expect((await t.call('GET', `/dcap/project/store/${p.id}`, { token: pm })).body.data).toMatchObject({ projectId: p.id, env: 'dev' });
    expect((await t.call('GET', '/dcap/sys/init', { token: pm })).body).toMatchObject({ consistencyProjectId: p.id, consistencyProjectCurrEnv: 'dev' });
  });

  it('keeps each project’s choice apart and each user’s choice apart', async () => {
    const pm = await t.signIn('pm.env', PASSWORD);
    const first = await apply(pm, 'ENVMEM-2');
    const second = await apply(pm, 'ENVMEM-3');
    await t.call('GET', `/dcap/project/store/${first.id}`, { token: pm });
    await t.call('GET', '/dcap/projectEnv/selectEnv/prd', { token: pm });
    await t.call('GET', `/dcap/project/store/${second.id}`, { token: pm });
    await t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: pm });
    expect((await t.call('GET', `/dcap/project/store/${first.id}`, { token: pm })).body.data).toMatchObject({ env: 'prd' });
    expect((await t.call('GET', `/dcap/project/store/${second.id}`, { token: pm })).body.data).toMatchObject({ env: 'dev' });
    // The administrator never chose in the first project: the default for a test project applies.
    expect((await t.call('GET', `/dcap/project/store/${first.id}`, { token: admin })).body.data).toMatchObject({ env: 'uat' });
  });

  // Spec 000 §5: "environments with status disable cannot be chosen" — nor restored.
  it('falls back to the default when the remembered environment was disabled since, and keeps the choice for later', async () => {
    const pm = await t.signIn('pm.env', PASSWORD);
    const p = await apply(pm, 'ENVMEM-4');
    await t.call('GET', `/dcap/project/store/${p.id}`, { token: pm });
    await t.call('GET', '/dcap/projectEnv/selectEnv/prd', { token: pm });
    const ids = await envIds(pm, p.id);
    await t.call('POST', '/dcap/projectEnv/updateEnvStatus', { token: pm, body: { projectId: p.id, id: ids.prd, status: 'disable' } });
    expect((await t.call('GET', `/dcap/project/store/${p.id}`, { token: pm })).body.data).toMatchObject({ env: 'uat' });
    await t.call('POST', '/dcap/projectEnv/updateEnvStatus', { token: pm, body: { projectId: p.id, id: ids.prd, status: 'normal' } });
    expect((await t.call('GET', `/dcap/project/store/${p.id}`, { token: pm })).body.data).toMatchObject({ env: 'prd' });
  });

  it('lands in no environment when none is normal, so the web shows /tools/EnvDisabled', async () => {
    const pm = await t.signIn('pm.env', PASSWORD);
    const p = await apply(pm, 'ENVMEM-5');
    for (const id of Object.values(await envIds(pm, p.id))) {
      await t.call('POST', '/dcap/projectEnv/updateEnvStatus', { token: pm, body: { projectId: p.id, id, status: 'disable' } });
    }
    expect((await t.call('GET', `/dcap/project/store/${p.id}`, { token: pm })).body.data).toMatchObject({ projectId: p.id, env: null });
    const init = (await t.call('GET', '/dcap/sys/init', { token: pm })).body.data as { envList: { status: string }[] };
    expect(init.envList.every((env) => env.status === 'disable')).toBe(true);
  });

  it('lets the database refuse a remembered environment the project does not have', async () => {
    const pm = await t.signIn('pm.env', PASSWORD);
    const p = await apply(pm, 'ENVMEM-6');
    const user = await t.database.db.selectFrom('users').select('id').where('username', '=', 'pm.env').executeTakeFirstOrThrow();
    const insert = t.database.db.insertInto('user_project_envs').values({ user_id: user.id, project_id: p.id, env: 'sde9', chosen_at: new Date() }).execute();
    await expect(insert).rejects.toThrow(/user_project_envs_env_fkey/);
  });
});

describe('environment types and keys of spec 000 §3', () => {
  // Spec 000 §3: "type (sde, prd, pro and others) ... Accepted environment keys: dev, uat, bprd, prd."
  it('accepts the keys dev, uat, bprd and prd, sde environments, and pro as the production type', async () => {
    const pm = await t.signIn('pm.env', PASSWORD);
    const p = await apply(pm, 'ENVTYPE-1');
    const created = await t.call('POST', '/dcap/projectEnv/createEnv', { token: pm, body: { projectId: p.id, key: 'bprd', type: 'bprd', name: '备份正式' } });
    expect(created.body.data).toMatchObject({ key: 'bprd', type: 'bprd', status: 'normal' });
    const sde = await t.call('POST', '/dcap/projectEnv/createEnv', { token: pm, body: { projectId: p.id, key: 'sde_a', type: 'sde', name: 'SDE A' } });
    expect(sde.body.data).toMatchObject({ key: 'sde_a', type: 'sde' });
    const keys = (await t.call('POST', '/dcap/projectEnv/getEnvList', { token: pm, body: { projectId: p.id } })).body.data as { key: string }[];
    expect(keys.map((env) => env.key)).toEqual(['dev', 'uat', 'bprd', 'prd', 'sde_a']);

    // A second project without production: pro creates it, stored as prd so every production rule applies.
    const q = await apply(pm, 'ENVTYPE-2');
    const ids = await envIds(pm, q.id);
    await t.database.db.deleteFrom('env_designs').where('env_id', '=', ids.prd ?? 0).execute();
    await t.database.db.deleteFrom('user_project_envs').where('project_id', '=', q.id).execute();
    await t.database.db.deleteFrom('project_envs').where('id', '=', ids.prd ?? 0).execute();
    const pro = await t.call('POST', '/dcap/projectEnv/createEnv', { token: pm, body: { projectId: q.id, key: 'prd', type: 'pro', name: '正式环境' } });
    expect(pro.status, pro.body.msg).toBe(200);
    expect(pro.body.data).toMatchObject({ key: 'prd', type: 'prd' });
    const clean = await t.call('POST', '/dcap/projectEnv/cleanEnv', { token: pm, lang: 'en-US', body: { projectId: q.id, id: (pro.body.data as { id: number }).id } });
    expect(clean.status).toBe(422);
  });

  it('refuses other keys and types with a message in the caller’s language, and creates nothing', async () => {
    const pm = await t.signIn('pm.env', PASSWORD);
    const p = await apply(pm, 'ENVTYPE-3');
    for (const body of [
      { key: 'prod', type: 'prd' },
      { key: 'pro', type: 'pro' },
      { key: 'qa', type: 'qa' },
      { key: 'dev2', type: 'dev' },
      { key: 'xsde', type: 'sde' },
    ]) {
      const reply = await t.call('POST', '/dcap/projectEnv/createEnv', { token: pm, lang: 'en-US', body: { projectId: p.id, name: 'X', ...body } });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errorCode).toBe('request.invalid');
      expect(reply.body.msg).toMatch(/^[\x20-\x7e]+$/);
    }
    const zh = await t.call('POST', '/dcap/projectEnv/createEnv', { token: pm, lang: 'zh-CN', body: { projectId: p.id, name: 'X', key: 'qa', type: 'qa' } });
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(Object.keys(await envIds(pm, p.id))).toEqual(['dev', 'uat', 'prd']);
  });
});

describe('the configuration revision a window compares on focus (spec 000 §4.4)', () => {
  it('changes when the project configuration or design changes, and not otherwise', async () => {
    const pm = await t.signIn('pm.env', PASSWORD);
    const none = await t.call('GET', '/dcap/projectEnv/configRevision', { token: pm });
    expect(none.body.data).toEqual({ projectId: null, env: null, revision: null });

    const applied = await apply(pm, 'ENVREV-1');
    const project = (await t.call('GET', `/dcap/project/nextStep/${applied.id}/0`, { token: pm })).body.data as Project;
    await t.call('GET', `/dcap/project/store/${project.id}`, { token: pm });
    await t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: pm });
    const revision = async () => (await t.call('GET', '/dcap/projectEnv/configRevision', { token: pm })).body.data as { projectId: number; env: string; revision: string };
    const first = await revision();
    expect(first).toMatchObject({ projectId: project.id, env: 'dev' });
    expect(first.revision).toMatch(/^[0-9a-f]{32}$/);
    expect((await revision()).revision).toBe(first.revision);

    const saved = await t.call('POST', '/dcap/project/save', { token: pm, body: { id: project.id, version: project.version, name: 'Renamed' } });
    expect(saved.status, saved.body.msg).toBe(200);
    const afterSave = await revision();
    expect(afterSave.revision).not.toBe(first.revision);

    const instrument = await t.call('POST', '/dcap/project/instrument/save', { token: pm, body: { projectId: project.id, name: '生命体征', nameAbbr: 'VS' } });
    expect(instrument.status, instrument.body.msg).toBe(200);
    const afterInstrument = await revision();
    expect(afterInstrument.revision).not.toBe(afterSave.revision);

    // Switching environment is not a configuration change.
    await t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: pm });
    expect((await revision()).revision).toBe(afterInstrument.revision);
  });

  it('gives no revision of a project the caller has no standing in', async () => {
    const pm = await t.signIn('pm.env', PASSWORD);
    const p = await apply(pm, 'ENVREV-2');
    await createUser('nobody.env', 'Nobody1234');
    const nobody = await t.signIn('nobody.env', 'Nobody1234');
    const session = await t.database.db.selectFrom('sessions').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    // A session pointed at a project by hand: the caller still learns nothing about it.
    await t.database.db.updateTable('sessions').set({ current_project_id: p.id, current_env: 'dev' }).where('id', '=', session.id).execute();
    t.deps.sessions.forgetSession(session.id);
    const reply = await t.call('GET', '/dcap/projectEnv/configRevision', { token: nobody });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ projectId: p.id, revision: null });
  });
});
