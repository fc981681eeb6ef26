import type { OptionItem, PaletteWidget, Panel, Site, TableColumn, Widget } from '@dcap/core';
import { createLabTable, createWidget } from '@dcap/core';
import type { Persona, Study } from '../modules/roles/study.fixture.js';
import { enter, grant, ok, openStudy, person, project, role, setStatus, site, unit } from '../modules/roles/study.fixture.js';
import type { Reply } from './harness.js';

/**
 * A study ready for data capture (spec 002): a project in TEST with sites A and B, a design published to the
 * test environment (uat) and the people of the data-capture scenarios, every one of them working in uat.
 *
 * Events (spec 002 §4 schedule): screening (day 0), baseline (day 0), visit 2 (day 14, window ±3 days), an
 * unscheduled visit and an adverse-event log. Panels: demographics (text, date, radio), vital signs
 * (numbers and the BMI formula), a blood-routine lab table (result level and clinical significance) and a
 * repeatable concomitant-medication table; the adverse-event log panel is a repeatable table too.
 */
export interface RecordsStudy {
  study: Study;
  projectId: number;
  siteA: Site;
  siteB: Site;
  /** The test environment the design is published to, where every persona works. */
  env: { id: number; key: string };
  designVersionId: number;
  /** Event ids of the published design by short name. */
  events: Record<EventName, number>;
  /** Instrument ids by abbreviation. */
  instruments: Record<InstrumentAbbr, number>;
  /** Keys of the lab table: the table's model and its columns by lab role. */
  lab: { table: string; result: string; low: string; up: string; clinicalSig: string; subject: string; unit: string; range: string };
  /** Keys of the repeatable concomitant-medication table. */
  cm: { table: string; drug: string; dose: string; start: string };
  /** Keys of the adverse-event log table. */
  ae: { table: string; term: string; start: string; serious: string };
  people: {
    /** Project administrator (all rights, all sites). */
    projectAdmin: Persona;
    /** Site A: dataEntryRights, answerQuery. */
    coordinator: Persona;
    /** Site A: dataEntryRights, locked (sign and lock), answerQuery. */
    investigator: Persona;
    /** All sites: verify, query. */
    monitor: Persona;
    /** All sites: review, freeze, locked, query, handleAllQuery. */
    dataManager: Persona;
    /** Site B: every right. */
    siteBUser: Persona;
  };
  roles: { coordinator: number; investigator: number; monitor: number; dataManager: number; siteB: number };
}

export type EventName = 'screening' | 'baseline' | 'visit2' | 'unscheduled' | 'log';
export type InstrumentAbbr = 'DM' | 'VS' | 'LB' | 'CM' | 'AE';

/** A subject as the add-subject call created it, with the ids of its visit and panel instances. */
export interface AddedSubject {
  id: number;
  platformNo: string;
  siteId: number;
  status: string;
  version: number;
  /** Event instance ids by event name (the unscheduled visit has none until one is added). */
  eventInstances: Partial<Record<EventName, number>>;
  /** Panel instance ids by event name and instrument abbreviation. */
  panelInstances: Partial<Record<EventName, Partial<Record<InstrumentAbbr, number>>>>;
  /** The created subject as the call answered it. */
  body: Record<string, unknown>;
}

function field(item: PaletteWidget, key: string, name: string, nameEn: string, options: Partial<Widget['options']> = {}): Widget {
  const widget = createWidget(item, new Set());
  return { ...widget, key, model: key, name, nameEn, options: { ...widget.options, ...options } };
}

const choice = (pairs: [string, string][]): OptionItem[] => pairs.map(([label, labelEn], index) => ({ key: String(index + 1), value: String(index + 1), label, labelEn }));

/** A repeatable table with readable keys: cell keys join the table's and the column's (core panels/keys.ts). */
function repeatableTable(key: string, name: string, nameEn: string, columns: [string, PaletteWidget, string, string][]): Widget {
  const cols: TableColumn[] = columns.map(([column, item, title, titleEn]) => {
    const cellKey = `${key}_${column}`;
    const widget = createWidget(item, new Set());
    return {
      title,
      titleEn,
      key: column,
      width: `${String(Math.floor(100 / columns.length))}%`,
      widget: { ...widget, key: cellKey, model: cellKey, name: title, nameEn: titleEn, table: key },
    };
  });
  const table = createWidget('table', new Set());
  return {
    ...table,
    key,
    model: key,
    name,
    nameEn,
    options: { ...table.options, repeatable: true, columns: cols, data: [Object.fromEntries(cols.map((column) => [column.key, null]))] },
  };
}

function post(study: Study, who: Persona, url: string, body: unknown): Promise<Reply> {
  return study.t.call('POST', url, { token: who.token, body });
}

async function selectEnv(study: Study, who: Persona, key: string): Promise<void> {
  ok(await study.t.call('GET', `/dcap/projectEnv/selectEnv/${key}`, { token: who.token }));
}

/** Builds the study; `code` keeps usernames unique when one file opens several. */
export async function openRecordsStudy(code = 'REC', existing?: Study): Promise<RecordsStudy> {
  const study = existing ?? (await openStudy());
  const projectAdmin = await person(study, `${code}.pm`, { projectAdmin: true });
  const { id: projectId } = await project(study, projectAdmin, code);
  const siteA = await site(study, projectAdmin, projectId, 'A01', await unit(study, `${code}-UA`, '协和医院', 'PUMCH'));
  const siteB = await site(study, projectAdmin, projectId, 'B01', await unit(study, `${code}-UB`, '华山医院', 'Huashan'));

  // The design, drafted in development and published to test.
  ok(await study.t.call('GET', `/dcap/project/store/${projectId}`, { token: projectAdmin.token }));
  await selectEnv(study, projectAdmin, 'dev');
  const labTable = createLabTable(new Set());
  const labColumns = (labTable.options.columns ?? []) as TableColumn[];
  const labKey = (role: string) => labColumns.find((column) => column.refCtrl === role)?.key ?? '';
  const forms: { abbr: InstrumentAbbr; name: string; nameEn: string; list: Widget[] }[] = [
    {
      abbr: 'DM',
      name: '人口学资料',
      nameEn: 'Demographics',
      list: [
        field('input', 'INITIALS', '姓名缩写', 'Initials'),
        field('date', 'BRTHDAT', '出生日期', 'Date of birth'),
        field('radio', 'SEX', '性别', 'Sex', {
          options: choice([
            ['男', 'Male'],
            ['女', 'Female'],
          ]),
        }),
      ],
    },
    {
      abbr: 'VS',
      name: '生命体征',
      nameEn: 'Vital signs',
      list: [
        field('date', 'VSDAT', '测量日期', 'Date of measurement'),
        field('number', 'HEIGHT', '身高 (cm)', 'Height (cm)', { precision: 1 }),
        field('number', 'WEIGHT', '体重 (kg)', 'Weight (kg)', { precision: 1 }),
        field('number', 'BMI', 'BMI', 'BMI', { expression: 'round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)' }),
      ],
    },
    { abbr: 'LB', name: '血常规', nameEn: 'Blood routine', list: [field('date', 'LBDAT', '采样日期', 'Sampling date'), labTable] },
    {
      abbr: 'CM',
      name: '合并用药',
      nameEn: 'Concomitant medication',
      list: [
        repeatableTable('CMTAB', '合并用药', 'Concomitant medication', [
          ['CMTRT', 'input', '药物名称', 'Drug'],
          ['CMDOSE', 'number', '剂量', 'Dose'],
          ['CMSTDAT', 'date', '开始日期', 'Start date'],
        ]),
      ],
    },
    {
      abbr: 'AE',
      name: '不良事件',
      nameEn: 'Adverse events',
      list: [
        repeatableTable('AETAB', '不良事件', 'Adverse events', [
          ['AETERM', 'input', '不良事件名称', 'Term'],
          ['AESTDAT', 'date', '开始日期', 'Start date'],
          ['AESER', 'input', '严重', 'Serious'],
        ]),
      ],
    },
  ];
  const instruments = {} as Record<InstrumentAbbr, number>;
  for (const form of forms) {
    const created = ok(await post(study, projectAdmin, '/dcap/project/instrument/save', { projectId, name: form.name, nameEn: form.nameEn, nameAbbr: form.abbr })) as { id: number };
    ok(await post(study, projectAdmin, '/dcap/project/field/saveAllCfg', { instrumentId: created.id, list: form.list, config: { labelWidth: 8, labelPosition: 'right' } }));
    instruments[form.abbr] = created.id;
  }
  const visits: { name: EventName; body: Record<string, unknown>; forms: InstrumentAbbr[] }[] = [
    { name: 'screening', body: { name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: 0 }, forms: ['DM', 'VS', 'LB'] },
    { name: 'baseline', body: { name: '基线', nameEn: 'Baseline', type: 'BASELINE', offsetDays: 0 }, forms: ['VS', 'CM'] },
    { name: 'visit2', body: { name: '访视2', nameEn: 'Visit 2', type: 'TREATMENT', offsetDays: 14, windowBefore: 3, windowAfter: 3 }, forms: ['VS', 'LB'] },
    { name: 'unscheduled', body: { name: '计划外访视', nameEn: 'Unscheduled visit', type: 'UNSCHEDULED' }, forms: ['VS'] },
    { name: 'log', body: { name: '不良事件记录', nameEn: 'Adverse event log', type: 'LOG' }, forms: ['AE'] },
  ];
  const events = {} as Record<EventName, number>;
  const cells: { eventId: number; instrumentId: number }[] = [];
  for (const visit of visits) {
    const event = ok(await post(study, projectAdmin, '/dcap/project/event/save', { projectId, ...visit.body })) as { id: number };
    events[visit.name] = event.id;
    for (const form of visit.forms) cells.push({ eventId: event.id, instrumentId: instruments[form] });
  }
  ok(await post(study, projectAdmin, '/dcap/project/eventInstrument/saveMatrix', { projectId, cells }));
  ok(await post(study, projectAdmin, '/dcap/project/design/publish', { projectId, target: 'uat', note: 'Records fixture' }));
  await setStatus(study, projectId, 'TEST');

  const db = study.t.database.db;
  const env = await db.selectFrom('project_envs').select(['id', 'key']).where('project_id', '=', projectId).where('key', '=', 'uat').executeTakeFirstOrThrow();
  const published = await db.selectFrom('design_versions').select('id').where('project_id', '=', projectId).orderBy('id', 'desc').executeTakeFirstOrThrow();

  const roleIds = {
    coordinator: (await role(study, projectAdmin, { projectId, alias: 'CRC-A', institutionIds: [siteA.id], dataEntryRights: true, answerQuery: true })).id,
    investigator: (await role(study, projectAdmin, { projectId, alias: 'PI-A', institutionIds: [siteA.id], dataEntryRights: true, locked: true, answerQuery: true })).id,
    monitor: (await role(study, projectAdmin, { projectId, alias: 'CRA', institutionIds: 'all', verify: true, query: true })).id,
    dataManager: (
      await role(study, projectAdmin, { projectId, alias: 'DM', institutionIds: 'all', review: true, freeze: true, locked: true, query: true, handleAllQuery: true })
    ).id,
    siteB: (
      await role(study, projectAdmin, {
        projectId,
        alias: 'All-B',
        institutionIds: [siteB.id],
        dataEntryRights: true,
        verify: true,
        review: true,
        locked: true,
        freeze: true,
        query: true,
        answerQuery: true,
        handleAllQuery: true,
      })
    ).id,
  };
  const member = async (name: string, roleId: number) => {
    const p = await person(study, `${code}.${name}`);
    await grant(study, projectAdmin, projectId, { roleId, userIds: [p.id] });
    await enter(study, p, projectId, roleId);
    await selectEnv(study, p, 'uat');
    return p;
  };
  const people = {
    projectAdmin,
    coordinator: await member('crc', roleIds.coordinator),
    investigator: await member('pi', roleIds.investigator),
    monitor: await member('cra', roleIds.monitor),
    dataManager: await member('dm', roleIds.dataManager),
    siteBUser: await member('siteb', roleIds.siteB),
  };
  await selectEnv(study, projectAdmin, 'uat');

  return {
    study,
    projectId,
    siteA,
    siteB,
    env,
    designVersionId: published.id,
    events,
    instruments,
    lab: { table: labTable.model, result: labKey('result'), low: labKey('low'), up: labKey('up'), clinicalSig: labKey('clinicalSig'), subject: labKey('subject'), unit: labKey('unit'), range: labKey('range') },
    cm: { table: 'CMTAB', drug: 'CMTRT', dose: 'CMDOSE', start: 'CMSTDAT' },
    ae: { table: 'AETAB', term: 'AETERM', start: 'AESTDAT', serious: 'AESER' },
    people,
    roles: roleIds,
  };
}

/** Reads the visit and panel instances of a subject, keyed by the fixture's names. */
export async function subjectInstances(rs: RecordsStudy, subjectId: number): Promise<Pick<AddedSubject, 'eventInstances' | 'panelInstances'>> {
  const db = rs.study.t.database.db;
  const eventNames = new Map(Object.entries(rs.events).map(([name, id]) => [id, name as EventName]));
  const abbrs = new Map(Object.entries(rs.instruments).map(([abbr, id]) => [id, abbr as InstrumentAbbr]));
  const eventRows = await db.selectFrom('event_instances').select(['id', 'event_id']).where('subject_id', '=', subjectId).where('seq', '=', 1).execute();
  const panelRows = await db
    .selectFrom('panel_instances')
    .innerJoin('event_instances', 'event_instances.id', 'panel_instances.event_instance_id')
    .select(['panel_instances.id', 'panel_instances.instrument_id', 'event_instances.event_id'])
    .where('panel_instances.subject_id', '=', subjectId)
    .where('event_instances.seq', '=', 1)
    .where('panel_instances.seq', '=', 1)
    .execute();
  const eventInstances: AddedSubject['eventInstances'] = {};
  for (const row of eventRows) {
    const name = eventNames.get(row.event_id);
    if (name) eventInstances[name] = row.id;
  }
  const panelInstances: AddedSubject['panelInstances'] = {};
  for (const row of panelRows) {
    const name = eventNames.get(row.event_id);
    const abbr = abbrs.get(row.instrument_id);
    if (name && abbr) (panelInstances[name] ??= {})[abbr] = row.id;
  }
  return { eventInstances, panelInstances };
}

let subjectCounter = 0;

/**
 * Adds a subject at a site through the add-subject call (confirming a duplicate name) and returns it with
 * its visit and panel instances. `body` overrides the defaults (a unique name and initials).
 */
export async function addSubject(rs: RecordsStudy, who: Persona, siteId: number, body: Record<string, unknown> = {}): Promise<AddedSubject> {
  subjectCounter += 1;
  const created = ok(
    await post(rs.study, who, '/dcap/subject/save', { siteId, name: `受试者${String(subjectCounter)}`, initials: 'ZS', confirmDuplicate: true, ...body }),
  ) as Record<string, unknown> & { id: number; platformNo: string; siteId: number; status: string; version: number };
  return { id: created.id, platformNo: created.platformNo, siteId: created.siteId, status: created.status, version: created.version, body: created, ...(await subjectInstances(rs, created.id)) };
}

/**
 * Points a panel instance at a design version of its own whose instrument `change` altered, for a scenario
 * the published design does not hold (design versions never change, so a variant is a new version).
 */
export async function useDesignVariant(rs: RecordsStudy, panelInstanceId: number, instrumentId: number, change: (panel: Panel) => void, note = 'variant'): Promise<number> {
  const db = rs.study.t.database.db;
  const version = await db.selectFrom('design_versions').selectAll().where('id', '=', rs.designVersionId).executeTakeFirstOrThrow();
  const snapshot = version.snapshot as { instruments: { id: number; panel: Panel }[] };
  const instrument = snapshot.instruments.find((candidate) => candidate.id === instrumentId);
  if (!instrument) throw new Error(`no instrument ${String(instrumentId)}`);
  change(instrument.panel);
  const top = await db.selectFrom('design_versions').select((eb) => eb.fn.max<number>('version').as('v')).where('project_id', '=', rs.projectId).executeTakeFirstOrThrow();
  const variant = await db
    .insertInto('design_versions')
    .values({ project_id: rs.projectId, version: top.v + 1, snapshot: JSON.stringify(snapshot), note, published_at: new Date(), published_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('panel_instances').set({ design_version_id: variant.id }).where('id', '=', panelInstanceId).execute();
  return variant.id;
}
