import type { EventType, OptionItem, PaletteWidget, TableColumn, Widget } from '@dcap/core';
import { createLabTable, createWidget, saveEventSchema, saveInstrumentSchema } from '@dcap/core';
import type { ServiceDeps } from '../deps.js';
import { saveEvent, saveMatrix } from '../modules/events/service.js';
import { savePanel } from '../modules/instruments/panel-service.js';
import { saveInstrument } from '../modules/instruments/service.js';
import { publishDesign } from '../modules/publishing/service.js';
import type { ProjectCaller } from '../http/context.js';

/** A field of the demo design: a palette widget with its own key and labels in both languages. */
function field(item: PaletteWidget, key: string, name: string, nameEn: string, options: Partial<Widget['options']> = {}): Widget {
  const widget = createWidget(item, new Set());
  return { ...widget, key, model: key, name, nameEn, options: { ...widget.options, ...options } };
}

const choice = (pairs: [string, string][]): OptionItem[] => pairs.map(([label, labelEn], index) => ({ key: String(index + 1), value: String(index + 1), label, labelEn }));

/** A repeatable table with readable keys: each cell's key joins the table's and the column's. */
function repeatableTable(key: string, name: string, nameEn: string, columns: [string, PaletteWidget, string, string, OptionItem[]?][]): Widget {
  const cols: TableColumn[] = columns.map(([column, item, title, titleEn, options]) => {
    const cellKey = `${key}_${column}`;
    const widget = createWidget(item, new Set());
    return {
      title,
      titleEn,
      key: column,
      width: `${String(Math.floor(100 / columns.length))}%`,
      widget: { ...widget, key: cellKey, model: cellKey, name: title, nameEn: titleEn, table: key, options: { ...widget.options, ...(options ? { options } : {}) } },
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

export type DemoInstrument = 'DM' | 'VS' | 'LB' | 'AE';
export type DemoEvent = 'screening' | 'baseline' | 'week4' | 'week8' | 'week12' | 'unscheduled' | 'aeLog';

/** Where the demo data finds the design: instrument and event ids, and the keys of the two tables. */
export interface DemoDesign {
  instruments: Record<DemoInstrument, number>;
  events: Record<DemoEvent, number>;
  lab: { table: string; result: string };
  ae: { table: string; term: string; start: string; severity: string; serious: string };
}

const SEVERITY = choice([
  ['轻度', 'Mild'],
  ['中度', 'Moderate'],
  ['重度', 'Severe'],
]);
const YES_NO = choice([
  ['是', 'Yes'],
  ['否', 'No'],
]);

function instruments(labTable: Widget): { nameAbbr: DemoInstrument; name: string; nameEn: string; list: Widget[] }[] {
  return [
    {
      nameAbbr: 'DM',
      name: '人口学资料',
      nameEn: 'Demographics',
      list: [
        field('date', 'BRTHDAT', '出生日期', 'Date of birth', { required: true }),
        field('radio', 'SEX', '性别', 'Sex', {
          required: true,
          options: choice([
            ['男', 'Male'],
            ['女', 'Female'],
          ]),
        }),
        field('radio', 'ETHNIC', '民族', 'Ethnicity', {
          options: choice([
            ['汉族', 'Han'],
            ['其他', 'Other'],
          ]),
        }),
        field('number', 'HTNYRS', '高血压病程 (年)', 'Years since hypertension diagnosis', { precision: 0, min: 0, max: 80 }),
      ],
    },
    {
      nameAbbr: 'VS',
      name: '生命体征',
      nameEn: 'Vital signs',
      list: [
        field('date', 'VSDAT', '测量日期', 'Date of measurement', { required: true }),
        field('number', 'HEIGHT', '身高 (cm)', 'Height (cm)', { precision: 1, min: 100, max: 230 }),
        field('number', 'WEIGHT', '体重 (kg)', 'Weight (kg)', { precision: 1, min: 30, max: 250 }),
        field('number', 'BMI', 'BMI (kg/m²)', 'BMI (kg/m²)', { precision: 1, expression: 'round([WEIGHT] / ([HEIGHT] / 100) ^ 2, 1)' }),
        field('number', 'SYSBP', '收缩压 (mmHg)', 'Systolic blood pressure (mmHg)', { min: 50, max: 280 }),
        field('number', 'DIABP', '舒张压 (mmHg)', 'Diastolic blood pressure (mmHg)', { min: 30, max: 180 }),
        field('number', 'PULSE', '脉率 (次/分)', 'Pulse rate (beats/min)', { min: 30, max: 200 }),
      ],
    },
    {
      nameAbbr: 'LB',
      name: '血常规',
      nameEn: 'Blood routine',
      list: [field('date', 'LBDAT', '采样日期', 'Sampling date', { required: true }), labTable],
    },
    {
      nameAbbr: 'AE',
      name: '不良事件',
      nameEn: 'Adverse events',
      list: [
        repeatableTable('AETAB', '不良事件', 'Adverse events', [
          ['AETERM', 'input', '不良事件名称', 'Adverse event'],
          ['AESTDAT', 'date', '开始日期', 'Start date'],
          ['AESEV', 'select', '严重程度', 'Severity', SEVERITY],
          ['AESER', 'select', '严重不良事件', 'Serious', YES_NO],
        ]),
      ],
    },
  ];
}

const EVENTS: { key: DemoEvent; name: string; nameEn: string; type: EventType; offsetDays?: number; windowBefore?: number; windowAfter?: number; forms: DemoInstrument[] }[] = [
  { key: 'screening', name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: -14, windowBefore: 0, windowAfter: 7, forms: ['DM', 'VS', 'LB'] },
  { key: 'baseline', name: '基线', nameEn: 'Baseline', type: 'BASELINE', offsetDays: 0, windowBefore: 0, windowAfter: 0, forms: ['VS', 'LB'] },
  { key: 'week4', name: '第4周随访', nameEn: 'Week 4 follow-up', type: 'TREATMENT', offsetDays: 28, windowBefore: 3, windowAfter: 3, forms: ['VS'] },
  { key: 'week8', name: '第8周随访', nameEn: 'Week 8 follow-up', type: 'TREATMENT', offsetDays: 56, windowBefore: 3, windowAfter: 3, forms: ['VS', 'LB'] },
  { key: 'week12', name: '第12周（结束）', nameEn: 'Week 12 (end of study)', type: 'FOLLOW_UP', offsetDays: 84, windowBefore: 5, windowAfter: 5, forms: ['VS', 'LB'] },
  { key: 'unscheduled', name: '计划外访视', nameEn: 'Unscheduled visit', type: 'UNSCHEDULED', forms: ['VS'] },
  { key: 'aeLog', name: '不良事件记录', nameEn: 'Adverse event log', type: 'LOG', forms: ['AE'] },
];

/**
 * The demo study's design, written through the design services in the development environment and
 * published to test (uat): demographics, vital signs with the BMI formula, a blood-routine lab table and an
 * adverse-event log (a repeatable table); screening, baseline, three follow-up visits with windows, an
 * unscheduled visit and the adverse-event log event, and the visit-form matrix. A new project manager
 * finds a running design in test and the same design editable in development.
 */
export async function seedDemoDesign(deps: ServiceDeps, designer: ProjectCaller): Promise<DemoDesign> {
  const projectId = designer.project.project.id;
  const labTable = createLabTable(new Set());
  const labColumns = (labTable.options.columns ?? []) as TableColumn[];
  const labColumn = (role: string) => labColumns.find((column) => column.refCtrl === role)?.key ?? '';
  const ids = {} as Record<DemoInstrument, number>;
  for (const form of instruments(labTable)) {
    const instrument = await saveInstrument(deps, designer, saveInstrumentSchema.parse({ projectId, name: form.name, nameEn: form.nameEn, nameAbbr: form.nameAbbr }));
    await savePanel(deps, designer, { instrumentId: instrument.id, list: form.list, config: { labelWidth: 8, labelPosition: 'right' } });
    ids[form.nameAbbr] = instrument.id;
  }
  const events = {} as Record<DemoEvent, number>;
  const cells: { eventId: number; instrumentId: number }[] = [];
  for (const visit of EVENTS) {
    const { forms, key, ...body } = visit;
    const event = await saveEvent(deps, designer, saveEventSchema.parse({ projectId, ...body }));
    events[key] = event.id;
    for (const form of forms) cells.push({ eventId: event.id, instrumentId: ids[form] });
  }
  await saveMatrix(deps, designer, cells);
  await publishDesign(deps, designer, { projectId, target: 'uat', note: 'Demo design' });
  return {
    instruments: ids,
    events,
    lab: { table: labTable.model, result: labColumn('result') },
    ae: { table: 'AETAB', term: 'AETERM', start: 'AESTDAT', severity: 'AESEV', serious: 'AESER' },
  };
}
