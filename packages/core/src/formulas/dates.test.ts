import { describe, expect, it } from 'vitest';
import { checkFormula } from './check.js';
import { hasTwoDigitYear, parseDateTime } from './dates.js';
import { run } from './scope.fixture.js';

const DATE_FIELD = new Map([['visit', { type: 'date' as const }]]);

describe('a date written with a two-digit year is refused (docs/formulas.md, "Dates")', () => {
  it.each(['25-01-01', '1/2/25', '01-02-25', ' 25/1/1 ', '25-01-01 08:30'])('%j has a two-digit year', (text) => {
    expect(hasTwoDigitYear(text)).toBe(true);
  });

  it.each(['2025-01-01', '01-02-2025', '1/2/2025', '08:30', '2025-01', '1-2', '1-2/3', 'abc', ''])('%j has none', (text) => {
    expect(hasTwoDigitYear(text)).toBe(false);
  });

  it.each([
    ["datediff('25-01-01', [visit], 'd')", 9, '25-01-01'],
    ["datediff([visit], '1/2/25', 'y')", 18, '1/2/25'],
    ["age('01-02-25')", 4, '01-02-25'],
    ["[visit] > '25-01-01'", 10, '25-01-01'],
    ["'1/2/25' = [visit]", 0, '1/2/25'],
  ])('%s is reported at character %i in both languages', (text, position, date) => {
    const issues = checkFormula(text, DATE_FIELD);
    expect(issues.map((issue) => [issue.code, issue.position])).toEqual([['formula.two_digit_year', position]]);
    expect(issues[0]?.messageEn).toBe(`The date "${date}" at character ${String(position + 1)} has a two-digit year; write the year in four digits, such as 2025-01-31`);
    expect(issues[0]?.message).toBe(`第 ${String(position + 1)} 个字符处的日期“${date}”只写了两位年份，请写四位年份，如 2025-01-31`);
  });

  it('leaves texts alone where no date is expected, and four-digit years everywhere', () => {
    expect(checkFormula("concat('1-2-3', [visit])", DATE_FIELD)).toEqual([]);
    expect(checkFormula("datediff('2025-01-01', [visit], 'd') > 0 and [visit] <> '01-02-2025'", DATE_FIELD)).toEqual([]);
  });

  it('evaluates a date with a two-digit year as blank rather than guessing its century', () => {
    expect(run("datediff('25-01-01', '2025-01-31', 'd')")).toBeNull();
    expect(run("age('1/2/25', '2025-06-01')")).toBeNull();
    expect(parseDateTime('25-01-01')).toBeNull();
  });

  it('reads a four-digit year below 100 as written, not as 19xx', () => {
    expect(new Date(parseDateTime('0025-01-01') ?? Number.NaN).getUTCFullYear()).toBe(25);
    expect(new Date(parseDateTime('0025-03-04 10:20') ?? Number.NaN).toISOString()).toBe('0025-03-04T10:20:00.000Z');
    expect(run("datediff('0024-01-01', '0025-01-01', 'd')")).toBe(366);
  });
});
