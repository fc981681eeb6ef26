import type { FormulaError } from './ast.js';
import { formulaMessage } from './messages.js';

/** The pieces a formula is read in (docs/formulas.md, "Grammar"). */
export type Token =
  | { type: 'number'; value: number; start: number; end: number }
  | { type: 'string'; value: string; start: number; end: number }
  | { type: 'field'; model: string; column?: string | undefined; option?: string | undefined; start: number; end: number }
  | { type: 'name'; value: string; start: number; end: number }
  | { type: 'operator'; value: string; start: number; end: number }
  | { type: 'end'; start: number; end: number };

export class FormulaSyntaxError extends Error {
  constructor(readonly detail: FormulaError) {
    super(detail.messageEn);
  }
}

/** Messages count characters from 1; positions in the error object are 0-based offsets. */
export function syntaxError(code: Parameters<typeof formulaMessage>[0], position: number, text?: string): FormulaSyntaxError {
  const params: Record<string, string | number> = { position: position + 1 };
  if (text !== undefined) params.text = text;
  return new FormulaSyntaxError({ ...formulaMessage(code, params), position });
}

// Longest first, so `<=` is not read as `<` then `=`.
const OPERATORS = ['<>', '<=', '>=', '==', '!=', '&&', '||', '+', '-', '*', '/', '^', '=', '<', '>', '!', '(', ')', ','];

const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
/** `model`, `model(code)` or `TABLE.column`; models are identifiers (panels/schema.ts). */
const FIELD_BODY = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s*\(\s*([A-Za-z0-9_-]+)\s*\)|\.([A-Za-z_][A-Za-z0-9_]*))?\s*$/;

/** Full-width punctuation typed with a Chinese keyboard is read as its ASCII twin. */
const FULL_WIDTH: ReadonlyMap<string, string> = new Map([
  ['（', '('],
  ['）', ')'],
  ['，', ','],
  ['【', '['],
  ['】', ']'],
  ['‘', "'"],
  ['’', "'"],
  ['“', '"'],
  ['”', '"'],
]);

export function normaliseFullWidth(text: string): string {
  return text.replace(/[（），【】‘’“”]/g, (char) => FULL_WIDTH.get(char) ?? char);
}

export function tokenize(source: string): Token[] {
  const text = normaliseFullWidth(source);
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text.charAt(index);
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    const rest = text.slice(index);
    const number = NUMBER.exec(rest);
    if (number) {
      const end = index + number[0].length;
      tokens.push({ type: 'number', value: Number(number[0]), start: index, end });
      index = end;
      continue;
    }
    if (char === "'" || char === '"') {
      index = readString(text, source, index, tokens);
      continue;
    }
    if (char === '[') {
      index = readField(text, index, tokens);
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      const end = index + name[0].length;
      tokens.push({ type: 'name', value: name[0], start: index, end });
      index = end;
      continue;
    }
    const operator = OPERATORS.find((candidate) => rest.startsWith(candidate));
    if (operator === undefined) throw syntaxError('formula.unexpected_character', index, char);
    tokens.push({ type: 'operator', value: operator, start: index, end: index + operator.length });
    index += operator.length;
  }
  tokens.push({ type: 'end', start: text.length, end: text.length });
  return tokens;
}

/**
 * A text in single or double quotes; a backslash keeps the next character as it is (`'it\\'s'`). The
 * content is read from the source as typed, so full-width quotes inside a text stay what they are.
 */
function readString(text: string, source: string, start: number, tokens: Token[]): number {
  const quote = text.charAt(start);
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === '\\' && index + 1 < text.length) {
      value += source.charAt(index + 1);
      index += 2;
      continue;
    }
    if (char === quote) {
      tokens.push({ type: 'string', value, start, end: index + 1 });
      return index + 1;
    }
    value += source.charAt(index);
    index += 1;
  }
  throw syntaxError('formula.unterminated_string', start);
}

function readField(text: string, start: number, tokens: Token[]): number {
  const close = text.indexOf(']', start + 1);
  const nextOpen = text.indexOf('[', start + 1);
  if (close < 0 || (nextOpen >= 0 && nextOpen < close)) throw syntaxError('formula.unterminated_field', start);
  const body = text.slice(start + 1, close);
  const match = FIELD_BODY.exec(body);
  if (!match?.[1]) throw syntaxError('formula.invalid_field', start, body);
  tokens.push({ type: 'field', model: match[1], option: match[2], column: match[3], start, end: close + 1 });
  return close + 1;
}
