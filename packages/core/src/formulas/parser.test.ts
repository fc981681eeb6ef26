import { describe, expect, it } from 'vitest';
import type { FormulaNode } from './ast.js';
import { parseFormula } from './parser.js';

/** The tree as a prefix expression, so precedence and grouping read at a glance. */
function show(node: FormulaNode): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'string':
      return `'${node.value}'`;
    case 'boolean':
      return String(node.value);
    case 'field':
      return `[${node.model}${node.column === undefined ? '' : `.${node.column}`}${node.option === undefined ? '' : `(${node.option})`}]`;
    case 'unary':
      return `(${node.operator} ${show(node.operand)})`;
    case 'binary':
      return `(${node.operator} ${show(node.left)} ${show(node.right)})`;
    case 'call':
      return `(${node.name}${node.args.map((arg) => ` ${show(arg)}`).join('')})`;
  }
}

function tree(text: string): string {
  const result = parseFormula(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.messageEn}`);
  return show(result.ast);
}

describe('precedence and associativity (docs/formulas.md "Operators": or < and < not < comparison < + - < * / < unary minus < ^)', () => {
  it.each([
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
    ['1 - 2 - 3', '(- (- 1 2) 3)'],
    ['8 / 4 / 2', '(/ (/ 8 4) 2)'],
    ['2 ^ 3 ^ 2', '(^ 2 (^ 3 2))'],
    ['-2 ^ 2', '(- (^ 2 2))'],
    ['2 ^ -1', '(^ 2 (- 1))'],
    ['-2 * 3', '(* (- 2) 3)'],
    ['--2', '(- (- 2))'],
    ['+[a]', '(+ [a])'],
    ['[a] + [b] > 3 * [c]', '(> (+ [a] [b]) (* 3 [c]))'],
    ['[a] = 1 and [b] = 2 or [c] = 3', '(or (and (= [a] 1) (= [b] 2)) (= [c] 3))'],
    ['[a] = 1 or [b] = 2 and [c] = 3', '(or (= [a] 1) (and (= [b] 2) (= [c] 3)))'],
    ['[a] = 1 && [b] = 2 || [c] = 3', '(or (and (= [a] 1) (= [b] 2)) (= [c] 3))'],
    ['not [a] = 1', '(not (= [a] 1))'],
    ['!isblank([a]) and [b] > 1', '(and (not (isblank [a])) (> [b] 1))'],
    ['not [a] and [b]', '(and (not [a]) [b])'],
    ['[a] == 1', '(= [a] 1)'],
    ['[a] != 1', '(<> [a] 1)'],
    ['[a] <> 1', '(<> [a] 1)'],
    ['[a] <= 1', '(<= [a] 1)'],
    ['[a] >= 1', '(>= [a] 1)'],
    ['[a] AND [b] Or [c]', '(or (and [a] [b]) [c])'],
  ])('%s parses as %s', (text, expected) => {
    expect(tree(text)).toBe(expected);
  });
});

describe('literals, references and calls (docs/formulas.md "Grammar")', () => {
  it.each([
    ['42', '42'],
    ['3.25', '3.25'],
    ['.5', '0.5'],
    ['1e3', '1000'],
    ["'2'", "'2'"],
    ['"two words"', "'two words'"],
    ["'it\\'s'", "'it's'"],
    ["''", "''"],
    ['TRUE', 'true'],
    ['false', 'false'],
    ['[weight]', '[weight]'],
    ['[ weight ]', '[weight]'],
    ['[race(4)]', '[race(4)]'],
    ['[race( 4 )]', '[race(4)]'],
    ['[LAB.result]', '[LAB.result]'],
    ['today()', '(today)'],
    ['ROUND([x], 2)', '(round [x] 2)'],
    ['Sum([a], [b], [c])', '(sum [a] [b] [c])'],
    ['if([a] > 1, "hi", "lo")', "(if (> [a] 1) 'hi' 'lo')"],
    ['max(1, min(2, 3))', '(max 1 (min 2 3))'],
    ['round（[a]，2）', '(round [a] 2)'],
    ['【a】 + 1', '(+ [a] 1)'],
  ])('%s parses as %s (full-width punctuation of a Chinese keyboard reads as ASCII)', (text, expected) => {
    expect(tree(text)).toBe(expected);
  });

  it('keeps full-width quotes inside a text as typed', () => {
    expect(tree("[a] = '“好”'")).toBe("(= [a] '“好”')");
  });

  it('records where each node starts and ends', () => {
    const result = parseFormula('1 + [weight]');
    expect(result.ok).toBe(true);
    if (!result.ok || result.ast.kind !== 'binary') return;
    expect([result.ast.start, result.ast.end]).toEqual([0, 12]);
    expect([result.ast.right.start, result.ast.right.end]).toEqual([4, 12]);
  });
});

describe('syntax errors carry a code, both languages and a 0-based position (a clear message)', () => {
  it.each([
    ['', 'formula.empty', 0],
    ['   ', 'formula.empty', 0],
    ['1 +', 'formula.unexpected_end', 3],
    ['1 + * 2', 'formula.unexpected_token', 4],
    ['(1 + 2', 'formula.missing_parenthesis', 6],
    ['round([x], 2', 'formula.missing_parenthesis', 12],
    ['1 + 2)', 'formula.unexpected_token', 5],
    ['1 2', 'formula.unexpected_token', 2],
    ["'abc", 'formula.unterminated_string', 0],
    ['1 + "abc', 'formula.unterminated_string', 4],
    ['[weight', 'formula.unterminated_field', 0],
    ['[a + [b]', 'formula.unterminated_field', 0],
    ['[]', 'formula.invalid_field', 0],
    ['2 * [1abc]', 'formula.invalid_field', 4],
    ['[a.b.c]', 'formula.invalid_field', 0],
    ['1 # 2', 'formula.unexpected_character', 2],
    ['1 < [a] < 5', 'formula.chained_comparison', 8],
    ['[a] = [b] = 1', 'formula.chained_comparison', 10],
    ['weight + 1', 'formula.unexpected_token', 0],
    ['sum(1,)', 'formula.unexpected_token', 6],
    ['sum(,1)', 'formula.unexpected_token', 4],
    ['('.repeat(80) + '1' + ')'.repeat(80), 'formula.too_deep', 64],
  ])('%j fails with %s at %i', (text, code, position) => {
    const result = parseFormula(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.position).toBe(position);
    expect(result.error.message).not.toBe('');
    expect(result.error.messageEn).not.toBe('');
    expect(result.error.message).not.toMatch(/\{\w+\}/);
    expect(result.error.messageEn).not.toMatch(/\{\w+\}/);
  });

  it('counts characters from 1 in the message', () => {
    const result = parseFormula('1 + * 2');
    expect(result.ok ? '' : result.error.messageEn).toBe('Unexpected "*" at character 5');
    expect(result.ok ? '' : result.error.message).toBe('第 5 个字符处不应出现“*”');
  });
});

describe('REDCap forms outside the subset are refused with a position, not misread (docs/formulas.md "REDCap compatibility")', () => {
  it.each([
    ['[event_1_arm_1][weight]', 'formula.unexpected_token', 15],
    ['[record-name]', 'formula.invalid_field', 0],
    ['[sex:label]', 'formula.invalid_field', 0],
    ["datediff([dob], today, 'y')", 'formula.unexpected_token', 16],
  ])('%s fails with %s at %i', (text, code, position) => {
    const result = parseFormula(text);
    expect(result.ok ? null : [result.error.code, result.error.position]).toEqual([code, position]);
  });
});
