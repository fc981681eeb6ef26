import { createHash, getRandomValues } from 'node:crypto';
import type { KitAction, KitStatus, SupplyKit, SupplyKitGenerate, SupplyKitListQuery, SupplyKitListResult, SupplyKitPage, SupplyKitUploadResult, SupplyStockRow } from '@dcap/core';
import { addDays, AppError, canMoveKit, errorMessage, generateKitNumbers, kitNumber, newSeed, readKitList, SEED_BYTES } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite, requireProjectStatus } from '../../http/project-write.js';
import type { SupplyContext } from './context.js';
import { locationFor, locationInScope, supplyContext, today, visibleLocations } from './context.js';
import { presentKit, presentStock } from './presenter.js';
import * as repo from './repo.js';

/** Kit lists, the kit list screen, kit changes at a site or depot, expiry alerts and stock. */

async function depotFor(trx: Parameters<typeof locationFor>[0], context: SupplyContext, id: number) {
  const depot = await locationFor(trx, context, id);
  if (depot.kind !== 'depot') throw new AppError('supply.not_a_depot');
  return depot;
}

/** POST /dcap/supply/kit/generate: a list from the project's running sequence, kit types shuffled over it by a fresh seed. */
export function generateKits(deps: ServiceDeps, caller: ProjectCaller, body: SupplyKitGenerate): Promise<SupplyKitListResult> {
  return projectWrite(deps, caller, { right: 'supply.manage' }, async (trx, audit) => {
    const context = await supplyContext(trx, caller);
    const depot = await depotFor(trx, context, body.depotId);
    await requireProjectStatus(trx, context.scope.projectId, 'recordEditable');
    for (const item of body.items) if (!(await repo.findKitType(trx, context.scope.projectId, item.kitTypeId))) throw new AppError('supply.kit_type_not_found');
    const seed = newSeed(getRandomValues(new Uint8Array(SEED_BYTES)));
    const start = await repo.nextKitNumber(trx, context.scope.projectId);
    const prefix = body.prefix ?? '';
    const kits = generateKitNumbers({ seed, start, prefix, items: body.items });
    const listId = await repo.insertKitList(trx, { project_id: context.scope.projectId, env_id: context.scope.env.id, source: 'generated', seed, first_no: start, kit_count: kits.length, file_name: null, file_sha256: null, created_by: context.userId });
    await repo.insertKits(
      trx,
      kits.map((kit) => ({ project_id: context.scope.projectId, env_id: context.scope.env.id, list_id: listId, kit_no: kit.kitNo, kit_type_id: kit.kitTypeId, batch: body.batch, expires_on: body.expiresOn, location_id: depot.id })),
    );
    const result = { listId, count: kits.length, firstKitNo: kitNumber(prefix, start), lastKitNo: kitNumber(prefix, start + kits.length - 1) };
    // The seed stays in the list's row, out of the audit trail that blinded people may read.
    await audit({ action: 'supply_kit_list.generate', entityType: 'supply_kit_list', entityId: listId, env: context.scope.env.key, newValue: { depot: depot.code, batch: body.batch, expiresOn: body.expiresOn, ...result } });
    return result;
  });
}

/** POST /dcap/supply/kit/upload: a kit list from a CSV, taken whole or not at all; its problems otherwise. */
export function uploadKits(deps: ServiceDeps, caller: ProjectCaller, body: { depotId: number; fileName?: string | undefined; csv: string }): Promise<SupplyKitUploadResult> {
  return projectWrite(deps, caller, { right: 'supply.manage' }, async (trx, audit) => {
    const context = await supplyContext(trx, caller);
    const depot = await depotFor(trx, context, body.depotId);
    await requireProjectStatus(trx, context.scope.projectId, 'recordEditable');
    const types = await repo.kitTypes(trx, context.scope.projectId);
    const byCode = new Map(types.map((type) => [type.code, type.id]));
    const candidates = [...body.csv.matchAll(/^[^,;\t\r\n]*/gm)].map((match) => match[0].replace(/"/g, '').trim()).filter((text) => text !== '');
    const existing = await repo.existingKitNos(trx, context.scope.projectId, [...new Set(candidates)]);
    const read = readKitList(body.csv, { kitTypeCodes: new Set(byCode.keys()), existingKitNos: existing });
    if (read.problems.length > 0) {
      return {
        result: null,
        problems: read.problems.map((problem) => ({
          row: problem.row,
          column: problem.column,
          code: `supply.kit_list.${problem.code}`,
          message: errorMessage(`supply.kit_list.${problem.code}`, caller.meta.locale, { row: problem.row, column: problem.column ?? '', value: problem.value ?? '' }),
        })),
      };
    }
    const sha256 = createHash('sha256').update(body.csv).digest('hex');
    const fileName = body.fileName ?? 'kits.csv';
    const listId = await repo.insertKitList(trx, { project_id: context.scope.projectId, env_id: context.scope.env.id, source: 'uploaded', seed: null, first_no: null, kit_count: read.kits.length, file_name: fileName, file_sha256: sha256, created_by: context.userId });
    await repo.insertKits(
      trx,
      read.kits.map((kit) => ({ project_id: context.scope.projectId, env_id: context.scope.env.id, list_id: listId, kit_no: kit.kitNo, kit_type_id: byCode.get(kit.kitTypeCode) ?? 0, batch: kit.batch, expires_on: kit.expiresOn, location_id: depot.id })),
    );
    const result = { listId, count: read.kits.length, firstKitNo: read.kits[0]?.kitNo ?? null, lastKitNo: read.kits.at(-1)?.kitNo ?? null };
    await audit({ action: 'supply_kit_list.upload', entityType: 'supply_kit_list', entityId: listId, env: context.scope.env.key, newValue: { depot: depot.code, file: fileName, sha256, count: result.count } });
    return { result, problems: [] };
  });
}

/** POST /dcap/supply/kit/list: kits at the locations the caller may see; a blinded caller cannot filter by kit type. */
export async function listKits(deps: ServiceDeps, caller: ProjectCaller, body: SupplyKitListQuery): Promise<SupplyKitPage> {
  const context = await supplyContext(deps.db, caller);
  const { ids, rows } = await visibleLocations(deps.db, context);
  const locationIds = body.siteId === undefined ? ids : rows.filter((row) => row.site_id === body.siteId && (ids === null || ids.includes(row.id))).map((row) => row.id);
  const page = await repo.kitPage(
    deps.db,
    {
      projectId: context.scope.projectId,
      envId: context.scope.env.id,
      locationIds,
      ...(body.status ? { status: body.status } : {}),
      ...(body.locationId ? { locationId: body.locationId } : {}),
      ...(body.kitTypeId && context.viewer.armsVisible ? { kitTypeId: body.kitTypeId } : {}),
      ...(body.kitNo ? { kitNo: body.kitNo } : {}),
      ...(body.batch ? { batch: body.batch } : {}),
    },
    body.page ?? 1,
    body.pageSize ?? 50,
  );
  return { total: page.total, items: page.rows.map((row) => presentKit(context.viewer, row)) };
}

/** What each kit action makes of a kit; `release` puts it back as usable where it is. */
function targetOf(action: KitAction, atDepot: boolean): KitStatus {
  switch (action) {
    case 'return':
      return 'returned';
    case 'destroy':
      return 'destroyed';
    case 'quarantine':
      return 'quarantined';
    case 'release':
      return atDepot ? 'available' : 'at_site';
    case 'lost':
      return 'lost';
    case 'damaged':
      return 'damaged';
    case 'expired':
      return 'expired';
  }
}

/**
 * POST /dcap/supply/kit/return, /kit/destroy and /kit/status: kits changed where they are, by the staff of
 * their pharmacy (or the supply manager at a depot), all or none, each change in the audit trail.
 */
export function changeKits(deps: ServiceDeps, caller: ProjectCaller, input: { kitNos: string[]; action: KitAction; reason: string }): Promise<{ changed: number }> {
  return projectWrite(deps, caller, { right: 'supply.site' }, async (trx, audit) => {
    const context = await supplyContext(trx, caller);
    const kits = await repo.kitsByNo(trx, context.scope.projectId, context.scope.env.id, input.kitNos);
    const where = new Map((await repo.locations(trx, context.scope.projectId)).map((row) => [row.id, row]));
    for (const kitNo of input.kitNos) {
      const kit = kits.find((row) => row.kit_no === kitNo);
      const location = kit?.location_id == null ? undefined : where.get(kit.location_id);
      if (!kit || !location || !locationInScope(context, location)) throw new AppError('supply.kit_not_found', { kitNo });
    }
    await requireProjectStatus(trx, context.scope.projectId, 'recordEditable');
    for (const kit of kits) {
      const to = targetOf(input.action, kit.location_kind === 'depot');
      if (!canMoveKit(kit.status, to)) throw new AppError('supply.kit_transition', { kitNo: kit.kit_no, status: kit.status });
      await repo.setKits(trx, [kit.id], { status: to });
      await audit({
        action: `supply_kit.${input.action}`,
        entityType: 'supply_kit',
        entityId: kit.kit_no,
        env: context.scope.env.key,
        siteId: kit.location_site_id,
        oldValue: { status: kit.status },
        newValue: { status: to },
        reason: input.reason,
      });
    }
    return { changed: kits.length };
  });
}

/** POST /dcap/supply/expiry/list: usable kits expiring within `days` days (30 unless said), earliest first. */
export async function expiryAlerts(deps: ServiceDeps, caller: ProjectCaller, body: { days?: number; siteId?: number }): Promise<SupplyKit[]> {
  const context = await supplyContext(deps.db, caller);
  const { ids, rows } = await visibleLocations(deps.db, context);
  const locationIds = body.siteId === undefined ? ids : rows.filter((row) => row.site_id === body.siteId && (ids === null || ids.includes(row.id))).map((row) => row.id);
  const by = addDays(today(deps.clock.now()), body.days ?? 30);
  const kits = await repo.kitsExpiring(deps.db, { projectId: context.scope.projectId, envId: context.scope.env.id, locationIds, expiringBy: by });
  return kits.map((row) => presentKit(context.viewer, row));
}

/** POST /dcap/supply/stock: counts by location and kit type (blinded: by blinded name), kits on their way counted at their destination. */
export async function stockOverview(deps: ServiceDeps, caller: ProjectCaller, body: { siteId?: number }): Promise<SupplyStockRow[]> {
  const context = await supplyContext(deps.db, caller);
  const { rows } = await visibleLocations(deps.db, context);
  const shown = rows.filter((row) => body.siteId === undefined || row.site_id === body.siteId);
  const where = new Map(shown.map((row) => [row.id, row]));
  const types = new Map((await repo.kitTypes(deps.db, context.scope.projectId)).map((row) => [row.id, row]));
  const counts = (await repo.stockCounts(deps.db, context.scope.projectId, context.scope.env.id))
    .filter((row) => row.location_id !== null && row.status !== 'in_transit')
    .map((row) => ({ location_id: row.location_id ?? 0, kit_type_id: row.kit_type_id, status: row.status, n: Number(row.n) }));
  const coming = (await repo.incoming(deps.db, context.scope.env.id, [...where.keys()], ['shipped'])).map((row) => ({ location_id: row.destination_id, kit_type_id: row.kit_type_id, status: 'in_transit' as const, n: Number(row.n) }));
  return presentStock(context.viewer, [...counts, ...coming], where, types);
}
