import { describe, expect, it } from 'vitest';
import type { FormulaValue } from './ast.js';
import { run } from './scope.fixture.js';

type Case = [string, Record<string, unknown>, FormulaValue];

function table(cases: Case[]) {
  return it.each<Case>(cases)('%s with %j gives %j', (text, values, expected) => {
    expect(run(text, values)).toBe(expected);
  });
}

describe('if(c, a, b): a blank condition takes the else branch; only the chosen branch is computed', () => {
  table([
    ['if([a] > 1, "hi", "lo")', { a: 2 }, 'hi'],
    ['if([a] > 1, "hi", "lo")', { a: 0 }, 'lo'],
    ['if([a] > 1, "hi", "lo")', {}, 'lo'],
    ['if([a], 1, [b])', {}, null],
    ['if(1, 1, 1 / 0)', {}, 1],
    ['IF([sex] = 1, [w] * 1.1, [w])', { sex: '1', w: 10 }, 11],
  ]);
});

describe('sum, mean, min, max, median, stdev skip blanks (REDCap) and give blank when all are blank', () => {
  table([
    ['sum(1, 2, 3)', {}, 6],
    ['sum([a], [b], [c])', { a: 1, b: '', c: '2' }, 3],
    ['sum([a], [b])', {}, null],
    ['sum(0.1, 0.2)', {}, 0.3],
    ['sum([a], 2)', { a: 'abc' }, 2],
    ['mean(1, 2, 3, 4)', {}, 2.5],
    ['mean([a], 4)', {}, 4],
    ['mean([a], [b])', {}, null],
    ['min(3, 1, 2)', {}, 1],
    ['min([a], 5)', {}, 5],
    ['min([a])', {}, null],
    ['max(3, 1, 2)', {}, 3],
    ['max(-1, [a])', {}, -1],
    ['median(3, 1, 2)', {}, 2],
    ['median(4, 1, 3, 2)', {}, 2.5],
    ['median(5)', {}, 5],
    ['median([a], 1, 3)', {}, 2],
    ['median([a])', {}, null],
    ['stdev(2, 4, 4, 4, 5, 5, 7, 9)', {}, 2.1380899353],
    ['stdev(5)', {}, null],
    ['stdev(1, [a])', {}, null],
    ['stdev(3, 3)', {}, 0],
  ]);
});

describe('round(x, n) half away from zero; rounddown toward zero; roundup away from zero (REDCap)', () => {
  table([
    ['round(2.5)', {}, 3],
    ['round(-2.5)', {}, -3],
    ['round(2.4)', {}, 2],
    ['round(1.005, 2)', {}, 1.01],
    ['round(3.14159, 2)', {}, 3.14],
    ['round(1234.5678, -2)', {}, 1200],
    ['round([a], 1)', {}, null],
    ['round(1.25, [n])', {}, null],
    ['round(-0.4)', {}, 0],
    ['round(1e308, 2)', {}, 1e308],
    ['roundup(1e20, 2)', {}, 1e20],
    ['rounddown(2.79, 1)', {}, 2.7],
    ['rounddown(-2.79, 1)', {}, -2.7],
    ['rounddown(5.999)', {}, 5],
    ['rounddown([a])', {}, null],
    ['roundup(2.21, 1)', {}, 2.3],
    ['roundup(-2.21, 1)', {}, -2.3],
    ['roundup(5.001)', {}, 6],
    ['roundup(2, 1)', {}, 2],
    ['roundup([a], 1)', {}, null],
  ]);
});

describe('abs, sqrt, mod', () => {
  table([
    ['abs(-3)', {}, 3],
    ['abs([a])', {}, null],
    ['sqrt(16)', {}, 4],
    ['sqrt(2)', {}, 1.4142135624],
    ['sqrt(-1)', {}, null],
    ['sqrt([a])', {}, null],
    ['mod(10, 3)', {}, 1],
    ['mod(-7, 3)', {}, -1],
    ['mod(5.5, 2)', {}, 1.5],
    ['mod(7, 0)', {}, null],
    ['mod([a], 2)', {}, null],
  ]);
});

describe('concat and contains (contains is case-insensitive, as REDCap)', () => {
  table([
    ["concat('a', 1, 'b')", {}, 'a1b'],
    ["concat([a], '-', [b])", { b: 'x' }, '-x'],
    ['concat([a], [b])', {}, null],
    ['concat(0.1 + 0.2)', {}, '0.3'],
    ["concat([first], ' ', [last])", { first: '张', last: '三' }, '张 三'],
    ["contains('Hypertension', 'tens')", {}, true],
    ["contains('ABC', 'b')", {}, true],
    ["contains('ABC', 'd')", {}, false],
    ["contains([a], 'x')", {}, false],
    ["contains('abc', [a])", {}, false],
  ]);
});

describe("datediff(a, b, unit): REDCap units y M d h m s (a year is 365.2425 days, a month 30.44), unsigned unless asked", () => {
  table([
    ["datediff('2024-01-01', '2024-01-31', 'd')", {}, 30],
    ["datediff('2024-01-31', '2024-01-01', 'd')", {}, 30],
    ["datediff('2024-01-31', '2024-01-01', 'd', true)", {}, -30],
    ["datediff('2024-01-31', '2024-01-01', 'd', 'ymd', true)", {}, -30],
    ["datediff('2024-01-01 08:00', '2024-01-01 10:30', 'h')", {}, 2.5],
    ["datediff('2024-01-01 08:00', '2024-01-01 10:30', 'm')", {}, 150],
    ["datediff('2024-01-01 08:00:00', '2024-01-01 10:30:00', 's')", {}, 9000],
    ["datediff('08:00', '09:15', 'm')", {}, 75],
    ["datediff('2000-01-01', '2010-01-01', 'y')", {}, 10.0015742965],
    ["datediff('2000-01-01', '2010-01-01', 'years')", {}, 10.0015742965],
    ["datediff('2024-01-01', '2024-03-01', 'M')", {}, 1.9710906702],
    ["datediff('2024-01-01', '2024-03-01', 'months')", {}, 1.9710906702],
    ["datediff('2024-01-01', '2024-01-08', 'days')", {}, 7],
    ["datediff('2024-06-01', 'today', 'd')", {}, 14],
    ["datediff('31-12-2023', '01-01-2024', 'd')", {}, 1],
    ["datediff('12-31-2023', '01-01-2024', 'd', 'mdy')", {}, 1],
    ["datediff('2024-01', '2024-02', 'd')", {}, 31],
    ["datediff([a], '2024-01-01', 'd')", {}, null],
    ["datediff('2023-02-30', '2024-01-01', 'd')", {}, null],
    ["datediff('2024-01-01', '2024-01-02', 'q')", {}, null],
    ["datediff('2024-01-01', 'soon', 'd')", {}, null],
    ["rounddown(datediff([dob], [visit], 'y'))", { dob: '1990-06-16', visit: '2024-06-15' }, 33],
  ]);
});

describe('age(birthDate, refDate) in whole years; today() from the scope; isblank', () => {
  table([
    ["age('1990-06-15', '2024-06-15')", {}, 34],
    ["age('1990-06-16', '2024-06-15')", {}, 33],
    ["age('2000-02-29', '2023-02-28')", {}, 22],
    ["age('2000-02-29', '2024-02-29')", {}, 24],
    ["age('2000-02-29', '2023-03-01')", {}, 23],
    ["age('1990-06-15')", {}, 34],
    ['age([dob], [visit])', { dob: '1985-12-31', visit: '2024-01-01' }, 38],
    ['age([dob])', {}, null],
    ["age('2025-01-01', '2024-01-01')", {}, null],
    ['today()', {}, '2024-06-15'],
    ["today() = '2024-06-15'", {}, true],
    ['isblank([a])', {}, true],
    ['isblank([a])', { a: '' }, true],
    ['isblank([a])', { a: ' ' }, true],
    ['isblank([a])', { a: [] }, true],
    ['isblank([a])', { a: 0 }, false],
    ['isblank([a])', { a: 'x' }, false],
    ['isblank([T.c])', { 'T.c': [null, ''] }, true],
    ['isblank([T.c])', { 'T.c': [null, '1'] }, false],
  ]);
});

describe('function names are case-insensitive; a call that cannot run is blank', () => {
  table([
    ['SUM(1, 2)', {}, 3],
    ['Round(2.567, 1)', {}, 2.6],
    ['IsBlank([a])', {}, true],
    ['round()', {}, null],
    ['foo(1)', {}, null],
    ['mod(1, 2, 3)', {}, null],
  ]);
});
