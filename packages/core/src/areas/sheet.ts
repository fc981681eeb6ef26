import { z } from 'zod';
import type { ErrorCode } from '../errors/catalogue.js';
import { safeText } from '../validation/text.js';
import { AREA_MAX_LEVEL, areaCode, bothOrNeither, latitudeSchema, longitudeSchema } from './schemas.js';

/**
 * The area sheet (CSV or xlsx; docs/decisions.md "Areas"): one area per row after a header row, columns in
 * this order whatever the header says, so a template in either language reads the same. A parent code names
 * an area already stored or another row of the sheet, in any order.
 */
export const AREA_SHEET_COLUMNS = ['code', 'parentCode', 'name', 'nameEn', 'longitude', 'latitude', 'sort'] as const;
export type AreaSheetColumn = (typeof AREA_SHEET_COLUMNS)[number];

/** The most rows one sheet may hold: every county of a large country fits; a world gazetteer does not. */
export const AREA_SHEET_MAX_ROWS = 5000;

/** A sheet row's cells by column name, blanks left out. */
export function areaFromSheetRow(cells: readonly (string | null)[]): Record<string, string> {
  const area: Record<string, string> = {};
  AREA_SHEET_COLUMNS.forEach((column, index) => {
    const text = cells[index]?.trim() ?? '';
    if (text !== '') area[column] = text;
  });
  return area;
}

const sheetNumber = <S extends z.ZodNumber>(schema: S) => z.preprocess((value) => (typeof value === 'string' ? Number(value) : value), schema);

/** One row of an area sheet, by the rules of a single creation (core saveAreaSchema). */
export const importAreaSchema = z
  .strictObject({
    code: areaCode(),
    parentCode: areaCode().optional(),
    name: safeText().min(1).max(100),
    nameEn: safeText().min(1).max(100),
    longitude: sheetNumber(longitudeSchema).optional(),
    latitude: sheetNumber(latitudeSchema).optional(),
    sort: sheetNumber(z.number().int().min(-1_000_000).max(1_000_000)).optional(),
  })
  .refine(bothOrNeither, { params: { message: 'area_point_half' }, path: ['latitude'] });
export type ImportArea = z.output<typeof importAreaSchema>;

export interface AreaSheetProblem {
  field: AreaSheetColumn;
  code: ErrorCode;
  params: Record<string, string | number>;
}

export interface AreaImportPlan {
  /** Problems of each row by its index in the sheet; a row without any is absent. */
  problems: Map<number, AreaSheetProblem[]>;
  /** The row indexes in an order that creates every parent before its children (valid rows only). */
  order: number[];
  /** The level each valid row's area will have. */
  levels: Map<number, number>;
}

/**
 * Checks the rows of a sheet that passed `importAreaSchema` against each other and the stored areas: a code
 * repeated in the sheet or already stored, a parent code found nowhere, a row that is its own ancestor, and
 * an area that would sit below AREA_MAX_LEVEL. A row whose parent row has a problem gets one too, so an
 * import is all or nothing and every row says why.
 */
export function planAreaImport(rows: readonly (ImportArea | null)[], stored: readonly { code: string; level: number }[]): AreaImportPlan {
  const problems = new Map<number, AreaSheetProblem[]>();
  const complain = (index: number, problem: AreaSheetProblem) => problems.set(index, [...(problems.get(index) ?? []), problem]);
  const storedLevel = new Map(stored.map((area) => [area.code.toLowerCase(), area.level]));
  const rowByCode = new Map<string, number[]>();
  rows.forEach((row, index) => {
    if (row) rowByCode.set(row.code.toLowerCase(), [...(rowByCode.get(row.code.toLowerCase()) ?? []), index]);
  });
  rows.forEach((row, index) => {
    if (!row) return;
    const key = row.code.toLowerCase();
    if (storedLevel.has(key)) complain(index, { field: 'code', code: 'area.code_taken', params: { code: row.code } });
    else if ((rowByCode.get(key)?.length ?? 0) > 1) complain(index, { field: 'code', code: 'area.sheet_duplicate', params: { code: row.code } });
    const parent = row.parentCode?.toLowerCase();
    if (parent === undefined) return;
    if (parent === key) complain(index, { field: 'parentCode', code: 'area.parent_is_self', params: {} });
    else if (!storedLevel.has(parent) && !rowByCode.has(parent)) complain(index, { field: 'parentCode', code: 'area.parent_unknown', params: { code: row.parentCode ?? '' } });
  });

  const levels = new Map<number, number>();
  const failed = new Set<number>();
  const order: number[] = [];
  const resolving = new Set<number>();
  const fail = (index: number, problem?: AreaSheetProblem): null => {
    if (problem) complain(index, problem);
    failed.add(index);
    return null;
  };
  // The level of a row, or null when it or a row up its chain of parents has a problem, or the chain loops.
  const levelOf = (index: number): number | null => {
    const known = levels.get(index);
    if (known !== undefined) return known;
    const row = rows[index];
    if (failed.has(index) || resolving.has(index)) return null;
    if (!row || problems.has(index)) return fail(index);
    const parent = row.parentCode?.toLowerCase();
    const fromStore = parent === undefined ? 0 : storedLevel.get(parent);
    let parentLevel: number | null = fromStore ?? null;
    const parentRow = parent === undefined ? undefined : rowByCode.get(parent)?.[0];
    if (parentLevel === null && parentRow !== undefined) {
      resolving.add(index);
      parentLevel = levelOf(parentRow);
      resolving.delete(index);
    }
    if (parentLevel === null) {
      const loops = chainLoops(rows, rowByCode, index);
      return fail(index, { field: 'parentCode', code: loops ? 'area.sheet_cycle' : 'area.parent_invalid', params: { code: row.parentCode ?? '' } });
    }
    if (parentLevel + 1 > AREA_MAX_LEVEL) return fail(index, { field: 'parentCode', code: 'area.too_deep', params: { max: AREA_MAX_LEVEL } });
    levels.set(index, parentLevel + 1);
    order.push(index);
    return parentLevel + 1;
  };
  rows.forEach((_row, index) => levelOf(index));
  return { problems, order, levels };
}

/** Whether following parent codes from row `start` through the sheet comes back to a row already passed. */
function chainLoops(rows: readonly (ImportArea | null)[], rowByCode: ReadonlyMap<string, number[]>, start: number): boolean {
  const seen = new Set<number>();
  for (let at: number | undefined = start; at !== undefined; ) {
    if (seen.has(at)) return true;
    seen.add(at);
    const parent: string | undefined = rows[at]?.parentCode?.toLowerCase();
    at = parent === undefined ? undefined : rowByCode.get(parent)?.[0];
  }
  return false;
}

export const areaImportRowSchema = z.object({
  /** The row number in the sheet (the header is row 1). */
  row: z.number(),
  area: z.record(z.string(), z.string()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type AreaImportRow = z.infer<typeof areaImportRowSchema>;

/**
 * POST /dcap/sys/area/import: every row with its problems in the caller's language; `imported` is how many
 * areas were created: none on a dry run or when any row has a problem (all or none).
 */
export const areaImportReportSchema = z.object({ rows: z.array(areaImportRowSchema), total: z.number(), valid: z.number(), imported: z.number(), dryRun: z.boolean() });
export type AreaImportReport = z.infer<typeof areaImportReportSchema>;
