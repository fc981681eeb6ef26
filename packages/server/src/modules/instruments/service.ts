import type { Instrument, PanelData, SaveInstrumentRequest } from '@dcap/core';
import { AppError, INSTRUMENT_ABBR_MAX, patched } from '@dcap/core';
import type { InstrumentRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Executor } from '../audit/repo.js';
import type { ProjectContext } from '../projects/access.js';
import type { SnapshotInstrument } from '../publishing/snapshot.js';
import { findVersion, latestVersion, listVersions, snapshotOf } from '../publishing/snapshot.js';
import type { ProjectCaller } from '../../http/context.js';
import { DESIGN_CHANGE, projectWrite } from '../../http/project-write.js';
import { auditedInstrument, emptyPanel, presentDraft, presentInstrument } from './presenter.js';
import * as repo from './repo.js';

/** The instruments of the latest design version by id, to tell which drafts changed since publishing. */
async function publishedInstruments(db: Executor, projectId: number): Promise<Map<number, SnapshotInstrument>> {
  const latest = await latestVersion(db, projectId);
  return new Map((latest ? snapshotOf(latest).instruments : []).map((entry) => [entry.id, entry]));
}

export async function presentAll(db: Executor, projectId: number): Promise<Instrument[]> {
  const published = await publishedInstruments(db, projectId);
  return (await repo.listInstruments(db, projectId)).map((row) => presentInstrument(row, published.get(row.id)));
}

async function presentOne(db: Executor, row: InstrumentRow): Promise<Instrument> {
  return presentInstrument(row, (await publishedInstruments(db, row.project_id)).get(row.id));
}

/** An instrument of the project; another project's instrument is "not found". */
export async function instrumentIn(db: Executor, context: ProjectContext, id: number, lock = false): Promise<InstrumentRow> {
  const row = lock ? await repo.findInstrumentForUpdate(db, id) : await repo.findInstrument(db, id);
  if (!row || row.project_id !== context.project.id) throw new AppError('instrument.not_found');
  return row;
}

/** The project's instrument ids under a row lock, for a write of another module that names them (the matrix). */
export function lockInstrumentIds(db: Executor, projectId: number): Promise<number[]> {
  return repo.lockInstrumentIds(db, projectId);
}

export function listInstruments(deps: ServiceDeps, context: ProjectContext): Promise<Instrument[]> {
  return presentAll(deps.db, context.project.id);
}

/**
 * A fresh abbreviation for a copy: the original with `_copy`, then `_copy2`, `_copy3`…, shortened so the
 * result stays within the limit and unique in the project regardless of case.
 */
export function copyAbbreviation(original: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '_copy' : `_copy${String(n)}`;
    const candidate = original.slice(0, INSTRUMENT_ABBR_MAX - suffix.length) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** POST /dcap/project/instrument/save: creates an instrument with an empty draft, or renames one. */
export async function saveInstrument(deps: ServiceDeps, caller: ProjectCaller, body: SaveInstrumentRequest): Promise<Instrument> {
  const projectId = caller.project.project.id;
  const now = deps.clock.now();
  return projectWrite(
    deps,
    caller,
    { ...DESIGN_CHANGE, errorContext: { nameAbbr: body.nameAbbr } },
    async (trx, audit) => {
      if (body.id === undefined) {
        const panel = emptyPanel();
        const row = await repo.insertInstrument(trx, {
          project_id: projectId,
          kind: body.kind ?? 'form',
          name: body.name,
          name_en: body.nameEn ?? null,
          name_abbr: body.nameAbbr,
          description: body.description ?? null,
          sort: await repo.nextSort(trx, projectId),
          panel: JSON.stringify(panel),
          updated_at: now,
          updated_by: caller.actor.username,
        });
        await audit({ action: 'instrument.create', entityType: 'instrument', entityId: row.id, newValue: auditedInstrument(row) });
        return presentOne(trx, row);
      }
      const before = await instrumentIn(trx, caller.project, body.id, true);
      // The kind decides which designer edits the panel, so it is fixed once the instrument exists.
      if (body.kind !== undefined && body.kind !== before.kind) throw new AppError('instrument.kind_mismatch', { kind: before.kind });
      // Partial update (core patched): a field left out keeps its value, null clears it.
      const after = await repo.updateInstrument(trx, before.id, {
        name: body.name,
        name_en: patched(before.name_en, body.nameEn),
        name_abbr: body.nameAbbr,
        description: patched(before.description, body.description),
        updated_at: now,
        updated_by: caller.actor.username,
      });
      await audit.change('instrument', after.id, { kind: 'update', before: auditedInstrument(before), after: auditedInstrument(after) });
      return presentOne(trx, after);
    },
  );
}

/** GET /dcap/project/instrument/copy/{id}: a copy of the draft inside the project, under a new abbreviation. */
export async function copyInstrument(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<Instrument> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    const source = await instrumentIn(trx, caller.project, id);
    const row = await repo.insertInstrument(trx, {
      project_id: projectId,
      kind: source.kind,
      name: `${source.name} 副本`,
      name_en: source.name_en === null ? null : `${source.name_en} (copy)`,
      name_abbr: copyAbbreviation(source.name_abbr, await repo.abbreviationsInUse(trx, projectId)),
      description: source.description,
      sort: await repo.nextSort(trx, projectId),
      panel: JSON.stringify(source.panel),
      field_count: source.field_count,
      updated_at: deps.clock.now(),
      updated_by: caller.actor.username,
    });
    await audit({ action: 'instrument.copy', entityType: 'instrument', entityId: row.id, newValue: { ...auditedInstrument(row), copiedFrom: source.id } });
    return presentOne(trx, row);
  });
}

/**
 * POST /dcap/project/instrument/delete: removes the draft instrument and its matrix cells. Published
 * versions keep their own snapshot, so data entered with them still finds its panel.
 */
export async function deleteInstrument(deps: ServiceDeps, caller: ProjectCaller, id: number): Promise<{ id: number }> {
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    const row = await instrumentIn(trx, caller.project, id, true);
    const events = await repo.eventsOfInstrument(trx, id);
    await repo.deleteInstruments(trx, [id]);
    await audit({ action: 'instrument.delete', entityType: 'instrument', entityId: id, oldValue: { ...auditedInstrument(row), panel: row.panel, eventIds: events } });
    return { id };
  });
}

/** POST /dcap/project/instrument/sort: the full ordered list of the project's instrument ids. */
export async function sortInstruments(deps: ServiceDeps, caller: ProjectCaller, ids: readonly number[]): Promise<Instrument[]> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, DESIGN_CHANGE, async (trx, audit) => {
    const rows = await repo.listInstruments(trx, projectId);
    const current = rows.map((row) => row.id);
    const complete = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
    if (!complete) throw new AppError('design.incomplete_order');
    for (const [index, id] of ids.entries()) {
      const row = rows.find((candidate) => candidate.id === id);
      if (row && row.sort !== index + 1) await repo.updateInstrument(trx, id, { sort: index + 1 });
    }
    if (current.some((id, index) => ids[index] !== id)) {
      await audit({ action: 'instrument.sort', entityType: 'project', entityId: projectId, oldValue: { order: current }, newValue: { order: ids } });
    }
    return presentAll(trx, projectId);
  });
}

/** POST /dcap/project/instrument/preview: the draft, or the panel of the latest version that has it. */
export async function previewInstrument(deps: ServiceDeps, context: ProjectContext, instrumentId: number, mode: 'draft' | 'published'): Promise<PanelData> {
  const row = await instrumentIn(deps.db, context, instrumentId);
  if (mode === 'draft') return presentDraft(row);
  const versions = await listVersions(deps.db, context.project.id);
  for (const version of versions) {
    const entry = snapshotOf(version).instruments.find((candidate) => candidate.id === instrumentId);
    if (entry) return publishedPanel(entry, version.version);
  }
  throw new AppError('design.version_not_found', { version: '-' });
}

function publishedPanel(entry: SnapshotInstrument, version: number): PanelData {
  return { instrumentId: entry.id, name: entry.name, nameEn: entry.nameEn, nameAbbr: entry.nameAbbr, kind: entry.kind, panel: entry.panel, revision: version };
}

/** GET /dcap/project/instrument/preview/{instrumentId}/{version}: the panel exactly as that version holds it. */
export async function previewVersion(deps: ServiceDeps, context: ProjectContext, instrumentId: number, version: number): Promise<PanelData> {
  const row = await findVersion(deps.db, context.project.id, version);
  if (!row) throw new AppError('design.version_not_found', { version });
  const entry = snapshotOf(row).instruments.find((candidate) => candidate.id === instrumentId);
  if (!entry) throw new AppError('instrument.not_found');
  return publishedPanel(entry, version);
}
