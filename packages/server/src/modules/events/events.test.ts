import type { DesignEvent, EventMatrix } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignTeam } from '../instruments/design.fixture.js';
import { auditCount, createInstrument, designTeam, get, lastAudit, post } from '../instruments/design.fixture.js';
import { ok, refused, setStatus } from '../roles/study.fixture.js';

let team: DesignTeam;
beforeAll(async () => {
  team = await designTeam('EVT');
});
afterAll(() => team.study.t.close());

const events = async () => ok(await get(team, team.investigator, `/dcap/project/event/list/${team.projectId}`)) as DesignEvent[];
const save = (body: Record<string, unknown>) => post(team, team.designer, '/dcap/project/event/save', { projectId: team.projectId, ...body });

describe('events (visits)', () => {
  it('creates events of each type with planned day and window, in order, audited', async () => {
    const screening = ok(await save({ name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: -14, windowBefore: 0, windowAfter: 7 })) as DesignEvent;
    ok(await save({ name: '基线', type: 'BASELINE', offsetDays: 0 }));
    ok(await save({ name: '第 4 周', type: 'TREATMENT', offsetDays: 28, windowBefore: 3, windowAfter: 3, repeatable: false }));
    ok(await save({ name: '随访', type: 'FOLLOW_UP', offsetDays: 90, windowBefore: 7, windowAfter: 7 }));
    ok(await save({ name: '计划外访视', type: 'UNSCHEDULED', repeatable: true }));
    ok(await save({ name: '不良事件', type: 'LOG', repeatable: true }));
    expect(screening).toMatchObject({ name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: -14, windowBefore: 0, windowAfter: 7, repeatable: false, instrumentIds: [] });
    const list = await events();
    expect(list.map((event) => event.type)).toEqual(['SCREENING', 'BASELINE', 'TREATMENT', 'FOLLOW_UP', 'UNSCHEDULED', 'LOG']);
    expect(list.find((event) => event.type === 'UNSCHEDULED')).toMatchObject({ offsetDays: null, windowBefore: 0, windowAfter: 0, repeatable: true });
    expect(await auditCount(team, 'event.create')).toBe(6);
    expect((await lastAudit(team, 'event.create')).new_value).toMatchObject({ name: '不良事件', type: 'LOG' });
  });

  it('validates type, window and planned day, changing nothing on refusal', async () => {
    const before = await events();
    refused(await save({ name: 'X', type: 'VISIT' }), 400, 'request.invalid');
    refused(await save({ name: 'X', type: 'TREATMENT', windowBefore: -1 }), 400, 'request.invalid');
    refused(await save({ name: 'X', type: 'TREATMENT', windowAfter: 4000 }), 400, 'request.invalid');
    refused(await save({ name: 'X', type: 'UNSCHEDULED', offsetDays: 3 }), 422, 'event.schedule_not_allowed');
    refused(await save({ name: 'X', type: 'LOG', windowAfter: 2 }), 422, 'event.schedule_not_allowed');
    refused(await save({ name: 'X', type: 'BASELINE', offsetDays: 1 }), 422, 'event.baseline_offset');
    refused(await save({ name: '基线', type: 'TREATMENT', offsetDays: 5 }), 409, 'event.name_taken');
    expect(await events()).toEqual(before);
  });

  it('updates an event and audits old and new values', async () => {
    const week4 = (await events()).find((event) => event.name === '第 4 周');
    const updated = ok(await save({ id: week4?.id, name: '第 4 周', type: 'TREATMENT', offsetDays: 28, windowBefore: 5, windowAfter: 5 })) as DesignEvent;
    expect(updated).toMatchObject({ windowBefore: 5, windowAfter: 5 });
    const audit = await lastAudit(team, 'event.update');
    expect(audit.old_value).toEqual({ windowBefore: 3, windowAfter: 3 });
    expect(audit.new_value).toEqual({ windowBefore: 5, windowAfter: 5 });
  });

  it('sorts by the full id list and deletes an event', async () => {
    const ids = (await events()).map((event) => event.id);
    const moved = [ids[1], ids[0], ...ids.slice(2)];
    expect((ok(await post(team, team.designer, '/dcap/project/event/sort', { projectId: team.projectId, ids: moved })) as DesignEvent[]).map((e) => e.id)).toEqual(moved);
    refused(await post(team, team.designer, '/dcap/project/event/sort', { projectId: team.projectId, ids: moved.slice(1) }), 422, 'design.incomplete_order');
    const last = ids.at(-1);
    expect(ok(await post(team, team.designer, '/dcap/project/event/delete', { projectId: team.projectId, id: last }))).toEqual({ id: last });
    expect((await events()).map((event) => event.id)).toEqual(moved.slice(0, -1));
    expect((await lastAudit(team, 'event.delete')).old_value).toMatchObject({ name: '不良事件', type: 'LOG', instrumentIds: [] });
  });
});

describe('event × instrument matrix', () => {
  it('saves the cells, lists each event’s instruments, and audits what was added and removed', async () => {
    const dm = await createInstrument(team, 'DM');
    const vs = await createInstrument(team, 'VS');
    const [first, second] = await events();
    const cells = [
      { eventId: first?.id, instrumentId: dm.id },
      { eventId: first?.id, instrumentId: vs.id },
      { eventId: second?.id, instrumentId: vs.id },
      { eventId: second?.id, instrumentId: vs.id },
    ];
    const matrix = ok(await post(team, team.designer, '/dcap/project/eventInstrument/saveMatrix', { projectId: team.projectId, cells })) as EventMatrix;
    expect(matrix.cells).toHaveLength(3);
    expect(matrix.instruments.map((row) => row.nameAbbr)).toEqual(['DM', 'VS']);
    expect(matrix.events.find((event) => event.id === first?.id)?.instrumentIds).toEqual([dm.id, vs.id]);
    expect(ok(await get(team, team.investigator, `/dcap/project/eventInstrument/matrix/${team.projectId}`))).toEqual(matrix);
    expect((await lastAudit(team, 'event.matrix.save')).new_value).toEqual({ added: expect.arrayContaining([{ eventId: first?.id, instrumentId: dm.id }]) as unknown });

    ok(await post(team, team.designer, '/dcap/project/eventInstrument/saveMatrix', { projectId: team.projectId, cells: cells.slice(1, 3) }));
    const audit = await lastAudit(team, 'event.matrix.save');
    expect(audit.old_value).toEqual({ removed: [{ eventId: first?.id, instrumentId: dm.id }] });
    expect(audit.new_value).toEqual({ added: [] });
  });

  it('refuses cells of another project, changing nothing', async () => {
    const before = ok(await get(team, team.designer, `/dcap/project/eventInstrument/matrix/${team.projectId}`)) as EventMatrix;
    const [first] = await events();
    refused(
      await post(team, team.designer, '/dcap/project/eventInstrument/saveMatrix', { projectId: team.projectId, cells: [{ eventId: first?.id, instrumentId: 999999 }] }),
      422,
      'event.unknown_cell',
    );
    expect(ok(await get(team, team.designer, `/dcap/project/eventInstrument/matrix/${team.projectId}`))).toEqual(before);
  });

  it('refuses users without the design right, other environments and locked projects', async () => {
    refused(await post(team, team.investigator, '/dcap/project/event/save', { projectId: team.projectId, name: 'Y', type: 'TREATMENT' }), 403, 'permission.project_forbidden');
    refused(await post(team, team.investigator, '/dcap/project/eventInstrument/saveMatrix', { projectId: team.projectId, cells: [] }), 403, 'permission.project_forbidden');
    refused(await post(team, team.testEnvDesigner, '/dcap/project/event/save', { projectId: team.projectId, name: 'Y', type: 'TREATMENT' }), 409, 'design.dev_env_required');
    await setStatus(team.study, team.projectId, 'DATABASE_FREEZED');
    refused(await post(team, team.pm, '/dcap/project/eventInstrument/saveMatrix', { projectId: team.projectId, cells: [] }), 422, 'project.status_forbids');
    await setStatus(team.study, team.projectId, 'CONFIG');
    expect((await events()).some((event) => event.name === 'Y')).toBe(false);
  });
});
