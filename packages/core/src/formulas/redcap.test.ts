import { describe, expect, it } from 'vitest';
import type { FormulaValue } from './ast.js';
import { run } from './scope.fixture.js';

/**
 * Data managers already know REDCap's calculation and branching syntax ([sex] = '2', <>, [race(4)] = '1' for
 * a ticked checkbox option, rounddown, roundup, median, stdev, mod, concat, contains, datediff([a], [b],
 * 'y')); the formula language accepts it as a compatible subset (docs/formulas.md), so REDCap logic imports
 * unchanged. Each expression below is written as REDCap users write it.
 */
describe('REDCap logic imports unchanged', () => {
  it.each<[string, Record<string, unknown>, FormulaValue]>([
    ["[sex] = '2'", { sex: '2' }, true],
    ["[sex] = '2'", { sex: 2 }, true],
    ["[sex] = '2'", { sex: '1' }, false],
    ["[sex] = '2'", {}, false],
    ['[sex] = "2"', { sex: 2 }, true],
    ["[sex] <> '2'", { sex: '1' }, true],
    ["[sex] <> '2'", { sex: '2' }, false],
    ["[pregnant] <> ''", { pregnant: '0' }, true],
    ["[pregnant] = ''", {}, true],
    ["[race(4)] = '1'", { race: ['4'] }, true],
    ["[race(4)] = '1'", { race: ['2'] }, false],
    ["[race(4)] = '0'", { race: [] }, true],
    ["[race(4)] = '1' or [race(5)] = '1'", { race: ['5'] }, true],
    ["[sex] = '2' and [age] >= 18", { sex: '2', age: '30' }, true],
    ["[sex] = '2' and [age] >= 18", { sex: '2', age: '' }, false],
    ["([a] = '1' or [b] = '1') and not [c] = '1'", { a: '1', c: '0' }, true],
    ['rounddown([bmi], 1)', { bmi: '22.86' }, 22.8],
    ['roundup([bmi], 1)', { bmi: '22.81' }, 22.9],
    ['median([v1], [v2], [v3])', { v1: 1, v2: 7, v3: 3 }, 3],
    ['stdev([v1], [v2], [v3])', { v1: 2, v2: 4, v3: 6 }, 2],
    ['mod([n], 2)', { n: '9' }, 1],
    ["concat([first], ' ', [last])", { first: 'Ada', last: 'Lovelace' }, 'Ada Lovelace'],
    ["contains([med], 'aspirin')", { med: 'Aspirin 100 mg' }, true],
    ["datediff([dob], [visit], 'y')", { dob: '2000-01-01', visit: '2010-01-01' }, 10.0015742965],
    ["rounddown(datediff([dob], [visit], 'y'))", { dob: '2000-01-01', visit: '2010-01-01' }, 10],
    ["datediff([dob], 'today', 'y') >= 18", { dob: '2000-01-01' }, true],
    ["datediff([d1], [d2], 'd', 'ymd', true)", { d1: '2024-01-10', d2: '2024-01-01' }, -9],
    ["datediff([d1], [d2], 'd', 'dmy')", { d1: '10-01-2024', d2: '01-01-2024' }, 9],
    ["if([sex] = '1', 'male', 'female')", { sex: 1 }, 'male'],
    ['([weight] * 10000) / ([height] * [height])', { weight: '70', height: '175' }, 22.8571428571],
    ['round(([weight] * 10000) / ([height] * [height]), 1)', { weight: '70', height: '175' }, 22.9],
    ['sum([q1], [q2], [q3])', { q1: '1', q3: '2' }, 3],
    ['mean([q1], [q2], [q3])', { q1: '1', q3: '2' }, 1.5],
  ])('%s with %j gives %j', (text, values, expected) => {
    expect(run(text, values)).toBe(expected);
  });
});
