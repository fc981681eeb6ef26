import type { SupplyDispenseResult, SupplyKitListResult, SupplyKitPage, SupplyPlan, SupplyShipment, SupplyStockRow } from '@dcap/core';
import { addDays } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, refused, role } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';

/**
 * A blinded study's drug supply day: the unblinded supply manager sets up the plan, depots and pharmacies and
 * generates kits; shipments go out and are received; pharmacists dispense by arm, the stock falls and
 * resupply follows; kits near expiry are refused, moved between sites, lost, damaged and destroyed. The site
 * pharmacists are blinded and nothing they are answered names an arm.
 */
let rs: RecordsStudy;
let manager: Persona;
let pharmacistA: Persona;
let pharmacistB: Persona;
const ids = { product: 0, active: 0, placebo: 0, depot: 0, pharmacyA: 0, pharmacyB: 0 };

const db = () => rs.study.t.database.db;
const post = (who: Persona, url: string, body: unknown) => rs.study.t.call('POST', url, { token: who.token, body });
const get = (who: Persona, url: string) => rs.study.t.call('GET', url, { token: who.token });
const today = () => rs.study.t.clock.now().toISOString().slice(0, 10);

async function member(name: string, body: Record<string, unknown>): Promise<Persona> {
  const r = await role(rs.study, rs.people.projectAdmin, { projectId: rs.projectId, alias: name, ...body });
  const p = await person(rs.study, `SUP.${name}`);
  await grant(rs.study, rs.people.projectAdmin, rs.projectId, { roleId: r.id, userIds: [p.id] });
  await enter(rs.study, p, rs.projectId, r.id);
  ok(await get(p, '/dcap/projectEnv/selectEnv/uat'));
  return p;
}

let sequence = 0;
/** Gives a subject an arm as the randomisation step would. */
async function allocate(subject: AddedSubject, arm: string): Promise<void> {
  sequence += 1;
  await db()
    .insertInto('rand_allocations')
    .values({ project_id: rs.projectId, env_id: rs.env.id, subject_id: subject.id, site_id: subject.siteId, source: 'minimisation', stratum: '*', arm, random_no: `R${sequence}`, seq: sequence, allocated_by: manager.id })
    .execute();
}

const kitTypeOf = async (kitNo: string) => (await db().selectFrom('supply_kits').select('kit_type_id').where('kit_no', '=', kitNo).executeTakeFirstOrThrow()).kit_type_id;
const dispense = (who: Persona, subject: AddedSubject, visit: 'baseline' | 'visit2') => post(who, '/dcap/supply/dispense', { subjectId: subject.id, eventInstanceId: subject.eventInstances[visit] });

async function ship(from: number, to: number, items: { kitTypeId: number; count: number }[], receiver: Persona): Promise<SupplyShipment> {
  const created = ok(await post(manager, '/dcap/supply/shipment/create', { originId: from, destinationId: to, items })) as SupplyShipment;
  ok(await post(manager, '/dcap/supply/shipment/ship', { id: created.id }));
  return ok(await post(receiver, '/dcap/supply/shipment/receive', { id: created.id })) as SupplyShipment;
}

beforeAll(async () => {
  rs = await openRecordsStudy('SUP');
  await db().updateTable('projects').set({ blind_method: 'D' }).where('id', '=', rs.projectId).execute();
  manager = await member('Supply', { institutionIds: 'all', drugSupply: true, unblind: true });
  pharmacistA = await member('Pharmacy-A', { institutionIds: [rs.siteA.id], drugSupply: true });
  pharmacistB = await member('Pharmacy-B', { institutionIds: [rs.siteB.id], drugSupply: true });

  ids.product = (ok(await post(manager, '/dcap/supply/product/save', { code: 'IP', name: '研究药物片', nameEn: 'Study tablets', dosageForm: 'tablet', strength: '10 mg', unit: 'tablet' })) as { id: number }).id;
  const kitType = async (code: string, arm: string, name: string, nameEn: string) =>
    (ok(await post(manager, '/dcap/supply/kitType/save', { code, arm, name, nameEn, blindedName: '研究药物', blindedNameEn: 'Study drug', productId: ids.product, unitsPerKit: 28 })) as { id: number }).id;
  ids.active = await kitType('ACT', 'A', '活性药', 'Active drug');
  ids.placebo = await kitType('PBO', 'B', '安慰剂', 'Placebo');
  for (const visit of [rs.events.baseline, rs.events.visit2]) {
    ok(await post(manager, '/dcap/supply/dosing/save', { eventId: visit, arm: 'A', lines: [{ kitTypeId: ids.active, quantity: 1 }] }));
    ok(await post(manager, '/dcap/supply/dosing/save', { eventId: visit, arm: 'B', lines: [{ kitTypeId: ids.placebo, quantity: 1 }] }));
  }
  const location = async (body: Record<string, unknown>) => (ok(await post(manager, '/dcap/supply/location/save', body)) as { id: number }).id;
  ids.depot = await location({ kind: 'depot', code: 'DEP', name: '中心仓库' });
  ids.pharmacyA = await location({ kind: 'site', code: 'PHA', name: '药房A', siteId: rs.siteA.id, depotId: ids.depot });
  ids.pharmacyB = await location({ kind: 'site', code: 'PHB', name: '药房B', siteId: rs.siteB.id, depotId: ids.depot });
}, 240_000);
afterAll(() => rs.study.t.close());

describe('kit lists', () => {
  it('numbers the kits in one sequence with the types shuffled over it, and keeps the seed out of the answer', async () => {
    const list = ok(await post(manager, '/dcap/supply/kit/generate', { depotId: ids.depot, batch: 'B001', expiresOn: '2099-12-31', prefix: 'K', items: [{ kitTypeId: ids.active, count: 20 }, { kitTypeId: ids.placebo, count: 20 }] })) as SupplyKitListResult;
    expect(list).toMatchObject({ count: 40, firstKitNo: 'K000001', lastKitNo: 'K000040' });
    const kits = await db().selectFrom('supply_kits').select(['kit_no', 'kit_type_id']).where('list_id', '=', list.listId).orderBy('kit_no').execute();
    expect(new Set(kits.slice(0, 20).map((kit) => kit.kit_type_id)).size).toBe(2);
    const next = ok(await post(manager, '/dcap/supply/kit/generate', { depotId: ids.depot, batch: 'B002', expiresOn: '2099-12-31', prefix: 'K', items: [{ kitTypeId: ids.placebo, count: 10 }] })) as SupplyKitListResult;
    expect(next.firstKitNo).toBe('K000041');
    const batch = ok(await post(manager, '/dcap/supply/kit/list', { batch: 'B002', pageSize: 500 })) as { total: number };
    expect(batch.total).toBe(10);
    const audit = await db().selectFrom('audit_log').select(['action', 'new_value']).where('action', '=', 'supply_kit_list.generate').execute();
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toMatch(/seed/i);
  });

  it('takes an uploaded list whole, or reports every problem and takes none', async () => {
    const bad = ok(await post(manager, '/dcap/supply/kit/upload', { depotId: ids.depot, csv: 'kitNo,kitType,batch,expiryDate\nU1,ACT,B9,2099-01-01\nK000001,XYZ,B9,2099-13-01\n' })) as { result: null; problems: { row: number; code: string }[] };
    expect(bad.result).toBeNull();
    expect(bad.problems.map((p) => `${p.row}:${p.code}`)).toEqual(['3:supply.kit_list.kit_exists', '3:supply.kit_list.unknown_kit_type', '3:supply.kit_list.invalid_date']);
    const good = ok(await post(manager, '/dcap/supply/kit/upload', { depotId: ids.depot, csv: 'kitNo,kitType,batch,expiryDate\nU1,ACT,B9,2099-01-01\nU2,PBO,B9,2099-01-01\n' })) as { result: SupplyKitListResult };
    expect(good.result.count).toBe(2);
  });

  it('is generated by the supply manager only', async () => {
    refused(await post(pharmacistA, '/dcap/supply/kit/generate', { depotId: ids.depot, batch: 'X', expiresOn: '2099-12-31', items: [{ kitTypeId: ids.active, count: 1 }] }), 403, 'permission.project_forbidden');
  });
});

describe('shipments, dispensing and resupply', () => {
  let subjectA1: AddedSubject;
  let subjectB1: AddedSubject;

  it('ships kits to a pharmacy, received there only by its own staff', async () => {
    const created = ok(await post(manager, '/dcap/supply/shipment/create', { originId: ids.depot, destinationId: ids.pharmacyA, items: [{ kitTypeId: ids.active, count: 3 }, { kitTypeId: ids.placebo, count: 3 }] })) as SupplyShipment;
    expect(created).toMatchObject({ status: 'requested', reason: 'manual' });
    expect(created.kits).toHaveLength(6);
    refused(await post(pharmacistA, '/dcap/supply/shipment/receive', { id: created.id }), 409, 'supply.shipment_transition');
    ok(await post(manager, '/dcap/supply/shipment/ship', { id: created.id }));
    refused(await post(pharmacistB, '/dcap/supply/shipment/receive', { id: created.id }), 404, 'supply.shipment_not_found');
    const received = ok(await post(pharmacistA, '/dcap/supply/shipment/receive', { id: created.id })) as SupplyShipment;
    expect(received.status).toBe('received');
    const atSite = await db().selectFrom('supply_kits').select('status').where('location_id', '=', ids.pharmacyA).execute();
    expect(atSite.map((kit) => kit.status)).toEqual(Array(6).fill('at_site'));
    const rows = await db().selectFrom('audit_log').select('action').where('entity_type', '=', 'supply_shipment').where('entity_id', '=', String(created.id)).orderBy('id').execute();
    expect(rows.map((row) => row.action)).toEqual(['supply_shipment.create', 'supply_shipment.shipped', 'supply_shipment.received']);
  });

  it('dispenses the kit type of the subject’s arm, and refuses without an allocation, twice, or at another site', async () => {
    subjectA1 = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    const subjectA2 = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    const unallocated = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    await allocate(subjectA1, 'A');
    await allocate(subjectA2, 'B');
    await db().insertInto('supply_resupply').values({ project_id: rs.projectId, location_id: ids.pharmacyA, kit_type_id: ids.active, trigger_level: 2, target_level: 4, predictive_days: 0, updated_by: manager.id }).execute();

    const first = ok(await dispense(pharmacistA, subjectA1, 'baseline')) as SupplyDispenseResult;
    expect(first.kits).toHaveLength(1);
    expect(await kitTypeOf(first.kits[0]?.kitNo ?? '')).toBe(ids.active);
    const second = ok(await dispense(pharmacistA, subjectA2, 'baseline')) as SupplyDispenseResult;
    expect(await kitTypeOf(second.kits[0]?.kitNo ?? '')).toBe(ids.placebo);

    refused(await dispense(pharmacistA, unallocated, 'baseline'), 422, 'supply.no_allocation');
    refused(await dispense(pharmacistA, subjectA1, 'baseline'), 409, 'supply.already_dispensed');
    refused(await dispense(pharmacistB, subjectA1, 'visit2'), 404, 'subject.not_found');
    const audit = await db().selectFrom('audit_log').select(['new_value']).where('action', '=', 'supply.dispense').where('entity_id', '=', String(subjectA1.id)).executeTakeFirstOrThrow();
    expect(audit.new_value).toMatchObject({ kitNos: [first.kits[0]?.kitNo] });
  });

  it('raises a trigger shipment when a dispensing takes the stock below the trigger', async () => {
    const shipments = () => db().selectFrom('supply_shipments').selectAll().where('destination_id', '=', ids.pharmacyA).where('reason', '=', 'trigger').execute();
    expect(await shipments()).toHaveLength(0);
    const subjectA3 = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    await allocate(subjectA3, 'A');
    ok(await dispense(pharmacistA, subjectA3, 'baseline'));
    const raised = await shipments();
    expect(raised).toHaveLength(1);
    const kits = await db().selectFrom('supply_shipment_kits').innerJoin('supply_kits', 'supply_kits.id', 'supply_shipment_kits.kit_id').select('kit_type_id').where('shipment_id', '=', raised[0]?.id ?? 0).execute();
    // One active kit left against a target of four.
    expect(kits.map((kit) => kit.kit_type_id)).toEqual([ids.active, ids.active, ids.active]);
    // Kits on their way count: checking again raises nothing more.
    expect(ok(await post(manager, '/dcap/supply/resupply/check', {}))).toEqual([]);
  });

  it('raises a predictive shipment ahead of the visits expected in the window', async () => {
    await ship(ids.depot, ids.pharmacyB, [{ kitTypeId: ids.placebo, count: 3 }], pharmacistB);
    subjectB1 = await addSubject(rs, rs.people.siteBUser, rs.siteB.id);
    await allocate(subjectB1, 'B');
    ok(await post(manager, '/dcap/supply/resupply/save', { locationId: ids.pharmacyB, kitTypeId: ids.placebo, triggerLevel: 2, targetLevel: 3, predictiveDays: 30 }));
    const expected = await db().selectFrom('event_instances').select('id').where('subject_id', '=', subjectB1.id).where('event_id', 'in', [rs.events.baseline, rs.events.visit2]).where('planned_date', '<=', addDays(today(), 30)).execute();
    const raised = ok(await post(manager, '/dcap/supply/resupply/check', { siteId: rs.siteB.id })) as SupplyShipment[];
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ reason: 'predictive', status: 'requested' });
    // Three in stock, the expected visits' kits to cover, then back to the target of three.
    expect(raised[0]?.kits).toHaveLength(expected.length);
  });

  it('moves kits between sites, shipped by the origin and received by the destination', async () => {
    const kit = await db().selectFrom('supply_kits').select('kit_no').where('location_id', '=', ids.pharmacyA).where('status', '=', 'at_site').where('kit_type_id', '=', ids.placebo).orderBy('kit_no').executeTakeFirstOrThrow();
    refused(await post(pharmacistB, '/dcap/supply/transfer/create', { originId: ids.pharmacyA, destinationId: ids.pharmacyB, kitNos: [kit.kit_no] }), 404, 'supply.location_not_found');
    const transfer = ok(await post(pharmacistA, '/dcap/supply/transfer/create', { originId: ids.pharmacyA, destinationId: ids.pharmacyB, kitNos: [kit.kit_no] })) as SupplyShipment;
    expect(transfer.reason).toBe('transfer');
    refused(await post(pharmacistB, '/dcap/supply/shipment/ship', { id: transfer.id }), 403, 'permission.project_forbidden');
    ok(await post(pharmacistA, '/dcap/supply/shipment/ship', { id: transfer.id }));
    ok(await post(pharmacistB, '/dcap/supply/shipment/receive', { id: transfer.id }));
    const moved = await db().selectFrom('supply_kits').select(['location_id', 'status']).where('kit_no', '=', kit.kit_no).executeTakeFirstOrThrow();
    expect(moved).toEqual({ location_id: ids.pharmacyB, status: 'at_site' });
  });

  it('records shipments lost or damaged, and destroys damaged and returned kits', async () => {
    const lost = ok(await post(manager, '/dcap/supply/shipment/create', { originId: ids.depot, destinationId: ids.pharmacyA, items: [{ kitTypeId: ids.placebo, count: 1 }] })) as SupplyShipment;
    ok(await post(manager, '/dcap/supply/shipment/ship', { id: lost.id }));
    const gone = ok(await post(pharmacistA, '/dcap/supply/shipment/loss', { id: lost.id, status: 'lost', reason: '快递丢失' })) as SupplyShipment;
    expect(gone.status).toBe('lost');
    refused(await post(pharmacistA, '/dcap/supply/shipment/receive', { id: lost.id }), 409, 'supply.shipment_transition');

    const broken = ok(await post(manager, '/dcap/supply/shipment/create', { originId: ids.depot, destinationId: ids.pharmacyA, items: [{ kitTypeId: ids.placebo, count: 1 }] })) as SupplyShipment;
    ok(await post(manager, '/dcap/supply/shipment/ship', { id: broken.id }));
    ok(await post(pharmacistA, '/dcap/supply/shipment/loss', { id: broken.id, status: 'damaged', reason: '包装破损' }));
    const damagedNo = broken.kits[0]?.kitNo ?? '';
    expect((await db().selectFrom('supply_kits').select('status').where('kit_no', '=', damagedNo).executeTakeFirstOrThrow()).status).toBe('damaged');
    ok(await post(pharmacistA, '/dcap/supply/kit/destroy', { kitNos: [damagedNo], reason: '销毁' }));

    const dispensed = await db().selectFrom('supply_kits').select('kit_no').where('subject_id', '=', subjectA1.id).executeTakeFirstOrThrow();
    refused(await post(pharmacistA, '/dcap/supply/kit/destroy', { kitNos: [dispensed.kit_no], reason: '销毁' }), 409, 'supply.kit_transition');
    ok(await post(pharmacistA, '/dcap/supply/kit/return', { kitNos: [dispensed.kit_no], reason: '受试者归还' }));
    ok(await post(pharmacistA, '/dcap/supply/kit/destroy', { kitNos: [dispensed.kit_no], reason: '销毁' }));
    refused(await post(pharmacistB, '/dcap/supply/kit/return', { kitNos: [dispensed.kit_no], reason: 'x' }), 404, 'supply.kit_not_found');
    const statuses = await db().selectFrom('audit_log').select('action').where('entity_id', '=', dispensed.kit_no).orderBy('id').execute();
    expect(statuses.map((row) => row.action)).toEqual(['supply_kit.return', 'supply_kit.destroy']);
  });

  it('does not dispense a kit that expires before the next visit window ends, and alerts ahead', async () => {
    const soon = addDays(today(), 10);
    ok(await post(manager, '/dcap/supply/kit/generate', { depotId: ids.depot, batch: 'SHORT', expiresOn: soon, prefix: 'S', items: [{ kitTypeId: ids.active, count: 2 }] }));
    // The earliest expiry ships first: the pharmacy of site B gets the short-dated kits.
    await ship(ids.depot, ids.pharmacyB, [{ kitTypeId: ids.active, count: 2 }], pharmacistB);
    const subjectB2 = await addSubject(rs, rs.people.siteBUser, rs.siteB.id);
    await allocate(subjectB2, 'A');
    const window = await db().selectFrom('event_instances').select('window_end').where('id', '=', subjectB2.eventInstances.visit2 ?? 0).executeTakeFirstOrThrow();
    expect(window.window_end !== null && window.window_end > soon).toBe(true);
    refused(await dispense(pharmacistB, subjectB2, 'baseline'), 409, 'supply.no_kit_available');
    const alerts = ok(await post(pharmacistB, '/dcap/supply/expiry/list', { days: 30 })) as { kitNo: string; expiresOn: string }[];
    expect(alerts.map((kit) => kit.expiresOn)).toEqual([soon, soon]);
    expect(ok(await post(pharmacistA, '/dcap/supply/expiry/list', { days: 30 }))).toEqual([]);
  });
});

describe('blinding', () => {
  const UNBLINDED = /"arm"|ACT|PBO|活性药|安慰剂|Active drug|Placebo/;

  it('answers a blinded pharmacist with blinded names only, and never an arm', async () => {
    const answers = [
      await get(pharmacistA, '/dcap/supply/plan'),
      await post(pharmacistA, '/dcap/supply/kit/list', { pageSize: 500 }),
      await post(pharmacistA, '/dcap/supply/kit/list', { kitTypeId: ids.active }),
      await post(pharmacistA, '/dcap/supply/shipment/list', {}),
      await post(pharmacistA, '/dcap/supply/stock', {}),
      await post(pharmacistB, '/dcap/supply/expiry/list', { days: 30 }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toMatch(UNBLINDED);
      expect(JSON.stringify(answer.body)).toContain('研究药物');
    }
    const plan = ok(answers[0] as never) as SupplyPlan;
    expect(plan.armsVisible).toBe(false);
    // Both kit types are counted as one in the stock overview.
    const stock = ok(answers[4] as never) as SupplyStockRow[];
    expect(stock.filter((row) => row.location.id === ids.pharmacyA)).toHaveLength(1);
    // A filter by kit type is not honoured for a blinded caller: it would split the kits by arm.
    expect((ok(answers[2] as never) as SupplyKitPage).total).toBe((ok(answers[1] as never) as SupplyKitPage).total);

    const subject = await addSubject(rs, rs.people.coordinator, rs.siteA.id);
    await allocate(subject, 'B');
    const dispensed = await dispense(pharmacistA, subject, 'baseline');
    expect(dispensed.status).toBe(200);
    expect(JSON.stringify(dispensed.body)).not.toMatch(UNBLINDED);
  });

  it('shows arms to the unblinded manager, and to everyone once the study is unblinded', async () => {
    const plan = ok(await get(manager, '/dcap/supply/plan')) as SupplyPlan;
    expect(plan.kitTypes.map((type) => type.arm).sort()).toEqual(['A', 'B']);
    expect(plan.dosing.some((line) => line.arm === 'A')).toBe(true);
    await db().insertInto('rand_unblindings').values({ project_id: rs.projectId, env_id: rs.env.id, kind: 'study', reason: 'database locked', unblinded_by: manager.id }).execute();
    const after = ok(await get(pharmacistA, '/dcap/supply/plan')) as SupplyPlan;
    expect(after.armsVisible).toBe(true);
    expect(after.kitTypes.map((type) => type.code).sort()).toEqual(['ACT', 'PBO']);
    await db().deleteFrom('rand_unblindings').where('env_id', '=', rs.env.id).execute();
  });
});

describe('audit trail', () => {
  it('leaves an audit row for every kind of supply write, with who did it', async () => {
    const kit = await db().selectFrom('supply_kits').select('kit_no').where('location_id', '=', ids.pharmacyA).where('status', '=', 'at_site').orderBy('kit_no').executeTakeFirstOrThrow();
    ok(await post(pharmacistA, '/dcap/supply/kit/status', { kitNos: [kit.kit_no], action: 'quarantine', reason: '温度超标' }));
    ok(await post(pharmacistA, '/dcap/supply/kit/status', { kitNos: [kit.kit_no], action: 'release', reason: '评估后可用' }));
    expect((await db().selectFrom('supply_kits').select('status').where('kit_no', '=', kit.kit_no).executeTakeFirstOrThrow()).status).toBe('at_site');
    const rows = await db().selectFrom('audit_log').select(['action', 'actor_username']).where('project_id', '=', rs.projectId).where('action', 'like', 'supply%').execute();
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'supply_product.create',
      'supply_kit_type.create',
      'supply_dosing.update',
      'supply_location.create',
      'supply_resupply.create',
      'supply_kit_list.generate',
      'supply_kit_list.upload',
      'supply_shipment.create',
      'supply_shipment.shipped',
      'supply_shipment.received',
      'supply_shipment.lost',
      'supply_shipment.damaged',
      'supply.dispense',
      'supply_kit.return',
      'supply_kit.destroy',
      'supply_kit.quarantine',
      'supply_kit.release',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(rows.every((row) => row.actor_username !== null)).toBe(true);
  });
});

describe('the stock overview', () => {
  it('counts the kits of a requested shipment at their depot, and in transit to the pharmacy only once shipped', async () => {
    ok(await post(manager, '/dcap/supply/kit/generate', { depotId: ids.depot, batch: 'STOCK', expiresOn: '2099-12-31', items: [{ kitTypeId: ids.active, count: 2 }] }));
    const countOf = async (location: number, status: 'available' | 'in_transit') => {
      const rows = ok(await post(manager, '/dcap/supply/stock', {})) as SupplyStockRow[];
      return rows.filter((row) => row.location.id === location && row.kitType.id === ids.active).reduce((sum, row) => sum + row.counts[status], 0);
    };
    const depotBefore = await countOf(ids.depot, 'available');
    const comingBefore = await countOf(ids.pharmacyB, 'in_transit');
    const created = ok(await post(manager, '/dcap/supply/shipment/create', { originId: ids.depot, destinationId: ids.pharmacyB, items: [{ kitTypeId: ids.active, count: 2 }] })) as SupplyShipment;
    expect(await countOf(ids.depot, 'available')).toBe(depotBefore);
    expect(await countOf(ids.pharmacyB, 'in_transit')).toBe(comingBefore);
    ok(await post(manager, '/dcap/supply/shipment/ship', { id: created.id }));
    expect(await countOf(ids.depot, 'available')).toBe(depotBefore - 2);
    expect(await countOf(ids.pharmacyB, 'in_transit')).toBe(comingBefore + 2);
  });
});
