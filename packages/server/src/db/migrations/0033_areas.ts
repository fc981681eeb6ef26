import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The area dictionary (spec 000 §2.2 `/sys/area`; docs/decisions.md "Areas").
 *
 * `areas`: a tree of places (country, province, city, district: at most four levels), each with a code
 * unique whatever its case, names in both languages, its level, a sort value among its siblings and an
 * optional point (both coordinates or neither) for the big screen's site map. Empty after this migration:
 * an administrator imports a sheet or loads the standard list of China's provinces.
 *
 * `units.area_id`: the area a unit (hospital) stands in, optional. An area a unit names cannot be deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE areas (
      id serial PRIMARY KEY,
      code text NOT NULL,
      parent_id integer REFERENCES areas (id),
      name text NOT NULL,
      name_en text NOT NULL,
      level smallint NOT NULL CONSTRAINT areas_level_check CHECK (level BETWEEN 1 AND 4),
      sort integer NOT NULL DEFAULT 0,
      longitude double precision CONSTRAINT areas_longitude_check CHECK (longitude BETWEEN -180 AND 180),
      latitude double precision CONSTRAINT areas_latitude_check CHECK (latitude BETWEEN -90 AND 90),
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT areas_point_check CHECK ((longitude IS NULL) = (latitude IS NULL)),
      CONSTRAINT areas_root_level_check CHECK ((parent_id IS NULL) = (level = 1))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX areas_code_key ON areas (lower(code))`.execute(db);
  await sql`CREATE INDEX areas_parent_idx ON areas (parent_id)`.execute(db);
  await sql`ALTER TABLE units ADD COLUMN area_id integer REFERENCES areas (id)`.execute(db);
  await sql`CREATE INDEX units_area_idx ON units (area_id)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0033 is not reverted'));
}
