import type { FieldState } from '../records/field-state.js';
import { valueChanged } from '../records/field-state.js';
import { lockedReason, needsReason } from '../records/save-rules.js';
import { checkFieldValue } from '../forms/field-check.js';
import type { Widget } from '../panels/schema.js';
import type { RowProblem } from './problems.js';
import { problem } from './problems.js';

/** A field of the target panel as stored: its value and workflow state. */
export interface TargetField extends FieldState {
  value: unknown;
  saved: boolean;
}

export interface TargetCheck {
  problems: RowProblem[];
  /** Values the row changes, and of them those saved before (each needs the reason for change). */
  changes: number;
  changesOfSaved: number;
}

const LOCKED = { locked: 'import.target_locked', frozen: 'import.target_frozen', inactive: 'import.target_inactive' } as const;

const blank = (value: unknown): boolean => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * What the panel a row lands on says about it (spec 002 §4 read-only list; COMPLIANCE WF-2): a value may not
 * change where the field is locked, frozen or inactive, nor where it is signed (an import never breaks a
 * signature; a signed value is changed on screen, where the signer's loss is visible); a required field the
 * sheet leaves blank must hold a value already. Unchanged values are no problem wherever they are.
 */
export function targetProblems(fields: readonly { model: string; widget: Widget }[], values: Readonly<Record<string, unknown>>, stored: ReadonlyMap<string, TargetField>): TargetCheck {
  const problems: RowProblem[] = [];
  let changes = 0;
  let changesOfSaved = 0;
  for (const { model, widget } of fields) {
    const before = stored.get(model);
    if (!Object.hasOwn(values, model)) {
      if (blank(before?.value) && checkFieldValue(widget, null)?.code === 'form.required') problems.push(problem('import.required', model));
      continue;
    }
    if (!valueChanged(before?.value ?? null, values[model])) continue;
    changes += 1;
    if (needsReason(before, false)) changesOfSaved += 1;
    const why = lockedReason(before);
    if (why) problems.push(problem(LOCKED[why], model));
    else if (before?.status === 'SIGNED') problems.push(problem('import.target_signed', model));
  }
  return { problems, changes, changesOfSaved };
}

/** An event instance of a subject as a visit cell may name it. */
export interface VisitCandidate {
  id: number;
  eventId: number;
  seq: number;
}

const norm = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
const REPEAT = /^(.*?)\s*#\s*(\d+)$/;

/**
 * The visit a cell names among a subject's visits: the event's name in either language, with `#n` for the
 * n-th instance of a repeated event (the first when left out). Null when it names none.
 */
export function matchVisit(text: string, events: readonly { id: number; name: string; nameEn: string | null }[], visits: readonly VisitCandidate[]): VisitCandidate | null {
  const repeat = REPEAT.exec(text);
  const name = norm(repeat?.[1] ?? text);
  const seq = repeat ? Number(repeat[2]) : 1;
  const event = events.find((candidate) => norm(candidate.name) === name || (candidate.nameEn !== null && norm(candidate.nameEn) === name));
  if (!event) return null;
  return visits.find((visit) => visit.eventId === event.id && visit.seq === seq) ?? null;
}
