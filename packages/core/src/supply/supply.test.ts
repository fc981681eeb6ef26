import { describe, expect, it } from 'vitest';
import { holdsLocation } from './holder.js';
import { firstDosedEvent, kitsForVisit } from './dosing.js';
import { dispensableUntil, expiresWithin } from './expiry.js';
import { generateKitNumbers, readKitList } from './kit-list.js';
import { expectedDemand, resupplyNeeds } from './resupply.js';
import { canMoveKit, canMoveShipment, kitStatusOnShipment } from './shipment.js';

describe('kit numbers', () => {
  const items = [
    { kitTypeId: 1, count: 50 },
    { kitTypeId: 2, count: 50 },
  ];

  it('run on from the start in one sequence, each type as often as asked', () => {
    const kits = generateKitNumbers({ seed: 'seed', start: 101, prefix: 'K', items });
    expect(kits.map((kit) => kit.kitNo)).toEqual(Array.from({ length: 100 }, (_, index) => `K${String(101 + index).padStart(6, '0')}`));
    expect(kits.filter((kit) => kit.kitTypeId === 1)).toHaveLength(50);
  });

  it('spread the kit types over the sequence, so a number does not tell the type', () => {
    const types = generateKitNumbers({ seed: 'seed', start: 1, prefix: '', items }).map((kit) => kit.kitTypeId);
    // Not the types in blocks as asked: the first half holds both types.
    expect(new Set(types.slice(0, 50)).size).toBe(2);
    // Runs of one type are short, as a fair shuffle makes them.
    let longest = 0;
    let run = 0;
    types.forEach((type, index) => {
      run = index > 0 && types[index - 1] === type ? run + 1 : 1;
      longest = Math.max(longest, run);
    });
    expect(longest).toBeLessThan(15);
  });

  it('are the same for the same seed and differ for another', () => {
    const a = generateKitNumbers({ seed: 'seed', start: 1, prefix: 'K', items });
    expect(generateKitNumbers({ seed: 'seed', start: 1, prefix: 'K', items })).toEqual(a);
    expect(generateKitNumbers({ seed: 'other', start: 1, prefix: 'K', items })).not.toEqual(a);
  });
});

describe('uploaded kit lists', () => {
  const known = { kitTypeCodes: new Set(['A', 'B']), existingKitNos: new Set(['K9']) };

  it('reads the columns in any order and case', () => {
    const read = readKitList('BATCH,kitno,KitType,expirydate\nB1,K1,A,2030-01-31\nB1,K2,B,2030-02-01\n', known);
    expect(read.problems).toEqual([]);
    expect(read.kits).toEqual([
      { row: 2, kitNo: 'K1', kitTypeCode: 'A', batch: 'B1', expiresOn: '2030-01-31' },
      { row: 3, kitNo: 'K2', kitTypeCode: 'B', batch: 'B1', expiresOn: '2030-02-01' },
    ]);
  });

  it('reports every problem on its row and column, and takes nothing when there is one', () => {
    const read = readKitList('kitNo,kitType,batch,expiryDate\nK1,A,B1,2030-01-31\nK1,C,B1,2030-02-30\nK9,A,,2030-01-01\n', known);
    expect(read.kits).toEqual([]);
    expect(read.problems.map((p) => `${p.row}:${p.column ?? '-'}:${p.code}`)).toEqual([
      '3:kitNo:duplicate_kit',
      '3:kitType:unknown_kit_type',
      '3:expiryDate:invalid_date',
      '4:batch:missing_value',
      '4:kitNo:kit_exists',
    ]);
  });

  it('names missing columns and an empty list', () => {
    expect(readKitList('kitNo,batch\nK1,B1\n', known).problems.map((p) => p.column)).toEqual(['kitType', 'expiryDate']);
    expect(readKitList('kitNo,kitType,batch,expiryDate\n', known).problems[0]?.code).toBe('empty');
  });
});

describe('shipment and kit states', () => {
  it('moves a shipment forward only', () => {
    expect(canMoveShipment('requested', 'shipped')).toBe(true);
    expect(canMoveShipment('shipped', 'received')).toBe(true);
    expect(canMoveShipment('shipped', 'damaged')).toBe(true);
    expect(canMoveShipment('requested', 'received')).toBe(false);
    expect(canMoveShipment('received', 'lost')).toBe(false);
    expect(canMoveShipment('lost', 'shipped')).toBe(false);
  });

  it('moves the kits with it', () => {
    expect(kitStatusOnShipment('shipped')).toBe('in_transit');
    expect(kitStatusOnShipment('received')).toBe('at_site');
    expect(kitStatusOnShipment('damaged')).toBe('damaged');
  });

  it('destroys only what is returned, damaged or expired, and returns only what was dispensed', () => {
    expect(canMoveKit('dispensed', 'returned')).toBe(true);
    expect(canMoveKit('returned', 'destroyed')).toBe(true);
    expect(canMoveKit('at_site', 'destroyed')).toBe(false);
    expect(canMoveKit('at_site', 'returned')).toBe(false);
    expect(canMoveKit('quarantined', 'at_site')).toBe(true);
    expect(canMoveKit('destroyed', 'available')).toBe(false);
  });
});

describe('resupply', () => {
  const setting = { locationId: 1, kitTypeId: 7, triggerLevel: 2, targetLevel: 5, predictiveDays: 0 };

  it('ships up to the target when stock falls below the trigger', () => {
    expect(resupplyNeeds([{ locationId: 1, kitTypeId: 7, onHand: 1, inTransit: 0 }], [setting], [])).toEqual([{ locationId: 1, kitTypeId: 7, quantity: 4, reason: 'trigger' }]);
  });

  it('counts kits on their way, and ships nothing at or above the trigger', () => {
    expect(resupplyNeeds([{ locationId: 1, kitTypeId: 7, onHand: 1, inTransit: 4 }], [setting], [])).toEqual([]);
    expect(resupplyNeeds([{ locationId: 1, kitTypeId: 7, onHand: 2, inTransit: 0 }], [setting], [])).toEqual([]);
  });

  it('ships for a site that has none at all', () => {
    expect(resupplyNeeds([], [setting], [])).toEqual([{ locationId: 1, kitTypeId: 7, quantity: 5, reason: 'trigger' }]);
  });

  it('ships ahead of the visits expected within the predictive window', () => {
    const predictive = { ...setting, predictiveDays: 14 };
    const stock = [{ locationId: 1, kitTypeId: 7, onHand: 4, inTransit: 0 }];
    const demand = [{ locationId: 1, kitTypeId: 7, kits: 3 }];
    expect(resupplyNeeds(stock, [predictive], demand)).toEqual([{ locationId: 1, kitTypeId: 7, quantity: 4, reason: 'predictive' }]);
    // Without a predictive window the expected visits are not counted.
    expect(resupplyNeeds(stock, [setting], demand)).toEqual([]);
  });

  it('turns expected visits into kits by the dosing plan of each arm', () => {
    const plan = [
      { eventId: 10, arm: 'A', kitTypeId: 7, quantity: 2 },
      { eventId: 10, arm: 'B', kitTypeId: 8, quantity: 1 },
    ];
    const visits = [
      { locationId: 1, arm: 'A', eventId: 10 },
      { locationId: 1, arm: 'A', eventId: 10 },
      { locationId: 1, arm: 'B', eventId: 10 },
      { locationId: 1, arm: 'B', eventId: 11 },
    ];
    expect(expectedDemand(visits, plan)).toEqual([
      { locationId: 1, kitTypeId: 7, kits: 4 },
      { locationId: 1, kitTypeId: 8, kits: 1 },
    ]);
  });
});

describe('expiry', () => {
  it('does not dispense a kit that expires before the next visit window ends', () => {
    expect(dispensableUntil('2030-01-20', { today: '2030-01-01', nextWindowEnd: '2030-01-18' })).toBe(true);
    expect(dispensableUntil('2030-01-18', { today: '2030-01-01', nextWindowEnd: '2030-01-18' })).toBe(false);
    expect(dispensableUntil('2030-01-02', { today: '2030-01-01', nextWindowEnd: null })).toBe(true);
    expect(dispensableUntil('2030-01-01', { today: '2030-01-01', nextWindowEnd: null })).toBe(false);
  });

  it('raises an alert N days ahead', () => {
    expect(expiresWithin('2030-01-31', '2030-01-01', 30)).toBe(true);
    expect(expiresWithin('2030-02-01', '2030-01-01', 30)).toBe(false);
  });
});

describe('dosing plan', () => {
  const plan = [
    { eventId: 10, arm: 'A', kitTypeId: 7, quantity: 1 },
    { eventId: 10, arm: 'B', kitTypeId: 8, quantity: 1 },
    { eventId: 11, arm: 'A', kitTypeId: 7, quantity: 2 },
    { eventId: 11, arm: 'A', kitTypeId: 9, quantity: 1 },
  ];

  it('gives the kit types of the subject’s arm at the visit', () => {
    expect(kitsForVisit(plan, 'A', 11)).toEqual([
      { kitTypeId: 7, quantity: 2 },
      { kitTypeId: 9, quantity: 1 },
    ]);
    expect(kitsForVisit(plan, 'B', 10)).toEqual([{ kitTypeId: 8, quantity: 1 }]);
    expect(kitsForVisit(plan, 'B', 11)).toEqual([]);
  });

  it('finds the first dosed visit in schedule order', () => {
    expect(firstDosedEvent(plan, 'A', [9, 11, 10])).toBe(11);
    expect(firstDosedEvent(plan, 'C', [9, 10, 11])).toBeNull();
  });
});

describe('who acts at a supply location', () => {
  it('is a pharmacy’s own site staff, or for a depot the study-wide supply manager', () => {
    const pharmacy = { kind: 'site' as const, siteId: 7 };
    const depot = { kind: 'depot' as const, siteId: null };
    expect(holdsLocation(pharmacy, { sites: [7], manager: false })).toBe(true);
    expect(holdsLocation(pharmacy, { sites: [8], manager: true })).toBe(false);
    expect(holdsLocation(depot, { sites: 'all', manager: true })).toBe(true);
    expect(holdsLocation(depot, { sites: [7], manager: true })).toBe(false);
    expect(holdsLocation(depot, { sites: 'all', manager: false })).toBe(false);
  });
});
