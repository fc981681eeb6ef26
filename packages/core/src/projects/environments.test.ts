import { describe, expect, it } from 'vitest';
import type { EnvLike } from './environments.js';
import { createEnvSchema, envChoiceNeeded, isCleanableEnv, isValidEnvKey, normaliseEnvType, sessionEnvironment } from './environments.js';

const env = (key: string, type: EnvLike['type'], status: EnvLike['status'] = 'normal'): EnvLike => ({ key, type, status });
const standard = [env('prd', 'prd'), env('dev', 'dev'), env('uat', 'uat')];

describe('environment types and keys (spec 000 §3: "type (sde, prd, pro and others) ... Accepted environment keys: dev, uat, bprd, prd")', () => {
  it.each([
    ['dev', 'dev'],
    ['uat', 'uat'],
    ['bprd', 'bprd'],
    ['prd', 'prd'],
    ['sde', 'sde1'],
    ['pro', 'prd'],
  ] as const)('accepts type %s with key %s', (type, key) => {
    const parsed = createEnvSchema.safeParse({ projectId: 1, key, type, name: 'X' });
    expect(parsed.success).toBe(true);
  });

  it('stores pro as prd, so production rules hold for it', () => {
    expect(normaliseEnvType('pro')).toBe('prd');
    expect(normaliseEnvType('sde')).toBe('sde');
    const parsed = createEnvSchema.parse({ projectId: 1, key: 'prd', type: 'pro', name: '正式' });
    expect(parsed.type).toBe('prd');
    expect(isCleanableEnv(parsed.type)).toBe(false);
  });

  it.each([
    ['prd', 'prod'],
    ['pro', 'pro'],
    ['dev', 'uat'],
    ['sde', 'dev'],
    ['qa', 'qa'],
  ])('refuses type %s with key %s', (type, key) => {
    expect(createEnvSchema.safeParse({ projectId: 1, key, type, name: 'X' }).success).toBe(false);
  });

  it('keeps sde keys to sde plus up to 16 lower-case letters, digits or underscores', () => {
    expect(isValidEnvKey('sde_a1', 'sde')).toBe(true);
    expect(isValidEnvKey('sdeA', 'sde')).toBe(false);
    expect(isValidEnvKey(`sde${'x'.repeat(17)}`, 'sde')).toBe(false);
  });
});

describe('the environment a session lands in (spec 000 §4.4: the choice "survives signing in again")', () => {
  it('is the last choice while it can still be chosen', () => {
    expect(sessionEnvironment(standard, 'TEST', 'dev')?.key).toBe('dev');
    expect(sessionEnvironment(standard, 'ON_RESEARCH', 'uat')?.key).toBe('uat');
  });

  // Spec 000 §5: "environments with status disable cannot be chosen".
  it('falls back to test before the study runs and production after, when the last choice is disabled or gone', () => {
    const devDisabled = [env('dev', 'dev', 'disable'), env('uat', 'uat'), env('prd', 'prd')];
    expect(sessionEnvironment(devDisabled, 'TEST', 'dev')?.key).toBe('uat');
    expect(sessionEnvironment(devDisabled, 'ON_RESEARCH', 'gone')?.key).toBe('prd');
    expect(sessionEnvironment(standard, 'CONFIG', null)?.key).toBe('uat');
  });

  it('takes the first selectable one in the spec’s order when the preferred type is missing, and none when all are disabled', () => {
    expect(sessionEnvironment([env('sde1', 'sde'), env('dev', 'dev')], 'ON_RESEARCH', null)?.key).toBe('dev');
    expect(sessionEnvironment([env('dev', 'dev', 'disable')], 'TEST', 'dev')).toBeNull();
  });
});

describe('when the shell offers the environment list by itself (spec 000 §4.4: "may open once per session")', () => {
  it.each([
    ['the current environment is usable', standard, 'uat', false],
    ['the current environment was disabled and another is usable', [env('uat', 'uat', 'disable'), env('prd', 'prd')], 'uat', true],
    ['the session has no environment', standard, null, true],
    ['the current key is unknown', standard, 'sde9', true],
    ['nothing can be chosen (the EnvDisabled page applies)', [env('uat', 'uat', 'disable')], null, false],
    ['the list could not be read', null, null, false],
  ] as const)('%s', (_name, envs, current, expected) => {
    expect(envChoiceNeeded(envs, current)).toBe(expected);
  });
});
