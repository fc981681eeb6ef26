import type { ErrorCode } from '../errors/catalogue.js';
import type { TableScheme } from './scheme.js';
import { listStrata, schemeFactors, stratifiesBySite, stratumKey } from './strata.js';
import type { TableSlot } from './table.js';

/**
 * A statistician's own randomisation list, uploaded in place of a generated one (docs/decisions.md,
 * "Randomisation"). The server reads the file (CSV through csv/read.ts, or xlsx) into rows of strings with
 * the header first; this checks every row against the scheme and answers either every problem, on its row
 * and column, or the list's slots.
 *
 * Columns, matched by name without regard to case and in any order: `randomNumber` and `arm` always; `site`
 * when the scheme stratifies by site; one per stratification factor, named by the factor's code; `sequence`
 * (1, 2, … within a stratum; the row order within the stratum when absent) and `block` (a block number;
 * each block is then checked to be balanced by the arms' ratios) when the statistician gives them.
 */

export const TABLE_UPLOAD_ROWS_MAX = 200_000;

export interface TableUploadProblem {
  /** The row as a spreadsheet shows it: the header is row 1. */
  row: number;
  /** The column's name (a factor's code for a factor column); absent for the file as a whole. */
  column?: string;
  code: ErrorCode;
  params: Record<string, string | number>;
}

export type TableUploadResult = { ok: true; slots: TableSlot[] } | { ok: false; problems: TableUploadProblem[] };

/** The columns the scheme's list has: those it must have, then those it may have. */
export function tableUploadColumns(scheme: TableScheme): { required: string[]; optional: string[] } {
  return {
    required: ['randomNumber', 'arm', ...(stratifiesBySite(scheme) ? ['site'] : []), ...schemeFactors(scheme).map((factor) => factor.code)],
    optional: ['sequence', ...(scheme.method === 'simple' ? [] : ['block'])],
  };
}

/** One data row as read. */
interface ListRow {
  row: number;
  randomNumber: string;
  arm: string;
  /** Null when the row's site or a factor option is missing or unknown. */
  stratum: string | null;
  armKnown: boolean;
  seq: number | null;
  block: number | null;
}

const POSITIVE = /^[0-9]{1,9}$/;
const positive = (text: string): number | null => (POSITIVE.test(text) && Number(text) > 0 ? Number(text) : null);

/** The list's slots, or every problem of the upload. `siteCodes` are the project's sites. */
export function readUploadedTable(scheme: TableScheme, siteCodes: readonly string[], rows: readonly (readonly string[])[]): TableUploadResult {
  const problems: TableUploadProblem[] = [];
  const say = (row: number, column: string | undefined, code: ErrorCode, params: Record<string, string | number> = {}) =>
    problems.push({ row, ...(column === undefined ? {} : { column }), code, params });

  const { required, optional } = tableUploadColumns(scheme);
  const byLowerName = new Map([...required, ...optional].map((name) => [name.toLowerCase(), name]));
  const columns = new Map<string, number>();
  (rows[0] ?? []).forEach((cell, index) => {
    const text = cell.trim();
    if (text === '') return;
    const name = byLowerName.get(text.toLowerCase());
    if (name === undefined) say(1, text, 'randomisation.upload_unknown_column', { column: text });
    else if (columns.has(name)) say(1, name, 'randomisation.upload_duplicate_column', { column: name });
    else columns.set(name, index);
  });
  for (const name of required) if (!columns.has(name)) say(1, name, 'randomisation.upload_missing_column', { column: name });
  if (problems.length > 0) return { ok: false, problems };

  const body = rows.slice(1).flatMap((line, index) => (line.some((cell) => cell.trim() !== '') ? [{ line, row: index + 2 }] : []));
  if (body.length === 0) return { ok: false, problems: [{ row: 1, code: 'randomisation.upload_empty', params: {} }] };
  if (body.length > TABLE_UPLOAD_ROWS_MAX) return { ok: false, problems: [{ row: 1, code: 'randomisation.upload_too_many_rows', params: { max: TABLE_UPLOAD_ROWS_MAX } }] };

  const arms = new Set(scheme.arms.map((arm) => arm.code));
  const sites = new Set(siteCodes);
  const factors = schemeFactors(scheme);
  const numbers = new Map<string, number>();
  const read: ListRow[] = body.map(({ line, row }) => {
    const cell = (name: string): string => {
      const index = columns.get(name);
      return index === undefined ? '' : (line[index] ?? '').trim();
    };
    const present = (name: string): string | null => {
      const text = cell(name);
      if (text === '') say(row, name, 'randomisation.upload_missing_value', { column: name });
      return text === '' ? null : text;
    };
    const randomNumber = present('randomNumber');
    if (randomNumber !== null) {
      const first = numbers.get(randomNumber);
      if (first === undefined) numbers.set(randomNumber, row);
      else say(row, 'randomNumber', 'randomisation.upload_duplicate_number', { value: randomNumber, row: first });
    }
    const arm = present('arm');
    if (arm !== null && !arms.has(arm)) say(row, 'arm', 'randomisation.upload_unknown_arm', { value: arm });
    let stratumKnown = true;
    const site = stratifiesBySite(scheme) ? present('site') : '';
    if (site === null) stratumKnown = false;
    else if (stratifiesBySite(scheme) && !sites.has(site)) {
      say(row, 'site', 'randomisation.upload_unknown_site', { value: site });
      stratumKnown = false;
    }
    const levels: Record<string, string> = {};
    for (const factor of factors) {
      const level = present(factor.code);
      if (level === null) stratumKnown = false;
      else if (!factor.options.some((option) => option.code === level)) {
        say(row, factor.code, 'randomisation.upload_unknown_option', { factor: factor.code, value: level });
        stratumKnown = false;
      } else levels[factor.code] = level;
    }
    const whole = (name: 'sequence' | 'block', code: ErrorCode): number | null => {
      if (!columns.has(name)) return null;
      const text = present(name);
      const value = text === null ? null : positive(text);
      if (text !== null && value === null) say(row, name, code, { value: text });
      return value;
    };
    const seq = whole('sequence', 'randomisation.upload_sequence_invalid');
    const block = whole('block', 'randomisation.upload_block_invalid');
    return {
      row,
      randomNumber: randomNumber ?? '',
      arm: arm ?? '',
      stratum: stratumKnown ? stratumKey(scheme, { site: site ?? '', levels }) : null,
      armKnown: arm !== null && arms.has(arm),
      seq,
      block,
    };
  });

  const strata = new Map<string, ListRow[]>();
  for (const item of read) if (item.stratum !== null) push(strata, item.stratum, item);
  const ordered = new Map<string, { item: ListRow; seq: number }[]>();
  for (const [stratum, items] of strata) {
    const inOrder = columns.has('sequence') ? sequenceOrder(stratum, items, say) : items.map((item, index) => ({ item, seq: index + 1 }));
    ordered.set(stratum, inOrder);
    // A row without a valid sequence or block is reported already; weighing its stratum's blocks without it
    // would only report the same mistake again as an unbalanced block.
    const complete = items.every((item) => item.block !== null && (item.seq !== null || !columns.has('sequence')));
    if (columns.has('block') && complete) checkBlocks(scheme, stratum, inOrder.map((entry) => entry.item), say);
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.row - b.row) };

  const rank = new Map(listStrata(scheme, siteCodes).map((stratum, index) => [stratum.key, index]));
  const slots = [...ordered.entries()]
    .sort(([a], [b]) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0))
    .flatMap(([stratum, entries]) => {
      const sizes = new Map<number, number>();
      for (const { item } of entries) if (item.block !== null) sizes.set(item.block, (sizes.get(item.block) ?? 0) + 1);
      return entries.map(({ item, seq }) => ({
        stratum,
        seq,
        block: item.block,
        blockSize: item.block === null ? null : (sizes.get(item.block) ?? null),
        arm: item.arm,
        randomNumber: item.randomNumber,
      }));
    });
  return { ok: true, slots };
}

function push<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}

type Say = (row: number, column: string | undefined, code: ErrorCode, params?: Record<string, string | number>) => void;

/** Rows in sequence order; a repeated number or a gap (the stratum's sequence runs 1, 2, …) is a problem. */
function sequenceOrder(stratum: string, items: readonly ListRow[], say: Say): { item: ListRow; seq: number }[] {
  const numbered = items.flatMap((item) => (item.seq === null ? [] : [{ item, seq: item.seq }])).sort((a, b) => a.seq - b.seq || a.item.row - b.item.row);
  let expected = 1;
  numbered.forEach(({ item, seq }, index) => {
    if (index > 0 && numbered[index - 1]?.seq === seq) say(item.row, 'sequence', 'randomisation.upload_duplicate_sequence', { stratum, value: seq });
    else if (seq !== expected) say(item.row, 'sequence', 'randomisation.upload_sequence_gap', { stratum, expected, value: seq });
    expected = seq + 1;
  });
  return numbered;
}

/**
 * Each block's rows follow each other in sequence, and its arm counts are a whole multiple of the ratios
 * (a 2:1 block holds 2k and k). Blocks holding an unknown arm are not weighed: that row is reported already.
 */
function checkBlocks(scheme: TableScheme, stratum: string, items: readonly ListRow[], say: Say): void {
  const blocks = new Map<number, ListRow[]>();
  let previous: number | null = null;
  for (const item of items) {
    if (item.block === null) continue;
    if (item.block !== previous && blocks.has(item.block)) say(item.row, 'block', 'randomisation.upload_block_split', { stratum, block: item.block });
    push(blocks, item.block, item);
    previous = item.block;
  }
  const ratios = scheme.arms.map((arm) => arm.ratio);
  for (const [block, rows] of blocks) {
    if (rows.some((item) => !item.armKnown)) continue;
    const counts = scheme.arms.map((arm) => rows.filter((item) => item.arm === arm.code).length);
    const multiple = (counts[0] ?? 0) / (ratios[0] ?? 1);
    const balanced = Number.isInteger(multiple) && multiple >= 1 && counts.every((count, index) => count === multiple * (ratios[index] ?? 0));
    if (!balanced) {
      say(rows[rows.length - 1]?.row ?? 1, 'block', 'randomisation.upload_block_unbalanced', {
        stratum,
        block,
        counts: scheme.arms.map((arm, index) => `${arm.code}=${counts[index] ?? 0}`).join(', '),
        ratio: ratios.join(':'),
      });
    }
  }
}
