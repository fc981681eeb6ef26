import { describe, expect, it } from 'vitest';
import {
  canEnrol,
  canRequestScreeningRollback,
  completionBlockers,
  isEnrolled,
  missingEnrolmentValues,
  statusCallTargets,
  SUBJECT_STATUSES,
  SUBJECT_TRANSITIONS,
  subjectTransitionProblem,
} from './status.js';

const enrolment = { randomNo: 'R001', treatmentPhase: 'P1', firstDrugNo: 'D001' };

describe('subject statuses (spec 002 §4)', () => {
  it('WF-1 never undoes an enrolment: no enrolled status leads back to a status before enrolment', () => {
    for (const from of SUBJECT_STATUSES.filter(isEnrolled)) {
      for (const to of SUBJECT_TRANSITIONS[from]) expect(isEnrolled(to), `${from} → ${to}`).toBe(true);
    }
    expect(subjectTransitionProblem('ARMED', 'RECORD_STATUS_SCREENING')).toBe('transition_forbidden');
    expect(subjectTransitionProblem('TESTING', 'DEL', { reason: 'x' })).toBe('transition_forbidden');
  });

  it('enrols only with random number, treatment phase and first drug number (spec 002 §5)', () => {
    expect(subjectTransitionProblem('SCREEN_SUCCESS', 'ARMED', { enrolment })).toBeNull();
    expect(subjectTransitionProblem('RECORD_STATUS_SCREENING', 'ARMED', { enrolment })).toBeNull();
    expect(subjectTransitionProblem('SCREEN_SUCCESS', 'ARMED', { enrolment: { ...enrolment, firstDrugNo: ' ' } })).toBe('enrolment_incomplete');
    expect(missingEnrolmentValues({ randomNo: 'R1' })).toEqual(['treatmentPhase', 'firstDrugNo']);
    expect(subjectTransitionProblem('SCREEN_FAILURE', 'ARMED', { enrolment })).toBe('transition_forbidden');
    expect(canEnrol('SCREEN_SUCCESS')).toBe(true);
    expect(canEnrol('SCREEN_FAILURE')).toBe(false);
    expect(canEnrol('ARMED')).toBe(false);
  });

  it('refuses completion while a panel is unsigned, frozen or locked; empty, not-checked and signed panels pass', () => {
    const ready = [{ status: 'SIGNED' }, { status: 'EXPIRED' }, { status: 'NOT_CHECKED' }];
    expect(subjectTransitionProblem('TESTING', 'TEST_FIX', { panels: ready })).toBeNull();
    for (const status of ['INCOMPLETE', 'COMPLETED', 'VERIFIED', 'REVIEWED', 'FROZEN', 'LOCKED']) {
      expect(subjectTransitionProblem('TESTING', 'TEST_FIX', { panels: [...ready, { status }] }), status).toBe('panels_not_signed');
    }
    expect(completionBlockers([{ id: 1, status: 'SIGNED' }, { id: 2, status: 'FROZEN' }])).toEqual([{ id: 2, status: 'FROZEN' }]);
  });

  it('needs a reason for a failure, quitting and deletion', () => {
    expect(subjectTransitionProblem('RECORD_STATUS_SCREENING', 'SCREEN_FAILURE')).toBe('reason_required');
    expect(subjectTransitionProblem('RECORD_STATUS_SCREENING', 'SCREEN_FAILURE', { reason: '  ' })).toBe('reason_required');
    expect(subjectTransitionProblem('ARMED', 'TEST_EXIT', { reason: '撤回知情同意' })).toBeNull();
    expect(subjectTransitionProblem('RECORD_STATUS_SCREENING', 'DEL')).toBe('reason_required');
    expect(subjectTransitionProblem('RECORD_STATUS_SCREENING', 'SCREEN_SUCCESS')).toBeNull();
  });

  it('returns a screening outcome to screening only through the rollback request, and ends nowhere after completion or quitting', () => {
    expect(subjectTransitionProblem('SCREEN_FAILURE', 'RECORD_STATUS_SCREENING')).toBe('transition_forbidden');
    expect(subjectTransitionProblem('SCREEN_SUCCESS', 'RECORD_STATUS_SCREENING')).toBe('transition_forbidden');
    expect(canRequestScreeningRollback('SCREEN_FAILURE')).toBe(true);
    expect(canRequestScreeningRollback('SCREEN_SUCCESS')).toBe(true);
    expect(canRequestScreeningRollback('RECORD_STATUS_SCREENING')).toBe(false);
    expect(canRequestScreeningRollback('ARMED')).toBe(false);
    expect(SUBJECT_TRANSITIONS.TEST_FIX).toEqual([]);
    expect(SUBJECT_TRANSITIONS.TEST_EXIT).toEqual([]);
    expect(subjectTransitionProblem('TESTING', 'TESTING')).toBe('same_status');
  });

  it('leaves enrolment out of the general status call', () => {
    expect(statusCallTargets('SCREEN_SUCCESS')).toEqual(['SCREEN_FAILURE', 'DEL']);
    expect(statusCallTargets('RECORD_STATUS_PRESCREEN')).toEqual(['RECORD_STATUS_SCREENING', 'SCREEN_FAILURE', 'DEL']);
  });
});
