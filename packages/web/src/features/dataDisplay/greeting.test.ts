import { describe, expect, it } from 'vitest';
import { greetingForHour } from './greeting';

describe('greetingForHour (spec 000 §9)', () => {
  it.each([
    [0, 'earlyMorning'],
    [8, 'earlyMorning'],
    [9, 'morning'],
    [11, 'morning'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i → %s', (hour, expected) => {
    expect(greetingForHour(hour)).toBe(expected);
  });
});
