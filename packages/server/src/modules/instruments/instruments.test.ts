import type { Instrument, InstrumentFile, PanelData, PanelIssue } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused, setStatus } from '../roles/study.fixture.js';
import type { DesignTeam } from './design.fixture.js';
import { auditCount, createInstrument, designTeam, get, lastAudit, numberWidget, post, samplePanel, textWidget } from './design.fixture.js';

let team: DesignTeam;
beforeAll(async () => {
  team = await designTeam('INS');
});
afterAll(() => team.study.t.close());

const list = async () => ok(await get(team, team.designer, `/dcap/project/instrument/list/${team.projectId}`)) as Instrument[];
const draft = async (instrumentId: number) => ok(await post(team, team.designer, '/dcap/project/instrument/preview', { instrumentId })) as PanelData;

describe('instrument list, save, copy, sort, delete', () => {
  it('creates instruments with an empty draft, in order, and audits each', async () => {
    const before = await auditCount(team, 'instrument.create');
    const dm = await createInstrument(team, 'DM', { nameEn: 'Demographics' });
    const vs = await createInstrument(team, 'VS');
    expect(dm).toMatchObject({ kind: 'form', nameAbbr: 'DM', nameEn: 'Demographics', fieldCount: 0, draftRevision: 0, changedSincePublish: true, updatedBy: 'INS.designer' });
    expect(vs.sort).toBeGreaterThan(dm.sort);
    expect((await draft(dm.id)).panel).toEqual({ list: [], config: { labelWidth: 8, labelPosition: 'right' } });
    expect(await auditCount(team, 'instrument.create')).toBe(before + 2);
    expect((await list()).map((row) => row.nameAbbr)).toEqual(['DM', 'VS']);
  });

  it('refuses an abbreviation taken in any letter case and a malformed one', async () => {
    refused(await post(team, team.designer, '/dcap/project/instrument/save', { projectId: team.projectId, name: 'x', nameAbbr: 'dm' }), 409, 'instrument.abbr_taken');
    refused(await post(team, team.designer, '/dcap/project/instrument/save', { projectId: team.projectId, name: 'x', nameAbbr: 'a-b' }), 400, 'request.invalid');
    expect(await list()).toHaveLength(2);
  });

  it('renames an instrument, keeps its kind fixed, and audits old and new values', async () => {
    const [dm] = await list();
    const renamed = ok(
      await post(team, team.pm, '/dcap/project/instrument/save', { projectId: team.projectId, id: dm?.id, name: '人口学', nameEn: 'Demography', nameAbbr: 'DM' }),
    ) as Instrument;
    expect(renamed).toMatchObject({ name: '人口学', nameEn: 'Demography', updatedBy: 'INS.pm' });
    const audit = await lastAudit(team, 'instrument.update');
    expect(audit.old_value).toEqual({ name: '表单 DM', nameEn: 'Demographics' });
    expect(audit.new_value).toEqual({ name: '人口学', nameEn: 'Demography' });
    refused(
      await post(team, team.pm, '/dcap/project/instrument/save', { projectId: team.projectId, id: dm?.id, kind: 'derived', name: '人口学', nameAbbr: 'DM' }),
      422,
      'instrument.kind_mismatch',
    );
  });

  it('copies an instrument with its draft under a new unique abbreviation', async () => {
    const [dm] = await list();
    ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: dm?.id, ...samplePanel() }));
    const first = ok(await get(team, team.designer, `/dcap/project/instrument/copy/${String(dm?.id)}`)) as Instrument;
    const second = ok(await get(team, team.designer, `/dcap/project/instrument/copy/${String(dm?.id)}`)) as Instrument;
    expect([first.nameAbbr, second.nameAbbr]).toEqual(['DM_copy', 'DM_copy2']);
    expect(first.fieldCount).toBe(5);
    expect((await draft(first.id)).panel).toEqual((await draft(dm?.id ?? 0)).panel);
    expect((await lastAudit(team, 'instrument.copy')).new_value).toMatchObject({ nameAbbr: 'DM_copy2', copiedFrom: dm?.id });
  });

  it('sorts by the full ordered id list and refuses a partial one', async () => {
    const ids = (await list()).map((row) => row.id);
    const reversed = [...ids].reverse();
    const sorted = ok(await post(team, team.designer, '/dcap/project/instrument/sort', { projectId: team.projectId, ids: reversed })) as Instrument[];
    expect(sorted.map((row) => row.id)).toEqual(reversed);
    expect((await list()).map((row) => row.id)).toEqual(reversed);
    expect((await lastAudit(team, 'instrument.sort')).new_value).toEqual({ order: reversed });
    refused(await post(team, team.designer, '/dcap/project/instrument/sort', { projectId: team.projectId, ids: reversed.slice(1) }), 422, 'design.incomplete_order');
    refused(await post(team, team.designer, '/dcap/project/instrument/sort', { projectId: team.projectId, ids: [...reversed.slice(1), reversed[1]] }), 422, 'design.incomplete_order');
    expect((await list()).map((row) => row.id)).toEqual(reversed);
  });

  it('deletes an instrument and its matrix cells, audited', async () => {
    const copy = (await list()).find((row) => row.nameAbbr === 'DM_copy2');
    const event = ok(await post(team, team.designer, '/dcap/project/event/save', { projectId: team.projectId, name: 'V1', type: 'TREATMENT', offsetDays: 7 })) as { id: number };
    ok(await post(team, team.designer, '/dcap/project/eventInstrument/saveMatrix', { projectId: team.projectId, cells: [{ eventId: event.id, instrumentId: copy?.id }] }));
    expect(ok(await post(team, team.designer, '/dcap/project/instrument/delete', { projectId: team.projectId, id: copy?.id }))).toEqual({ id: copy?.id });
    expect((await list()).some((row) => row.id === copy?.id)).toBe(false);
    const matrix = ok(await get(team, team.designer, `/dcap/project/eventInstrument/matrix/${team.projectId}`)) as { cells: unknown[] };
    expect(matrix.cells).toEqual([]);
    expect((await lastAudit(team, 'instrument.delete')).old_value).toMatchObject({ nameAbbr: 'DM_copy2', eventIds: [event.id] });
    refused(await post(team, team.designer, '/dcap/project/instrument/delete', { projectId: team.projectId, id: copy?.id }), 404, 'instrument.not_found');
    ok(await post(team, team.designer, '/dcap/project/event/delete', { projectId: team.projectId, id: event.id }));
  });
});

describe('panel saves', () => {
  it('saves the whole panel, bumps the revision and records which keys changed', async () => {
    const instrument = await createInstrument(team, 'LB');
    const saved = ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: instrument.id, revision: 0, ...samplePanel() }));
    expect(saved).toEqual({ instrumentId: instrument.id, revision: 1, fieldCount: 5 });
    const panel = samplePanel();
    panel.list[0] = textWidget('INITIALS', '缩写', 'Initials');
    panel.list.splice(4, 1);
    panel.list.push(textWidget('EXTRA', '附加'));
    ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: instrument.id, revision: 1, ...panel }));
    const audit = await lastAudit(team, 'instrument.panel.save');
    expect(audit.old_value).toMatchObject({ revision: 1, fieldCount: 5 });
    expect(audit.new_value).toMatchObject({ revision: 2, fieldCount: 5, added: ['EXTRA'], removed: ['GRID1', 'SITE_NOTE'], changed: ['INITIALS'], config: false });
    // Each changed widget with its settings before and after; null on the side where it does not exist.
    const oldWidgets = (audit.old_value as { widgets: Record<string, { name?: string } | null> }).widgets;
    const newWidgets = (audit.new_value as { widgets: Record<string, { name?: string; nameEn?: string } | null> }).widgets;
    expect(Object.keys(newWidgets).sort()).toEqual(['EXTRA', 'GRID1', 'INITIALS', 'SITE_NOTE']);
    expect(oldWidgets.EXTRA).toBeNull();
    expect(newWidgets.GRID1).toBeNull();
    expect(newWidgets.INITIALS).toMatchObject({ key: 'INITIALS', name: '缩写', nameEn: 'Initials' });
    expect(oldWidgets.INITIALS).toMatchObject({ key: 'INITIALS' });
    expect(oldWidgets.INITIALS).not.toEqual(newWidgets.INITIALS);
    expect((await draft(instrument.id)).revision).toBe(2);
    ok(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: instrument.id, revision: 2, ...samplePanel() }));
  });

  it('refuses a stale revision with 409 and changes nothing', async () => {
    const instrument = (await list()).find((row) => row.nameAbbr === 'LB');
    const before = await draft(instrument?.id ?? 0);
    refused(await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: instrument?.id, revision: 1, ...samplePanel() }), 409, 'conflict.stale');
    expect(await draft(instrument?.id ?? 0)).toEqual(before);
  });

  it('refuses a malformed panel with its issues and changes nothing', async () => {
    const instrument = (await list()).find((row) => row.nameAbbr === 'LB');
    const before = await draft(instrument?.id ?? 0);
    const audits = await auditCount(team, 'instrument.panel.save');
    const bad = samplePanel();
    (bad.list[1] as unknown as { type: string }).type = 'bogus';
    const reply = await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: instrument?.id, ...bad });
    refused(reply, 422, 'design.panel_invalid');
    const issues = (reply.body.data as { issues: PanelIssue[] }).issues;
    expect(issues[0]).toMatchObject({ widgetKey: 'WEIGHT', path: 'list.1.type' });
    expect(issues[0]?.message).toBeTruthy();
    expect(issues[0]?.messageEn).toContain('list.1.type');
    expect(await draft(instrument?.id ?? 0)).toEqual(before);
    expect(await auditCount(team, 'instrument.panel.save')).toBe(audits);
  });

  it('refuses a formula naming an unknown field (validatePanel) with the widget and path', async () => {
    const instrument = (await list()).find((row) => row.nameAbbr === 'LB');
    const bad = samplePanel();
    bad.list.push(numberWidget('SCORE', '评分', '[NOPE] + 1'));
    const reply = await post(team, team.designer, '/dcap/project/field/saveAllCfg', { instrumentId: instrument?.id, ...bad });
    refused(reply, 422, 'design.panel_invalid');
    const issues = (reply.body.data as { issues: PanelIssue[] }).issues;
    expect(issues.some((issue) => issue.widgetKey === 'SCORE' && issue.path === 'list.5.options.expression')).toBe(true);
    expect((await draft(instrument?.id ?? 0)).panel.list.some((widget) => widget.key === 'SCORE')).toBe(false);
  });

  it('answers in English when asked', async () => {
    const instrument = (await list()).find((row) => row.nameAbbr === 'LB');
    const reply = await team.study.t.call('POST', '/dcap/project/field/saveAllCfg', {
      token: team.designer.token,
      lang: 'en-US',
      body: { instrumentId: instrument?.id, list: 'nope', config: {} },
    });
    refused(reply, 422, 'design.panel_invalid');
    expect(reply.body.msg).toMatch(/not saved/);
  });

  it('saveCfg replaces a widget by key, also inside a grid, or appends it', async () => {
    const instrument = (await list()).find((row) => row.nameAbbr === 'LB');
    const { revision } = await draft(instrument?.id ?? 0);
    const replaced = ok(
      await post(team, team.designer, '/dcap/project/field/saveCfg', { instrumentId: instrument?.id, widget: textWidget('SITE_NOTE', '中心备注', 'Site note') }),
    );
    expect(replaced).toEqual({ instrumentId: instrument?.id, revision: revision + 1 });
    ok(await post(team, team.designer, '/dcap/project/field/saveCfg', { instrumentId: instrument?.id, widget: textWidget('NEWONE', '新字段') }));
    const panel = (await draft(instrument?.id ?? 0)).panel;
    const grid = panel.list.find((widget) => widget.key === 'GRID1');
    expect((grid?.options.columns as { list: { name: string }[] }[])[0]?.list[0]?.name).toBe('中心备注');
    expect(panel.list.at(-1)?.key).toBe('NEWONE');
    expect((await lastAudit(team, 'instrument.panel.save')).new_value).toMatchObject({ added: ['NEWONE'], removed: [], changed: [] });
    refused(await post(team, team.designer, '/dcap/project/field/saveCfg', { instrumentId: instrument?.id, widget: { key: 'X' } }), 422, 'design.panel_invalid');
  });

  it('saves derived and external panels only through their own calls', async () => {
    const derived = await createInstrument(team, 'DERIV', { kind: 'derived' });
    const external = await createInstrument(team, 'EXT', { kind: 'external' });
    const panel = { list: [numberWidget('AGE', '年龄')], config: { labelWidth: 8, labelPosition: 'left' } };
    expect(ok(await post(team, team.designer, '/dcap/project/derivedInstrument/saveFieldCfg', { instrumentId: derived.id, ...panel }))).toMatchObject({ revision: 1 });
    expect(ok(await post(team, team.designer, '/dcap/project/externalInstrument/saveFieldCfg', { instrumentId: external.id, ...panel }))).toMatchObject({ revision: 1 });
    refused(await post(team, team.designer, '/dcap/project/derivedInstrument/saveFieldCfg', { instrumentId: external.id, ...panel }), 422, 'instrument.kind_mismatch');
    ok(await post(team, team.designer, '/dcap/project/instrument/delete', { projectId: team.projectId, id: derived.id }));
    ok(await post(team, team.designer, '/dcap/project/instrument/delete', { projectId: team.projectId, id: external.id }));
  });
});

describe('download and upload', () => {
  it('downloads one or all instruments as JSON attachments in the upload format', async () => {
    const lb = (await list()).find((row) => row.nameAbbr === 'LB');
    const one = await team.study.t.request({ method: 'GET', url: `/dcap/project/instrument/download/${String(lb?.id)}`, headers: { token: team.investigator.token } });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('application/json');
    expect(one.headers['content-disposition']).toContain('attachment; filename="LB.json"');
    const file = one.json<InstrumentFile>();
    expect(file).toMatchObject({ format: 'dcap-instruments', version: 1, instruments: [{ nameAbbr: 'LB', kind: 'form' }] });
    expect(file.instruments[0]?.panel).toEqual((await draft(lb?.id ?? 0)).panel);
    const all = await team.study.t.request({ method: 'GET', url: `/dcap/project/instrument/downloadAll/${team.projectId}`, headers: { token: team.designer.token } });
    expect(all.json<InstrumentFile>().instruments.map((entry) => entry.nameAbbr)).toEqual((await list()).map((row) => row.nameAbbr));
    const template = await team.study.t.request({ method: 'GET', url: '/dcap/project/instrument/downloadTemplate/', headers: { token: team.designer.token } });
    expect(template.headers['content-disposition']).toContain('instrument-template.json');
    expect(template.json<InstrumentFile>().format).toBe('dcap-instruments');
  });

  it('appends the instruments of a file, then refuses the same abbreviations again', async () => {
    const before = (await list()).length;
    const file = { format: 'dcap-instruments', version: 1, instruments: [{ name: '生命体征', nameAbbr: 'VITALS', panel: samplePanel() }] };
    const after = ok(await post(team, team.designer, '/dcap/project/instrument/upload', { projectId: team.projectId, file, mode: 'append' })) as Instrument[];
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ nameAbbr: 'VITALS', fieldCount: 5 });
    refused(await post(team, team.designer, '/dcap/project/instrument/upload', { projectId: team.projectId, file, mode: 'append' }), 409, 'instrument.abbr_taken');
    expect(await list()).toHaveLength(before + 1);
  });

  it('refuses a file with an invalid panel or a bad envelope and changes nothing', async () => {
    const before = await list();
    const audits = await auditCount(team, 'instrument.upload');
    const bad = samplePanel();
    bad.list.push(numberWidget('SCORE', '评分', '[NOPE] * 2'));
    const file = {
      format: 'dcap-instruments',
      version: 1,
      instruments: [
        { name: 'A', nameAbbr: 'AOK', panel: samplePanel() },
        { name: 'B', nameAbbr: 'BBAD', panel: bad },
      ],
    };
    const reply = await post(team, team.designer, '/dcap/project/instrument/upload', { projectId: team.projectId, file, mode: 'replace' });
    refused(reply, 422, 'design.panel_invalid');
    expect((reply.body.data as { issues: PanelIssue[] }).issues[0]?.path).toBe('instruments.1.panel.list.5.options.expression');
    refused(
      await post(team, team.designer, '/dcap/project/instrument/upload', { projectId: team.projectId, file: { format: 'other', version: 1, instruments: [] }, mode: 'append' }),
      422,
      'design.file_invalid',
    );
    const twice = { format: 'dcap-instruments', version: 1, instruments: [file.instruments[0], { ...file.instruments[0], nameAbbr: 'aok' }] };
    refused(await post(team, team.designer, '/dcap/project/instrument/upload', { projectId: team.projectId, file: twice, mode: 'append' }), 409, 'instrument.abbr_taken');
    expect(await list()).toEqual(before);
    expect(await auditCount(team, 'instrument.upload')).toBe(audits);
  });

  it('replaces every instrument of the project with the file', async () => {
    const before = await list();
    const file = {
      format: 'dcap-instruments',
      version: 1,
      instruments: [
        { name: 'A', nameAbbr: 'LB', panel: samplePanel() },
        { name: 'B', nameAbbr: 'AE', kind: 'form', panel: { list: [], config: { labelWidth: 6, labelPosition: 'left' } } },
      ],
    };
    const after = ok(await post(team, team.designer, '/dcap/project/instrument/upload', { projectId: team.projectId, file, mode: 'replace' })) as Instrument[];
    expect(after.map((row) => row.nameAbbr)).toEqual(['LB', 'AE']);
    const audit = await lastAudit(team, 'instrument.upload');
    expect((audit.old_value as { removed: unknown[] }).removed).toHaveLength(before.length);
    expect(audit.new_value).toMatchObject({ mode: 'replace', created: [{ nameAbbr: 'LB' }, { nameAbbr: 'AE' }] });
  });
});

describe('who may change the design, and when', () => {
  it('refuses a user without the design right (403) but lets them read', async () => {
    const [first] = await list();
    refused(await post(team, team.investigator, '/dcap/project/instrument/save', { projectId: team.projectId, name: 'x', nameAbbr: 'INV' }), 403, 'permission.project_forbidden');
    refused(await post(team, team.investigator, '/dcap/project/field/saveAllCfg', { instrumentId: first?.id, ...samplePanel() }), 403, 'permission.project_forbidden');
    refused(await get(team, team.investigator, `/dcap/project/instrument/copy/${String(first?.id)}`), 403, 'permission.project_forbidden');
    expect(ok(await get(team, team.investigator, `/dcap/project/instrument/list/${team.projectId}`))).toHaveLength((await list()).length);
  });

  it('refuses design edits outside a development environment', async () => {
    const [first] = await list();
    const before = await draft(first?.id ?? 0);
    refused(await post(team, team.testEnvDesigner, '/dcap/project/field/saveAllCfg', { instrumentId: first?.id, ...samplePanel() }), 409, 'design.dev_env_required');
    refused(await post(team, team.testEnvDesigner, '/dcap/project/instrument/save', { projectId: team.projectId, name: 'x', nameAbbr: 'UATX' }), 409, 'design.dev_env_required');
    expect(await draft(first?.id ?? 0)).toEqual(before);
  });

  it('refuses design edits while the project is locked, allows them while paused on test for a designer', async () => {
    await setStatus(team.study, team.projectId, 'LOCKED');
    refused(await post(team, team.designer, '/dcap/project/instrument/save', { projectId: team.projectId, name: 'x', nameAbbr: 'LOCKX' }), 422, 'project.status_forbids');
    refused(await post(team, team.pm, '/dcap/project/instrument/sort', { projectId: team.projectId, ids: (await list()).map((row) => row.id) }), 422, 'project.status_forbids');
    expect((await list()).some((row) => row.nameAbbr === 'LOCKX')).toBe(false);
    await setStatus(team.study, team.projectId, 'FREEZED_ON_TEST');
    ok(await post(team, team.designer, '/dcap/project/instrument/save', { projectId: team.projectId, name: 'x', nameAbbr: 'PAUSEX' }));
    await setStatus(team.study, team.projectId, 'CONFIG');
  });

  it('hides another project’s instruments', async () => {
    const [first] = await list();
    const other = await designTeam('INS2', team.study);
    refused(await post(team, other.designer, '/dcap/project/instrument/preview', { instrumentId: first?.id }), 404, 'instrument.not_found');
    refused(await post(team, other.designer, '/dcap/project/field/saveAllCfg', { instrumentId: first?.id, ...samplePanel() }), 404, 'instrument.not_found');
  });
});

describe('panel templates', () => {
  it('previews a library template and copies it as a new instrument, renaming a taken abbreviation', async () => {
    const template = await team.study.t.database.db
      .insertInto('std_templates')
      .values({ name: '生命体征模板', name_en: 'Vital signs', name_abbr: 'LB', panel: JSON.stringify(samplePanel()), sort: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const preview = ok(await post(team, team.investigator, '/dcap/project/instrument/previewTemplatePanel', { templateId: template.id })) as { panel: unknown; nameAbbr: string };
    expect(preview).toEqual({ panel: samplePanel(), name: '生命体征模板', nameAbbr: 'LB' });
    const copy = ok(await post(team, team.designer, '/dcap/project/instrument/copyTemplate', { projectId: team.projectId, templateId: template.id })) as Instrument;
    expect(copy).toMatchObject({ kind: 'form', name: '生命体征模板', nameEn: 'Vital signs', nameAbbr: 'LB_copy', fieldCount: 5 });
    expect((await draft(copy.id)).panel).toEqual(samplePanel());
    const named = ok(
      await post(team, team.designer, '/dcap/project/instrument/copyTemplate', { projectId: team.projectId, templateId: template.id, name: '体征', nameAbbr: 'VS2' }),
    ) as Instrument;
    expect(named).toMatchObject({ name: '体征', nameAbbr: 'VS2' });
    expect((await lastAudit(team, 'instrument.create')).new_value).toMatchObject({ nameAbbr: 'VS2', templateId: template.id });
    refused(await post(team, team.designer, '/dcap/project/instrument/copyTemplate', { projectId: team.projectId, templateId: 999999 }), 404, 'instrument.template_not_found');
    refused(await post(team, team.investigator, '/dcap/project/instrument/copyTemplate', { projectId: team.projectId, templateId: template.id }), 403, 'permission.project_forbidden');
  });
});
