import type { SheetCell } from '../attachments/table-import.js';
import type { RowProblem } from '../imports/problems.js';
import { problem } from '../imports/problems.js';
import { hasBidiControl, hasControlCharacter } from '../validation/text.js';
import type { CodingDictionaryKind } from './index.js';

/**
 * Reading and checking an uploaded coding dictionary (spec 000 §2.2 "coding library"; docs/decisions.md
 * "Coding library"). The sheet's first row names the columns code, term, term_en, level and parent_code in
 * any order; code and term are required. Every row is checked before anything is stored: a dictionary with
 * one bad row is refused whole, with each row's problems in both languages.
 */

export const CODING_COLUMNS = ['code', 'term', 'term_en', 'level', 'parent_code'] as const;
export type CodingColumn = (typeof CODING_COLUMNS)[number];

/** A dictionary holds at most this many terms (MedDRA has about 80,000 lowest level terms). */
export const CODING_MAX_TERMS = 200_000;
export const CODING_CODE_MAX = 32;
export const CODING_TERM_MAX = 400;
export const CODING_LEVEL_MAX = 16;

/**
 * The levels a kind knows, from the top of its hierarchy down. A term's parent sits on the level just above
 * its own. A dictionary of another kind names its levels freely and any term may be any other's parent.
 */
export const CODING_LEVELS: Record<Exclude<CodingDictionaryKind, 'other'>, readonly string[]> = {
  MedDRA: ['SOC', 'HLGT', 'HLT', 'PT', 'LLT'],
  WHODrug: ['ATC1', 'ATC2', 'ATC3', 'ATC4', 'DRUG'],
};

/** Separator of the hierarchy path shown beside a term ("SOC > HLGT > HLT > PT > LLT"). */
export const CODING_PATH_SEPARATOR = ' > ';

/** A checked term, ready to store: its path names its ancestors' terms from the top down, itself last. */
export interface CodingTermInput {
  code: string;
  term: string;
  termEn: string;
  level: string;
  parentCode: string | null;
  path: string;
  /** The same path by the English terms; a term without one by its own. */
  pathEn: string;
}

export interface CodingRowProblem extends RowProblem {
  /** The sheet's row number (the header is row 1). */
  row: number;
}

export type CodingSheetResult = { ok: true; terms: CodingTermInput[] } | { ok: false; problems: CodingRowProblem[] };

const cellText = (cell: SheetCell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

/** Column positions from the header row, by name in any case; null when code or term is missing. */
export function codingColumns(header: readonly SheetCell[]): Partial<Record<CodingColumn, number>> | null {
  const found: Partial<Record<CodingColumn, number>> = {};
  header.forEach((cell, index) => {
    const name = cellText(cell).toLowerCase().replace(/[\s-]+/g, '_');
    const column = CODING_COLUMNS.find((candidate) => candidate === name);
    if (column && found[column] === undefined) found[column] = index;
  });
  return found.code === undefined || found.term === undefined ? null : found;
}

function textProblem(value: string, column: CodingColumn, max: number, row: number): CodingRowProblem | null {
  if (hasControlCharacter(value) || hasBidiControl(value)) return { row, ...problem('coding.row_control', column) };
  if (value.length > max) return { row, ...problem('coding.row_too_long', column, { max }) };
  return null;
}

/** Whether a level may be the parent of another in a dictionary of this kind. */
export function parentLevelFits(kind: CodingDictionaryKind, level: string, parentLevel: string): boolean {
  if (kind === 'other') return true;
  const levels = CODING_LEVELS[kind];
  return levels.indexOf(parentLevel) === levels.indexOf(level) - 1;
}

/** The hierarchy paths of checked terms, following parents up; a loop is reported at each row inside it. */
function paths(terms: readonly (CodingTermInput & { row: number })[], problems: CodingRowProblem[]): void {
  const byCode = new Map(terms.map((term) => [term.code, term]));
  const done = new Map<string, { path: string; pathEn: string }>();
  for (const term of terms) {
    const chain: (CodingTermInput & { row: number })[] = [];
    const seen = new Set<string>();
    let at: (CodingTermInput & { row: number }) | undefined = term;
    let prefix = { path: '', pathEn: '' };
    while (at) {
      const known = done.get(at.code);
      if (known !== undefined) {
        prefix = known;
        break;
      }
      if (seen.has(at.code)) {
        problems.push({ row: term.row, ...problem('coding.row_parent_loop', 'parent_code', { code: term.code }) });
        chain.length = 0;
        break;
      }
      seen.add(at.code);
      chain.push(at);
      at = at.parentCode === null ? undefined : byCode.get(at.parentCode);
    }
    const join = (start: string, next: string) => (start === '' ? next : `${start}${CODING_PATH_SEPARATOR}${next}`);
    for (const link of chain.reverse()) {
      prefix = { path: join(prefix.path, link.term), pathEn: join(prefix.pathEn, link.termEn || link.term) };
      done.set(link.code, prefix);
    }
    const own = done.get(term.code);
    term.path = own?.path ?? term.term;
    term.pathEn = own?.pathEn ?? (term.termEn || term.term);
  }
}

/**
 * Reads the rows of an uploaded dictionary sheet and checks them: a header naming code and term; on each row
 * a code and a term, texts within their lengths and without control characters, a level the kind knows, a
 * code not seen before, a parent that is a code of the sheet on the level above. Blank rows are skipped.
 */
export function readCodingSheet(kind: CodingDictionaryKind, sheet: readonly (readonly SheetCell[])[]): CodingSheetResult {
  const [header, ...body] = sheet;
  const columns = header ? codingColumns(header) : null;
  if (!columns) return { ok: false, problems: [{ row: 1, ...problem('coding.header_missing', null, { columns: CODING_COLUMNS.join(', ') }) }] };
  const problems: CodingRowProblem[] = [];
  const terms: (CodingTermInput & { row: number })[] = [];
  const firstRow = new Map<string, number>();
  const levels = kind === 'other' ? null : CODING_LEVELS[kind];
  const cell = (line: readonly SheetCell[], column: CodingColumn) => (columns[column] === undefined ? '' : cellText(line[columns[column]]));
  body.forEach((line, index) => {
    const row = index + 2;
    const values = Object.fromEntries(CODING_COLUMNS.map((column) => [column, cell(line, column)])) as Record<CodingColumn, string>;
    if (CODING_COLUMNS.every((column) => values[column] === '')) return;
    const own: CodingRowProblem[] = [];
    if (values.code === '') own.push({ row, ...problem('coding.row_required', 'code') });
    if (values.term === '') own.push({ row, ...problem('coding.row_required', 'term') });
    const limits: [CodingColumn, number][] = [['code', CODING_CODE_MAX], ['term', CODING_TERM_MAX], ['term_en', CODING_TERM_MAX], ['level', CODING_LEVEL_MAX], ['parent_code', CODING_CODE_MAX]];
    for (const [column, max] of limits) {
      const found = textProblem(values[column], column, max, row);
      if (found) own.push(found);
    }
    if (levels && !levels.includes(values.level)) own.push({ row, ...problem('coding.row_level', 'level', { level: values.level, levels: levels.join(', ') }) });
    if (values.code !== '') {
      const first = firstRow.get(values.code);
      if (first !== undefined) own.push({ row, ...problem('coding.row_duplicate', 'code', { code: values.code, first }) });
      else firstRow.set(values.code, row);
    }
    if (values.parent_code !== '' && values.parent_code === values.code) own.push({ row, ...problem('coding.row_parent_loop', 'parent_code', { code: values.code }) });
    problems.push(...own);
    if (own.length === 0) terms.push({ row, code: values.code, term: values.term, termEn: values.term_en, level: values.level, parentCode: values.parent_code || null, path: '', pathEn: '' });
  });
  if (firstRow.size > CODING_MAX_TERMS) return { ok: false, problems: [{ row: 1, ...problem('coding.too_many_terms', null, { max: CODING_MAX_TERMS }) }] };
  const byCode = new Map(terms.map((term) => [term.code, term]));
  for (const term of terms) {
    if (term.parentCode === null) {
      if (levels && levels.indexOf(term.level) > 0) problems.push({ row: term.row, ...problem('coding.row_parent_required', 'parent_code', { level: term.level }) });
      continue;
    }
    const parent = byCode.get(term.parentCode);
    if (!parent) {
      if (!firstRow.has(term.parentCode)) problems.push({ row: term.row, ...problem('coding.row_parent_unknown', 'parent_code', { code: term.parentCode }) });
      continue;
    }
    if (!parentLevelFits(kind, term.level, parent.level)) problems.push({ row: term.row, ...problem('coding.row_parent_level', 'parent_code', { code: parent.code, level: parent.level }) });
  }
  if (problems.length === 0) paths(terms, problems);
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.row - b.row) };
  if (terms.length === 0) return { ok: false, problems: [{ row: 2, ...problem('coding.no_terms', null) }] };
  return { ok: true, terms: terms.map(({ row: _row, ...term }) => term) };
}
