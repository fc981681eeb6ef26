/**
 * Shipments and kits (docs/decisions.md "Drug supply"). Core decides which transition is legal; the
 * database's CHECK constraints refuse any other value.
 */
export const SHIPMENT_STATUSES = ['requested', 'shipped', 'received', 'lost', 'damaged'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_REASONS = ['manual', 'trigger', 'predictive', 'transfer'] as const;
export type ShipmentReason = (typeof SHIPMENT_REASONS)[number];

export const KIT_STATUSES = ['available', 'in_transit', 'at_site', 'dispensed', 'returned', 'destroyed', 'lost', 'damaged', 'expired', 'quarantined'] as const;
export type KitStatus = (typeof KIT_STATUSES)[number];

/**
 * A requested shipment is shipped, or lost before it left; a shipped one is received, lost or arrives
 * damaged. Received, lost and damaged are final.
 */
const SHIPMENT_NEXT: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  requested: ['shipped', 'lost'],
  shipped: ['received', 'lost', 'damaged'],
  received: [],
  lost: [],
  damaged: [],
};

export function canMoveShipment(from: ShipmentStatus, to: ShipmentStatus): boolean {
  return SHIPMENT_NEXT[from].includes(to);
}

/** What the kits of a shipment become when it moves. */
export function kitStatusOnShipment(to: ShipmentStatus): KitStatus {
  switch (to) {
    case 'requested':
      return 'available';
    case 'shipped':
      return 'in_transit';
    case 'received':
      return 'at_site';
    case 'lost':
      return 'lost';
    case 'damaged':
      return 'damaged';
  }
}

/**
 * The kit transitions made one kit at a time at a site or depot: a usable kit may be quarantined (a
 * temperature excursion), released again, or found lost, damaged or expired; a dispensed kit comes back as
 * returned; what is returned, damaged or expired is destroyed.
 */
const KIT_NEXT: Partial<Record<KitStatus, readonly KitStatus[]>> = {
  available: ['quarantined', 'lost', 'damaged', 'expired'],
  at_site: ['quarantined', 'lost', 'damaged', 'expired'],
  quarantined: ['available', 'at_site', 'damaged', 'destroyed'],
  dispensed: ['returned'],
  returned: ['destroyed'],
  damaged: ['destroyed'],
  expired: ['destroyed'],
};

export function canMoveKit(from: KitStatus, to: KitStatus): boolean {
  return KIT_NEXT[from]?.includes(to) ?? false;
}
