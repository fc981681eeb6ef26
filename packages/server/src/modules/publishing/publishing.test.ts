import type { DesignDiff, DesignVersion, Instrument, PanelData, PublishResult } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignTeam } from '../instruments/design.fixture.js';
import { createInstrument, designTeam, get, lastAudit, post, samplePanel, textWidget } from '../instruments/design.fixture.js';
import { ok, refused, setStatus } from '../roles/study.fixture.js';

let team: DesignTeam;
let dm: Instrument;
let eventId: number;
beforeAll(async () => {
  team = await designTeam('PUB');
  dm = await createInstrument(team, 'DM', { nameEn: 'Demographics' });
  ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: dm.id, ...samplePanel() }));
  eventId = (ok(await post(team, team.designer, '/dcap/project/event/save', { projectId: team.projectId, name: 'V1', type: 'BASELINE', offsetDays: 0 })) as { id: number }).id;
  ok(await post(team, team.designer, '/dcap/project/eventInstrument/saveMatrix', { projectId: team.projectId, cells: [{ eventId, instrumentId: dm.id }] }));
});
afterAll(() => team.study.t.close());

const diff = async (target: 'uat' | 'prd') => ok(await get(team, team.designer, `/dcap/project/design/diff/${team.projectId}?target=${target}`)) as DesignDiff;
const publish = (target: 'uat' | 'prd', note?: string) => post(team, team.designer, '/dcap/project/design/publish', { projectId: team.projectId, target, note });
const versions = async () => ok(await get(team, team.investigator, `/dcap/project/design/versions/${team.projectId}`)) as DesignVersion[];
const instruments = async () => ok(await get(team, team.designer, `/dcap/project/instrument/list/${team.projectId}`)) as Instrument[];

describe('publishing the design', () => {
  it('shows everything as added before the first publication', async () => {
    const changes = await diff('uat');
    expect(changes.currentVersion).toBeNull();
    expect(changes.changes.map((change) => [change.entity, change.change, change.key])).toEqual([
      ['instrument', 'added', 'DM'],
      ['event', 'added', 'V1'],
      ['matrix', 'added', 'V1/DM'],
    ]);
    expect(changes.changes[0]?.details).toContainEqual({ path: 'widget.BMI', before: null, after: { name: 'BMI', nameEn: 'BMI', type: 'number' } });
  });

  it('refuses production before anything is on test', async () => {
    refused(await publish('prd'), 422, 'design.nothing_on_uat');
    expect(await versions()).toEqual([]);
  });

  it('publishes to test as version 1, then production receives that version', async () => {
    const uat = ok(await publish('uat', '首次发布')) as PublishResult;
    expect(uat).toMatchObject({ version: 1, target: 'uat' });
    expect((await diff('uat')).changes).toEqual([]);
    expect((await instruments())[0]?.changedSincePublish).toBe(false);
    const audit = await lastAudit(team, 'design.publish');
    expect(audit.old_value).toEqual({ target: 'uat', version: null });
    expect(audit.new_value).toMatchObject({ target: 'uat', version: 1, note: '首次发布' });
    expect((await diff('prd')).changes.map((change) => change.key)).toEqual(['DM', 'V1', 'V1/DM']);
    expect(ok(await publish('prd'))).toMatchObject({ version: 1, target: 'prd' });
    expect((await diff('prd')).currentVersion).toBe(1);
    expect(await versions()).toEqual([{ version: 1, publishedAt: expect.any(String) as unknown, publishedBy: 'PUB.designer', note: '首次发布', environments: ['uat', 'prd'] }]);
  });

  it('shows field-level differences of later draft edits, while the published version stays as it was', async () => {
    const published = ok(await get(team, team.investigator, `/dcap/project/instrument/preview/${dm.id}/1`)) as PanelData;
    const panel = samplePanel();
    panel.list[0] = textWidget('INITIALS', '受试者缩写', 'Subject initials');
    panel.list.splice(3, 1);
    panel.list.push({ ...textWidget('RACE', '民族', 'Race'), options: { required: true } });
    panel.config.labelPosition = 'left';
    ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: dm.id, ...panel }));
    ok(await post(team, team.designer, '/dcap/project/event/save', { projectId: team.projectId, id: eventId, name: 'V1', type: 'BASELINE', offsetDays: 0, windowAfter: 3 }));
    ok(await post(team, team.designer, '/dcap/project/instrument/save', { projectId: team.projectId, name: '不良事件', nameAbbr: 'AE' }));

    expect(ok(await get(team, team.investigator, `/dcap/project/instrument/preview/${dm.id}/1`))).toEqual(published);
    expect(ok(await post(team, team.designer, '/dcap/project/instrument/preview', { instrumentId: dm.id, configMode: 'published' }))).toEqual(published);
    expect((await instruments()).find((row) => row.id === dm.id)?.changedSincePublish).toBe(true);

    const changes = (await diff('uat')).changes;
    const dmChange = changes.find((change) => change.key === 'DM');
    expect(dmChange?.change).toBe('changed');
    expect(dmChange?.details).toEqual(
      expect.arrayContaining([
        { path: 'config.labelPosition', before: 'right', after: 'left' },
        {
          path: 'widget.INITIALS',
          before: { name: '姓名缩写', nameEn: 'Initials', type: 'input' },
          after: { name: '受试者缩写', nameEn: 'Subject initials', type: 'input', changedProperties: ['name', 'nameEn'] },
        },
        { path: 'widget.BMI', before: { name: 'BMI', nameEn: 'BMI', type: 'number' }, after: null },
        { path: 'widget.RACE', before: null, after: { name: '民族', nameEn: 'Race', type: 'input' } },
      ]),
    );
    expect(changes.find((change) => change.entity === 'event')).toEqual({ entity: 'event', change: 'changed', key: 'V1', name: 'V1', details: [{ path: 'windowAfter', before: 0, after: 3 }] });
    expect(changes.find((change) => change.key === 'AE')).toMatchObject({ entity: 'instrument', change: 'added' });
  });

  it('publishes version 2 to test while production keeps version 1', async () => {
    expect(ok(await publish('uat'))).toMatchObject({ version: 2 });
    expect(ok(await publish('uat'))).toMatchObject({ version: 2 });
    const list = await versions();
    expect(list.map((row) => [row.version, row.environments])).toEqual([
      [2, ['uat']],
      [1, ['prd']],
    ]);
    const prd = await diff('prd');
    expect(prd.currentVersion).toBe(1);
    expect(prd.changes.map((change) => [change.entity, change.change, change.key])).toEqual([
      ['instrument', 'changed', 'DM'],
      ['instrument', 'added', 'AE'],
      ['event', 'changed', 'V1'],
    ]);
    const v2 = ok(await get(team, team.designer, `/dcap/project/instrument/preview/${dm.id}/2`)) as PanelData;
    expect(v2.panel.list.map((widget) => widget.key)).toContain('RACE');
    expect(v2.revision).toBe(2);
  });

  it('keeps a deleted instrument in its published version', async () => {
    ok(await post(team, team.designer, '/dcap/project/instrument/delete', { projectId: team.projectId, id: dm.id }));
    const v1 = ok(await get(team, team.designer, `/dcap/project/instrument/preview/${dm.id}/1`)) as PanelData;
    expect(v1.nameAbbr).toBe('DM');
    expect((await diff('uat')).changes.filter((change) => change.change === 'removed').map((change) => change.key)).toEqual(['DM', 'V1/DM']);
    refused(await get(team, team.designer, `/dcap/project/instrument/preview/${dm.id}/9`), 404, 'design.version_not_found');
  });

  it('never changes a stored version, even when asked directly', async () => {
    await expect(team.study.t.database.db.updateTable('design_versions').set({ note: 'changed' }).where('project_id', '=', team.projectId).execute()).rejects.toThrow(/immutable/);
    await expect(team.study.t.database.db.deleteFrom('design_versions').where('project_id', '=', team.projectId).execute()).rejects.toThrow(/immutable/);
  });

  it('refuses publishing without the design right, outside development, and while locked', async () => {
    refused(await post(team, team.investigator, '/dcap/project/design/publish', { projectId: team.projectId, target: 'uat' }), 403, 'permission.project_forbidden');
    refused(await post(team, team.testEnvDesigner, '/dcap/project/design/publish', { projectId: team.projectId, target: 'uat' }), 409, 'design.dev_env_required');
    await setStatus(team.study, team.projectId, 'LOCKED');
    refused(await publish('prd'), 422, 'project.status_forbids');
    await setStatus(team.study, team.projectId, 'CONFIG');
    expect((await versions()).map((row) => [row.version, row.environments])).toEqual([
      [2, ['uat']],
      [1, ['prd']],
    ]);
  });
});
