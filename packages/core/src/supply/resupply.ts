/**
 * Resupply of site pharmacies (docs/decisions.md "Drug supply"). Stock counts the kits a site can dispense
 * (received, unexpired) and those already on their way to it; a site is resupplied when that falls below
 * its trigger level (a trigger shipment), or would fall below it once the visits expected within its
 * predictive window have taken their kits (a predictive shipment). Either ships enough to reach the target
 * level after those visits.
 */

export interface SiteStock {
  locationId: number;
  kitTypeId: number;
  /** Kits at the site that can be dispensed. */
  onHand: number;
  /** Kits requested or shipped to the site and not yet received. */
  inTransit: number;
}

export interface ResupplySetting {
  locationId: number;
  kitTypeId: number;
  triggerLevel: number;
  targetLevel: number;
  /** How many days of expected visits the stock must cover; 0 for none. */
  predictiveDays: number;
}

/** Kits the visits expected at a site within its predictive window will take, by kit type. */
export interface ExpectedDemand {
  locationId: number;
  kitTypeId: number;
  kits: number;
}

export interface ResupplyNeed {
  locationId: number;
  kitTypeId: number;
  quantity: number;
  reason: 'trigger' | 'predictive';
}

const key = (locationId: number, kitTypeId: number) => `${locationId}:${kitTypeId}`;

export function resupplyNeeds(stock: readonly SiteStock[], settings: readonly ResupplySetting[], expected: readonly ExpectedDemand[]): ResupplyNeed[] {
  const stockOf = new Map(stock.map((row) => [key(row.locationId, row.kitTypeId), row.onHand + row.inTransit]));
  const demandOf = new Map<string, number>();
  for (const row of expected) demandOf.set(key(row.locationId, row.kitTypeId), (demandOf.get(key(row.locationId, row.kitTypeId)) ?? 0) + row.kits);
  const needs: ResupplyNeed[] = [];
  for (const setting of settings) {
    const k = key(setting.locationId, setting.kitTypeId);
    const have = stockOf.get(k) ?? 0;
    const demand = setting.predictiveDays > 0 ? (demandOf.get(k) ?? 0) : 0;
    const reason = have < setting.triggerLevel ? 'trigger' : have - demand < setting.triggerLevel ? 'predictive' : null;
    if (reason === null) continue;
    const quantity = Math.max(setting.targetLevel, setting.triggerLevel) + demand - have;
    if (quantity > 0) needs.push({ locationId: setting.locationId, kitTypeId: setting.kitTypeId, quantity, reason });
  }
  return needs;
}

/** An expected visit: a subject of `arm` at the site of `locationId` due at `eventId` within the window. */
export interface ExpectedVisit {
  locationId: number;
  arm: string;
  eventId: number;
}

/** The demand of the expected visits under the dosing plan. */
export function expectedDemand(visits: readonly ExpectedVisit[], plan: readonly { eventId: number; arm: string; kitTypeId: number; quantity: number }[]): ExpectedDemand[] {
  const totals = new Map<string, ExpectedDemand>();
  for (const visit of visits) {
    for (const line of plan) {
      if (line.arm !== visit.arm || line.eventId !== visit.eventId) continue;
      const k = key(visit.locationId, line.kitTypeId);
      const row = totals.get(k) ?? { locationId: visit.locationId, kitTypeId: line.kitTypeId, kits: 0 };
      row.kits += line.quantity;
      totals.set(k, row);
    }
  }
  return [...totals.values()];
}
