import type { ChangeReason, Locale, RowProblem, TargetField, Widget } from '@dcap/core';
import { AppError, errorMessage, matchVisit, parsePath, problem, targetProblems, valuesFromFieldRows } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, SubjectRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import type { CachedDesign } from '../publishing/snapshot-cache.js';
import { applyValues, authorOf } from '../records/apply-values.js';
import { designOf } from '../records/design.js';
import type { DataScope } from '../subjects/scope.js';
import { inDataScope } from '../subjects/scope.js';
import * as repo from './repo.js';

/** A sheet row to check or write: who, which visit, and the field values it brings. */
export interface RowInput {
  row: number;
  subject: string;
  visit: string;
  values: Record<string, unknown>;
  /** What reading the sheet already found wrong; such a row is not looked up further. */
  problems: RowProblem[];
}

export interface RowOutcome {
  row: number;
  panelInstanceId: number | null;
  problems: RowProblem[];
  changes: number;
  changesOfSaved: number;
}

export interface RunContext {
  /** The service's dependencies: the database handle the design cache is keyed by (records/design.ts), and what a save's messages need. */
  deps: ServiceDeps;
  trx: Transaction<Database>;
  audit: ProjectAuditor;
  caller: ProjectCaller;
  scope: DataScope;
  /** The design the environment runs, whose events the visit cells name. */
  design: CachedDesign;
  instrumentId: number;
  /** The sheet's field columns (models and widgets of the environment's design). */
  fields: readonly { model: string; widget: Widget }[];
  reason: ChangeReason;
  importId: number | null;
  now: Date;
}

/** The subjects the rows name, within the caller's scope: another site's subject is unknown (COMPLIANCE WF-3). */
async function subjectsByName(context: RunContext, rows: readonly RowInput[]): Promise<Map<string, SubjectRow>> {
  const names = [...new Set(rows.map((row) => row.subject).filter((name) => name !== ''))];
  const found = (await repo.subjectsNamed(context.trx, context.scope.projectId, context.scope.env.id, names)).filter((subject) => inDataScope(context.scope, subject));
  const byName = new Map<string, SubjectRow>();
  // The platform number is the subject's own identity; a subject code only where no platform number matches.
  for (const subject of found) if (subject.subject_code !== null && !byName.has(subject.subject_code)) byName.set(subject.subject_code, subject);
  for (const subject of found) byName.set(subject.platform_no, subject);
  return byName;
}

/** A refusal of the save as problems of the row, on the columns of the paths it names. */
function refusalProblems(error: AppError, locale: Locale): RowProblem[] {
  if (error.fields.length === 0) return [problem('import.save_refused', null, { detail: errorMessage(error.code, locale, error.params) })];
  return error.fields.map((field) => problem('import.save_refused', parsePath(field.path).model, { detail: field.message }));
}

/**
 * Checks sheet rows against the study's data and, when nothing is wrong with a row, saves it through the
 * panel save of entry on screen (records/apply-values.ts): the engine's checks, formulas recomputed, statuses
 * and one audit row per changed value with the reason. Every row is tried, so a dry run (run in a transaction
 * that is then rolled back) reports every row's problems; the apply runs the same in its one transaction and
 * writes nothing when any row has a problem. The save's own checks come before its writes, so a refused row
 * leaves the transaction as it was.
 */
export async function runRows(context: RunContext, rows: readonly RowInput[], onRow?: (done: number) => void): Promise<RowOutcome[]> {
  const { trx, design } = context;
  const subjects = await subjectsByName(context, rows);
  const visits = await repo.eventInstancesOf(trx, [...new Set([...subjects.values()].map((subject) => subject.id))]);
  const events = design.snapshot.events;
  const outcomes: RowOutcome[] = [];
  const panels = new Set<number>();
  for (const [position, row] of rows.entries()) {
    const outcome = await runRow(context, row, subjects, visits, events, panels);
    outcomes.push(outcome);
    onRow?.(position + 1);
  }
  return outcomes;
}

async function runRow(
  context: RunContext,
  row: RowInput,
  subjects: ReadonlyMap<string, SubjectRow>,
  visits: readonly { id: number; subject_id: number; event_id: number; seq: number }[],
  events: CachedDesign['snapshot']['events'],
  panels: Set<number>,
): Promise<RowOutcome> {
  const outcome: RowOutcome = { row: row.row, panelInstanceId: null, problems: [...row.problems], changes: 0, changesOfSaved: 0 };
  if (row.subject === '' || row.visit === '') return outcome;
  const subject = subjects.get(row.subject);
  if (!subject) {
    outcome.problems.push(problem('import.unknown_subject', 'subject', { subject: row.subject }));
    return outcome;
  }
  const candidates = visits.filter((visit) => visit.subject_id === subject.id).map((visit) => ({ id: visit.id, eventId: visit.event_id, seq: visit.seq }));
  const visit = matchVisit(row.visit, events, candidates);
  const panel = visit ? await repo.panelInVisit(context.trx, visit.id, context.instrumentId, true) : undefined;
  if (!panel || !inDataScope(context.scope, panel)) {
    outcome.problems.push(problem('import.unknown_visit', 'visit', { visit: row.visit }));
    return outcome;
  }
  outcome.panelInstanceId = panel.id;
  // Two rows for one panel (the same visit named two ways) would make the second's changes depend on the first's.
  if (panels.has(panel.id)) {
    if (!outcome.problems.some((item) => item.code === 'import.duplicate_row')) outcome.problems.push(problem('import.duplicate_row', null));
    return outcome;
  }
  panels.add(panel.id);
  // The panel is saved with its own design version, which may predate the environment's.
  const design = await designOf(context.deps.db, panel, context.trx);
  const index = design.index(panel.instrument_id);
  if (!index) throw new AppError('record.design_missing');
  const fields = context.fields.filter((field) => index.fields.has(field.model));
  for (const field of context.fields) {
    if (!index.fields.has(field.model) && Object.hasOwn(row.values, field.model)) outcome.problems.push(problem('import.unknown_field', field.model, { column: field.model }));
  }
  const storedRows = await repo.fieldValuesOf(context.trx, panel.id);
  const stored = new Map<string, TargetField>(
    storedRows.map((field) => [field.path, { value: field.value, saved: field.saved, status: field.status, frozen: field.frozen, inactiveType: field.inactive_type }]),
  );
  const target = targetProblems(fields, row.values, stored);
  outcome.problems.push(...target.problems);
  outcome.changes = target.changes;
  outcome.changesOfSaved = target.changesOfSaved;
  if (outcome.problems.length > 0 || target.changes === 0) return outcome;
  const values = { ...valuesFromFieldRows(storedRows), ...row.values };
  try {
    await applyValues(context.deps, context.trx, context.audit, authorOf(context.caller), context.scope, panel, design, values, {
      compareWithEngine: false,
      reasons: {},
      reasonForAll: context.reason,
      action: 'record.save',
      extraAudit: context.importId === null ? {} : { importId: context.importId },
      now: context.now,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    outcome.problems.push(...refusalProblems(error, context.caller.meta.locale));
  }
  return outcome;
}
