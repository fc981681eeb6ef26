import { describe, expect, it } from 'vitest';
import type { PredicateContext, ProjectPredicate } from './predicates.js';
import * as predicates from './predicates.js';
import { PROJECT_PREDICATES, projectIs } from './predicates.js';
import type { ProjectStatus } from './status.js';
import { PROJECT_STATUSES } from './status.js';

type Predicate = (status: ProjectStatus, context?: PredicateContext) => boolean;

/**
 * Spec 000 §4.3: "Global predicates exist for: frozen on test, recruitment suspended, frozen on search,
 * database frozen, document delivery, locked, disabled, config data editable, user rights editable,
 * offline, running, paused, on search, test, internal test, recruitment finished, record disabled, import
 * record disabled, record recruit disabled, record deletable." Each function is tested on its own against
 * every status: the row lists the statuses for which it holds, so changing a rule means changing it here.
 */
const CASES: readonly [ProjectPredicate, Predicate, readonly ProjectStatus[]][] = [
  ['frozenOnTest', predicates.isFrozenOnTest, ['FREEZED_ON_TEST']],
  ['recruitmentSuspended', predicates.isRecruitmentSuspended, ['RECORD_FREEZED']],
  ['frozenOnSearch', predicates.isFrozenOnSearch, ['FREEZED_ON_RESEARCH']],
  ['databaseFrozen', predicates.isDatabaseFrozen, ['DATABASE_FREEZED']],
  ['docDelivery', predicates.isDocDelivery, ['DOC_DELIVERY']],
  ['locked', predicates.isLocked, ['LOCKED']],
  // "Running-paused, locked, database-frozen, doc-delivery and offline are read-only."
  ['disabled', predicates.isDisabled, ['FREEZED_ON_RESEARCH', 'LOCKED', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE']],
  // "Editing is allowed in config, internal test, test, online and enrolment-paused states" — not set-up.
  ['configDataEditable', predicates.isConfigDataEditable, ['CONFIG', 'INTERNAL_TEST', 'TEST', 'ON_RESEARCH', 'RECORD_FREEZED']],
  ['userRightsEditable', predicates.isUserRightsEditable, PROJECT_STATUSES.filter((s) => s !== 'OFFLINE')],
  ['offline', predicates.isOffline, ['OFFLINE']],
  ['running', predicates.isRunning, ['ON_RESEARCH', 'FIX']],
  ['paused', predicates.isPaused, ['FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH']],
  ['onSearch', predicates.isOnSearch, ['ON_RESEARCH']],
  // Spec 000 §4.1: "set-up, config, internal test, test, frozen-on-test count as test projects".
  ['test', predicates.isTest, ['PROJECT_STATUS_SET_UP', 'CONFIG', 'INTERNAL_TEST', 'TEST', 'FREEZED_ON_TEST']],
  ['internalTest', predicates.isInternalTest, ['INTERNAL_TEST']],
  ['recruitmentFinished', predicates.isRecruitmentFinished, ['FIX']],
  [
    'recordDisabled',
    predicates.isRecordDisabled,
    ['PROJECT_STATUS_SET_UP', 'CONFIG', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE', 'LOCKED', 'FREEZED_ON_TEST', 'FREEZED_ON_RESEARCH'],
  ],
  [
    'importRecordDisabled',
    predicates.isImportRecordDisabled,
    ['PROJECT_STATUS_SET_UP', 'CONFIG', 'FIX', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE', 'LOCKED', 'FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH'],
  ],
  [
    'recordRecruitDisabled',
    predicates.isRecordRecruitDisabled,
    ['PROJECT_STATUS_SET_UP', 'CONFIG', 'FIX', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE', 'LOCKED', 'FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH'],
  ],
  ['recordDeletable', predicates.isRecordDeletable, ['INTERNAL_TEST', 'TEST']],
  // The two write rules of data capture, each the complement of a spec predicate.
  ['recordEditable', predicates.isRecordEditable, ['INTERNAL_TEST', 'TEST', 'ON_RESEARCH', 'RECORD_FREEZED', 'FIX']],
  ['recordRecruitable', predicates.isRecordRecruitable, ['INTERNAL_TEST', 'TEST', 'ON_RESEARCH']],
];

describe('the twenty predicates of spec 000 §4.3, and the two write rules of data capture', () => {
  it('are twenty-two, each tested below', () => {
    expect(PROJECT_PREDICATES).toHaveLength(22);
    expect(CASES.map(([name]) => name).sort()).toEqual([...PROJECT_PREDICATES].sort());
  });

  for (const [name, fn, holds] of CASES) {
    describe(`${fn.name} (${name})`, () => {
      it.each(PROJECT_STATUSES.map((status) => [status, holds.includes(status)] as const))('%s → %s', (status, expected) => {
        expect(fn(status)).toBe(expected);
        // `projectIs` answers the same by name, so run-time callers and direct callers agree.
        expect(projectIs(status, name)).toBe(expected);
      });
    });
  }
});

describe('isConfigDataEditable with a designer', () => {
  // Spec 000 §4.3: "paused-on-test counts only for a designer or project admin".
  it('lets only a designer edit while testing is paused', () => {
    expect(predicates.isConfigDataEditable('FREEZED_ON_TEST', { designer: true })).toBe(true);
    expect(predicates.isConfigDataEditable('FREEZED_ON_TEST', { designer: false })).toBe(false);
    expect(projectIs('FREEZED_ON_TEST', 'configDataEditable', { designer: true })).toBe(true);
  });

  it('never opens set-up or a read-only status, even to a designer', () => {
    for (const status of ['PROJECT_STATUS_SET_UP', 'FREEZED_ON_RESEARCH', 'LOCKED', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE', 'FIX'] as const) {
      expect(predicates.isConfigDataEditable(status, { designer: true }), status).toBe(false);
    }
  });
});
