import type { BulkFieldAction, Panel, SchedulePanel, SubjectSchedule, SubjectStatus } from '@dcap/core';
import { BLOOD_ROUTINE_ITEMS, calendarDay, evaluateForm } from '@dcap/core';
import type { ServiceDeps } from '../deps.js';
import type { ProjectCaller } from '../http/context.js';
import { actOnQuery, raiseQuery } from '../modules/queries/service.js';
import { readRecordPanel, saveRecordPanel } from '../modules/records/service.js';
import { subjectSchedule } from '../modules/schedule/service.js';
import { addSubject, changeSubjectStatus, enrolByHand, recordScreeningResult, requestRollback } from '../modules/subjects/service.js';
import { applyBulkAction } from '../modules/workflow/actions-service.js';
import { sign } from '../modules/workflow/sign-service.js';
import type { DemoDesign, DemoEvent, DemoInstrument } from './demo-design.js';

/** The people who work on the demo data, each as a caller in the test environment with their role. */
export interface DemoTeam {
  pm: ProjectCaller;
  cra: ProjectCaller;
  dm: ProjectCaller;
  /** One investigator per site, with the password they sign with. */
  investigators: { caller: ProjectCaller; siteId: number; password: string }[];
}

/**
 * How far each demo subject has come (spec 002 §4 subject statuses); the data of each stage leaves
 * somebody work to do:
 * - screening: demographics entered, vital signs incomplete, blood routine not entered (investigator);
 * - screenSuccess: screening entered, demographics verified, awaiting enrolment;
 * - screenFailure: screening entered, failed with a reason; one has a rollback request (project manager);
 * - enrolled: screening verified, baseline vital signs completed (monitor), baseline blood routine
 *   incomplete and an open query on the blood pressure (investigator);
 * - treatment: screening reviewed (investigator signs), baseline verified (data manager reviews), week 4
 *   completed (monitor verifies), an adverse event, one answered query (monitor closes) and one closed;
 * - treatmentSigned: as treatment, with the screening visit signed and week 8 entered;
 * - completed: every visit entered, verified, reviewed and signed, then completed; baseline blood routine
 *   frozen and the screening demographics locked;
 * - quit: enrolled, baseline entered, then withdrawn with a reason.
 */
type Stage = 'screening' | 'screenSuccess' | 'screenFailure' | 'enrolled' | 'treatment' | 'treatmentSigned' | 'completed' | 'quit';

/** Twenty subjects over the three sites (7, 7, 6). */
const PLAN: { site: number; stage: Stage; rollback?: boolean }[] = [
  { site: 0, stage: 'screening' },
  { site: 0, stage: 'screenFailure' },
  { site: 0, stage: 'enrolled' },
  { site: 0, stage: 'treatment' },
  { site: 0, stage: 'treatmentSigned' },
  { site: 0, stage: 'completed' },
  { site: 0, stage: 'quit' },
  { site: 1, stage: 'screening' },
  { site: 1, stage: 'screenSuccess' },
  { site: 1, stage: 'screenFailure', rollback: true },
  { site: 1, stage: 'enrolled' },
  { site: 1, stage: 'treatment' },
  { site: 1, stage: 'completed' },
  { site: 1, stage: 'quit' },
  { site: 2, stage: 'screening' },
  { site: 2, stage: 'screenFailure' },
  { site: 2, stage: 'enrolled' },
  { site: 2, stage: 'treatment' },
  { site: 2, stage: 'treatmentSigned' },
  { site: 2, stage: 'treatment' },
];

/** Days from the subject's day 0 (baseline, the consent date) to today, by stage. */
const DAYS_IN: Partial<Record<Stage, number>> = { enrolled: 3, treatment: 33, treatmentSigned: 59, completed: 88, quit: 21 };

const NAMES: [string, string, 'M' | 'F'][] = [
  ['张伟', 'ZW', 'M'],
  ['王芳', 'WF', 'F'],
  ['李娜', 'LN', 'F'],
  ['刘洋', 'LY', 'M'],
  ['陈静', 'CJ', 'F'],
  ['杨军', 'YJ', 'M'],
  ['赵磊', 'ZL', 'M'],
  ['黄敏', 'HM', 'F'],
  ['周强', 'ZQ', 'M'],
  ['吴丽', 'WL', 'F'],
  ['徐刚', 'XG', 'M'],
  ['孙燕', 'SY', 'F'],
  ['马超', 'MC', 'M'],
  ['朱婷', 'ZT', 'F'],
  ['胡斌', 'HB', 'M'],
  ['郭霞', 'GX', 'F'],
  ['何平', 'HP', 'M'],
  ['高洁', 'GJ', 'F'],
  ['林涛', 'LT', 'M'],
  ['罗红', 'LH', 'F'],
];

const OFFSETS: Record<DemoEvent, number> = { screening: -14, baseline: 0, week4: 28, week8: 56, week12: 84, unscheduled: 0, aeLog: 0 };

/** One demo subject's panels by visit and form, and what the seeding needs to act on them. */
interface Subject {
  id: number;
  version: number;
  siteIndex: number;
  n: number;
  /** Day 0 as a calendar day; null before the subject consented. */
  dayZero: string | null;
  panels: Map<string, SchedulePanel>;
  eventInstances: Map<DemoEvent, number>;
}

/**
 * Twenty subjects across the three sites with data in every state, written through the same services as the
 * API (subjects, records, workflow, queries), so every row obeys the rules and has its audit rows.
 */
export async function seedDemoData(deps: ServiceDeps, design: DemoDesign, team: DemoTeam): Promise<void> {
  const now = deps.clock.now();
  const day = (offset: number, from: string = calendarDay(now)) => {
    const date = new Date(`${from}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const today = calendarDay(now);
  const definitions = new Map<number, Panel>();
  const eventOf = new Map(Object.entries(design.events).map(([key, id]) => [id, key as DemoEvent]));

  const pi = (subject: Subject) => {
    const investigator = team.investigators[subject.siteIndex];
    if (!investigator) throw new Error('demo: no investigator for the site');
    return investigator;
  };

  async function load(caller: ProjectCaller, id: number, siteIndex: number, n: number, dayZero: string | null): Promise<Subject> {
    const schedule: SubjectSchedule = await subjectSchedule(deps, caller, id);
    const eventInstances = new Map<DemoEvent, number>();
    for (const visit of schedule.visits) {
      const key = eventOf.get(visit.eventId);
      if (key) eventInstances.set(key, visit.eventInstanceId);
    }
    const panels = new Map<string, SchedulePanel>();
    for (const panel of schedule.panels) {
      const visit = schedule.visits.find((candidate) => candidate.eventInstanceId === panel.eventInstanceId);
      const key = visit ? eventOf.get(visit.eventId) : undefined;
      const abbr = (Object.entries(design.instruments).find(([, instrumentId]) => instrumentId === panel.instrumentId)?.[0] ?? '') as DemoInstrument;
      if (key && panel.seq === 1) panels.set(`${key}.${abbr}`, panel);
    }
    return { id, version: 1, siteIndex, n, dayZero, panels, eventInstances };
  }

  function panelId(subject: Subject, event: DemoEvent, form: DemoInstrument): number {
    const panel = subject.panels.get(`${event}.${form}`);
    if (!panel) throw new Error(`demo: subject ${String(subject.id)} has no ${event} ${form}`);
    return panel.panelInstanceId;
  }

  /** Saves what an investigator typed into one panel, with the values the engine computes (BMI, lab levels). */
  async function enter(subject: Subject, event: DemoEvent, form: DemoInstrument, typed: (definition: Panel) => Record<string, unknown>): Promise<void> {
    const caller = pi(subject).caller;
    const id = panelId(subject, event, form);
    let definition = definitions.get(design.instruments[form]);
    if (!definition) {
      definition = (await readRecordPanel(deps, caller, id)).instrument.panel;
      definitions.set(design.instruments[form], definition);
    }
    const values = evaluateForm(definition, typed(definition), { today: () => today }).values;
    await saveRecordPanel(deps, caller, { panelInstanceId: id, version: 0, values });
  }

  const visitDate = (subject: Subject, event: DemoEvent) => day(OFFSETS[event], subject.dayZero ?? day(14));
  const vary = (subject: Subject, spread: number, salt = 0) => (subject.n * 7 + salt * 13) % spread;

  const demographics = (subject: Subject) => () => {
    const [, , sex] = NAMES[subject.n % NAMES.length] ?? ['', '', 'M'];
    return { BRTHDAT: `${String(1950 + vary(subject, 25))}-0${String(1 + vary(subject, 9, 1))}-1${String(vary(subject, 9, 2))}`, SEX: sex === 'M' ? '1' : '2', ETHNIC: subject.n % 5 === 0 ? '2' : '1', HTNYRS: 1 + vary(subject, 15, 3) };
  };
  const vitals = (subject: Subject, event: DemoEvent, withDate = true) => () => ({
    ...(withDate ? { VSDAT: visitDate(subject, event) } : {}),
    HEIGHT: 155 + vary(subject, 28),
    WEIGHT: 55 + vary(subject, 35, 1) + (event === 'baseline' ? 0.5 : 0),
    SYSBP: 132 + vary(subject, 30, 2) - OFFSETS[event] / 7,
    DIABP: 84 + vary(subject, 14, 3),
    PULSE: 62 + vary(subject, 24, 4),
  });
  const bloodRoutine = (subject: Subject, event: DemoEvent, withDate = true) => (definition: Panel) => {
    const start = evaluateForm(definition, {}, { today: () => today }).values;
    const rows = (start[design.lab.table] as Record<string, unknown>[] | undefined) ?? [];
    return {
      ...(withDate ? { LBDAT: visitDate(subject, event) } : {}),
      [design.lab.table]: rows.map((row, index) => {
        const item = BLOOD_ROUTINE_ITEMS[index];
        if (!item) return row;
        // Mostly within the reference range; every seventh value a little above it, so the levels show.
        const fraction = (subject.n * 3 + index * 5) % 7 === 0 ? 1.15 : 0.2 + ((subject.n + index) % 6) / 10;
        return { ...row, [design.lab.result]: Math.round((item.low + (item.up - item.low) * fraction) * 10) / 10 };
      }),
    };
  };
  const adverseEvent = (subject: Subject, term: string, severity: string) => () => ({
    [design.ae.table]: [{ [design.ae.term]: term, [design.ae.start]: day(-5), [design.ae.severity]: severity, [design.ae.serious]: '2' }],
  });

  const bulk = (caller: ProjectCaller, scope: 'panel' | 'event' | 'subject', id: number, action: BulkFieldAction) => applyBulkAction(deps, caller, { scope, id, action });
  const signAs = async (subject: Subject, scope: 'panel' | 'subject', id: number) => {
    const investigator = pi(subject);
    await sign(deps, investigator.caller, { scope, id, username: investigator.caller.actor.username, password: investigator.password, meaning: 'responsibility', attested: true }, investigator.caller.meta);
  };
  const query = async (subject: Subject, event: DemoEvent, form: DemoInstrument, path: string, content: string, contentEn: string, until: 'open' | 'answered' | 'closed') => {
    const raised = await raiseQuery(deps, team.cra, { panelInstanceId: panelId(subject, event, form), path, content, contentEn });
    if (until === 'open') return;
    await actOnQuery(deps, pi(subject).caller, 'answer', { id: raised.id, comment: '已核对原始病历，数据无误。' });
    if (until === 'closed') await actOnQuery(deps, team.cra, 'close', { id: raised.id, comment: '同意，关闭。' });
  };
  const status = async (subject: Subject, to: SubjectStatus, reason?: string) => {
    const after = await changeSubjectStatus(deps, pi(subject).caller, { id: subject.id, version: subject.version, status: to, ...(reason ? { reason } : {}) });
    subject.version = after.version;
  };
  const enrol = async (subject: Subject) => {
    const site = subject.siteIndex + 1;
    const after = await enrolByHand(deps, pi(subject).caller, {
      id: subject.id,
      version: subject.version,
      randomNo: `R${String(site)}${String(subject.n + 1).padStart(3, '0')}`,
      treatmentPhase: '治疗期',
      firstDrugNo: `D-${String(site)}-${String(subject.n + 1).padStart(3, '0')}`,
    });
    subject.version = after.version;
  };
  /** Demographics and vital signs of the screening visit, and its blood routine where `withLab`. */
  const screeningVisit = async (subject: Subject, withLab: boolean) => {
    await enter(subject, 'screening', 'DM', demographics(subject));
    await enter(subject, 'screening', 'VS', vitals(subject, 'screening'));
    if (withLab) await enter(subject, 'screening', 'LB', bloodRoutine(subject, 'screening'));
  };
  const visitPanels = (subject: Subject, event: DemoEvent, forms: DemoInstrument[]) => forms.map((form) => panelId(subject, event, form));
  const verifyAll = async (ids: number[]) => {
    for (const id of ids) await bulk(team.cra, 'panel', id, 'verify');
  };
  const reviewAll = async (ids: number[]) => {
    for (const id of ids) await bulk(team.dm, 'panel', id, 'review');
  };

  for (const [n, plan] of PLAN.entries()) {
    const investigator = team.investigators[plan.site];
    if (!investigator) throw new Error('demo: no investigator for the site');
    const days = DAYS_IN[plan.stage];
    const dayZero = days === undefined ? null : day(-days);
    const [name, initials, gender] = NAMES[n] ?? ['', 'XX', 'U'];
    const added = await addSubject(deps, investigator.caller, {
      siteId: investigator.siteId,
      name,
      initials,
      gender,
      ...(dayZero ? { consentDate: dayZero } : {}),
      confirmDuplicate: true,
    });
    const subject = await load(investigator.caller, added.id, plan.site, n, dayZero);
    subject.version = added.version;

    switch (plan.stage) {
      case 'screening':
        await enter(subject, 'screening', 'DM', demographics(subject));
        break;
      case 'screenSuccess': {
        await screeningVisit(subject, false);
        await verifyAll([panelId(subject, 'screening', 'DM')]);
        const after = await recordScreeningResult(deps, investigator.caller, { id: subject.id, version: subject.version, result: 'success' });
        subject.version = after.version;
        break;
      }
      case 'screenFailure': {
        await enter(subject, 'screening', 'DM', demographics(subject));
        await enter(subject, 'screening', 'VS', vitals(subject, 'screening'));
        const after = await recordScreeningResult(deps, investigator.caller, { id: subject.id, version: subject.version, result: 'failure', reason: '血压未达到入选标准' });
        subject.version = after.version;
        if (plan.rollback) await requestRollback(deps, investigator.caller, { subjectId: subject.id, reason: '复测血压符合入选标准，申请重新筛选' });
        break;
      }
      case 'enrolled':
        await screeningVisit(subject, false);
        await verifyAll(visitPanels(subject, 'screening', ['DM', 'VS']));
        await query(subject, 'screening', 'VS', 'SYSBP', '收缩压与原始病历记录不一致，请核实。', 'Systolic pressure differs from the source record; please check.', 'open');
        await enrol(subject);
        // Baseline vital signs without their date: incomplete.
        await enter(subject, 'baseline', 'VS', vitals(subject, 'baseline', false));
        break;
      case 'treatment':
      case 'treatmentSigned': {
        // The blood routine was entered and waits for the monitor.
        await screeningVisit(subject, true);
        const screening = visitPanels(subject, 'screening', ['DM', 'VS']);
        await verifyAll(screening);
        await reviewAll(screening);
        await enrol(subject);
        await status(subject, 'TESTING');
        await enter(subject, 'baseline', 'VS', vitals(subject, 'baseline'));
        await query(subject, 'baseline', 'VS', 'WEIGHT', '体重较筛选期变化较大，请确认。', 'Weight changed a lot since screening; please confirm.', 'closed');
        await verifyAll(visitPanels(subject, 'baseline', ['VS']));
        await enter(subject, 'week4', 'VS', vitals(subject, 'week4'));
        await query(subject, 'week4', 'VS', 'PULSE', '脉率请补充测量方式。', 'Please state how the pulse was measured.', 'answered');
        if (plan.stage === 'treatmentSigned') {
          await enter(subject, 'baseline', 'LB', bloodRoutine(subject, 'baseline'));
          await enter(subject, 'aeLog', 'AE', adverseEvent(subject, '头痛', '1'));
          await signAs(subject, 'panel', panelId(subject, 'screening', 'DM'));
          await enter(subject, 'week8', 'VS', vitals(subject, 'week8'));
        }
        break;
      }
      case 'completed': {
        await screeningVisit(subject, true);
        await enrol(subject);
        await status(subject, 'TESTING');
        for (const event of ['baseline', 'week4', 'week8', 'week12'] as const) await enter(subject, event, 'VS', vitals(subject, event));
        await query(subject, 'week12', 'VS', 'DIABP', '舒张压请核实。', 'Please check the diastolic pressure.', 'closed');
        await bulk(team.cra, 'subject', subject.id, 'verify');
        await bulk(team.dm, 'subject', subject.id, 'review');
        await signAs(subject, 'subject', subject.id);
        await status(subject, 'TEST_FIX');
        // Data management closes the casebook: baseline vital signs frozen, the demographics locked.
        await bulk(team.dm, 'panel', panelId(subject, 'baseline', 'VS'), 'freeze');
        await bulk(investigator.caller, 'panel', panelId(subject, 'screening', 'DM'), 'lock');
        break;
      }
      case 'quit':
        await screeningVisit(subject, false);
        await verifyAll(visitPanels(subject, 'screening', ['DM', 'VS']));
        await enrol(subject);
        await status(subject, 'TESTING');
        await enter(subject, 'baseline', 'VS', vitals(subject, 'baseline'));
        await enter(subject, 'aeLog', 'AE', adverseEvent(subject, '头晕', '2'));
        await status(subject, 'TEST_EXIT', '受试者撤回知情同意');
        break;
    }
  }
}
