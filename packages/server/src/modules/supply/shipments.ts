import type { ShipmentStatus, SupplyShipment, SupplyShipmentCreate, SupplyTransferCreate } from '@dcap/core';
import { AppError, canMoveShipment, expectedDemand, kitStatusOnShipment, resupplyNeeds } from '@dcap/core';
import { addDays } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, SupplyLocationRow, SupplyShipmentRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { projectWrite, requireProjectStatus } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import type { SupplyContext } from './context.js';
import { locationFor, locationInScope, supplyContext, today, visibleLocations } from './context.js';
import type { SupplyViewer } from './presenter.js';
import { presentShipment } from './presenter.js';
import * as repo from './repo.js';

/** Shipments from depots to pharmacies and between pharmacies (docs/decisions.md "Drug supply"). */

async function present(db: Executor, viewer: SupplyViewer, projectId: number, rows: readonly SupplyShipmentRow[]): Promise<SupplyShipment[]> {
  const where = new Map((await repo.locations(db, projectId)).map((row) => [row.id, row]));
  const kits = await repo.kitsOfShipment(db, rows.map((row) => row.id));
  return rows.map((row) => presentShipment(viewer, row, where, kits.filter((kit) => kit.shipment_id === row.id)));
}

/** Picks kits of each type at a depot, earliest expiry first, and records the requested shipment. */
async function raiseShipment(
  trx: Executor,
  audit: ProjectAuditor,
  input: { context: SupplyContext; origin: SupplyLocationRow; destination: SupplyLocationRow; items: { kitTypeId: number; count: number }[]; reason: 'manual' | 'trigger' | 'predictive'; note: string | null; now: Date; partial: boolean },
): Promise<SupplyShipmentRow | null> {
  const { context } = input;
  const kitIds: number[] = [];
  for (const item of input.items) {
    const picked = await repo.pickKits(trx, { envId: context.scope.env.id, locationId: input.origin.id, kitTypeId: item.kitTypeId, status: 'available', expiresAfter: today(input.now), limit: item.count });
    if (picked.length < item.count && !input.partial) throw new AppError('supply.not_enough_kits', { needed: item.count, available: picked.length });
    kitIds.push(...picked.map((kit) => kit.id));
  }
  if (kitIds.length === 0) return null;
  const shipment = await repo.insertShipment(
    trx,
    { project_id: context.scope.projectId, env_id: context.scope.env.id, origin_id: input.origin.id, destination_id: input.destination.id, reason: input.reason, note: input.note, requested_by: context.userId, requested_at: input.now },
    kitIds,
  );
  await audit({
    action: 'supply_shipment.create',
    entityType: 'supply_shipment',
    entityId: shipment.id,
    env: context.scope.env.key,
    siteId: input.destination.site_id,
    newValue: { origin: input.origin.code, destination: input.destination.code, reason: input.reason, kits: kitIds.length },
  });
  return shipment;
}

/** POST /dcap/supply/shipment/create: a manual shipment from a depot to a pharmacy. */
export function createShipment(deps: ServiceDeps, caller: ProjectCaller, body: SupplyShipmentCreate): Promise<SupplyShipment> {
  return projectWrite(deps, caller, { right: 'supply.manage' }, async (trx, audit) => {
    const context = await supplyContext(trx, caller);
    const origin = await locationFor(trx, context, body.originId);
    const destination = await locationFor(trx, context, body.destinationId);
    if (origin.kind !== 'depot') throw new AppError('supply.not_a_depot');
    if (destination.kind !== 'site') throw new AppError('supply.not_a_site');
    await requireProjectStatus(trx, context.scope.projectId, 'recordEditable');
    for (const item of body.items) if (!(await repo.findKitType(trx, context.scope.projectId, item.kitTypeId))) throw new AppError('supply.kit_type_not_found');
    const shipment = await raiseShipment(trx, audit, { context, origin, destination, items: body.items, reason: 'manual', note: body.note ?? null, now: deps.clock.now(), partial: false });
    if (!shipment) throw new AppError('supply.not_enough_kits', { needed: 1, available: 0 });
    return (await present(trx, context.viewer, context.scope.projectId, [shipment]))[0] as SupplyShipment;
  });
}

/** POST /dcap/supply/transfer/create: kits of a pharmacy sent to another pharmacy, by the origin's staff. */
export function createTransfer(deps: ServiceDeps, caller: ProjectCaller, body: SupplyTransferCreate): Promise<SupplyShipment> {
  return projectWrite(deps, caller, { right: 'supply.site' }, async (trx, audit) => {
    const context = await supplyContext(trx, caller);
    const origin = await locationFor(trx, context, body.originId);
    const destination = await repo.findLocation(trx, context.scope.projectId, body.destinationId);
    if (!destination) throw new AppError('supply.location_not_found');
    if (origin.kind !== 'site' || destination.kind !== 'site') throw new AppError('supply.not_a_site');
    if (origin.id === destination.id) throw new AppError('supply.same_location');
    await requireProjectStatus(trx, context.scope.projectId, 'recordEditable');
    const kits = await repo.kitsByNo(trx, context.scope.projectId, context.scope.env.id, body.kitNos);
    const found = new Set(kits.map((kit) => kit.kit_no));
    const missing = body.kitNos.find((kitNo) => !found.has(kitNo));
    if (missing !== undefined) throw new AppError('supply.kit_not_found', { kitNo: missing });
    const onShipment = await repo.kitsOnOpenShipments(trx, kits.map((kit) => kit.id));
    for (const kit of kits) {
      if (kit.location_id !== origin.id) throw new AppError('supply.kit_not_found', { kitNo: kit.kit_no });
      if (kit.status !== 'at_site' || onShipment.has(kit.id)) throw new AppError('supply.kit_transition', { kitNo: kit.kit_no, status: kit.status });
    }
    const now = deps.clock.now();
    const shipment = await repo.insertShipment(
      trx,
      { project_id: context.scope.projectId, env_id: context.scope.env.id, origin_id: origin.id, destination_id: destination.id, reason: 'transfer', note: body.note ?? null, requested_by: context.userId, requested_at: now },
      kits.map((kit) => kit.id),
    );
    await audit({ action: 'supply_shipment.create', entityType: 'supply_shipment', entityId: shipment.id, env: context.scope.env.key, siteId: origin.site_id, newValue: { origin: origin.code, destination: destination.code, reason: 'transfer', kitNos: body.kitNos } });
    return (await present(trx, context.viewer, context.scope.projectId, [shipment]))[0] as SupplyShipment;
  });
}

/**
 * Moves a shipment on: shipped by whoever holds its origin (the supply manager for a depot, the pharmacy's
 * staff for a transfer), received by the destination's staff, lost or damaged reported by either end. A
 * shipment neither end of which is the caller's answers as one that does not exist.
 */
export function moveShipment(deps: ServiceDeps, caller: ProjectCaller, input: { id: number; to: Exclude<ShipmentStatus, 'requested'>; reason?: string }): Promise<SupplyShipment> {
  return projectWrite(deps, caller, { right: 'supply.site' }, async (trx, audit) => {
    const context = await supplyContext(trx, caller);
    const shipment = await repo.findShipment(trx, context.scope.projectId, context.scope.env.id, input.id);
    const origin = shipment && (await repo.findLocation(trx, context.scope.projectId, shipment.origin_id));
    const destination = shipment && (await repo.findLocation(trx, context.scope.projectId, shipment.destination_id));
    if (!shipment || !origin || !destination) throw new AppError('supply.shipment_not_found');
    const atOrigin = locationInScope(context, origin);
    const atDestination = locationInScope(context, destination);
    const allowed = input.to === 'shipped' ? atOrigin : input.to === 'received' ? atDestination : atOrigin || atDestination;
    if (!allowed) throw new AppError(atOrigin || atDestination ? 'permission.project_forbidden' : 'supply.shipment_not_found');
    await requireProjectStatus(trx, context.scope.projectId, 'recordEditable');
    if (!canMoveShipment(shipment.status, input.to)) throw new AppError('supply.shipment_transition', { from: shipment.status, to: input.to });
    const now = deps.clock.now();
    const stamp =
      input.to === 'shipped'
        ? { shipped_by: context.userId, shipped_at: now }
        : input.to === 'received'
          ? { received_by: context.userId, received_at: now }
          : { closed_by: context.userId, closed_at: now, close_reason: input.reason ?? null };
    const updated = await repo.updateShipment(trx, shipment.id, { status: input.to, ...stamp });
    const kits = await repo.kitsOfShipment(trx, [shipment.id]);
    // In transit a kit is nowhere; received it is at the destination; lost or damaged on the way it is
    // recorded where it was to arrive, for the destination's accountability.
    const location = input.to === 'shipped' ? null : input.to === 'received' || input.to === 'damaged' ? destination.id : null;
    await repo.setKits(trx, kits.map((kit) => kit.id), { status: kitStatusOnShipment(input.to), location_id: input.to === 'lost' && shipment.status === 'requested' ? null : location });
    await audit({
      action: `supply_shipment.${input.to}`,
      entityType: 'supply_shipment',
      entityId: shipment.id,
      env: context.scope.env.key,
      siteId: destination.site_id,
      oldValue: { status: shipment.status },
      newValue: { status: input.to, kits: kits.length },
      reason: input.reason ?? null,
    });
    return (await present(trx, context.viewer, context.scope.projectId, [updated]))[0] as SupplyShipment;
  });
}

export async function listShipments(deps: ServiceDeps, caller: ProjectCaller, body: { status?: ShipmentStatus; siteId?: number; page?: number; pageSize?: number }): Promise<{ total: number; items: SupplyShipment[] }> {
  const context = await supplyContext(deps.db, caller);
  const { ids, rows } = await visibleLocations(deps.db, context);
  const siteLocations = body.siteId === undefined ? ids : rows.filter((row) => row.site_id === body.siteId && (ids === null || ids.includes(row.id))).map((row) => row.id);
  const page = await repo.shipmentPage(deps.db, { projectId: context.scope.projectId, envId: context.scope.env.id, locationIds: siteLocations, ...(body.status ? { status: body.status } : {}) }, body.page ?? 1, body.pageSize ?? 20);
  return { total: page.total, items: await present(deps.db, context.viewer, context.scope.projectId, page.rows) };
}

/**
 * Raises the shipments the pharmacies' stock calls for (core `resupplyNeeds`): trigger and predictive
 * resupply from each pharmacy's depot, with what the depot has (a short depot ships what it holds). Called by
 * the resupply route and after every dispensing; the randomisation step calls it through `dispenseFirstKit`.
 */
export async function runResupply(trx: Transaction<Database>, audit: ProjectAuditor, input: { context: SupplyContext; siteIds: readonly number[] | 'all'; now: Date }): Promise<SupplyShipmentRow[]> {
  const { context } = input;
  const projectId = context.scope.projectId;
  const envId = context.scope.env.id;
  const day = today(input.now);
  const all = await repo.locations(trx, projectId);
  const pharmacies = all.filter((row) => row.kind === 'site' && row.site_id !== null && (input.siteIds === 'all' || input.siteIds.includes(row.site_id)));
  const pharmacyIds = pharmacies.map((row) => row.id);
  const settings = (await repo.resupplySettings(trx, projectId)).filter((row) => pharmacyIds.includes(row.location_id));
  if (settings.length === 0) return [];
  const held = await repo.onHand(trx, envId, pharmacyIds, day);
  const coming = await repo.incoming(trx, envId, pharmacyIds);
  const stock = new Map<string, { locationId: number; kitTypeId: number; onHand: number; inTransit: number }>();
  const slot = (locationId: number, kitTypeId: number) => {
    const key = `${locationId}:${kitTypeId}`;
    const row = stock.get(key) ?? { locationId, kitTypeId, onHand: 0, inTransit: 0 };
    stock.set(key, row);
    return row;
  };
  for (const row of held) if (row.location_id !== null) slot(row.location_id, row.kit_type_id).onHand += Number(row.n);
  for (const row of coming) slot(row.destination_id, row.kit_type_id).inTransit += Number(row.n);

  const longest = Math.max(...settings.map((row) => row.predictive_days));
  const siteOf = new Map(pharmacies.map((row) => [row.site_id, row.id]));
  const visits = longest > 0 ? await repo.expectedVisits(trx, envId, [...siteOf.keys()].filter((id): id is number => id !== null), day, addDays(day, longest)) : [];
  const plan = (await repo.dosing(trx, projectId)).map((row) => ({ eventId: row.event_id, arm: row.arm, kitTypeId: row.kit_type_id, quantity: row.quantity }));
  // Each setting counts the visits within its own window.
  const demand = settings.flatMap((setting) => {
    const until = addDays(day, setting.predictive_days);
    const mine = visits.filter((visit) => siteOf.get(visit.site_id) === setting.location_id && visit.planned_date !== null && visit.planned_date <= until);
    return expectedDemand(mine.map((visit) => ({ locationId: setting.location_id, arm: visit.arm, eventId: visit.event_id })), plan).filter((row) => row.kitTypeId === setting.kit_type_id);
  });
  const needs = resupplyNeeds(
    [...stock.values()],
    settings.map((row) => ({ locationId: row.location_id, kitTypeId: row.kit_type_id, triggerLevel: row.trigger_level, targetLevel: row.target_level, predictiveDays: row.predictive_days })),
    demand,
  );
  const raised: SupplyShipmentRow[] = [];
  for (const pharmacy of pharmacies) {
    const mine = needs.filter((need) => need.locationId === pharmacy.id);
    const depot = all.find((row) => row.id === pharmacy.depot_id);
    if (mine.length === 0 || !depot) continue;
    const reason = mine.some((need) => need.reason === 'trigger') ? 'trigger' : 'predictive';
    const shipment = await raiseShipment(trx, audit, {
      context,
      origin: depot,
      destination: pharmacy,
      items: mine.map((need) => ({ kitTypeId: need.kitTypeId, count: need.quantity })),
      reason,
      note: null,
      now: input.now,
      partial: true,
    });
    if (shipment) raised.push(shipment);
  }
  return raised;
}

/** POST /dcap/supply/resupply/check: runs resupply now for every pharmacy (or one site's). */
export function checkResupply(deps: ServiceDeps, caller: ProjectCaller, body: { siteId?: number }): Promise<SupplyShipment[]> {
  return projectWrite(deps, caller, { right: 'supply.manage' }, async (trx, audit) => {
    const context = await supplyContext(trx, caller);
    await requireProjectStatus(trx, context.scope.projectId, 'recordEditable');
    const raised = await runResupply(trx, audit, { context, siteIds: body.siteId === undefined ? 'all' : [body.siteId], now: deps.clock.now() });
    return present(trx, context.viewer, context.scope.projectId, raised);
  });
}
