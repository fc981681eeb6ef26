import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type {
  KitStatusColumn,
  SupplyDosingRow,
  SupplyKitTypeRow,
  SupplyKitsTable,
  SupplyLocationRow,
  SupplyLocationsTable,
  SupplyProductRow,
  SupplyProductsTable,
  SupplyResupplyRow,
  SupplyShipmentRow,
  SupplyShipmentsTable,
  SupplyKitTypesTable,
} from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';

/** All SQL of drug supply (docs/decisions.md "Drug supply"). */

export const products = (db: Executor, projectId: number): Promise<SupplyProductRow[]> =>
  db.selectFrom('supply_products').selectAll().where('project_id', '=', projectId).orderBy('code').execute();

export const findProduct = (db: Executor, projectId: number, id: number): Promise<SupplyProductRow | undefined> =>
  db.selectFrom('supply_products').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();

export async function insertProduct(db: Executor, values: Insertable<SupplyProductsTable>): Promise<SupplyProductRow> {
  return db.insertInto('supply_products').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateProduct(db: Executor, id: number, values: Updateable<SupplyProductsTable>): Promise<SupplyProductRow> {
  return db.updateTable('supply_products').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export const kitTypes = (db: Executor, projectId: number): Promise<SupplyKitTypeRow[]> =>
  db.selectFrom('supply_kit_types').selectAll().where('project_id', '=', projectId).orderBy('code').execute();

export const findKitType = (db: Executor, projectId: number, id: number): Promise<SupplyKitTypeRow | undefined> =>
  db.selectFrom('supply_kit_types').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();

export async function insertKitType(db: Executor, values: Insertable<SupplyKitTypesTable>): Promise<SupplyKitTypeRow> {
  return db.insertInto('supply_kit_types').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateKitType(db: Executor, id: number, values: Updateable<SupplyKitTypesTable>): Promise<SupplyKitTypeRow> {
  return db.updateTable('supply_kit_types').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export const dosing = (db: Executor, projectId: number): Promise<SupplyDosingRow[]> =>
  db.selectFrom('supply_dosing').selectAll().where('project_id', '=', projectId).orderBy('event_id').orderBy('arm').orderBy('kit_type_id').execute();

export async function replaceDosing(db: Executor, projectId: number, eventId: number, arm: string, lines: { kitTypeId: number; quantity: number }[]): Promise<SupplyDosingRow[]> {
  const before = await db.deleteFrom('supply_dosing').where('event_id', '=', eventId).where('arm', '=', arm).returningAll().execute();
  if (lines.length > 0) {
    await db
      .insertInto('supply_dosing')
      .values(lines.map((line) => ({ project_id: projectId, event_id: eventId, arm, kit_type_id: line.kitTypeId, quantity: line.quantity })))
      .execute();
  }
  return before;
}

export const findEvent = (db: Executor, projectId: number, id: number) =>
  db.selectFrom('events').select(['id']).where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();

/** The project's events in schedule order. */
export async function eventOrder(db: Executor, projectId: number): Promise<number[]> {
  return (await db.selectFrom('events').select('id').where('project_id', '=', projectId).orderBy('sort').orderBy('id').execute()).map((row) => row.id);
}

export const locations = (db: Executor, projectId: number): Promise<SupplyLocationRow[]> =>
  db.selectFrom('supply_locations').selectAll().where('project_id', '=', projectId).orderBy('kind').orderBy('code').execute();

export const findLocation = (db: Executor, projectId: number, id: number): Promise<SupplyLocationRow | undefined> =>
  db.selectFrom('supply_locations').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();

export const pharmacyOfSite = (db: Executor, projectId: number, siteId: number): Promise<SupplyLocationRow | undefined> =>
  db.selectFrom('supply_locations').selectAll().where('project_id', '=', projectId).where('site_id', '=', siteId).executeTakeFirst();

export async function insertLocation(db: Executor, values: Insertable<SupplyLocationsTable>): Promise<SupplyLocationRow> {
  return db.insertInto('supply_locations').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateLocation(db: Executor, id: number, values: Updateable<SupplyLocationsTable>): Promise<SupplyLocationRow> {
  return db.updateTable('supply_locations').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export const siteOfProject = (db: Executor, projectId: number, siteId: number) =>
  db.selectFrom('project_sites').select('id').where('project_id', '=', projectId).where('id', '=', siteId).executeTakeFirst();

export const resupplySettings = (db: Executor, projectId: number): Promise<SupplyResupplyRow[]> =>
  db.selectFrom('supply_resupply').selectAll().where('project_id', '=', projectId).orderBy('location_id').orderBy('kit_type_id').execute();

export async function upsertResupply(db: Executor, row: Omit<SupplyResupplyRow, 'updated_at'>): Promise<SupplyResupplyRow | undefined> {
  const before = await db.selectFrom('supply_resupply').selectAll().where('location_id', '=', row.location_id).where('kit_type_id', '=', row.kit_type_id).executeTakeFirst();
  await db
    .insertInto('supply_resupply')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['location_id', 'kit_type_id']).doUpdateSet({ trigger_level: row.trigger_level, target_level: row.target_level, predictive_days: row.predictive_days, updated_by: row.updated_by, updated_at: new Date() }),
    )
    .execute();
  return before;
}

/** The next running number of a generated kit list: after every number the project's lists used. */
export async function nextKitNumber(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('supply_kit_lists')
    .select((eb) => eb.fn.max<number | null>(sql<number>`first_no + kit_count`).as('next'))
    .where('project_id', '=', projectId)
    .where('source', '=', 'generated')
    .executeTakeFirst();
  return row?.next ?? 1;
}

export async function insertKitList(db: Executor, values: { project_id: number; env_id: number; source: 'generated' | 'uploaded'; seed: string | null; first_no: number | null; kit_count: number; file_name: string | null; file_sha256: string | null; created_by: number }): Promise<number> {
  return (await db.insertInto('supply_kit_lists').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertKits(db: Executor, rows: Insertable<SupplyKitsTable>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) await db.insertInto('supply_kits').values(rows.slice(start, start + 500)).execute();
}

export async function existingKitNos(db: Executor, projectId: number, kitNos: readonly string[]): Promise<Set<string>> {
  if (kitNos.length === 0) return new Set();
  const found = new Set<string>();
  for (let start = 0; start < kitNos.length; start += 1000) {
    const rows = await db.selectFrom('supply_kits').select('kit_no').where('project_id', '=', projectId).where('kit_no', 'in', kitNos.slice(start, start + 1000)).execute();
    for (const row of rows) found.add(row.kit_no);
  }
  return found;
}

/** A kit with what its presentation needs: its type's names and its location. */
export function kitsWithType(db: Executor) {
  return db
    .selectFrom('supply_kits as k')
    .innerJoin('supply_kit_types as t', 't.id', 'k.kit_type_id')
    .leftJoin('supply_locations as l', 'l.id', 'k.location_id')
    .select([
      'k.id',
      'k.env_id',
      'k.kit_no',
      'k.kit_type_id',
      'k.batch',
      'k.expires_on',
      'k.status',
      'k.location_id',
      'k.subject_id',
      'k.event_instance_id',
      'k.dispensed_at',
      't.name',
      't.name_en',
      't.blinded_name',
      't.blinded_name_en',
      'l.code as location_code',
      'l.name as location_name',
      'l.kind as location_kind',
      'l.site_id as location_site_id',
    ]);
}
export type KitWithType = Awaited<ReturnType<ReturnType<typeof kitsWithType>['execute']>>[number];

export interface KitFilter {
  projectId: number;
  envId: number;
  /** Locations the caller may see; null: every location. */
  locationIds: number[] | null;
  status?: KitStatusColumn;
  locationId?: number;
  kitTypeId?: number;
  kitNo?: string;
  batch?: string;
  expiringBy?: string;
}

function filtered(db: Executor, filter: KitFilter) {
  let query = kitsWithType(db).where('k.project_id', '=', filter.projectId).where('k.env_id', '=', filter.envId);
  if (filter.locationIds !== null) query = filter.locationIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('k.location_id', 'in', filter.locationIds);
  if (filter.status) query = query.where('k.status', '=', filter.status);
  if (filter.locationId) query = query.where('k.location_id', '=', filter.locationId);
  if (filter.kitTypeId) query = query.where('k.kit_type_id', '=', filter.kitTypeId);
  if (filter.kitNo) query = query.where('k.kit_no', '=', filter.kitNo);
  if (filter.batch) query = query.where('k.batch', '=', filter.batch);
  if (filter.expiringBy) query = query.where('k.expires_on', '<=', filter.expiringBy).where('k.status', 'in', ['available', 'at_site', 'quarantined']);
  return query;
}

export async function kitPage(db: Executor, filter: KitFilter, page: number, pageSize: number): Promise<{ total: number; rows: KitWithType[] }> {
  const total = await filtered(db, filter).clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await filtered(db, filter).orderBy('k.kit_no').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { total: Number(total.n), rows };
}

export const kitsExpiring = (db: Executor, filter: KitFilter): Promise<KitWithType[]> => filtered(db, filter).orderBy('k.expires_on').orderBy('k.kit_no').limit(2000).execute();

export const kitsByNo = (db: Executor, projectId: number, envId: number, kitNos: readonly string[]): Promise<KitWithType[]> =>
  kitsWithType(db).where('k.project_id', '=', projectId).where('k.env_id', '=', envId).where('k.kit_no', 'in', kitNos).orderBy('k.kit_no').forUpdate('k').execute();

export const kitsOfShipment = (db: Executor, shipmentIds: readonly number[]) =>
  shipmentIds.length === 0
    ? Promise.resolve([])
    : kitsWithType(db).innerJoin('supply_shipment_kits as sk', 'sk.kit_id', 'k.id').select('sk.shipment_id').where('sk.shipment_id', 'in', shipmentIds).orderBy('k.kit_no').execute();

export async function setKits(db: Executor, ids: readonly number[], values: Updateable<SupplyKitsTable>): Promise<void> {
  if (ids.length > 0) await db.updateTable('supply_kits').set({ ...values, updated_at: new Date() }).where('id', 'in', ids).execute();
}

/** Kits free to ship or dispense: at the location in this status, unexpired on `after`, on no open shipment, earliest expiry first. */
export async function pickKits(db: Executor, input: { envId: number; locationId: number; kitTypeId: number; status: KitStatusColumn; expiresAfter: string; limit: number }): Promise<{ id: number; kit_no: string }[]> {
  return db
    .selectFrom('supply_kits as k')
    .select(['k.id', 'k.kit_no'])
    .where('k.env_id', '=', input.envId)
    .where('k.location_id', '=', input.locationId)
    .where('k.kit_type_id', '=', input.kitTypeId)
    .where('k.status', '=', input.status)
    .where('k.expires_on', '>', input.expiresAfter)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('supply_shipment_kits as sk').innerJoin('supply_shipments as s', 's.id', 'sk.shipment_id').select('sk.kit_id').whereRef('sk.kit_id', '=', 'k.id').where('s.status', '=', 'requested'))),
    )
    .orderBy('k.expires_on').orderBy('k.kit_no')
    .limit(input.limit)
    .forUpdate('k')
    .execute();
}

export async function kitsOnOpenShipments(db: Executor, kitIds: readonly number[]): Promise<Set<number>> {
  if (kitIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('supply_shipment_kits as sk')
    .innerJoin('supply_shipments as s', 's.id', 'sk.shipment_id')
    .select('sk.kit_id')
    .where('sk.kit_id', 'in', kitIds)
    .where('s.status', 'in', ['requested', 'shipped'])
    .execute();
  return new Set(rows.map((row) => row.kit_id));
}

export async function insertShipment(db: Executor, values: Insertable<SupplyShipmentsTable>, kitIds: readonly number[]): Promise<SupplyShipmentRow> {
  const shipment = await db.insertInto('supply_shipments').values(values).returningAll().executeTakeFirstOrThrow();
  if (kitIds.length > 0) await db.insertInto('supply_shipment_kits').values(kitIds.map((kit_id) => ({ shipment_id: shipment.id, kit_id }))).execute();
  return shipment;
}

export const findShipment = (db: Executor, projectId: number, envId: number, id: number): Promise<SupplyShipmentRow | undefined> =>
  db.selectFrom('supply_shipments').selectAll().where('project_id', '=', projectId).where('env_id', '=', envId).where('id', '=', id).forUpdate().executeTakeFirst();

export async function updateShipment(db: Executor, id: number, values: Updateable<SupplyShipmentsTable>): Promise<SupplyShipmentRow> {
  return db.updateTable('supply_shipments').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function shipmentPage(db: Executor, filter: { projectId: number; envId: number; locationIds: number[] | null; status?: SupplyShipmentRow['status'] }, page: number, pageSize: number): Promise<{ total: number; rows: SupplyShipmentRow[] }> {
  let query = db.selectFrom('supply_shipments').where('project_id', '=', filter.projectId).where('env_id', '=', filter.envId);
  const ids = filter.locationIds;
  if (ids !== null) query = ids.length === 0 ? query.where(sql<boolean>`false`) : query.where((eb) => eb.or([eb('origin_id', 'in', ids), eb('destination_id', 'in', ids)]));
  if (filter.status) query = query.where('status', '=', filter.status);
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { total: Number(total.n), rows };
}

/** Kits a pharmacy can dispense (received and unexpired on `today`), by kit type. */
export async function onHand(db: Executor, envId: number, locationIds: readonly number[], today: string) {
  if (locationIds.length === 0) return [];
  return db
    .selectFrom('supply_kits')
    .select(['location_id', 'kit_type_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('env_id', '=', envId)
    .where('location_id', 'in', locationIds)
    .where('status', '=', 'at_site')
    .where('expires_on', '>', today)
    .groupBy(['location_id', 'kit_type_id'])
    .execute();
}

/** Kits on shipments requested or shipped to the locations, by destination and kit type. */
/**
 * Kits on their way to the locations: shipped only (`in_transit`), or also those on shipments still requested
 * (`on order`, which resupply counts so it never orders twice). Kits of a requested shipment stay available at
 * their depot until shipped, so the stock overview counts them there and not here.
 */
export async function incoming(db: Executor, envId: number, locationIds: readonly number[], statuses: readonly ('requested' | 'shipped')[] = ['requested', 'shipped']) {
  if (locationIds.length === 0) return [];
  return db
    .selectFrom('supply_shipments as s')
    .innerJoin('supply_shipment_kits as sk', 'sk.shipment_id', 's.id')
    .innerJoin('supply_kits as k', 'k.id', 'sk.kit_id')
    .select(['s.destination_id', 'k.kit_type_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('s.env_id', '=', envId)
    .where('s.destination_id', 'in', locationIds)
    .where('s.status', 'in', [...statuses])
    .groupBy(['s.destination_id', 'k.kit_type_id'])
    .execute();
}

/**
 * Visits of randomised subjects at the sites, planned from `from` to `to` and not yet done nor dispensed:
 * what predictive resupply expects the sites to need.
 */
export async function expectedVisits(db: Executor, envId: number, siteIds: readonly number[], from: string, to: string) {
  if (siteIds.length === 0) return [];
  return db
    .selectFrom('event_instances as e')
    .innerJoin('rand_allocations as a', 'a.subject_id', 'e.subject_id')
    .innerJoin('subjects as s', 's.id', 'e.subject_id')
    .select(['e.site_id', 'e.event_id', 'e.planned_date', 'a.arm'])
    .where('e.env_id', '=', envId)
    .where('e.site_id', 'in', siteIds)
    .where('e.actual_date', 'is', null)
    .where('e.planned_date', '>=', from)
    .where('e.planned_date', '<=', to)
    .where('s.status', '<>', 'DEL')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('supply_kits as k').select('k.id').whereRef('k.event_instance_id', '=', 'e.id'))))
    .execute();
}

/** Counts by location, kit type and status, for the stock overview. */
export async function stockCounts(db: Executor, projectId: number, envId: number) {
  return db
    .selectFrom('supply_kits')
    .select(['location_id', 'kit_type_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('project_id', '=', projectId)
    .where('env_id', '=', envId)
    .groupBy(['location_id', 'kit_type_id', 'status'])
    .execute();
}

export const allocationOf = (db: Executor, envId: number, subjectId: number) =>
  db.selectFrom('rand_allocations').select(['arm']).where('env_id', '=', envId).where('subject_id', '=', subjectId).executeTakeFirst();

export async function studyUnblinded(db: Executor, envId: number): Promise<boolean> {
  return (await db.selectFrom('rand_unblindings').select('id').where('env_id', '=', envId).where('kind', '=', 'study').executeTakeFirst()) !== undefined;
}

export async function kitsDispensedAt(db: Executor, eventInstanceId: number): Promise<number> {
  const row = await db.selectFrom('supply_kits').select((eb) => eb.fn.countAll<string>().as('n')).where('event_instance_id', '=', eventInstanceId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The end of the window of the subject's next visit after `after` (its planned day when it has no window). */
export async function nextWindowEnd(db: Executor, subjectId: number, after: string): Promise<string | null> {
  const row = await db
    .selectFrom('event_instances')
    .select(['window_end', 'planned_date'])
    .where('subject_id', '=', subjectId)
    .where('planned_date', '>', after)
    .orderBy('planned_date')
    .limit(1)
    .executeTakeFirst();
  return row ? (row.window_end ?? row.planned_date) : null;
}

export const firstEventInstance = (db: Executor, subjectId: number, eventId: number) =>
  db.selectFrom('event_instances').select(['id', 'planned_date', 'actual_date']).where('subject_id', '=', subjectId).where('event_id', '=', eventId).orderBy('seq').limit(1).executeTakeFirst();

export const envRow = (db: Executor, id: number) => db.selectFrom('project_envs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
