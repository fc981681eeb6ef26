import type { DictEntry, DictOptionsResponse } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study, Team } from '../roles/study.fixture.js';
import { enter, grant, ok, openStudy, person, refused, role, setStatus, team } from '../roles/study.fixture.js';

/**
 * Project dictionaries (spec 001 §3.8, §7): getDictOptions joins them to the platform's; writes need the
 * design right, a status that allows configuration edits and a development environment, and are audited.
 */
let study: Study;
let crew: Team;
let designer: Persona;

const items = [
  { key: '1', value: '1', label: '首次', labelEn: 'First' },
  { key: '2', value: '2', label: '复诊', labelEn: 'Follow-up' },
];

beforeAll(async () => {
  study = await openStudy();
  crew = await team(study, 'DICT');
  const designRole = await role(study, crew.pm, { projectId: crew.projectId, alias: 'Designer', institutionIds: 'all', projectDesignAndSetup: true });
  designer = await person(study, 'dict.designer');
  await grant(study, crew.pm, crew.projectId, { roleId: designRole.id, userIds: [designer.id] });
  await enter(study, designer, crew.projectId, designRole.id);
  ok(await study.t.call('GET', `/dcap/project/store/${String(crew.projectId)}`, { token: crew.pm.token }));
  for (const who of [designer, crew.pm]) ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: who.token }));
});
afterAll(() => study.t.close());

const save = (who: Persona, body: Record<string, unknown>, lang?: string) =>
  study.t.call('POST', '/dcap/project/dict/save', { token: who.token, body: { projectId: crew.projectId, ...body }, ...(lang ? { lang } : {}) });
const options = (who: Persona, body: unknown = { projectId: crew.projectId }) => study.t.call('POST', '/dcap/project/dict/getDictOptions', { token: who.token, body });

async function projectDicts(): Promise<number> {
  const row = await study.t.database.db.selectFrom('dicts').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', crew.projectId).executeTakeFirstOrThrow();
  return Number(row.n);
}
const dictAudit = () => study.t.database.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'dict').where('project_id', '=', crew.projectId).orderBy('id').execute();

describe('project dictionaries', () => {
  it('lets a designer create, replace and delete one, audited with the project and environment', async () => {
    const created = ok(await save(designer, { key: 'VISITTYPE', value: '就诊类型', valueEn: 'Visit type', items })) as DictEntry;
    expect(created).toMatchObject({ key: 'VISITTYPE', isSysProjectDict: false, items });
    const replaced = ok(await save(designer, { key: 'VISITTYPE', value: '就诊类别', items: items.slice(0, 1) })) as DictEntry;
    expect(replaced.items).toHaveLength(1);
    const { dictList } = ok(await options(crew.investigator)) as DictOptionsResponse;
    expect(dictList.filter((d) => !d.isSysProjectDict).map((d) => d.key)).toEqual(['VISITTYPE']);
    expect(dictList.some((d) => d.isSysProjectDict && d.key === 'NY')).toBe(true);
    ok(await study.t.call('POST', '/dcap/project/dict/delete', { token: designer.token, body: { projectId: crew.projectId, key: 'visittype' } }));
    const rows = await dictAudit();
    expect(rows.map((row) => row.action)).toEqual(['dict.create', 'dict.update', 'dict.delete']);
    expect(rows.every((row) => row.env === 'dev' && row.actor_username === 'dict.designer')).toBe(true);
    expect(await projectDicts()).toBe(0);
  });

  it('gives the session’s project dictionaries without a payload, and none to another project’s member', async () => {
    ok(await save(crew.pm, { key: 'SHARED', value: '共享', items }));
    const bare = ok(await options(crew.investigator, {})) as DictOptionsResponse;
    expect(bare.dictList.some((d) => d.key === 'SHARED' && !d.isSysProjectDict)).toBe(true);
    const stranger = ok(await options(crew.outsider, {})) as DictOptionsResponse;
    expect(stranger.dictList.some((d) => d.key === 'SHARED')).toBe(false);
    const named = await options(crew.outsider, { projectId: crew.projectId });
    expect([403, 404]).toContain(named.status);
    expect(named.body.msg).not.toContain('共享');
  });

  it('refuses users without the design right and changes nothing', async () => {
    const before = await projectDicts();
    const audit = (await dictAudit()).length;
    refused(await save(crew.investigator, { key: 'NOPE', value: 'x', items }), 403, 'permission.project_forbidden');
    refused(await study.t.call('POST', '/dcap/project/dict/delete', { token: crew.investigator.token, body: { projectId: crew.projectId, key: 'SHARED' } }), 403, 'permission.project_forbidden');
    const outsider = await save(crew.outsider, { key: 'NOPE', value: 'x', items });
    expect([403, 404]).toContain(outsider.status);
    expect(await projectDicts()).toBe(before);
    expect((await dictAudit()).length).toBe(audit);
  });

  it('refuses a platform key (409), bad items (400) and a locked project (422), in the caller’s language', async () => {
    const before = await projectDicts();
    const platform = await save(designer, { key: 'sex', value: '性别', items }, 'en-US');
    refused(platform, 409, 'library.dict_key_platform');
    expect(platform.body.msg).toBe('The dictionary key sex is used by a platform dictionary; choose another key');
    refused(await save(designer, { key: 'BAD', value: 'x', items: [{ key: '1', value: '1', label: '' }] }), 400, 'request.invalid');
    refused(await save(designer, { key: 'BAD KEY', value: 'x', items }), 400, 'request.invalid');
    refused(await save(designer, { key: 'BAD', value: 'x', items: [...items, items[1]] }), 400, 'request.invalid');
    await setStatus(study, crew.projectId, 'LOCKED');
    const locked = await save(designer, { key: 'LATE', value: 'x', items });
    expect(locked.body.errorCode).toBe('project.status_forbids');
    await setStatus(study, crew.projectId, 'CONFIG');
    expect(await projectDicts()).toBe(before);
  });

  it('refuses writes outside a development environment', async () => {
    ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: designer.token }));
    refused(await save(designer, { key: 'UATDICT', value: 'x', items }), 409, 'design.dev_env_required');
    ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/dev', { token: designer.token }));
    refused(await study.t.call('POST', '/dcap/project/dict/delete', { token: designer.token, body: { projectId: crew.projectId, key: 'MISSING' } }), 404, 'library.dict_not_found');
  });
});
