import { initResponseSchema } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignTeam } from '../instruments/design.fixture.js';
import { designTeam } from '../instruments/design.fixture.js';
import type { Persona } from '../roles/study.fixture.js';
import { grant, ok, person, project, role, setStatus } from '../roles/study.fixture.js';

/**
 * The login response of spec 000 §3 (GET /dcap/sys/init): the current project's process, dictionaries,
 * configuration and the role templates, and the current-project rule of spec 000 §4.1: "The current
 * project defaults to the first listed when the stored one is not in the list."
 */
let team: DesignTeam;

beforeAll(async () => {
  team = await designTeam('IN');
});
afterAll(() => team.study.t.close());

async function init(who: Persona) {
  const reply = ok(await team.study.t.call('GET', '/dcap/sys/init', { token: who.token }));
  // The web reads it with the same schema.
  return initResponseSchema.parse(reply);
}

async function sessionOf(who: Persona) {
  return team.study.t.database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['current_project_id', 'current_role_id', 'current_env'])
    .where('users.username', '=', who.username)
    .where('ended_at', 'is', null)
    .orderBy('sessions.id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('the login response of a configured project', () => {
  it('carries the process, dictionaries by key, configuration flags and role templates', async () => {
    const { pm, projectId } = team;
    const call = (url: string, body: unknown) => team.study.t.call('POST', url, { token: pm.token, body });
    ok(await call('/dcap/project/processConfig/save', { projectId, steps: ['verify', 'sign'] }));
    ok(await call('/dcap/project/dict/save', { projectId, key: 'IN_SEVERITY', value: '严重程度', valueEn: 'Severity', items: [{ key: '1', value: '1', label: '轻' }] }));
    const info = ok(await team.study.t.call('GET', `/dcap/project/info/${projectId}`, { token: pm.token })) as { version: number };
    ok(await call('/dcap/project/save', { id: projectId, version: info.version, config: { visitTask: true } }));

    const data = await init(pm);
    expect(data.project?.id).toBe(projectId);
    // Spec 000 §6: the audit processes come from a server-provided map.
    expect(data.auditProcList.map((step) => [step.code, step.order, step.right])).toEqual([
      ['verify', 1, 'verify'],
      ['sign', 2, 'locked'],
    ]);
    expect(data.auditProcMap.review).toMatchObject({ enabled: false, order: null });
    expect(data.auditProcMap.sign).toMatchObject({ enabled: true, order: 2, nameEn: 'Sign' });
    // The platform's dictionaries and the project's, by key.
    expect(data.dictMap.IN_SEVERITY).toMatchObject({ value: '严重程度', isSysProjectDict: false, items: [{ value: '1' }] });
    const platformKeys = Object.values(data.dictMap).filter((dict) => dict.isSysProjectDict);
    expect(platformKeys.length).toBeGreaterThan(0);
    // Every configuration flag, defaults filled in.
    expect(data.projectConfigMap).toMatchObject({ visitTask: true, preScreen: false, enableOcr: false });
    expect(Object.keys(data.projectConfigMap)).toHaveLength(14);
    expect(data.projectConfigsVo).toEqual({ projectId, config: data.projectConfigMap, auditSteps: ['verify', 'sign'] });
    // Spec 000 §3: project role templates and site role templates.
    expect(data.projRoles.map((template) => template.code)).toEqual(['PM', 'DM', 'CRA', 'MM', 'STAT']);
    expect(data.siteRoles.find((template) => template.code === 'PI')).toMatchObject({ scope: 'site', rights: ['dataEntryRights', 'answerQuery', 'locked'] });
    expect(data.envList?.map((env) => env.key)).toEqual(['dev', 'uat', 'prd']);
    // Spec 000 §3: the font size preference follows the user to a new browser.
    expect(data.user.fontSize).toBe('small');
    ok(await call('/dcap/sys/user/preferences', { fontSize: 'large' }));
    expect((await init(pm)).user.fontSize).toBe('large');
  });

  it('gives the default process of a project that never saved one, and empty project fields without a project', async () => {
    const loner = await person(team.study, 'in.loner');
    const empty = await init(loner);
    expect(empty).toMatchObject({ project: null, projects: [], auditProcMap: {}, auditProcList: [], projectConfigMap: {}, projectConfigsVo: null });
    expect(empty.projRoles.length).toBeGreaterThan(0);
    expect(Object.keys(empty.dictMap).length).toBeGreaterThan(0);

    const other = await project(team.study, team.pm, 'IN-DEFAULT');
    const entry = await role(team.study, team.pm, { projectId: other.id, alias: 'Entry', institutionIds: 'all', dataEntryRights: true });
    await grant(team.study, team.pm, other.id, { roleId: entry.id, userIds: [loner.id] });
    const joined = await init(loner);
    expect(joined.project?.id).toBe(other.id);
    expect(joined.auditProcList.map((step) => step.code)).toEqual(['verify', 'review', 'sign']);
  });
});

describe('the current project (spec 000 §4.1)', () => {
  it('defaults to the first listed when the session has none, with its first enabled role and default environment', async () => {
    const member = await person(team.study, 'in.member');
    const older = await project(team.study, team.pm, 'IN-OLDER');
    const newer = await project(team.study, team.pm, 'IN-NEWER');
    const disabled = await role(team.study, team.pm, { projectId: newer.id, alias: 'Off', institutionIds: 'all' });
    const usable = await role(team.study, team.pm, { projectId: newer.id, alias: 'On', institutionIds: 'all', dataEntryRights: true });
    const olderRole = await role(team.study, team.pm, { projectId: older.id, alias: 'Old', institutionIds: 'all' });
    await grant(team.study, team.pm, newer.id, { roleId: disabled.id, userIds: [member.id] });
    await grant(team.study, team.pm, newer.id, { roleId: usable.id, userIds: [member.id] });
    await grant(team.study, team.pm, older.id, { roleId: olderRole.id, userIds: [member.id] });
    ok(await team.study.t.call('GET', `/dcap/projectRole/disableRole/${disabled.id}/0?projectId=${newer.id}`, { token: team.pm.token }));
    const before = await team.study.t.database.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();

    const reply = await team.study.t.call('GET', '/dcap/sys/init', { token: member.token });
    const data = initResponseSchema.parse(ok(reply));
    // Spec 000 §4.4: the window compares the envelope's marker with its own; the entry made by this very call
    // is reported, or the window would warn about a switch it made itself.
    expect(reply.body).toMatchObject({ consistencyProjectId: newer.id, consistencyProjectCurrEnv: 'uat' });
    expect(data.projects.map((p) => p.code)).toEqual(['IN-NEWER', 'IN-OLDER']);
    expect(data.project?.code).toBe('IN-NEWER');
    expect(data.projectRole?.id).toBe(usable.id);
    expect(data.currEnv).toBe('uat');
    expect(await sessionOf(member)).toEqual({ current_project_id: newer.id, current_role_id: usable.id, current_env: 'uat' });
    // The switch is audited like any other (docs/api.md: a session switch records where it left and went).
    const rows = await team.study.t.database.db.selectFrom('audit_log').selectAll().where('id', '>', before.id).where('action', '=', 'session.switch').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_username: 'in.member', old_value: { projectId: null }, new_value: { projectId: newer.id, roleId: usable.id, env: 'uat' } });

    // A stored project still listed is kept: no further switch.
    ok(await team.study.t.call('GET', `/dcap/project/store/${older.id}`, { token: member.token }));
    expect((await init(member)).project?.code).toBe('IN-OLDER');
    expect((await sessionOf(member)).current_project_id).toBe(older.id);

    // Gone offline, it is no longer listed: the session moves to the first listed.
    await setStatus(team.study, older.id, 'OFFLINE');
    const moved = await init(member);
    expect(moved.projects.map((p) => p.code)).toEqual(['IN-NEWER']);
    expect(moved.project?.code).toBe('IN-NEWER');
    expect((await sessionOf(member)).current_project_id).toBe(newer.id);
  });

  it('re-enters the stored project when the session’s role there was revoked', async () => {
    const member = await person(team.study, 'in.revoked');
    const study = await project(team.study, team.pm, 'IN-REVOKE');
    const first = await role(team.study, team.pm, { projectId: study.id, alias: 'First', institutionIds: 'all' });
    const second = await role(team.study, team.pm, { projectId: study.id, alias: 'Second', institutionIds: 'all' });
    await grant(team.study, team.pm, study.id, { roleId: first.id, userIds: [member.id] });
    await grant(team.study, team.pm, study.id, { roleId: second.id, userIds: [member.id] });
    expect((await init(member)).projectRole?.id).toBe(first.id);
    ok(await team.study.t.call('POST', `/dcap/projectRole/revokeSingleRoleOfUser?projectId=${study.id}`, { token: team.pm.token, body: { roleId: first.id, userId: member.id } }));
    const data = await init(member);
    expect(data.project?.id).toBe(study.id);
    expect(data.projectRole?.id).toBe(second.id);
  });
});
