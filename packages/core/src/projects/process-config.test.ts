import { describe, expect, it } from 'vitest';
import { auditProcesses, DEFAULT_AUDIT_STEPS, mayPerformStep, processProblems, saveProcessConfigSchema } from './process-config.js';

describe('audit steps (spec 000 §6: "Audit processes (verify, review, sign) are taken from a server-provided map")', () => {
  it.each([
    [[], []],
    [['verify'], []],
    [['review', 'verify', 'sign'], []],
    [['verify', 'verify'], ['duplicate_step']],
    [['sign', 'verify'], ['sign_not_last']],
    [['sign', 'sign'], ['duplicate_step', 'sign_not_last']],
  ] as const)('%j has problems %j', (steps, problems) => {
    expect(processProblems(steps)).toEqual(problems);
    expect(saveProcessConfigSchema.safeParse({ projectId: 1, steps }).success).toBe(problems.length === 0);
  });

  it('maps every step and lists the used ones in order, each with the role flag that performs it', () => {
    const { auditProcMap, auditProcList } = auditProcesses(['review', 'sign']);
    expect(Object.keys(auditProcMap)).toEqual(['verify', 'review', 'sign']);
    expect(auditProcMap.verify).toMatchObject({ enabled: false, order: null, right: 'verify' });
    // "who may perform each is governed by the role flags verify, review and locked"
    expect(auditProcList.map((step) => [step.code, step.order, step.right])).toEqual([
      ['review', 1, 'review'],
      ['sign', 2, 'locked'],
    ]);
    expect(DEFAULT_AUDIT_STEPS).toEqual(['verify', 'review', 'sign']);
  });
});

describe('who may perform a step', () => {
  const { auditProcMap } = auditProcesses(['verify', 'sign']);
  it.each([
    ['verify', { enabled: 1, verify: true }, true],
    ['verify', { enabled: 0, verify: true }, false],
    ['verify', { enabled: 1, review: true }, false],
    ['review', { enabled: 1, review: true }, false],
    ['sign', { enabled: 1, locked: true }, true],
    ['sign', null, false],
  ] as const)('%s with %j: %s', (step, role, expected) => {
    expect(mayPerformStep(auditProcMap[step], role)).toBe(expected);
  });
});
