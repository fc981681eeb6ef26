import type { Generated, Selectable } from 'kysely';
import type { Json, NullableTimestamp } from './columns.js';

/** Randomisation and blinding (migration 0021, docs/decisions.md "Randomisation, blinding and supply"). */

export interface RandSchemesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  status: Generated<'draft' | 'approved' | 'retired'>;
  definition: Json;
  seed: string;
  simulation: Json;
  version: Generated<number>;
  created_by: number;
  created_at: Generated<Date>;
  updated_by: number;
  updated_at: Generated<Date>;
  approved_by: number | null;
  approved_at: NullableTimestamp;
}

export interface RandTablesTable {
  id: Generated<number>;
  scheme_id: number;
  project_id: number;
  kind: 'test' | 'formal';
  source: 'generated' | 'uploaded';
  seed: string | null;
  file_name: string | null;
  file_sha256: string | null;
  slot_count: number;
  status: Generated<'active' | 'retired'>;
  created_by: number;
  created_at: Generated<Date>;
}

export interface RandSlotsTable {
  id: Generated<number>;
  table_id: number;
  stratum: string;
  seq: number;
  block: number | null;
  block_size: number | null;
  arm: string;
  random_no: string;
  used: Generated<boolean>;
}

export interface RandAllocationsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  scheme_id: number | null;
  table_id: number | null;
  slot_id: number | null;
  subject_id: number;
  site_id: number;
  source: 'table' | 'minimisation' | 'remote';
  stratum: string;
  factors: Json;
  arm: string;
  random_no: string;
  seq: number;
  draws: Json;
  remote_ref: string | null;
  allocated_by: number;
  allocated_at: Generated<Date>;
}

export interface RandSiteMappingsTable {
  project_id: number;
  site_id: number;
  remote_site: string;
  updated_by: number;
  updated_at: Generated<Date>;
}

export interface RandUnblindingsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  kind: 'emergency' | 'study';
  allocation_id: number | null;
  reason: string;
  unblinded_by: number;
  unblinded_at: Generated<Date>;
  acknowledged_by: Generated<number | null>;
  acknowledged_at: NullableTimestamp;
}

export type RandSchemeRow = Selectable<RandSchemesTable>;
export type RandTableRow = Selectable<RandTablesTable>;
export type RandAllocationRow = Selectable<RandAllocationsTable>;
