import { describe, expect, it } from 'vitest';
import { FLOW_STATUSES, headerNotice, progressStep, statusesForFilter, TEST_STATUSES } from './status.js';

describe('project statuses (spec 000 §4.1)', () => {
  it('has nine flow statuses in order and counts the first five of the shell list as test projects', () => {
    expect(FLOW_STATUSES).toHaveLength(9);
    expect(FLOW_STATUSES[0]).toBe('PROJECT_STATUS_SET_UP');
    expect(FLOW_STATUSES[8]).toBe('OFFLINE');
    expect(TEST_STATUSES).toEqual(['PROJECT_STATUS_SET_UP', 'CONFIG', 'INTERNAL_TEST', 'TEST', 'FREEZED_ON_TEST']);
  });

  // "frozen-on-test maps to the test step; recruit-suspended or freezed-on-search maps to the in-research step;
  //  locked maps to the step of the previous status"
  it.each([
    ['PROJECT_STATUS_SET_UP', null, 0],
    ['TEST', null, 3],
    ['OFFLINE', null, 8],
    ['FREEZED_ON_TEST', null, 3],
    ['RECORD_FREEZED', null, 4],
    ['FREEZED_ON_RESEARCH', null, 4],
    ['LOCKED', 'FIX', 5],
    ['LOCKED', 'RECORD_FREEZED', 4],
    ['LOCKED', 'FREEZED_ON_RESEARCH', 4],
    ['LOCKED', 'CONFIG', 1],
  ] as const)('%s (previous %s) shows step %i', (status, prev, step) => {
    expect(progressStep(status, prev)).toBe(step);
  });

  it('announces the four paused or locked states in the header', () => {
    expect(headerNotice('FREEZED_ON_TEST')).toBe('pausedOnTest');
    expect(headerNotice('RECORD_FREEZED')).toBe('recruitmentPaused');
    expect(headerNotice('LOCKED')).toBe('projectLocked');
    expect(headerNotice('FREEZED_ON_RESEARCH')).toBe('runPaused');
    expect(headerNotice('ON_RESEARCH')).toBeNull();
  });

  // "Offline projects are hidden from project lists."
  it('hides offline projects from every filter but "offline"', () => {
    for (const filter of ['mine', 'all', 'testing', 'running', 'suspended', 'databaseLocked', 'docDelivery'] as const) {
      expect(statusesForFilter(filter)).not.toContain('OFFLINE');
    }
    expect(statusesForFilter('offline')).toEqual(['OFFLINE']);
  });
});
