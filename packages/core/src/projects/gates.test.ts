import { describe, expect, it } from 'vitest';
import type { GateFacts } from './gates.js';
import { describeGates, gatedTarget, mayDecideApplication, unmetGates } from './gates.js';
import { PROJECT_STATUSES } from './status.js';

const READY: GateFacts = { publishedDesigns: 1, sites: 1, rolesWithUsers: 1, uatConfirmed: true };
const EMPTY: GateFacts = { publishedDesigns: 0, sites: 0, rolesWithUsers: 0, uatConfirmed: false };

describe('internal-test gate (docs/decisions.md, "Lifecycle gates")', () => {
  it('needs a published design, a site and a role with users, and names each one missing', () => {
    expect(unmetGates('INTERNAL_TEST', EMPTY)).toEqual(['publishedDesign', 'site', 'roleWithUsers']);
    expect(unmetGates('INTERNAL_TEST', { ...READY, publishedDesigns: 0 })).toEqual(['publishedDesign']);
    expect(unmetGates('INTERNAL_TEST', { ...READY, sites: 0 })).toEqual(['site']);
    expect(unmetGates('INTERNAL_TEST', { ...READY, rolesWithUsers: 0 })).toEqual(['roleWithUsers']);
  });

  it('is open once all three hold; the UAT confirmation plays no part yet', () => {
    expect(unmetGates('INTERNAL_TEST', { ...READY, uatConfirmed: false })).toEqual([]);
  });
});

describe('online gate', () => {
  // Spec 000 §4.2 lists "confirm UAT test" before "apply online".
  it('needs the confirmed UAT test and nothing else', () => {
    expect(unmetGates('ON_RESEARCH', EMPTY)).toEqual(['uatConfirmed']);
    expect(unmetGates('ON_RESEARCH', { ...EMPTY, uatConfirmed: true })).toEqual([]);
  });
});

describe('ungated statuses', () => {
  it('have no conditions', () => {
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'INTERNAL_TEST' && s !== 'ON_RESEARCH')) {
      expect(unmetGates(status, EMPTY), status).toEqual([]);
    }
  });
});

describe('gatedTarget', () => {
  it('gates entering internal test from config and going online from test', () => {
    expect(gatedTarget('CONFIG', 'INTERNAL_TEST')).toBe('INTERNAL_TEST');
    expect(gatedTarget('TEST', 'ON_RESEARCH')).toBe('ON_RESEARCH');
  });

  it('does not gate returning to a status already passed (unlock, resume)', () => {
    expect(gatedTarget('LOCKED', 'INTERNAL_TEST')).toBeNull();
    expect(gatedTarget('RECORD_FREEZED', 'ON_RESEARCH')).toBeNull();
    expect(gatedTarget('FREEZED_ON_RESEARCH', 'ON_RESEARCH')).toBeNull();
    expect(gatedTarget('PROJECT_STATUS_SET_UP', 'CONFIG')).toBeNull();
  });
});

describe('describeGates', () => {
  it('names the conditions in the caller’s language', () => {
    expect(describeGates(['publishedDesign', 'site'], 'en-US')).toBe('at least one published design version; at least one active site');
    expect(describeGates(['uatConfirmed'], 'zh-CN')).toBe('已确认 UAT 测试');
  });
});

describe('four eyes', () => {
  it('refuses the applicant and allows anyone else', () => {
    expect(mayDecideApplication(7, 7)).toBe(false);
    expect(mayDecideApplication(7, 8)).toBe(true);
  });
});
