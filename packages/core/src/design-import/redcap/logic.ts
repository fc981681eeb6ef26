import type { KnownFields } from '../../formulas/check.js';
import { checkFormula } from '../../formulas/check.js';
import { formulaMessage } from '../../formulas/messages.js';
import { CALCULATION_FORMULA_MAX } from '../../panels/constants.js';
import type { WidgetType } from '../../panels/schema.js';
import type { RedcapReportCode } from './messages.js';

/**
 * REDCap branching logic and calculations into the formula language (docs/formulas.md, "REDCap
 * compatibility"; the rules are listed in docs/design-import.md). The languages share most of their syntax,
 * so the text is read piece by piece and written back with field names mapped and the few differences
 * rewritten; whatever has no counterpart inside one panel (events, other forms, smart variables, piping
 * modifiers, unsupported functions) refuses the translation with its reason. The result is compiled and
 * checked against the panel's fields, so an imported formula always parses.
 */

/** A field of the data dictionary as logic may name it. */
export interface LogicField {
  form: string;
  /** The model of the imported widget (the variable name, shortened when it was too long). */
  model: string;
  type: WidgetType;
  /** Its option codes were renumbered, so codes written in logic no longer match. */
  recoded: boolean;
}

export interface LogicContext {
  /** The form of the field the logic belongs to. */
  form: string;
  fields: ReadonlyMap<string, LogicField>;
  /** The fields the panel holds, for the compiler's checks. */
  known: KnownFields;
}

export type LogicResult =
  | { ok: true; formula: string }
  | { ok: false; code: RedcapReportCode; params: Record<string, string>; paramsZh?: Record<string, string> };

/** Functions written the same in both languages. */
const SAME_FUNCTIONS = new Set([
  'if',
  'sum',
  'mean',
  'min',
  'max',
  'median',
  'stdev',
  'round',
  'roundup',
  'rounddown',
  'abs',
  'sqrt',
  'mod',
  'concat',
  'contains',
  'datediff',
  'isblank',
]);
/**
 * Functions with another name here. A blank is the only missing value of a panel (the platform has no
 * missing-data codes), so REDCap's "blank or missing code" is a blank test.
 */
const RENAMED_FUNCTIONS: ReadonlyMap<string, string> = new Map([['isblankormissingcode', 'isblank']]);
const KEYWORDS = new Set(['and', 'or', 'not', 'true', 'false']);
/** datediff's date-format argument: imported dates are stored as YYYY-MM-DD whatever REDCap displayed. */
const DATE_FORMATS = new Set(['ymd', 'mdy', 'dmy']);

type Piece =
  | { kind: 'space'; text: string }
  | { kind: 'string'; text: string; value: string }
  | { kind: 'refs'; text: string; groups: string[] }
  | { kind: 'name'; text: string }
  | { kind: 'other'; text: string };

function piecesOf(text: string): Piece[] {
  const pieces: Piece[] = [];
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    const space = /^\s+/.exec(rest);
    if (space) {
      pieces.push({ kind: 'space', text: space[0] });
      index += space[0].length;
      continue;
    }
    const quote = rest.charAt(0);
    if (quote === "'" || quote === '"') {
      const close = rest.indexOf(quote, 1);
      const end = close === -1 ? rest.length : close + 1;
      pieces.push({ kind: 'string', text: rest.slice(0, end), value: rest.slice(1, close === -1 ? end : close) });
      index += end;
      continue;
    }
    const refs = /^(\[[^\]]*\])+/.exec(rest);
    if (refs) {
      pieces.push({ kind: 'refs', text: refs[0], groups: [...refs[0].matchAll(/\[([^\]]*)\]/g)].map((match) => (match[1] ?? '').trim()) });
      index += refs[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      pieces.push({ kind: 'name', text: name[0] });
      index += name[0].length;
      continue;
    }
    const other = /^(<>|<=|>=|==|!=|&&|\|\||\d+(\.\d*)?([eE][+-]?\d+)?|\.\d+|.)/s.exec(rest);
    const token = other?.[0] ?? rest.charAt(0);
    pieces.push({ kind: 'other', text: token });
    index += token.length;
  }
  return pieces;
}

const nextSolid = (pieces: readonly Piece[], from: number): number => {
  let index = from;
  while (pieces[index]?.kind === 'space') index += 1;
  return index;
};

/** Indexes of pieces to drop: a date-format argument of datediff together with the comma before it. */
function datediffFormatArguments(pieces: readonly Piece[]): Set<number> {
  const dropped = new Set<number>();
  for (const [start, piece] of pieces.entries()) {
    if (piece.kind !== 'name' || piece.text.toLowerCase() !== 'datediff') continue;
    const open = nextSolid(pieces, start + 1);
    if (pieces[open]?.text !== '(') continue;
    let depth = 0;
    const commas: number[] = [];
    for (let index = open; index < pieces.length; index += 1) {
      const text = pieces[index]?.text;
      if (text === '(') depth += 1;
      else if (text === ')') depth -= 1;
      else if (text === ',' && depth === 1) commas.push(index);
      if (depth === 0) break;
    }
    // datediff(a, b, unit, format[, signed]): the fourth argument, when it is a date format.
    const comma = commas[2];
    if (comma === undefined) continue;
    const argument = nextSolid(pieces, comma + 1);
    const candidate = pieces[argument];
    const after = pieces[nextSolid(pieces, argument + 1)]?.text;
    if (candidate?.kind === 'string' && DATE_FORMATS.has(candidate.value.toLowerCase()) && (after === ',' || after === ')')) {
      for (let index = comma; index <= argument; index += 1) dropped.add(index);
    }
  }
  return dropped;
}

/** One bracketed reference in the formula language, or why it has none. */
function translateReference(groups: readonly string[], context: LogicContext): LogicResult {
  const ref = groups.map((group) => `[${group}]`).join('');
  if (groups.length > 1) return { ok: false, code: 'redcap.logic_event', params: { ref } };
  const body = groups[0] ?? '';
  if (body.includes(':')) return { ok: false, code: 'redcap.logic_piping', params: { ref } };
  const match = /^([A-Za-z][A-Za-z0-9_]*)(?:\(\s*([A-Za-z0-9_-]+)\s*\))?$/.exec(body);
  if (!match) return { ok: false, code: 'redcap.logic_smart_variable', params: { ref } };
  const [, name = '', code] = match;
  const field = context.fields.get(name);
  if (!field) return { ok: false, code: 'redcap.logic_unknown_field', params: { ref } };
  if (field.form !== context.form) return { ok: false, code: 'redcap.logic_other_form', params: { ref, form: field.form } };
  if (field.recoded) return { ok: false, code: 'redcap.logic_recoded', params: { ref } };
  return { ok: true, formula: code === undefined ? `[${field.model}]` : `[${field.model}(${code})]` };
}

/**
 * The formula of a piece of REDCap logic, or the first reason it cannot be one. A translated formula that
 * the compiler or the panel checks refuse is refused with their message (`redcap.logic_invalid`).
 */
export function translateLogic(text: string, context: LogicContext): LogicResult {
  // Translation never lengthens a formula, so a text far over the limit is refused before it is read (a cell
  // of a large file could otherwise hold megabytes of logic).
  if (text.length > 2 * CALCULATION_FORMULA_MAX) {
    const tooLong = formulaMessage('formula.too_long', { length: text.length, max: CALCULATION_FORMULA_MAX });
    return { ok: false, code: 'redcap.logic_invalid', params: { formula: `${text.slice(0, 40)}…`, detail: tooLong.messageEn }, paramsZh: { detail: tooLong.message } };
  }
  const pieces = piecesOf(text.replace(/\r\n|\r|\n/g, ' '));
  const dropped = datediffFormatArguments(pieces);
  let formula = '';
  for (const [index, piece] of pieces.entries()) {
    if (dropped.has(index)) continue;
    switch (piece.kind) {
      case 'refs': {
        const reference = translateReference(piece.groups, context);
        if (!reference.ok) return reference;
        formula += reference.formula;
        break;
      }
      case 'name': {
        const lower = piece.text.toLowerCase();
        const isCall = pieces[nextSolid(pieces, index + 1)]?.text === '(';
        if (KEYWORDS.has(lower)) {
          formula += lower;
        } else if (isCall) {
          const renamed = RENAMED_FUNCTIONS.get(lower);
          if (renamed !== undefined) formula += renamed;
          else if (SAME_FUNCTIONS.has(lower)) formula += lower;
          else return { ok: false, code: 'redcap.logic_function', params: { name: piece.text } };
        } else {
          formula += piece.text;
        }
        break;
      }
      case 'space':
      case 'string':
      case 'other':
        formula += piece.text;
        break;
    }
  }
  formula = formula.trim();
  const issues = checkFormula(formula, context.known);
  const first = issues[0];
  if (first) return { ok: false, code: 'redcap.logic_invalid', params: { formula, detail: first.messageEn }, paramsZh: { detail: first.message } };
  return { ok: true, formula };
}
