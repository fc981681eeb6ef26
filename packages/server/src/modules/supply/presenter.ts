import type { KitStatus, SupplyDosingLine, SupplyKit, SupplyKitType, SupplyKitTypeLabel, SupplyLocation, SupplyProduct, SupplyShipment, SupplyStockRow } from '@dcap/core';
import { KIT_STATUSES } from '@dcap/core';
import type { SupplyDosingRow, SupplyKitTypeRow, SupplyLocationRow, SupplyProductRow, SupplyShipmentRow } from '../../db/schema.js';
import type { KitWithType } from './repo.js';

/**
 * Every supply response is built here, for one caller: whether they may see arms (core `armsVisible`) decides
 * what a kit type looks like. A blinded caller gets the blinded name, no code, arm or product of a kit type,
 * and kits and stock with that name only, so no response lets them tell one arm's kits from another's.
 */
export interface SupplyViewer {
  armsVisible: boolean;
}

type KitTypeNames = Pick<SupplyKitTypeRow, 'name' | 'name_en' | 'blinded_name' | 'blinded_name_en'> & { id: number };

/** The one redaction of drug supply: a kit type as this caller may see it. */
export function kitTypeLabel(viewer: SupplyViewer, type: KitTypeNames): SupplyKitTypeLabel {
  return viewer.armsVisible ? { id: type.id, name: type.name, nameEn: type.name_en } : { name: type.blinded_name, nameEn: type.blinded_name_en };
}

const labelKey = (label: SupplyKitTypeLabel) => (label.id === undefined ? `n:${label.name}\u0000${label.nameEn ?? ''}` : `i:${label.id}`);

export function presentKitType(viewer: SupplyViewer, row: SupplyKitTypeRow): SupplyKitType {
  const label = kitTypeLabel(viewer, row);
  const common = { id: row.id, name: label.name, nameEn: label.nameEn, blindedName: row.blinded_name, blindedNameEn: row.blinded_name_en, unitsPerKit: row.units_per_kit };
  return viewer.armsVisible ? { ...common, code: row.code, arm: row.arm, productId: row.product_id } : common;
}

export function presentDosing(viewer: SupplyViewer, rows: readonly SupplyDosingRow[]): SupplyDosingLine[] {
  if (viewer.armsVisible) return rows.map((row) => ({ eventId: row.event_id, kitTypeId: row.kit_type_id, quantity: row.quantity, arm: row.arm }));
  const seen = new Map<string, SupplyDosingLine>();
  for (const row of rows) seen.set(`${row.event_id}:${row.kit_type_id}:${row.quantity}`, { eventId: row.event_id, kitTypeId: row.kit_type_id, quantity: row.quantity });
  return [...seen.values()];
}

export const presentProduct = (row: SupplyProductRow): SupplyProduct => ({
  id: row.id,
  code: row.code,
  name: row.name,
  nameEn: row.name_en,
  dosageForm: row.dosage_form,
  strength: row.strength,
  unit: row.unit,
});

export const presentLocation = (row: SupplyLocationRow): SupplyLocation => ({
  id: row.id,
  kind: row.kind,
  code: row.code,
  name: row.name,
  nameEn: row.name_en,
  siteId: row.site_id,
  depotId: row.depot_id,
});

const locationRef = (row: SupplyLocationRow) => ({ id: row.id, code: row.code, name: row.name, kind: row.kind, siteId: row.site_id });

export function presentKit(viewer: SupplyViewer, row: KitWithType): SupplyKit {
  return {
    id: row.id,
    kitNo: row.kit_no,
    kitType: kitTypeLabel(viewer, { ...row, id: row.kit_type_id }),
    batch: row.batch,
    expiresOn: row.expires_on,
    status: row.status,
    location:
      row.location_id === null || row.location_code === null || row.location_name === null || row.location_kind === null
        ? null
        : { id: row.location_id, code: row.location_code, name: row.location_name, kind: row.location_kind, siteId: row.location_site_id },
    subjectId: row.subject_id,
    eventInstanceId: row.event_instance_id,
    dispensedAt: row.dispensed_at?.toISOString() ?? null,
  };
}

export function presentShipment(viewer: SupplyViewer, row: SupplyShipmentRow, where: ReadonlyMap<number, SupplyLocationRow>, kits: readonly KitWithType[]): SupplyShipment {
  const origin = where.get(row.origin_id);
  const destination = where.get(row.destination_id);
  if (!origin || !destination) throw new Error(`shipment ${row.id} names an unknown location`);
  return {
    id: row.id,
    origin: locationRef(origin),
    destination: locationRef(destination),
    status: row.status,
    reason: row.reason,
    kits: kits.map((kit) => ({ id: kit.id, kitNo: kit.kit_no, kitType: kitTypeLabel(viewer, { ...kit, id: kit.kit_type_id }), expiresOn: kit.expires_on })),
    note: row.note,
    requestedAt: row.requested_at.toISOString(),
    shippedAt: row.shipped_at?.toISOString() ?? null,
    receivedAt: row.received_at?.toISOString() ?? null,
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

const zeroCounts = (): Record<KitStatus, number> => Object.fromEntries(KIT_STATUSES.map((status) => [status, 0])) as Record<KitStatus, number>;

/**
 * Stock by location and kit type; for a blinded caller the kit types sharing a blinded name are counted
 * together, so the overview cannot be split by arm.
 */
export function presentStock(
  viewer: SupplyViewer,
  counts: readonly { location_id: number; kit_type_id: number; status: KitStatus; n: number }[],
  where: ReadonlyMap<number, SupplyLocationRow>,
  types: ReadonlyMap<number, SupplyKitTypeRow>,
): SupplyStockRow[] {
  const rows = new Map<string, SupplyStockRow>();
  for (const count of counts) {
    const location = where.get(count.location_id);
    const type = types.get(count.kit_type_id);
    if (!location || !type) continue;
    const kitType = kitTypeLabel(viewer, type);
    const key = `${location.id}|${labelKey(kitType)}`;
    const row = rows.get(key) ?? { location: locationRef(location), kitType, counts: zeroCounts() };
    row.counts[count.status] += count.n;
    rows.set(key, row);
  }
  return [...rows.values()];
}
