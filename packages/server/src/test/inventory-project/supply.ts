import type { Fixture, PersonaName } from '../inventory.fixture.js';
import type { Entry } from './entry.js';
import { enterManagers } from './entry.js';

/**
 * Drug supply (docs/decisions.md "Drug supply"). Lists and the calls that name no data act in the session's
 * project within the caller's sites, so the member limited to site B and the stranger (in their own
 * project, where they hold every right) are let through and answered from their own scope. Calls naming the
 * matrix project's supply data (site A's pharmacy, its kits and shipments, the depot) refuse the member of
 * site B and the stranger as data that does not exist. The matrix project is in config, where no kit moves:
 * writes let through are refused by its status and change nothing.
 */
const VIEWERS: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherSite', 'otherProject'];
const MANAGERS_ANYWHERE: PersonaName[] = ['platformAdmin', 'projectAdmin', 'withRight', 'otherProject'];

interface SupplyData {
  productId: number;
  kitTypeId: number;
  depotId: number;
  pharmacyId: number;
  kitNo: string;
  shipmentId: number;
  eventId: number;
}

const made = new WeakMap<Fixture, Promise<SupplyData>>();

/** A depot, site A's pharmacy, a kit received there and a shipment on its way to it, written straight to the database. */
function supplyData(f: Fixture): Promise<SupplyData> {
  const existing = made.get(f);
  if (existing) return existing;
  const creating = (async () => {
    const db = f.study.t.database.db;
    const by = f.personas.projectAdmin.id;
    const env = await db.selectFrom('project_envs').select('id').where('project_id', '=', f.projectId).where('key', '=', f.studyData.env).executeTakeFirstOrThrow();
    const event = await db.selectFrom('event_instances').select('event_id').where('id', '=', f.studyData.eventInstanceId).executeTakeFirstOrThrow();
    const product = await db.insertInto('supply_products').values({ project_id: f.projectId, code: 'MXP', name: '矩阵药物', dosage_form: 'tablet', strength: '1 mg', unit: 'tablet', updated_by: by }).returning('id').executeTakeFirstOrThrow();
    const kitType = await db
      .insertInto('supply_kit_types')
      .values({ project_id: f.projectId, code: 'MXK', name: '矩阵包装', blinded_name: '研究药物', arm: 'A', product_id: product.id, units_per_kit: 10, updated_by: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    const depot = await db.insertInto('supply_locations').values({ project_id: f.projectId, kind: 'depot', code: 'MXD', name: '仓库', updated_by: by }).returning('id').executeTakeFirstOrThrow();
    const pharmacy = await db
      .insertInto('supply_locations')
      .values({ project_id: f.projectId, kind: 'site', code: 'MXA', name: '药房', site_id: f.siteA, depot_id: depot.id, updated_by: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await db.insertInto('supply_kit_lists').values({ project_id: f.projectId, env_id: env.id, source: 'uploaded', kit_count: 2, created_by: by }).returning('id').executeTakeFirstOrThrow();
    const kits = await db
      .insertInto('supply_kits')
      .values([
        { project_id: f.projectId, env_id: env.id, list_id: list.id, kit_no: 'MX0001', kit_type_id: kitType.id, batch: 'B', expires_on: '2099-12-31', location_id: pharmacy.id, status: 'at_site' },
        { project_id: f.projectId, env_id: env.id, list_id: list.id, kit_no: 'MX0002', kit_type_id: kitType.id, batch: 'B', expires_on: '2099-12-31', location_id: depot.id },
      ])
      .returning('id')
      .execute();
    const shipment = await db
      .insertInto('supply_shipments')
      .values({ project_id: f.projectId, env_id: env.id, origin_id: depot.id, destination_id: pharmacy.id, reason: 'manual', requested_by: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('supply_shipment_kits').values({ shipment_id: shipment.id, kit_id: kits[1]?.id ?? 0 }).execute();
    return { productId: product.id, kitTypeId: kitType.id, depotId: depot.id, pharmacyId: pharmacy.id, kitNo: 'MX0001', shipmentId: shipment.id, eventId: event.event_id };
  })();
  made.set(f, creating);
  return creating;
}

const call = (method: 'GET' | 'POST', url: string, body: (f: Fixture, d: SupplyData) => unknown) => async (f: Fixture) => {
  const data = await supplyData(f);
  return enterManagers(f, { method, url, ...(method === 'POST' ? { body: body(f, data) } : {}) });
};

export const SUPPLY_ENTRIES: Record<string, Entry> = {
  'GET /dcap/supply/plan': { allowed: VIEWERS, call: call('GET', '/dcap/supply/plan', () => undefined) },
  'GET /dcap/supply/location/list': { allowed: VIEWERS, call: call('GET', '/dcap/supply/location/list', () => undefined) },
  'POST /dcap/supply/kit/list': { allowed: VIEWERS, call: call('POST', '/dcap/supply/kit/list', () => ({})) },
  'POST /dcap/supply/shipment/list': { allowed: VIEWERS, call: call('POST', '/dcap/supply/shipment/list', () => ({})) },
  'POST /dcap/supply/expiry/list': { allowed: VIEWERS, call: call('POST', '/dcap/supply/expiry/list', () => ({ days: 30 })) },
  'POST /dcap/supply/stock': { allowed: VIEWERS, call: call('POST', '/dcap/supply/stock', () => ({})) },
  'POST /dcap/supply/product/save': {
    allowed: MANAGERS_ANYWHERE,
    call: call('POST', '/dcap/supply/product/save', (f) => ({ code: f.unique('P'), name: '药物', dosageForm: 'tablet', strength: '1 mg', unit: 'tablet' })),
  },
  'POST /dcap/supply/location/save': { allowed: MANAGERS_ANYWHERE, call: call('POST', '/dcap/supply/location/save', (f) => ({ kind: 'depot', code: f.unique('D'), name: '仓库' })) },
  'POST /dcap/supply/resupply/check': { allowed: MANAGERS_ANYWHERE, call: call('POST', '/dcap/supply/resupply/check', () => ({})) },
  'POST /dcap/supply/kitType/save': {
    call: call('POST', '/dcap/supply/kitType/save', (f, d) => ({ code: f.unique('K'), name: '包装', blindedName: '研究药物', arm: 'A', productId: d.productId, unitsPerKit: 1 })),
  },
  'POST /dcap/supply/dosing/save': { call: call('POST', '/dcap/supply/dosing/save', (_f, d) => ({ eventId: d.eventId, arm: 'A', lines: [{ kitTypeId: d.kitTypeId, quantity: 1 }] })) },
  'POST /dcap/supply/resupply/save': {
    call: call('POST', '/dcap/supply/resupply/save', (_f, d) => ({ locationId: d.pharmacyId, kitTypeId: d.kitTypeId, triggerLevel: 1, targetLevel: 2, predictiveDays: 0 })),
  },
  'POST /dcap/supply/kit/generate': {
    call: call('POST', '/dcap/supply/kit/generate', (_f, d) => ({ depotId: d.depotId, batch: 'B', expiresOn: '2099-12-31', items: [{ kitTypeId: d.kitTypeId, count: 1 }] })),
  },
  'POST /dcap/supply/kit/upload': { call: call('POST', '/dcap/supply/kit/upload', (_f, d) => ({ depotId: d.depotId, csv: 'kitNo,kitType,batch,expiryDate\nMXU1,MXK,B,2099-12-31\n' })) },
  'POST /dcap/supply/shipment/create': {
    call: call('POST', '/dcap/supply/shipment/create', (_f, d) => ({ originId: d.depotId, destinationId: d.pharmacyId, items: [{ kitTypeId: d.kitTypeId, count: 1 }] })),
  },
  'POST /dcap/supply/transfer/create': { call: call('POST', '/dcap/supply/transfer/create', (_f, d) => ({ originId: d.pharmacyId, destinationId: d.depotId, kitNos: [d.kitNo] })) },
  'POST /dcap/supply/shipment/ship': { call: call('POST', '/dcap/supply/shipment/ship', (_f, d) => ({ id: d.shipmentId })) },
  'POST /dcap/supply/shipment/receive': { call: call('POST', '/dcap/supply/shipment/receive', (_f, d) => ({ id: d.shipmentId })) },
  'POST /dcap/supply/shipment/loss': { call: call('POST', '/dcap/supply/shipment/loss', (_f, d) => ({ id: d.shipmentId, status: 'lost', reason: 'matrix' })) },
  'POST /dcap/supply/dispense': { call: call('POST', '/dcap/supply/dispense', (f) => ({ subjectId: f.studyData.subjectId, eventInstanceId: f.studyData.eventInstanceId })) },
  'POST /dcap/supply/kit/return': { call: call('POST', '/dcap/supply/kit/return', (_f, d) => ({ kitNos: [d.kitNo], reason: 'matrix' })) },
  'POST /dcap/supply/kit/destroy': { call: call('POST', '/dcap/supply/kit/destroy', (_f, d) => ({ kitNos: [d.kitNo], reason: 'matrix' })) },
  'POST /dcap/supply/kit/status': { call: call('POST', '/dcap/supply/kit/status', (_f, d) => ({ kitNos: [d.kitNo], action: 'quarantine', reason: 'matrix' })) },
};
