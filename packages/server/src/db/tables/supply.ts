import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp } from './columns.js';

/** Drug supply (migration 0022, docs/decisions.md "Drug supply"). */

export interface SupplyProductsTable {
  id: Generated<number>;
  project_id: number;
  code: string;
  name: string;
  name_en: string | null;
  dosage_form: string;
  strength: string;
  unit: string;
  updated_by: number;
  updated_at: Generated<Date>;
}

export interface SupplyKitTypesTable {
  id: Generated<number>;
  project_id: number;
  code: string;
  name: string;
  name_en: string | null;
  blinded_name: string;
  blinded_name_en: string | null;
  arm: string;
  product_id: number;
  units_per_kit: number;
  updated_by: number;
  updated_at: Generated<Date>;
}

export interface SupplyDosingTable {
  project_id: number;
  event_id: number;
  arm: string;
  kit_type_id: number;
  quantity: number;
}

export interface SupplyLocationsTable {
  id: Generated<number>;
  project_id: number;
  kind: 'depot' | 'site';
  code: string;
  name: string;
  name_en: string | null;
  site_id: number | null;
  depot_id: number | null;
  updated_by: number;
  updated_at: Generated<Date>;
}

export interface SupplyResupplyTable {
  project_id: number;
  location_id: number;
  kit_type_id: number;
  trigger_level: number;
  target_level: number;
  predictive_days: number;
  updated_by: number;
  updated_at: Generated<Date>;
}

export interface SupplyKitListsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  source: 'generated' | 'uploaded';
  seed: string | null;
  first_no: number | null;
  kit_count: number;
  file_name: string | null;
  file_sha256: string | null;
  created_by: number;
  created_at: Generated<Date>;
}

export type KitStatusColumn = 'available' | 'in_transit' | 'at_site' | 'dispensed' | 'returned' | 'destroyed' | 'lost' | 'damaged' | 'expired' | 'quarantined';

export interface SupplyKitsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  list_id: number;
  kit_no: string;
  kit_type_id: number;
  batch: string;
  /** A calendar date `YYYY-MM-DD` (db/database.ts keeps the driver from making it a Date). */
  expires_on: string;
  location_id: number | null;
  status: Generated<KitStatusColumn>;
  subject_id: number | null;
  event_instance_id: number | null;
  dispensed_by: number | null;
  dispensed_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

export interface SupplyShipmentsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  origin_id: number;
  destination_id: number;
  status: Generated<'requested' | 'shipped' | 'received' | 'lost' | 'damaged'>;
  reason: 'manual' | 'trigger' | 'predictive' | 'transfer';
  note: string | null;
  requested_by: number;
  requested_at: Generated<Date>;
  shipped_by: number | null;
  shipped_at: NullableTimestamp;
  received_by: number | null;
  received_at: NullableTimestamp;
  closed_by: number | null;
  closed_at: NullableTimestamp;
  close_reason: string | null;
}

export interface SupplyShipmentKitsTable {
  shipment_id: number;
  kit_id: number;
}

export type SupplyProductRow = Selectable<SupplyProductsTable>;
export type SupplyKitTypeRow = Selectable<SupplyKitTypesTable>;
export type SupplyDosingRow = Selectable<SupplyDosingTable>;
export type SupplyLocationRow = Selectable<SupplyLocationsTable>;
export type SupplyResupplyRow = Selectable<SupplyResupplyTable>;
export type SupplyKitRow = Selectable<SupplyKitsTable>;
export type SupplyShipmentRow = Selectable<SupplyShipmentsTable>;
