import type { SupplyDosingSave, SupplyKitTypeSave, SupplyLocation, SupplyLocationSave, SupplyPlan, SupplyProduct, SupplyProductSave, SupplyResupplySave } from '@dcap/core';
import { AppError } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import { projectWrite } from '../../http/project-write.js';
import { supplyContext, visibleLocations } from './context.js';
import { kitTypeLabel, presentDosing, presentKitType, presentLocation, presentProduct } from './presenter.js';
import * as repo from './repo.js';

/**
 * The drug plan (products, kit types, dosing per visit and arm), depots and pharmacies, and resupply
 * settings: project-wide, written by the supply manager (`supply.manage`), read by anyone with `supply.view`
 * through the presenter's redaction.
 */
const MANAGE = { right: 'supply.manage' } as const;

export async function planOf(deps: ServiceDeps, caller: ProjectCaller): Promise<SupplyPlan> {
  const context = await supplyContext(deps.db, caller);
  const projectId = context.scope.projectId;
  const [products, types, dosing, settings] = await Promise.all([repo.products(deps.db, projectId), repo.kitTypes(deps.db, projectId), repo.dosing(deps.db, projectId), repo.resupplySettings(deps.db, projectId)]);
  const { ids } = await visibleLocations(deps.db, context);
  const byId = new Map(types.map((type) => [type.id, type]));
  return {
    armsVisible: context.viewer.armsVisible,
    products: products.map(presentProduct),
    kitTypes: types.map((type) => presentKitType(context.viewer, type)),
    dosing: presentDosing(context.viewer, dosing),
    resupply: settings
      .filter((row) => ids === null || ids.includes(row.location_id))
      .flatMap((row) => {
        const type = byId.get(row.kit_type_id);
        return type
          ? [{ locationId: row.location_id, kitTypeId: row.kit_type_id, kitType: kitTypeLabel(context.viewer, type), triggerLevel: row.trigger_level, targetLevel: row.target_level, predictiveDays: row.predictive_days }]
          : [];
      }),
  };
}

export function saveProduct(deps: ServiceDeps, caller: ProjectCaller, body: SupplyProductSave): Promise<SupplyProduct> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, { ...MANAGE, errorContext: { code: body.code } }, async (trx, audit) => {
    const values = { code: body.code, name: body.name, name_en: body.nameEn ?? null, dosage_form: body.dosageForm, strength: body.strength, unit: body.unit, updated_by: caller.actor.userId, updated_at: new Date() };
    const before = body.id === undefined ? undefined : await repo.findProduct(trx, projectId, body.id);
    if (body.id !== undefined && !before) throw new AppError('supply.product_not_found');
    const row = before ? await repo.updateProduct(trx, before.id, values) : await repo.insertProduct(trx, { ...values, project_id: projectId });
    const view = presentProduct(row);
    await audit.change('supply_product', row.id, before ? { kind: 'update', before: presentProduct(before), after: view } : { kind: 'create', after: view });
    return view;
  });
}

export function saveKitType(deps: ServiceDeps, caller: ProjectCaller, body: SupplyKitTypeSave): Promise<SupplyPlan['kitTypes'][number]> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, { ...MANAGE, errorContext: { code: body.code } }, async (trx, audit) => {
    if (!(await repo.findProduct(trx, projectId, body.productId))) throw new AppError('supply.product_not_found');
    const values = {
      code: body.code,
      name: body.name,
      name_en: body.nameEn ?? null,
      blinded_name: body.blindedName,
      blinded_name_en: body.blindedNameEn ?? null,
      arm: body.arm,
      product_id: body.productId,
      units_per_kit: body.unitsPerKit,
      updated_by: caller.actor.userId,
      updated_at: new Date(),
    };
    const before = body.id === undefined ? undefined : await repo.findKitType(trx, projectId, body.id);
    if (body.id !== undefined && !before) throw new AppError('supply.kit_type_not_found');
    const row = before ? await repo.updateKitType(trx, before.id, values) : await repo.insertKitType(trx, { ...values, project_id: projectId });
    // The audit trail is read by blinded people too: its rows hold the kit type as they may see it, never the
    // arm or the unblinded name (docs/decisions.md "Randomisation, blinding and supply").
    const blinded = { armsVisible: false };
    await audit.change('supply_kit_type', row.id, before ? { kind: 'update', before: presentKitType(blinded, before), after: presentKitType(blinded, row) } : { kind: 'create', after: presentKitType(blinded, row) });
    return presentKitType((await supplyContext(trx, caller)).viewer, row);
  });
}

export function saveDosing(deps: ServiceDeps, caller: ProjectCaller, body: SupplyDosingSave): Promise<SupplyPlan['dosing']> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, MANAGE, async (trx, audit) => {
    if (!(await repo.findEvent(trx, projectId, body.eventId))) throw new AppError('supply.event_not_found');
    for (const line of body.lines) {
      const type = await repo.findKitType(trx, projectId, line.kitTypeId);
      if (!type) throw new AppError('supply.kit_type_not_found');
    }
    const lines = [...new Map(body.lines.map((line) => [line.kitTypeId, line])).values()];
    const before = await repo.replaceDosing(trx, projectId, body.eventId, body.arm, lines);
    await audit({
      action: 'supply_dosing.update',
      entityType: 'supply_dosing',
      // Not the arm: the audit trail is read by blinded people too.
      entityId: body.eventId,
      oldValue: { lines: before.map((row) => ({ kitTypeId: row.kit_type_id, quantity: row.quantity })) },
      newValue: { lines },
    });
    return presentDosing((await supplyContext(trx, caller)).viewer, await repo.dosing(trx, projectId));
  });
}

export function saveLocation(deps: ServiceDeps, caller: ProjectCaller, body: SupplyLocationSave): Promise<SupplyLocation> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, { ...MANAGE, errorContext: { code: body.code } }, async (trx, audit) => {
    const siteId = body.kind === 'site' ? (body.siteId ?? null) : null;
    if ((body.kind === 'site') !== (siteId !== null) || (body.kind === 'depot' && (body.siteId ?? null) !== null)) throw new AppError('supply.location_site');
    if (siteId !== null && !(await repo.siteOfProject(trx, projectId, siteId))) throw new AppError('site.not_found');
    const depotId = body.kind === 'site' ? (body.depotId ?? null) : null;
    if (depotId !== null && (await repo.findLocation(trx, projectId, depotId))?.kind !== 'depot') throw new AppError('supply.not_a_depot');
    const values = { kind: body.kind, code: body.code, name: body.name, name_en: body.nameEn ?? null, site_id: siteId, depot_id: depotId, updated_by: caller.actor.userId, updated_at: new Date() };
    const before = body.id === undefined ? undefined : await repo.findLocation(trx, projectId, body.id);
    if (body.id !== undefined && !before) throw new AppError('supply.location_not_found');
    const row = before ? await repo.updateLocation(trx, before.id, values) : await repo.insertLocation(trx, { ...values, project_id: projectId });
    await audit.change('supply_location', row.id, before ? { kind: 'update', before: presentLocation(before), after: presentLocation(row) } : { kind: 'create', after: presentLocation(row) });
    return presentLocation(row);
  });
}

export async function listLocations(deps: ServiceDeps, caller: ProjectCaller): Promise<SupplyLocation[]> {
  const context = await supplyContext(deps.db, caller);
  return (await visibleLocations(deps.db, context)).rows.map(presentLocation);
}

export function saveResupply(deps: ServiceDeps, caller: ProjectCaller, body: SupplyResupplySave): Promise<{ saved: boolean }> {
  const projectId = caller.project.project.id;
  return projectWrite(deps, caller, MANAGE, async (trx, audit) => {
    const location = await repo.findLocation(trx, projectId, body.locationId);
    if (!location) throw new AppError('supply.location_not_found');
    if (location.kind !== 'site') throw new AppError('supply.not_a_site');
    if (!(await repo.findKitType(trx, projectId, body.kitTypeId))) throw new AppError('supply.kit_type_not_found');
    const row = { project_id: projectId, location_id: location.id, kit_type_id: body.kitTypeId, trigger_level: body.triggerLevel, target_level: body.targetLevel, predictive_days: body.predictiveDays, updated_by: caller.actor.userId };
    const before = await repo.upsertResupply(trx, row);
    const view = (r: { trigger_level: number; target_level: number; predictive_days: number }) => ({ triggerLevel: r.trigger_level, targetLevel: r.target_level, predictiveDays: r.predictive_days });
    await audit.change('supply_resupply', `${location.id}:${body.kitTypeId}`, before ? { kind: 'update', before: view(before), after: view(row) } : { kind: 'create', after: view(row) });
    return { saved: true };
  });
}
