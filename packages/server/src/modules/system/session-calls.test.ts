import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Study, Team } from '../roles/study.fixture.js';
import { ok, openStudy, refused, team } from '../roles/study.fixture.js';

let study: Study;
let s: Team;

beforeAll(async () => {
  study = await openStudy();
  s = await team(study, 'SESS');
});
afterAll(() => study.t.close());

const sessionOf = async (token: string): Promise<void> => {
  ok(await study.t.call('GET', '/dcap/sys/init', { token }));
};

describe('GET /dcap/locale (spec 000 §7.1, §9: default zh-CN, supported zh-CN and en-US)', () => {
  it('answers the request’s language, the default and the supported ones, signed in or not', async () => {
    expect(ok(await study.t.call('GET', '/dcap/locale'))).toEqual({ locale: 'zh-CN', defaultLocale: 'zh-CN', supported: ['zh-CN', 'en-US'] });
    expect(ok(await study.t.call('GET', '/dcap/locale', { lang: 'en-US,en;q=0.9' }))).toMatchObject({ locale: 'en-US' });
  });
});

describe('POST /dcap/autoSwitch', () => {
  it('moves this session to the project, role and environment of another of the same user’s sessions, audited', async () => {
    const first = await study.t.database.db.selectFrom('sessions').select(['id']).where('user_id', '=', s.investigator.id).where('current_project_id', '=', s.projectId).executeTakeFirstOrThrow();
    const second = await study.t.signIn(s.investigator.username, 'Passw0rd!x');
    await sessionOf(second);
    // The second window has not chosen where to work yet.
    const secondId = (await study.t.database.db.selectFrom('sessions').select('id').where('user_id', '=', s.investigator.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    await study.t.database.db.updateTable('sessions').set({ current_project_id: null, current_role_id: null, current_env: null }).where('id', '=', secondId).execute();
    study.t.deps.sessions.forgetSession(secondId);
    const moved = ok(await study.t.call('POST', '/dcap/autoSwitch', { token: second, body: { username: s.investigator.username, sessionId: first.id } }));
    expect(moved).toMatchObject({ projectId: s.projectId, roleId: s.roles.crcA.id });
    const audit = await study.t.database.db.selectFrom('audit_log').select(['new_value']).where('action', '=', 'session.switch').where('actor_id', '=', s.investigator.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.new_value).toMatchObject({ projectId: s.projectId, roleId: s.roles.crcA.id, fromSession: first.id });
  });

  it('refuses another user’s session and another user’s name, changing nothing', async () => {
    const pmSession = await study.t.database.db.selectFrom('sessions').select('id').where('user_id', '=', s.pm.id).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    const ownSession = await study.t.database.db.selectFrom('sessions').select('id').where('user_id', '=', s.outsider.id).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    const before = await study.t.database.db.selectFrom('sessions').select(['id', 'current_project_id']).where('user_id', '=', s.outsider.id).execute();
    refused(await study.t.call('POST', '/dcap/autoSwitch', { token: s.outsider.token, body: { username: s.outsider.username, sessionId: pmSession.id } }), 404, 'session.not_found');
    refused(await study.t.call('POST', '/dcap/autoSwitch', { token: s.outsider.token, body: { username: s.pm.username, sessionId: ownSession.id } }), 403, 'session.switch_forbidden');
    refused(await study.t.call('POST', '/dcap/autoSwitch', { token: s.outsider.token, body: { username: s.outsider.username, sessionId: 'x' } }), 400, 'request.invalid');
    refused(await study.t.call('POST', '/dcap/autoSwitch', { body: { username: s.outsider.username, sessionId: ownSession.id } }), 401, 'auth.required');
    expect(await study.t.database.db.selectFrom('sessions').select(['id', 'current_project_id']).where('user_id', '=', s.outsider.id).execute()).toEqual(before);
  });
});

describe('POST /dcap/platform/file/path', () => {
  it('answers not found for a file no module stores, and a 400 for a bad id', async () => {
    refused(await study.t.call('POST', '/dcap/platform/file/path', { token: s.pm.token, body: { fileId: 1 } }), 404, 'file.not_found');
    refused(await study.t.call('POST', '/dcap/platform/file/path', { token: s.pm.token, body: { fileId: -1 } }), 400, 'request.invalid');
    refused(await study.t.call('POST', '/dcap/platform/file/path', { body: { fileId: 1 } }), 401, 'auth.required');
  });
});

describe('POST /dcap/projectEnv/userEnvList and userEnvList/{projectId} (spec 000 §7.5)', () => {
  it('lists the environments with status, selectability and the current one; a stranger gets 404', async () => {
    const envs = ok(await study.t.call('POST', `/dcap/projectEnv/userEnvList/${s.projectId}`, { token: s.investigator.token })) as { key: string; selectable: boolean; current: boolean; status: string }[];
    expect(envs.map((env) => env.key)).toEqual(['dev', 'uat', 'prd'].filter((key) => envs.some((env) => env.key === key)));
    expect(envs.filter((env) => env.current)).toHaveLength(1);
    expect(envs.every((env) => env.selectable === (env.status === 'normal'))).toBe(true);
    const body = ok(await study.t.call('POST', '/dcap/projectEnv/userEnvList', { token: s.investigator.token, body: { projectId: s.projectId } }));
    expect(body).toEqual(envs);
    refused(await study.t.call('POST', `/dcap/projectEnv/userEnvList/${s.projectId}`, { token: s.outsider.token }), 404, 'project.not_found');
  });
});
