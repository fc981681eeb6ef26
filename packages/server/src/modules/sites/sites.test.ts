import type { Site } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Study } from '../roles/study.fixture.js';
import { enter, grant, ok, openStudy, person, project, refused, role, setStatus, site, unit } from '../roles/study.fixture.js';

let study: Study;
let pm: Persona;
let projectId: number;
let unitA: number;
let unitB: number;

beforeAll(async () => {
  study = await openStudy();
  pm = await person(study, 'pm.wang', { projectAdmin: true });
  projectId = (await project(study, pm, 'SITE-01')).id;
  unitA = await unit(study, 'H-PUMCH', '北京协和医院', 'Peking Union Medical College Hospital');
  unitB = await unit(study, 'H-HUASHAN', '华山医院');
});
afterAll(() => study.t.close());

const save = (by: Persona, body: Record<string, unknown>, lang = 'en-US') => study.t.call('POST', '/dcap/projectSite/save', { token: by.token, body, lang });
const list = async (by: Persona, id = projectId) => ok(await study.t.call('POST', '/dcap/projectSite/list', { token: by.token, body: { projectId: id } })) as Site[];

describe('a project administrator sets up the study’s sites', () => {
  it('links a hospital as a site, named after it by default, and audits it in the project', async () => {
    const created = await site(study, pm, projectId, '001', unitA);
    expect(created).toMatchObject({ projectId, unitId: unitA, code: '001', name: '北京协和医院', eName: 'Peking Union Medical College Hospital', status: 'active' });
    expect(created.unitName).toBe('北京协和医院');
    const audit = await study.t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'site.create').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ project_id: projectId, site_id: created.id, entity_id: String(created.id), actor_username: 'pm.wang', actor_role: 'projectAdmin' });
    expect(audit.new_value).toMatchObject({ code: '001', unitId: unitA });
  });

  it('updates a site and audits only what changed; a save without status keeps a closed site closed', async () => {
    const created = await site(study, pm, projectId, '002', unitB);
    const closed = ok(await save(pm, { id: created.id, projectId, unitId: unitB, code: '002', name: 'Huashan', status: 'closed' })) as Site;
    expect(closed).toMatchObject({ name: 'Huashan', status: 'closed' });
    const again = ok(await save(pm, { id: created.id, projectId, unitId: unitB, code: '002', name: 'Huashan', piName: 'Dr Li' })) as Site;
    expect(again).toMatchObject({ status: 'closed', piName: 'Dr Li' });
    const updates = await study.t.database.db.selectFrom('audit_log').select(['old_value', 'new_value']).where('action', '=', 'site.update').orderBy('id').execute();
    expect(updates.map((row) => row.new_value)).toEqual([{ name: 'Huashan', status: 'closed' }, { piName: 'Dr Li' }]);
    expect(updates[0]?.old_value).toEqual({ name: '华山医院', status: 'active' });
  });

  it('refuses an unknown or disabled hospital, a taken code and a hospital linked twice', async () => {
    refused(await save(pm, { projectId, unitId: 99999, code: '009' }), 404, 'unit.not_found');
    const closedUnit = await unit(study, 'H-CLOSED', 'Closed Hospital');
    ok(await study.t.call('POST', '/dcap/sys/unit/update', { token: study.admin.token, body: { id: closedUnit, code: 'H-CLOSED', name: 'Closed Hospital', status: 'disabled' } }));
    refused(await save(pm, { projectId, unitId: closedUnit, code: '009' }), 422, 'unit.disabled');
    const taken = await save(pm, { projectId, unitId: await unit(study, 'H-NEW', 'New'), code: '001' });
    refused(taken, 409, 'site.code_taken');
    expect(taken.body.msg).toBe('The site code 001 already exists');
    refused(await save(pm, { projectId, unitId: unitA, code: '010' }), 409, 'site.unit_taken');
  });

  it('refuses changes while the project is read-only, naming the status in the caller’s language', async () => {
    const locked = await project(study, pm, 'SITE-LOCKED');
    await site(study, pm, locked.id, '001', unitA);
    await setStatus(study, locked.id, 'LOCKED');
    const reply = await save(pm, { projectId: locked.id, unitId: unitB, code: '002' }, 'zh-CN');
    refused(reply, 422, 'project.status_forbids');
    expect(reply.body.msg).toBe('项目当前状态（LOCKED）不允许此操作');
    expect(await list(pm, locked.id)).toHaveLength(1);
  });
});

describe('site scope: a site user sees only their sites', () => {
  it('lists, and answers info for, only the sites of the caller’s role; others are not found', async () => {
    const sites = await list(pm);
    const [siteA, siteB] = sites;
    if (!siteA || !siteB) throw new Error('two sites expected');
    const crc = await role(study, pm, { projectId, alias: 'CRC-A', institutionIds: [siteA.id], dataEntryRights: true });
    const nurse = await person(study, 'nurse.zhao');
    await grant(study, pm, projectId, { roleId: crc.id, userIds: [nurse.id] });
    await enter(study, nurse, projectId, crc.id);

    expect((await list(nurse)).map((s) => s.code)).toEqual(['001']);
    expect((ok(await study.t.call('GET', `/dcap/projectSite/info/${siteA.id}`, { token: nurse.token })) as Site).code).toBe('001');
    refused(await study.t.call('GET', `/dcap/projectSite/info/${siteB.id}`, { token: nurse.token }), 404, 'site.not_found');
    refused(await save(nurse, { id: siteA.id, projectId, unitId: unitA, code: '001' }), 403, 'permission.project_forbidden');
  });

  it('hides another project’s sites and refuses a stranger', async () => {
    const other = await project(study, pm, 'SITE-OTHER');
    const foreign = await site(study, pm, other.id, '001', unitA);
    refused(await study.t.call('GET', `/dcap/projectSite/info/${foreign.id}?projectId=${projectId}`, { token: pm.token }), 404, 'site.not_found');
    const stranger = await person(study, 'stranger.site');
    refused(await study.t.call('POST', '/dcap/projectSite/list', { token: stranger.token, body: { projectId } }), 404, 'project.not_found');
  });

  it('lets a designer limited to one site edit it but not add sites or touch another', async () => {
    const [siteA, siteB] = await list(pm);
    if (!siteA || !siteB) throw new Error('two sites expected');
    const designerRole = await role(study, pm, { projectId, alias: 'Designer-A', institutionIds: [siteA.id], projectDesignAndSetup: true });
    const designer = await person(study, 'designer.a');
    await grant(study, pm, projectId, { roleId: designerRole.id, userIds: [designer.id] });
    await enter(study, designer, projectId, designerRole.id);
    expect((ok(await save(designer, { id: siteA.id, projectId, unitId: unitA, code: '001', piName: 'Dr Zhou' })) as Site).piName).toBe('Dr Zhou');
    refused(await save(designer, { id: siteB.id, projectId, unitId: unitB, code: '002' }), 404, 'site.not_found');
    refused(await save(designer, { projectId, unitId: await unit(study, 'H-THIRD', 'Third'), code: '003' }), 403, 'permission.site_forbidden');
  });
});
