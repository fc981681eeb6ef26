import { describe, expect, it } from 'vitest';
import { canLockFrom, isLegalStatusChange, resolveTarget, STATUS_CHANGES, stepRule } from './lifecycle.js';

describe('lifecycle steps (spec 000 §4.2)', () => {
  it.each([
    ['nextStep', 'PROJECT_STATUS_SET_UP', 'CONFIG', 'projectAdmin'],
    ['saConfirmConfig', 'CONFIG', 'INTERNAL_TEST', 'platformAdmin'],
    ['confirmInternalTest', 'INTERNAL_TEST', 'TEST', 'projectAdmin'],
    ['approveApplyOnline', 'TEST', 'ON_RESEARCH', 'platformAdmin'],
    ['nextStep', 'ON_RESEARCH', 'FIX', 'projectAdmin'],
    ['nextStep', 'DATABASE_FREEZED', 'DOC_DELIVERY', 'platformAdmin'],
    ['nextStep', 'DOC_DELIVERY', 'OFFLINE', 'platformAdmin'],
  ] as const)('%s from %s goes to %s, done by %s', (action, from, to, by) => {
    expect(stepRule(action, from)).toMatchObject({ to, by });
  });

  it('has no step from statuses a step may not leave', () => {
    expect(stepRule('nextStep', 'CONFIG')).toBeUndefined();
    expect(stepRule('nextStep', 'FIX')).toBeUndefined();
    expect(stepRule('nextStep', 'LOCKED')).toBeUndefined();
    expect(stepRule('confirmInternalTest', 'TEST')).toBeUndefined();
  });
});

describe('status-change applications', () => {
  it.each([
    ['APPLY_SUSPEND_RECRUIT', 'ON_RESEARCH', 'RECORD_FREEZED'],
    ['APPLY_CONTINUE_RECRUIT', 'RECORD_FREEZED', 'ON_RESEARCH'],
    ['APPLY_FREEZED_ON_RESEARCH', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH'],
    ['APPLY_UNFREEZE_CONTINUE_RECRUIT', 'FREEZED_ON_RESEARCH', 'ON_RESEARCH'],
    ['APPLY_DATABASE_FREEZED', 'FIX', 'DATABASE_FREEZED'],
    ['APPLY_DATABASE_UNFREEZED', 'DATABASE_FREEZED', 'FIX'],
    ['APPLY_PROJECT_LOCKED', 'TEST', 'LOCKED'],
  ] as const)('%s moves %s to %s', (type, from, to) => {
    expect(STATUS_CHANGES[type].from).toContain(from);
    expect(STATUS_CHANGES[type].to).toBe(to);
  });

  it('unlocks to the status the project was locked from', () => {
    expect(STATUS_CHANGES.APPLY_PROJECT_UNLOCKED.to).toBe('previous');
    expect(resolveTarget('previous', 'FIX')).toBe('FIX');
    expect(resolveTarget('previous', null)).toBeNull();
  });

  it('never locks an offline or already locked project', () => {
    expect(canLockFrom('OFFLINE')).toBe(false);
    expect(canLockFrom('LOCKED')).toBe(false);
    expect(canLockFrom('ON_RESEARCH')).toBe(true);
  });
});

describe('isLegalStatusChange (WF-1: every other transition is refused)', () => {
  it.each([
    ['PROJECT_STATUS_SET_UP', 'CONFIG', null, true],
    ['TEST', 'FREEZED_ON_TEST', null, true],
    ['FREEZED_ON_TEST', 'TEST', null, true],
    ['ON_RESEARCH', 'LOCKED', null, true],
    ['LOCKED', 'ON_RESEARCH', 'ON_RESEARCH', true],
    ['LOCKED', 'TEST', 'ON_RESEARCH', false],
    ['PROJECT_STATUS_SET_UP', 'ON_RESEARCH', null, false],
    ['OFFLINE', 'ON_RESEARCH', null, false],
    ['OFFLINE', 'LOCKED', null, false],
    ['FIX', 'ON_RESEARCH', null, false],
    ['TEST', 'TEST', null, false],
  ] as const)('%s → %s (previous %s): %s', (from, to, prev, legal) => {
    expect(isLegalStatusChange(from, to, prev)).toBe(legal);
  });
});
