import type { DesignDiff, Instrument, PublishResult } from '@dcap/core';
import { createTable, createWidget, tableColumns } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignTeam } from '../instruments/design.fixture.js';
import { createInstrument, designTeam, get, post, textWidget } from '../instruments/design.fixture.js';
import { ok } from '../roles/study.fixture.js';

let team: DesignTeam;
let form: Instrument;
beforeAll(async () => {
  team = await designTeam('PLB');
  form = await createInstrument(team, 'LAB', { nameEn: 'Labels' });
});
afterAll(() => team.study.t.close());

const diff = async () => ok(await get(team, team.designer, `/dcap/project/design/diff/${team.projectId}?target=uat`)) as DesignDiff;

describe('publishing warns about labels left at their defaults (docs/decisions.md "Default labels")', () => {
  it('lists a new radio, its options and a new table\'s columns in the diff, and publishes with a count', async () => {
    const used = new Set<string>();
    const radio = createWidget('radio', used);
    const shell = createTable(1, 2, used);
    // A table saves once every cell holds a field (spec 001 §5.4); the cells keep their readable keys.
    const columns = tableColumns(shell).map((column) => ({ ...column, widget: { ...textWidget(column.widget.key, '数值', 'Value'), table: shell.model } }));
    const table = { ...shell, options: { ...shell.options, columns } };
    ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: form.id, list: [textWidget('AGE', '年龄', 'Age'), radio, table], config: { labelWidth: 8, labelPosition: 'right' } }));
    const pending = await diff();
    expect(pending.defaultLabels.map((entry) => [entry.instrument, entry.widgetKey, entry.kind, entry.label])).toEqual([
      ['LAB', radio.key, 'field', '单选'],
      ['LAB', radio.key, 'option', '选项1'],
      ['LAB', radio.key, 'option', '选项2'],
      ['LAB', table.key, 'field', '表格1'],
      ['LAB', table.key, 'column', '列1'],
      ['LAB', table.key, 'column', '列2'],
    ]);
    expect(pending.defaultLabels[0]?.instrumentName).toBe('表单 LAB');
    // A warning, not a refusal: the publish goes through and says how many were left.
    const published = ok(await post(team, team.designer, '/dcap/project/design/publish', { projectId: team.projectId, target: 'uat' })) as PublishResult;
    expect(published).toMatchObject({ version: 1, defaultLabelCount: 6 });
  });

  it('lists nothing once every label is a real one', async () => {
    const radio = {
      ...createWidget('radio', new Set()),
      key: 'SEX',
      model: 'SEX',
      name: '性别',
      nameEn: 'Sex',
      options: { options: [{ key: '1', value: '1', label: '男', labelEn: 'Male' }, { key: '2', value: '2', label: '女', labelEn: 'Female' }] },
    };
    ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: form.id, list: [radio], config: { labelWidth: 8, labelPosition: 'right' } }));
    expect((await diff()).defaultLabels).toEqual([]);
  });
});
