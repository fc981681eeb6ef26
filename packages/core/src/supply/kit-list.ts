import { parseCsv } from '../csv/read.js';
import { derive } from '../randomisation/random.js';

/**
 * Kit numbers (docs/decisions.md "Drug supply"): one running sequence for the whole project, the kit types
 * spread over it in an order shuffled by a seeded stream, so a kit's number says nothing of its type and so
 * nothing of the arm it belongs to. The seed is kept on the server with the list, which makes the list
 * reproducible for an audit and unguessable for everyone else.
 */

/** The digits of a kit number after its prefix. */
export const KIT_NUMBER_WIDTH = 6;
/** The most kits one generated or uploaded list may hold. */
export const KIT_LIST_MAX = 20_000;

export interface KitListItem {
  kitTypeId: number;
  count: number;
}

export interface NumberedKit {
  kitNo: string;
  kitTypeId: number;
}

export function kitNumber(prefix: string, running: number): string {
  return `${prefix}${String(running).padStart(KIT_NUMBER_WIDTH, '0')}`;
}

/**
 * The kits of a generated list, in number order: numbers `start`, `start + 1`, … with the kit types placed
 * by a Fisher–Yates shuffle of the stream `kits` of the seed.
 */
export function generateKitNumbers(input: { seed: string; start: number; prefix: string; items: readonly KitListItem[] }): NumberedKit[] {
  const types: number[] = [];
  for (const item of input.items) for (let n = 0; n < item.count; n += 1) types.push(item.kitTypeId);
  if (types.length > KIT_LIST_MAX) throw new RangeError(`A kit list holds at most ${KIT_LIST_MAX} kits`);
  const shuffled = derive(input.seed, 'kits').shuffle(types);
  return shuffled.map((kitTypeId, index) => ({ kitNo: kitNumber(input.prefix, input.start + index), kitTypeId }));
}

/** A problem of an uploaded kit list, on its row (the header is row 1) and column. */
export interface KitListProblem {
  row: number;
  column: string | null;
  code: KitListProblemCode;
  value?: string;
}
export type KitListProblemCode = 'missing_column' | 'missing_value' | 'unknown_kit_type' | 'duplicate_kit' | 'kit_exists' | 'invalid_date' | 'unreadable' | 'empty' | 'too_many';

export interface UploadedKit {
  row: number;
  kitNo: string;
  kitTypeCode: string;
  batch: string;
  expiresOn: string;
}

export const KIT_LIST_COLUMNS = ['kitNo', 'kitType', 'batch', 'expiryDate'] as const;
const KIT_NO = /^[A-Za-z0-9_-]{1,40}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Reads an uploaded kit list: columns kitNo, kitType (a kit type code), batch and expiryDate (YYYY-MM-DD),
 * matched without regard to case and in any order. Every problem is reported; the list is taken whole or not
 * at all, so the kits are returned only when there is none.
 */
export function readKitList(text: string, known: { kitTypeCodes: ReadonlySet<string>; existingKitNos: ReadonlySet<string> }): { kits: UploadedKit[]; problems: KitListProblem[] } {
  const parsed = parseCsv(text, { separator: 'detect' });
  if (!parsed.ok) return { kits: [], problems: [{ row: parsed.line, column: null, code: 'unreadable' }] };
  const [header, ...rows] = parsed.rows;
  if (!header || rows.length === 0) return { kits: [], problems: [{ row: 1, column: null, code: 'empty' }] };
  if (rows.length > KIT_LIST_MAX) return { kits: [], problems: [{ row: 1, column: null, code: 'too_many', value: String(KIT_LIST_MAX) }] };
  const index = new Map(header.map((name, position) => [name.trim().toLowerCase(), position]));
  const missing = KIT_LIST_COLUMNS.filter((column) => !index.has(column.toLowerCase()));
  if (missing.length > 0) return { kits: [], problems: missing.map((column) => ({ row: 1, column, code: 'missing_column' as const })) };
  const cell = (row: readonly string[], column: (typeof KIT_LIST_COLUMNS)[number]) => (row[index.get(column.toLowerCase()) ?? -1] ?? '').trim();

  const problems: KitListProblem[] = [];
  const kits: UploadedKit[] = [];
  const seen = new Set<string>();
  rows.forEach((row, position) => {
    const rowNo = position + 2;
    const kit = { row: rowNo, kitNo: cell(row, 'kitNo'), kitTypeCode: cell(row, 'kitType'), batch: cell(row, 'batch'), expiresOn: cell(row, 'expiryDate') };
    const before = problems.length;
    for (const [column, value] of [['kitNo', kit.kitNo], ['kitType', kit.kitTypeCode], ['batch', kit.batch], ['expiryDate', kit.expiresOn]] as const) {
      if (value === '') problems.push({ row: rowNo, column, code: 'missing_value' });
    }
    if (kit.kitNo !== '') {
      if (!KIT_NO.test(kit.kitNo) || seen.has(kit.kitNo)) problems.push({ row: rowNo, column: 'kitNo', code: 'duplicate_kit', value: kit.kitNo });
      else if (known.existingKitNos.has(kit.kitNo)) problems.push({ row: rowNo, column: 'kitNo', code: 'kit_exists', value: kit.kitNo });
      seen.add(kit.kitNo);
    }
    if (kit.kitTypeCode !== '' && !known.kitTypeCodes.has(kit.kitTypeCode)) problems.push({ row: rowNo, column: 'kitType', code: 'unknown_kit_type', value: kit.kitTypeCode });
    if (kit.expiresOn !== '' && !isIsoDate(kit.expiresOn)) problems.push({ row: rowNo, column: 'expiryDate', code: 'invalid_date', value: kit.expiresOn });
    if (problems.length === before) kits.push(kit);
  });
  return problems.length > 0 ? { kits: [], problems } : { kits, problems };
}
