import type { Area, AreaList, ImportArea, SaveAreaRequest } from '@dcap/core';
import { AREA_MAX_LEVEL, AppError, applyPatch, areaLevels, bothOrNeither, checkAreaParent, orderAreas } from '@dcap/core';
import type { AreaRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { Actor, RequestMeta } from '../../http/context.js';
import type { PlatformAuditor } from '../../http/project-write.js';
import { platformWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import { auditedArea, presentArea } from './presenter.js';
import * as repo from './repo.js';
import type { SiteLocation } from './locations-repo.js';
import { siteAreaLocations } from './locations-repo.js';

/** The area dictionary (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas"). */

const links = (rows: readonly Pick<AreaRow, 'id' | 'parent_id'>[]) => rows.map((row) => ({ id: row.id, parentId: row.parent_id }));

export async function listAreas(deps: ServiceDeps): Promise<AreaList> {
  const rows = await repo.listAreas(deps.db);
  return { areas: orderAreas(rows.map((row) => presentArea(row, row.unit_count))) };
}

type Caller = { actor: Actor; meta: RequestMeta };

/** POST /dcap/sys/area/save: creates an area, or changes one (moving it moves its subtree, whose levels follow). */
export async function saveArea(deps: ServiceDeps, caller: Caller, body: SaveAreaRequest): Promise<Area> {
  return platformWrite(
    deps,
    caller,
    async (trx, audit) => {
      await repo.lockAreaTree(trx);
      const stored = await repo.areaLinks(trx);
      const codeOf = (id: number | null) => (id === null ? null : (stored.find((area) => area.id === id)?.code ?? null));
      const parentId = body.parentId ?? null;
      if (body.id === undefined) {
        const code = body.code ?? '';
        if (await repo.findAreaByCode(trx, code)) throw new AppError('area.code_taken', { code });
        const level = await placeUnder(trx, stored, null, parentId);
        const row = await repo.insertArea(trx, {
          code,
          parent_id: parentId,
          name: body.name ?? '',
          name_en: body.nameEn ?? '',
          level,
          sort: body.sort ?? 0,
          longitude: body.longitude ?? null,
          latitude: body.latitude ?? null,
          enabled: body.enabled ?? true,
        });
        await audit.change('area', row.id, { kind: 'create', after: auditedArea(row, codeOf(parentId)) });
        return presentArea(row, 0);
      }
      const id = body.id;
      const before = await repo.findArea(trx, id);
      if (!before) throw new AppError('area.not_found');
      const next = applyPatch(
        { code: before.code, parentId: before.parent_id, name: before.name, nameEn: before.name_en, sort: before.sort, longitude: before.longitude, latitude: before.latitude, enabled: before.enabled },
        body,
      );
      if (next.code.toLowerCase() !== before.code.toLowerCase()) {
        const clash = await repo.findAreaByCode(trx, next.code);
        if (clash) throw new AppError('area.code_taken', { code: next.code });
      }
      if (!bothOrNeither(next)) throw new AppError('area.point_half');
      const moved = next.parentId !== before.parent_id;
      const level = moved ? await placeUnder(trx, stored, id, next.parentId) : before.level;
      const after = await repo.updateArea(trx, id, {
        code: next.code,
        parent_id: next.parentId,
        name: next.name,
        name_en: next.nameEn,
        level,
        sort: next.sort,
        longitude: next.longitude,
        latitude: next.latitude,
        enabled: next.enabled,
        updated_at: deps.clock.now(),
      });
      await audit.change('area', id, { kind: 'update', before: auditedArea(before, codeOf(before.parent_id)), after: auditedArea(after, codeOf(after.parent_id)) });
      if (moved) await relevelSubtree(trx, audit, stored, id, next.parentId, deps.clock.now());
      return presentArea(after, await repo.countUnitsIn(trx, id));
    },
    { code: body.code ?? '' },
  );
}

/** The level an area takes under `parentId`, after checking the parent exists and the move is allowed. */
async function placeUnder(trx: Executor, stored: readonly Pick<AreaRow, 'id' | 'parent_id'>[], id: number | null, parentId: number | null): Promise<number> {
  if (parentId === null) return 1;
  const parent = await repo.findArea(trx, parentId);
  if (!parent) throw new AppError('area.parent_missing');
  const problem = checkAreaParent(links(stored), id, parentId);
  if (problem === 'area.too_deep') throw new AppError(problem, { max: AREA_MAX_LEVEL });
  if (problem) throw new AppError(problem);
  return parent.level + 1;
}

/** After a move, the levels below the moved area follow; each descendant whose level changed gets its audit row. */
async function relevelSubtree(trx: Executor, audit: PlatformAuditor, stored: readonly Pick<AreaRow, 'id' | 'parent_id' | 'level'>[], id: number, parentId: number | null, now: Date): Promise<void> {
  const levels = areaLevels(stored.map((row) => ({ id: row.id, parentId: row.id === id ? parentId : row.parent_id })));
  for (const row of stored) {
    const level = levels.get(row.id);
    if (row.id === id || level === undefined || level === row.level) continue;
    await repo.updateArea(trx, row.id, { level, updated_at: now });
    await audit.change('area', row.id, { kind: 'update', before: { level: row.level }, after: { level } });
  }
}

/** POST /dcap/sys/area/delete: only an area no unit names and without sub-areas. */
export async function deleteArea(deps: ServiceDeps, caller: Caller, id: number): Promise<void> {
  await platformWrite(deps, caller, async (trx, audit) => {
    await repo.lockAreaTree(trx);
    const before = await repo.findArea(trx, id);
    if (!before) throw new AppError('area.not_found');
    const children = await repo.countChildren(trx, id);
    if (children > 0) throw new AppError('area.has_children', { count: children });
    const units = await repo.countUnitsIn(trx, id);
    if (units > 0) throw new AppError('area.has_units', { count: units });
    const parent = before.parent_id === null ? undefined : await repo.findArea(trx, before.parent_id);
    await repo.deleteArea(trx, id);
    await audit.change('area', id, { kind: 'delete', before: auditedArea(before, parent?.code ?? null) });
  });
}

/**
 * Creates the planned areas in order (parents first), each with its audit row marking where it came from.
 * `order` and `levels` are core planAreaImport's, over `rows`.
 */
export async function insertPlanned(
  trx: Executor,
  audit: PlatformAuditor,
  rows: readonly (ImportArea | null)[],
  plan: { order: number[]; levels: Map<number, number> },
  source: 'import' | 'standard',
): Promise<number> {
  const idByCode = new Map((await repo.areaLinks(trx)).map((area) => [area.code.toLowerCase(), area.id]));
  let created = 0;
  for (const index of plan.order) {
    const area = rows[index];
    if (!area) continue;
    const parentId = area.parentCode === undefined ? null : (idByCode.get(area.parentCode.toLowerCase()) ?? null);
    const row = await repo.insertArea(trx, {
      code: area.code,
      parent_id: parentId,
      name: area.name,
      name_en: area.nameEn,
      level: plan.levels.get(index) ?? 1,
      sort: area.sort ?? 0,
      longitude: area.longitude ?? null,
      latitude: area.latitude ?? null,
      enabled: true,
    });
    idByCode.set(row.code.toLowerCase(), row.id);
    await audit.change('area', row.id, { kind: 'create', after: { ...auditedArea(row, area.parentCode ?? null), source } });
    created += 1;
  }
  return created;
}

/**
 * A unit may name an area that exists and is enabled; one it already names stays allowed after the area is
 * disabled, so editing the unit's other fields keeps working.
 */
export async function checkUnitArea(db: Executor, areaId: number | null | undefined, current: number | null): Promise<void> {
  if (areaId === undefined || areaId === null || areaId === current) return;
  const area = await repo.findArea(db, areaId);
  if (!area) throw new AppError('area.not_found');
  if (!area.enabled) throw new AppError('area.disabled');
}


/**
 * Where each site of a project stands on the map (its unit's area and point, docs/decisions.md "Areas"), for
 * other modules: the big screen's site map (docs/decisions.md "Bigscreen").
 */
export function siteLocations(db: Executor, projectId: number): Promise<SiteLocation[]> {
  return siteAreaLocations(db, projectId);
}
