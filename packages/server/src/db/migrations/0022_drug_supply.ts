import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * iSupply (spec 000 §1, §2.4; docs/decisions.md "Drug supply").
 * - The drug plan, project-wide: `supply_products`, `supply_kit_types` (each belongs to one arm and has a
 *   blinded name for blinded users) and `supply_dosing` (kits of a type per arm at an event of the schedule).
 * - `supply_locations`: depots, and site pharmacies each serving one study site and resupplied by a depot;
 *   `supply_resupply` holds a pharmacy's trigger and target levels and predictive window per kit type.
 * - Per environment: `supply_kit_lists` (a generated list's seed, or an uploaded file), `supply_kits` and
 *   `supply_shipments` with `supply_shipment_kits`; a transfer between sites is a shipment from a pharmacy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE supply_products (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      code text NOT NULL,
      name text NOT NULL,
      name_en text,
      dosage_form text NOT NULL,
      strength text NOT NULL,
      unit text NOT NULL,
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supply_products_code_key UNIQUE (project_id, code)
    )`.execute(db);
  await sql`
    CREATE TABLE supply_kit_types (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      code text NOT NULL,
      name text NOT NULL,
      name_en text,
      blinded_name text NOT NULL,
      blinded_name_en text,
      arm text NOT NULL,
      product_id integer NOT NULL REFERENCES supply_products (id),
      units_per_kit integer NOT NULL CHECK (units_per_kit > 0),
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supply_kit_types_code_key UNIQUE (project_id, code)
    )`.execute(db);
  await sql`
    CREATE TABLE supply_dosing (
      project_id integer NOT NULL REFERENCES projects (id),
      event_id integer NOT NULL REFERENCES events (id) ON DELETE CASCADE,
      arm text NOT NULL,
      kit_type_id integer NOT NULL REFERENCES supply_kit_types (id),
      quantity integer NOT NULL CHECK (quantity > 0),
      PRIMARY KEY (event_id, arm, kit_type_id)
    )`.execute(db);
  await sql`
    CREATE TABLE supply_locations (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      kind text NOT NULL CONSTRAINT supply_locations_kind_check CHECK (kind IN ('depot', 'site')),
      code text NOT NULL,
      name text NOT NULL,
      name_en text,
      site_id integer REFERENCES project_sites (id),
      depot_id integer REFERENCES supply_locations (id),
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supply_locations_code_key UNIQUE (project_id, code),
      CONSTRAINT supply_locations_site_check CHECK ((kind = 'site') = (site_id IS NOT NULL)),
      CONSTRAINT supply_locations_depot_check CHECK (kind = 'site' OR depot_id IS NULL)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX supply_locations_site_key ON supply_locations (site_id) WHERE site_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE supply_resupply (
      project_id integer NOT NULL REFERENCES projects (id),
      location_id integer NOT NULL REFERENCES supply_locations (id),
      kit_type_id integer NOT NULL REFERENCES supply_kit_types (id),
      trigger_level integer NOT NULL CHECK (trigger_level >= 0),
      target_level integer NOT NULL,
      predictive_days integer NOT NULL DEFAULT 0 CHECK (predictive_days >= 0),
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (location_id, kit_type_id),
      CONSTRAINT supply_resupply_levels_check CHECK (target_level >= trigger_level)
    )`.execute(db);
  await sql`
    CREATE TABLE supply_kit_lists (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      source text NOT NULL CONSTRAINT supply_kit_lists_source_check CHECK (source IN ('generated', 'uploaded')),
      seed text,
      first_no integer,
      kit_count integer NOT NULL CHECK (kit_count > 0),
      file_name text,
      file_sha256 text,
      created_by integer NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supply_kit_lists_seed_check CHECK ((source = 'generated') = (seed IS NOT NULL AND first_no IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE TABLE supply_kits (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      list_id integer NOT NULL REFERENCES supply_kit_lists (id),
      kit_no text NOT NULL,
      kit_type_id integer NOT NULL REFERENCES supply_kit_types (id),
      batch text NOT NULL,
      expires_on date NOT NULL,
      location_id integer REFERENCES supply_locations (id),
      status text NOT NULL DEFAULT 'available' CONSTRAINT supply_kits_status_check
        CHECK (status IN ('available', 'in_transit', 'at_site', 'dispensed', 'returned', 'destroyed', 'lost', 'damaged', 'expired', 'quarantined')),
      subject_id integer REFERENCES subjects (id),
      event_instance_id integer REFERENCES event_instances (id),
      dispensed_by integer REFERENCES users (id),
      dispensed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supply_kits_kit_no_key UNIQUE (project_id, kit_no),
      CONSTRAINT supply_kits_dispensed_check CHECK ((status IN ('dispensed', 'returned')) = (subject_id IS NOT NULL) OR (status = 'destroyed'))
    )`.execute(db);
  await sql`CREATE INDEX supply_kits_stock_idx ON supply_kits (env_id, location_id, kit_type_id, status)`.execute(db);
  await sql`CREATE INDEX supply_kits_subject_idx ON supply_kits (subject_id) WHERE subject_id IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE supply_shipments (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      origin_id integer NOT NULL REFERENCES supply_locations (id),
      destination_id integer NOT NULL REFERENCES supply_locations (id),
      status text NOT NULL DEFAULT 'requested' CONSTRAINT supply_shipments_status_check CHECK (status IN ('requested', 'shipped', 'received', 'lost', 'damaged')),
      reason text NOT NULL CONSTRAINT supply_shipments_reason_check CHECK (reason IN ('manual', 'trigger', 'predictive', 'transfer')),
      note text,
      requested_by integer NOT NULL REFERENCES users (id),
      requested_at timestamptz NOT NULL DEFAULT now(),
      shipped_by integer REFERENCES users (id),
      shipped_at timestamptz,
      received_by integer REFERENCES users (id),
      received_at timestamptz,
      closed_by integer REFERENCES users (id),
      closed_at timestamptz,
      close_reason text,
      CONSTRAINT supply_shipments_route_check CHECK (origin_id <> destination_id),
      CONSTRAINT supply_shipments_shipped_check CHECK ((status IN ('shipped', 'received', 'damaged')) <= (shipped_at IS NOT NULL)),
      CONSTRAINT supply_shipments_received_check CHECK ((status = 'received') = (received_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX supply_shipments_env_idx ON supply_shipments (env_id, destination_id, status)`.execute(db);
  await sql`
    CREATE TABLE supply_shipment_kits (
      shipment_id integer NOT NULL REFERENCES supply_shipments (id),
      kit_id integer NOT NULL REFERENCES supply_kits (id),
      PRIMARY KEY (shipment_id, kit_id)
    )`.execute(db);
  await sql`CREATE INDEX supply_shipment_kits_kit_idx ON supply_shipment_kits (kit_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['supply_shipment_kits', 'supply_shipments', 'supply_kits', 'supply_kit_lists', 'supply_resupply', 'supply_locations', 'supply_dosing', 'supply_kit_types', 'supply_products']) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
