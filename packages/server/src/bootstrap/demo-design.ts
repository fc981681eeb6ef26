import type { OptionItem, PaletteWidget, Widget } from '@dcap/core';
import { createWidget, saveEventSchema, saveInstrumentSchema } from '@dcap/core';
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

const INSTRUMENTS = [
  {
    nameAbbr: 'DM',
    name: '人口学资料',
    nameEn: 'Demographics',
    list: [
      field('date', 'BRTHDAT', '出生日期', 'Date of birth'),
      field('radio', 'SEX', '性别', 'Sex', {
        options: choice([
          ['男', 'Male'],
          ['女', 'Female'],
        ]),
      }),
      field('number', 'HEIGHT', '身高 (cm)', 'Height (cm)', { precision: 1 }),
      field('number', 'WEIGHT', '体重 (kg)', 'Weight (kg)', { precision: 1 }),
    ],
  },
  {
    nameAbbr: 'VS',
    name: '生命体征',
    nameEn: 'Vital signs',
    list: [
      field('date', 'VSDAT', '测量日期', 'Date of measurement'),
      field('number', 'SYSBP', '收缩压 (mmHg)', 'Systolic blood pressure (mmHg)'),
      field('number', 'DIABP', '舒张压 (mmHg)', 'Diastolic blood pressure (mmHg)'),
      field('number', 'PULSE', '脉率 (次/分)', 'Pulse rate (beats/min)'),
    ],
  },
] as const;

const EVENTS = [
  { name: '筛选期', nameEn: 'Screening', type: 'SCREENING', offsetDays: -14, windowBefore: 0, windowAfter: 0, forms: ['DM', 'VS'] },
  { name: '基线', nameEn: 'Baseline', type: 'BASELINE', offsetDays: 0, windowBefore: 0, windowAfter: 0, forms: ['VS'] },
  { name: '第4周随访', nameEn: 'Week 4 follow-up', type: 'FOLLOW_UP', offsetDays: 28, windowBefore: 3, windowAfter: 3, forms: ['VS'] },
] as const;

/**
 * The demo study's design, written through the design services in the development environment: two forms
 * (demographics, vital signs), three visits and the visit-form matrix, then published to test (uat). A new
 * project manager finds a running design in test and the same design editable in development.
 */
export async function seedDemoDesign(deps: ServiceDeps, designer: ProjectCaller): Promise<void> {
  const projectId = designer.project.project.id;
  const ids = new Map<string, number>();
  for (const form of INSTRUMENTS) {
    const instrument = await saveInstrument(deps, designer, saveInstrumentSchema.parse({ projectId, name: form.name, nameEn: form.nameEn, nameAbbr: form.nameAbbr }));
    await savePanel(deps, designer, { instrumentId: instrument.id, list: form.list, config: { labelWidth: 8, labelPosition: 'right' } });
    ids.set(form.nameAbbr, instrument.id);
  }
  const cells: { eventId: number; instrumentId: number }[] = [];
  for (const visit of EVENTS) {
    const { forms, ...body } = visit;
    const event = await saveEvent(deps, designer, saveEventSchema.parse({ projectId, ...body }));
    for (const form of forms) cells.push({ eventId: event.id, instrumentId: ids.get(form) ?? 0 });
  }
  await saveMatrix(deps, designer, cells);
  await publishDesign(deps, designer, { projectId, target: 'uat', note: 'Demo design' });
}
