import type { RandScheme, Subject, SupplyShipment } from '@dcap/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '../roles/study.fixture.js';
import { enter, grant, ok, person, refused, role } from '../roles/study.fixture.js';
import type { AddedSubject, RecordsStudy } from '../../test/records.fixture.js';
import { addSubject, openRecordsStudy } from '../../test/records.fixture.js';

/**
 * Randomising with a drug plan (docs/decisions.md "Randomisation, blinding and supply", "Drug supply"): the
 * enrolment's first drug number is the kit the plan gives the subject's arm at its first dosed visit, taken
 * from the site pharmacy in the same transaction; the stock falling below its trigger raises a shipment; and
 * with no kit to give, the randomisation is refused and changes nothing.
 */
let rs: RecordsStudy;
let statistician: Persona;
let randomiser: Persona;
const kitTypes = { A: 0, B: 0 };
let pharmacy = 0;

const post = (who: Persona, url: string, body: unknown) => rs.study.t.call('POST', url, { token: who.token, body });
const db = () => rs.study.t.database.db;

beforeAll(async () => {
  rs = await openRecordsStudy('FKIT');
  const { study, projectId } = rs;
  const pm = rs.people.projectAdmin;
  await db().updateTable('projects').set({ blind_method: 'D', group_scheme: 'PROJECT_GROUP_SCHEME_RAND' }).where('id', '=', projectId).execute();
  const member = async (name: string, body: Record<string, unknown>) => {
    const r = await role(study, pm, { projectId, alias: name, ...body });
    const p = await person(study, `kitz.${name}`);
    await grant(study, pm, projectId, { roleId: r.id, userIds: [p.id] });
    await enter(study, p, projectId, r.id);
    ok(await study.t.call('GET', '/dcap/projectEnv/selectEnv/uat', { token: p.token }));
    return p;
  };
  statistician = await member('stat', { institutionIds: 'all', unblind: true, projectDesignAndSetup: true, drugSupply: true });
  randomiser = await member('pi', { institutionIds: [rs.siteA.id], randomise: true, dataEntryRights: true });

  const scheme = ok(
    await post(statistician, '/dcap/balance/scheme/save', {
      name: 'With kits',
      settings: { scheme: { method: 'blocks', arms: [{ code: 'A', name: '甲', ratio: 1 }, { code: 'B', name: '乙', ratio: 1 }], blockSizes: [2], tableSize: 20 }, treatmentPhase: '治疗期' },
    }),
  ) as RandScheme;
  ok(await post(statistician, '/dcap/balance/scheme/simulate', { id: scheme.id, trials: 10, subjectsPerTrial: 10 }));
  ok(await post(statistician, '/dcap/balance/scheme/approve', { id: scheme.id, version: 1 }));
  ok(await post(statistician, '/dcap/balance/table/generate', { schemeId: scheme.id, kind: 'test' }));

  const product = ok(await post(statistician, '/dcap/supply/product/save', { code: 'IP', name: '研究药物', dosageForm: 'tablet', strength: '10 mg', unit: 'tablet' })) as { id: number };
  for (const arm of ['A', 'B'] as const) {
    kitTypes[arm] = (ok(await post(statistician, '/dcap/supply/kitType/save', { code: `KT${arm}`, arm, name: `药盒${arm}`, blindedName: '研究药盒', productId: product.id, unitsPerKit: 28 })) as { id: number }).id;
    ok(await post(statistician, '/dcap/supply/dosing/save', { eventId: rs.events.screening, arm, lines: [{ kitTypeId: kitTypes[arm], quantity: 1 }] }));
  }
  const depot = (ok(await post(statistician, '/dcap/supply/location/save', { kind: 'depot', code: 'DEP', name: '中心库' })) as { id: number }).id;
  pharmacy = (ok(await post(statistician, '/dcap/supply/location/save', { kind: 'site', code: 'PHA', name: '药房A', siteId: rs.siteA.id, depotId: depot })) as { id: number }).id;
  ok(await post(statistician, '/dcap/supply/kit/generate', { depotId: depot, batch: 'B1', expiresOn: '2099-12-31', prefix: 'K', items: [{ kitTypeId: kitTypes.A, count: 10 }, { kitTypeId: kitTypes.B, count: 10 }] }));
  const shipment = ok(await post(statistician, '/dcap/supply/shipment/create', { originId: depot, destinationId: pharmacy, items: [{ kitTypeId: kitTypes.A, count: 2 }, { kitTypeId: kitTypes.B, count: 2 }] })) as SupplyShipment;
  ok(await post(statistician, '/dcap/supply/shipment/ship', { id: shipment.id }));
  ok(await post(statistician, '/dcap/supply/shipment/receive', { id: shipment.id }));
  for (const kitTypeId of [kitTypes.A, kitTypes.B]) ok(await post(statistician, '/dcap/supply/resupply/save', { locationId: pharmacy, kitTypeId, triggerLevel: 1, targetLevel: 3, predictiveDays: 0 }));
});
afterAll(() => rs.study.t.close());

async function randomise(subject: AddedSubject) {
  return post(randomiser, '/dcap/balance/randomise', { subjectId: subject.id, version: subject.version });
}

describe('randomising with a drug plan', () => {
  it('fills the first drug number with a kit of the subject’s arm from its site’s pharmacy, dispensed to the subject', async () => {
    for (let index = 0; index < 4; index += 1) {
      const subject = await addSubject(rs, randomiser, rs.siteA.id);
      const { subject: enrolled } = ok(await randomise(subject)) as { subject: Subject };
      const arm = (await db().selectFrom('rand_allocations').select('arm').where('subject_id', '=', subject.id).executeTakeFirstOrThrow()).arm as 'A' | 'B';
      const kit = await db().selectFrom('supply_kits').select(['kit_type_id', 'status', 'subject_id', 'location_id']).where('kit_no', '=', enrolled.firstDrugNo ?? '').executeTakeFirstOrThrow();
      expect(kit).toMatchObject({ kit_type_id: kitTypes[arm], status: 'dispensed', subject_id: subject.id, location_id: pharmacy });
    }
  });

  it('raises a trigger shipment to the pharmacy once its stock falls below the trigger', async () => {
    const shipments = await db().selectFrom('supply_shipments').select(['reason', 'destination_id', 'status']).where('reason', '=', 'trigger').execute();
    expect(shipments.length).toBeGreaterThan(0);
    expect(shipments.every((shipment) => shipment.destination_id === pharmacy && shipment.status === 'requested')).toBe(true);
  });

  it('refuses the randomisation when the pharmacy has no kit for the arm, changing nothing', async () => {
    const subject = await addSubject(rs, randomiser, rs.siteA.id);
    const before = await db().selectFrom('rand_allocations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    refused(await randomise(subject), 409, 'supply.no_kit_available');
    const after = await db().selectFrom('rand_allocations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const row = await db().selectFrom('subjects').select(['status', 'random_no']).where('id', '=', subject.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'RECORD_STATUS_SCREENING', random_no: null });
  });
});
