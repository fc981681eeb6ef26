import type { AreaImportReport, AreaImportRow, AreaStandardResult, ImportArea, Locale } from '@dcap/core';
import { AREA_SHEET_MAX_ROWS, AppError, areaCode, areaFromSheetRow, describeValidationIssues, errorMessage, importAreaSchema, planAreaImport } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import * as repo from './repo.js';
import { insertPlanned } from './service.js';
import { readAreaSheet } from './sheet.js';
import { STANDARD_AREAS } from './standard-cn.js';

type Caller = { actor: Actor; meta: RequestMeta };

/**
 * POST /dcap/sys/area/import (docs/decisions.md "Areas"): reads a CSV or xlsx sheet, checks every row by the
 * rules of a single creation and against the stored tree and the other rows, and answers each row's
 * problems in the caller's language. Unless it is a dry run, and only when every row passes, it creates
 * every area in one transaction with an audit row each: all or none. The tree is locked while it checks,
 * so what it checked is what it writes.
 */
export async function importAreaSheet(deps: ServiceDeps, caller: Caller, file: Buffer, dryRun: boolean): Promise<AreaImportReport> {
  const cells = await readAreaSheet(file);
  if (!cells) throw new AppError('area.sheet_unreadable');
  const lines = cells.map((row, index) => ({ row: index + 2, cells: row })).filter((line) => line.cells.some((cell) => cell !== null && cell.trim() !== ''));
  if (lines.length === 0) throw new AppError('area.sheet_empty');
  if (lines.length > AREA_SHEET_MAX_ROWS) throw new AppError('area.sheet_too_many', { max: AREA_SHEET_MAX_ROWS });
  const locale: Locale = caller.meta.locale;
  const texts = lines.map((line) => areaFromSheetRow(line.cells));
  const checked = texts.map((text) => importAreaSchema.safeParse(text, { reportInput: true }));
  const parsed: (ImportArea | null)[] = checked.map((result) => (result.success ? result.data : null));

  // A row with a bad cell is still checked against the tree by its codes, so each row names all its problems at once.
  const planned = parsed.map((row, index) => row ?? codesOnly(texts[index] ?? {}));

  return platformWrite(deps, caller, async (trx, audit) => {
    if (!dryRun) await repo.lockAreaTree(trx);
    const plan = planAreaImport(planned, await repo.areaLinks(trx));
    const rows: AreaImportRow[] = lines.map((line, index) => {
      const result = checked[index];
      const errors = result && !result.success ? describeValidationIssues(result.error.issues, locale).map((issue) => ({ field: issue.path, message: issue.message })) : [];
      for (const problem of plan.problems.get(index) ?? []) errors.push({ field: problem.field, message: errorMessage(problem.code, locale, problem.params) });
      return { row: line.row, area: texts[index] ?? {}, errors };
    });
    const valid = rows.filter((row) => row.errors.length === 0).length;
    const imported = !dryRun && valid === rows.length ? await insertPlanned(trx, audit, parsed, plan, 'import') : 0;
    return { rows, total: rows.length, valid, imported, dryRun };
  });
}

/** A row's code and parent code when both are well formed, for the tree checks of a row whose other cells are not. */
function codesOnly(text: Record<string, string>): ImportArea | null {
  const code = areaCode().safeParse(text.code);
  const parent = text.parentCode === undefined ? undefined : areaCode().safeParse(text.parentCode);
  if (!code.success || (parent && !parent.success)) return null;
  return { code: code.data, name: '', nameEn: '', ...(parent ? { parentCode: parent.data } : {}) };
}

/**
 * POST /dcap/sys/area/loadStandard: adds the areas of the standard list (China and its provinces) whose codes
 * are not stored yet, under the stored ones where they are; loading it twice adds nothing the second time.
 */
export async function loadStandardAreas(deps: ServiceDeps, caller: Caller): Promise<AreaStandardResult> {
  return platformWrite(deps, caller, async (trx, audit) => {
    await repo.lockAreaTree(trx);
    const stored = await repo.areaLinks(trx);
    const codes = new Set(stored.map((area) => area.code.toLowerCase()));
    const missing = STANDARD_AREAS.filter((area) => !codes.has(area.code.toLowerCase()));
    const plan = planAreaImport(missing, stored);
    const [problem] = [...plan.problems.values()].flat();
    if (problem) throw new AppError(problem.code, problem.params);
    const created = await insertPlanned(trx, audit, missing, plan, 'standard');
    return { created, present: STANDARD_AREAS.length - missing.length };
  });
}
