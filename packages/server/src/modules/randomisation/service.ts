import { createHash, randomBytes } from 'node:crypto';
import type { RandScheme, RandSlot, RandTable, RandTableKind, SchemeSaveRequest, SimulateRequest, SimulationReport } from '@dcap/core';
import {
  AppError,
  cleanFileName,
  deriveSeed,
  errorMessage,
  generateTable,
  isTableScheme,
  newSeed,
  readUploadedTable,
  schemeSaveSchema,
  SEED_BYTES,
  simulate,
  simulateRequestSchema,
} from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectWriteRule } from '../../http/project-write.js';
import { projectWrite } from '../../http/project-write.js';
import type { UploadedFileInfo } from '../../http/uploads.js';
import { readImportFile } from '../imports/read-file.js';
import { dataScope } from '../subjects/scope.js';
import { blindingOf } from './blinding.js';
import { presentScheme, presentSlot, presentTable, settingsOf } from './presenter.js';
import * as repo from './repo.js';

/**
 * Schemes, lists and simulations of the Balance application (docs/decisions.md, "Randomisation, blinding and
 * supply"). Only an unblinded role over every site designs them (`randomisation.design`); every write is
 * audited with the scheme's content, since a statistician must be able to show what was approved and when.
 */
const DESIGN: ProjectWriteRule = { right: 'randomisation.design' };

async function schemeOrThrow(deps: ServiceDeps, caller: ProjectCaller, id: number) {
  const row = await repo.findScheme(deps.db, caller.project.project.id, id);
  if (!row) throw new AppError('randomisation.scheme_not_found');
  return row;
}

async function presentById(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<RandScheme> {
  const scope = await dataScope(deps.db, caller);
  return presentScheme(await schemeOrThrow(deps, caller, id), await blindingOf(deps.db, caller, scope.env.id));
}

/** GET /dcap/balance/scheme/list: the project's schemes, newest first, as the caller may see them. */
export async function listSchemes(deps: ServiceDeps, caller: ProjectCaller): Promise<RandScheme[]> {
  const scope = await dataScope(deps.db, caller);
  const blinding = await blindingOf(deps.db, caller, scope.env.id);
  return (await repo.listSchemes(deps.db, caller.project.project.id)).map((row) => presentScheme(row, blinding));
}

export async function getScheme(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<RandScheme> {
  return presentById(deps, caller, id);
}

/** POST /dcap/balance/scheme/save: a new draft (with its own seed), or a change to a draft on the version read. */
export async function saveScheme(deps: ServiceDeps, caller: ProjectCaller, input: SchemeSaveRequest): Promise<RandScheme> {
  const body = schemeSaveSchema.parse(input);
  const projectId = caller.project.project.id;
  const userId = caller.actor.userId;
  const now = deps.clock.now();
  const id = await projectWrite(deps, caller, DESIGN, async (trx, audit) => {
    await checkFactorSources(trx, caller, body.settings.factorSources, body.settings.scheme);
    const definition = JSON.stringify(body.settings);
    if (body.id === undefined) {
      const row = await repo.insertScheme(trx, { project_id: projectId, name: body.name, definition, seed: newSeed(randomBytes(SEED_BYTES)), created_by: userId, updated_by: userId, created_at: now, updated_at: now });
      await audit({ action: 'randomisation.scheme_create', entityType: 'rand_scheme', entityId: row.id, newValue: { name: body.name, settings: body.settings, seed: row.seed } });
      return row.id;
    }
    const current = await repo.lockScheme(trx, projectId, body.id);
    if (!current) throw new AppError('randomisation.scheme_not_found');
    if (current.status !== 'draft') throw new AppError('randomisation.scheme_not_draft');
    if (body.version !== undefined && body.version !== current.version) throw new AppError('conflict.stale');
    await repo.updateScheme(trx, current.id, { name: body.name, definition, version: current.version + 1, updated_by: userId, updated_at: now });
    await audit({
      action: 'randomisation.scheme_update',
      entityType: 'rand_scheme',
      entityId: current.id,
      oldValue: { name: current.name, settings: current.definition, version: current.version },
      newValue: { name: body.name, settings: body.settings, version: current.version + 1 },
    });
    return current.id;
  });
  return presentById(deps, caller, id);
}

/** Each factor read from a panel names a field of the design; the check runs when the scheme is saved. */
async function checkFactorSources(db: Executor, caller: ProjectCaller, sources: Record<string, { instrumentId: number; model: string }>, scheme: { method: string; factors?: readonly { code: string }[] }): Promise<void> {
  const factorCodes = new Set((scheme.factors ?? []).map((factor) => factor.code));
  for (const [code, source] of Object.entries(sources)) {
    if (!factorCodes.has(code)) throw new AppError('randomisation.factor_unknown', { factor: code });
    if (!(await repo.instrumentOfProject(db, caller.project.project.id, source.instrumentId))) throw new AppError('randomisation.factor_source_invalid', { factor: code });
  }
}

/** POST /dcap/balance/scheme/delete: a draft no one approved. */
export async function deleteScheme(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<null> {
  await projectWrite(deps, caller, DESIGN, async (trx, audit) => {
    const current = await repo.lockScheme(trx, caller.project.project.id, id);
    if (!current) throw new AppError('randomisation.scheme_not_found');
    if (current.status !== 'draft') throw new AppError('randomisation.scheme_not_draft');
    await repo.deleteScheme(trx, id);
    await audit({ action: 'randomisation.scheme_delete', entityType: 'rand_scheme', entityId: id, oldValue: { name: current.name, settings: current.definition } });
  });
  return null;
}

/**
 * POST /dcap/balance/scheme/simulate: N simulated trials of the scheme over the project's sites, on a seed
 * derived from the scheme's (so a simulation can be repeated exactly). The summary is kept with the scheme:
 * approving needs one of the version being approved.
 */
export async function simulateScheme(deps: ServiceDeps, caller: ProjectCaller, input: SimulateRequest): Promise<SimulationReport> {
  const body = simulateRequestSchema.parse(input);
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, DESIGN, async (trx, audit) => {
    const current = await repo.lockScheme(trx, projectId, body.id);
    if (!current) throw new AppError('randomisation.scheme_not_found');
    const settings = settingsOf(current);
    const sites = (await repo.projectSites(trx, projectId)).map((site) => site.code);
    const seed = deriveSeed(current.seed, `simulation:v${String(current.version)}`);
    const result = simulate(settings.scheme, seed, { trials: body.trials, subjectsPerTrial: body.subjectsPerTrial, siteCodes: sites.length > 0 ? sites : ['SITE'] });
    const report: SimulationReport = {
      version: current.version,
      trials: body.trials,
      subjectsPerTrial: body.subjectsPerTrial,
      ranAt: deps.clock.now().toISOString(),
      overall: result.summary.overall,
      marginal: result.summary.marginal,
      levels: result.summary.levels,
      strata: result.summary.strata,
      armShares: result.summary.armShares,
      histogram: result.histogram,
    };
    await repo.updateScheme(trx, current.id, { simulation: JSON.stringify(report) });
    await audit({ action: 'randomisation.scheme_simulate', entityType: 'rand_scheme', entityId: current.id, newValue: { version: current.version, trials: body.trials, subjectsPerTrial: body.subjectsPerTrial, overall: report.overall } });
    return report;
  });
}

/**
 * POST /dcap/balance/scheme/approve: the draft becomes the scheme subjects are randomised by, once simulated
 * in its current version. An approved scheme that has randomised subjects is never replaced.
 */
export async function approveScheme(deps: ServiceDeps, caller: ProjectCaller, body: { id: number; version: number }): Promise<RandScheme> {
  const projectId = caller.project.project.id;
  await projectWrite(deps, caller, DESIGN, async (trx, audit) => {
    const current = await repo.lockScheme(trx, projectId, body.id);
    if (!current) throw new AppError('randomisation.scheme_not_found');
    if (current.status !== 'draft') throw new AppError('randomisation.scheme_not_draft');
    if (current.version !== body.version) throw new AppError('conflict.stale');
    const simulation = current.simulation as SimulationReport | null;
    if (!simulation || simulation.version !== current.version) throw new AppError('randomisation.simulation_required');
    const previous = await repo.approvedScheme(trx, projectId);
    if (previous) {
      if (await repo.schemeUsed(trx, previous.id)) throw new AppError('randomisation.scheme_in_use', { name: previous.name });
      await repo.updateScheme(trx, previous.id, { status: 'retired' });
      await audit({ action: 'randomisation.scheme_retire', entityType: 'rand_scheme', entityId: previous.id, newValue: { replacedBy: current.id } });
    }
    const now = deps.clock.now();
    await repo.updateScheme(trx, current.id, { status: 'approved', approved_by: caller.actor.userId, approved_at: now });
    await audit({ action: 'randomisation.scheme_approve', entityType: 'rand_scheme', entityId: current.id, newValue: { version: current.version, simulation: { trials: simulation.trials, overall: simulation.overall } } });
  });
  return presentById(deps, caller, body.id);
}

/** GET /dcap/balance/table/list: the lists of a scheme, with how many slots are used. */
export async function listTables(deps: ServiceDeps, caller: ProjectCaller, schemeId: number): Promise<RandTable[]> {
  await schemeOrThrow(deps, caller, schemeId);
  return (await repo.listTables(deps.db, caller.project.project.id, schemeId)).map(presentTable);
}

/** A new list replaces the active one of its kind only while no subject has used it. */
async function replaceActiveTable(trx: Executor, schemeId: number, kind: RandTableKind, audit: (entry: { action: string; entityType: string; entityId: number; newValue: unknown }) => Promise<void>): Promise<void> {
  const active = await repo.activeTable(trx, schemeId, kind);
  if (!active) return;
  if (await repo.tableUsed(trx, active.id)) throw new AppError('randomisation.table_in_use', { kind });
  await repo.retireTable(trx, active.id);
  await audit({ action: 'randomisation.table_retire', entityType: 'rand_table', entityId: active.id, newValue: { kind } });
}

/**
 * POST /dcap/balance/table/generate: the list of a kind made from a seed derived from the scheme's and
 * recorded with the list, over the project's sites in the order they were added: the same seed and sites
 * give the same list.
 */
export async function generateSchemeTable(deps: ServiceDeps, caller: ProjectCaller, body: { schemeId: number; kind: RandTableKind }): Promise<RandTable> {
  const projectId = caller.project.project.id;
  const id = await projectWrite(deps, caller, DESIGN, async (trx, audit) => {
    const scheme = await repo.lockScheme(trx, projectId, body.schemeId);
    if (!scheme) throw new AppError('randomisation.scheme_not_found');
    const settings = settingsOf(scheme);
    if (!isTableScheme(settings.scheme)) throw new AppError('randomisation.table_method');
    await replaceActiveTable(trx, scheme.id, body.kind, audit);
    const sites = (await repo.projectSites(trx, projectId)).map((site) => site.code);
    // The n-th list of a kind has its own seed, so a replaced list is never silently made again.
    const made = await repo.countTables(trx, scheme.id, body.kind);
    const seed = deriveSeed(scheme.seed, `table:${body.kind}:${String(made + 1)}`);
    const slots = generateTable(settings.scheme, seed, sites);
    const table = { id: await repo.insertTable(trx, { scheme_id: scheme.id, project_id: projectId, kind: body.kind, source: 'generated', seed, slot_count: slots.length, created_by: caller.actor.userId, created_at: deps.clock.now() }) };
    await repo.insertSlots(trx, table.id, slots);
    await audit({ action: 'randomisation.table_generate', entityType: 'rand_table', entityId: table.id, newValue: { schemeId: scheme.id, kind: body.kind, seed, slots: slots.length, sites } });
    return table.id;
  });
  return presentTableById(deps, caller, body.schemeId, id);
}

async function presentTableById(deps: ServiceDeps, caller: ProjectCaller, schemeId: number, id: number): Promise<RandTable> {
  const row = (await repo.listTables(deps.db, caller.project.project.id, schemeId)).find((table) => table.id === id);
  if (!row) throw new AppError('randomisation.table_not_found');
  return presentTable(row);
}

/**
 * POST /dcap/balance/table/upload: a statistician's own list (CSV or xlsx, columns of core `tableUploadColumns`),
 * checked row by row; any problem keeps it out whole and is reported with its row.
 */
export async function uploadSchemeTable(
  deps: ServiceDeps,
  caller: ProjectCaller,
  body: { file: Uint8Array; schemeId: number; kind: RandTableKind },
  info: UploadedFileInfo | null,
): Promise<{ table: RandTable | null; problems: { row: number; column?: string; message: string }[] }> {
  const projectId = caller.project.project.id;
  const bytes = Buffer.from(body.file);
  const { sheet } = await readImportFile({ name: info?.filename ?? '', bytes, truncated: info?.truncated ?? false });
  const rows = sheet.map((line) => line.map((cell) => (cell === null || cell === undefined ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell))));
  const fileName = cleanFileName(info?.filename ?? '').slice(0, 255) || 'randomisation-list';
  const outcome = await projectWrite(deps, caller, DESIGN, async (trx, audit) => {
    const scheme = await repo.lockScheme(trx, projectId, body.schemeId);
    if (!scheme) throw new AppError('randomisation.scheme_not_found');
    const settings = settingsOf(scheme);
    if (!isTableScheme(settings.scheme)) throw new AppError('randomisation.table_method');
    const sites = (await repo.projectSites(trx, projectId)).map((site) => site.code);
    const read = readUploadedTable(settings.scheme, sites, rows);
    if (!read.ok) return { id: null, problems: read.problems };
    await replaceActiveTable(trx, scheme.id, body.kind, audit);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const table = { id: await repo.insertTable(trx, { scheme_id: scheme.id, project_id: projectId, kind: body.kind, source: 'uploaded', file_name: fileName, file_sha256: sha256, slot_count: read.slots.length, created_by: caller.actor.userId, created_at: deps.clock.now() }) };
    await repo.insertSlots(trx, table.id, read.slots);
    await audit({ action: 'randomisation.table_upload', entityType: 'rand_table', entityId: table.id, newValue: { schemeId: scheme.id, kind: body.kind, fileName, sha256, slots: read.slots.length } });
    return { id: table.id, problems: [] };
  });
  const locale = caller.meta.locale;
  return {
    table: outcome.id === null ? null : await presentTableById(deps, caller, body.schemeId, outcome.id),
    problems: outcome.problems.map((problem) => ({ row: problem.row, ...(problem.column === undefined ? {} : { column: problem.column }), message: errorMessage(problem.code, locale, problem.params) })),
  };
}

/** POST /dcap/balance/table/slots: a page of a list's slots with the subject each went to (unblinded designers only). */
export async function tableSlots(deps: ServiceDeps, caller: ProjectCaller, body: { tableId: number; stratum?: string | undefined; page: number; pageSize: number }): Promise<{ list: RandSlot[]; total: number }> {
  const table = await repo.findTable(deps.db, caller.project.project.id, body.tableId);
  if (!table) throw new AppError('randomisation.table_not_found');
  const page = await repo.slotPage(deps.db, table.id, body.stratum, (body.page - 1) * body.pageSize, body.pageSize);
  return { list: page.rows.map(presentSlot), total: page.total };
}

