import { describe, expect, it } from 'vitest';
import { isDesignEnvironment } from './environments.js';

describe('isDesignEnvironment (spec 000 §4.3: "Some functions are available only in dev-type environments (dev, sde)")', () => {
  it.each([
    ['dev', 'normal', true],
    ['sde', 'normal', true],
    ['dev', 'disable', false],
    ['uat', 'normal', false],
    ['bprd', 'normal', false],
    ['prd', 'normal', false],
  ] as const)('%s environment, status %s: %s', (type, status, expected) => {
    expect(isDesignEnvironment({ type, status })).toBe(expected);
  });
});
