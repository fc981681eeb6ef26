import { describe, expect, it } from 'vitest';
import type { ProjectPredicate } from './predicates.js';
import { PROJECT_PREDICATES, projectIs } from './predicates.js';
import type { ProjectStatus } from './status.js';
import { PROJECT_STATUSES } from './status.js';

/**
 * The status × predicate table (spec 000 §4.3). Each row lists the statuses for which the predicate holds;
 * the test checks every cell, so changing a rule means changing this table on purpose.
 */
const TABLE: Record<ProjectPredicate, readonly ProjectStatus[]> = {
  frozenOnTest: ['FREEZED_ON_TEST'],
  recruitmentSuspended: ['RECORD_FREEZED'],
  frozenOnSearch: ['FREEZED_ON_RESEARCH'],
  databaseFrozen: ['DATABASE_FREEZED'],
  docDelivery: ['DOC_DELIVERY'],
  locked: ['LOCKED'],
  // "Running-paused, locked, database-frozen, doc-delivery and offline are read-only."
  disabled: ['FREEZED_ON_RESEARCH', 'LOCKED', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE'],
  // "Editing is allowed in config, internal test, test, online and enrolment-paused states" (and set-up).
  configDataEditable: ['PROJECT_STATUS_SET_UP', 'CONFIG', 'INTERNAL_TEST', 'TEST', 'ON_RESEARCH', 'RECORD_FREEZED'],
  userRightsEditable: PROJECT_STATUSES.filter((s) => s !== 'OFFLINE'),
  offline: ['OFFLINE'],
  running: ['ON_RESEARCH', 'FIX'],
  paused: ['FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH'],
  onSearch: ['ON_RESEARCH'],
  test: ['PROJECT_STATUS_SET_UP', 'CONFIG', 'INTERNAL_TEST', 'TEST', 'FREEZED_ON_TEST'],
  internalTest: ['INTERNAL_TEST'],
  recruitmentFinished: ['FIX'],
  recordDisabled: ['PROJECT_STATUS_SET_UP', 'CONFIG', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE', 'LOCKED', 'FREEZED_ON_TEST', 'FREEZED_ON_RESEARCH'],
  importRecordDisabled: ['PROJECT_STATUS_SET_UP', 'CONFIG', 'FIX', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE', 'LOCKED', 'FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH'],
  recordRecruitDisabled: ['PROJECT_STATUS_SET_UP', 'CONFIG', 'FIX', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE', 'LOCKED', 'FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH'],
  recordDeletable: ['INTERNAL_TEST', 'TEST'],
};

describe('editability predicates by status (spec 000 §4.3)', () => {
  it('covers every predicate', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...PROJECT_PREDICATES].sort());
  });

  for (const predicate of PROJECT_PREDICATES) {
    it.each(PROJECT_STATUSES.map((status) => [status, TABLE[predicate].includes(status)] as const))(`${predicate}: %s → %s`, (status, expected) => {
      expect(projectIs(status, predicate)).toBe(expected);
    });
  }

  // "paused-on-test counts only for a designer or project admin"
  it('lets only a designer edit configuration while testing is paused', () => {
    expect(projectIs('FREEZED_ON_TEST', 'configDataEditable', { designer: true })).toBe(true);
    expect(projectIs('FREEZED_ON_TEST', 'configDataEditable', { designer: false })).toBe(false);
    expect(projectIs('LOCKED', 'configDataEditable', { designer: true })).toBe(false);
  });
});
