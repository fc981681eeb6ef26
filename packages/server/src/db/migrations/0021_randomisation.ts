import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Balance and iMask (spec 000 §1, §2.2; docs/decisions.md "Randomisation, blinding and supply"): one
 * allocation model for every method.
 * - `rand_schemes`: a project's randomisation design (arms, method, blocks, stratification factors), drafted,
 *   simulated, then approved; an approved scheme is never edited, a new one replaces it.
 * - `rand_tables` and `rand_slots`: a scheme's allocation table, generated from a recorded seed or uploaded by
 *   the statistician, of kind `test` (used only in non-production environments) or `formal` (production
 *   only), never mixed.
 * - `rand_allocations`: one row per randomised subject, whatever the method: from a table slot, by
 *   minimisation (with the random draws used, so it can be reproduced from the seed) or by a remote service.
 *   A slot and a subject each have at most one allocation (unique), which is what makes allocation atomic.
 * - `rand_site_mappings`: a site's code at a remote randomisation service (project flag remoteRandomization).
 * - `rand_unblindings`: emergency unblinding of one subject and whole-study unblinding of an environment; a
 *   project manager acknowledges each emergency unblinding they were notified of.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rand_schemes (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      name text NOT NULL CONSTRAINT rand_schemes_name_check CHECK (length(name) BETWEEN 1 AND 100),
      status text NOT NULL DEFAULT 'draft' CONSTRAINT rand_schemes_status_check CHECK (status IN ('draft', 'approved', 'retired')),
      definition jsonb NOT NULL,
      seed text NOT NULL,
      simulation jsonb,
      version integer NOT NULL DEFAULT 1,
      created_by integer NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      approved_by integer REFERENCES users (id),
      approved_at timestamptz,
      CONSTRAINT rand_schemes_approved_check CHECK ((status = 'draft') = (approved_at IS NULL))
    )`.execute(db);
  // At most one approved scheme per project: the one subjects are randomised by.
  await sql`CREATE UNIQUE INDEX rand_schemes_approved_idx ON rand_schemes (project_id) WHERE status = 'approved'`.execute(db);
  await sql`
    CREATE TABLE rand_tables (
      id serial PRIMARY KEY,
      scheme_id integer NOT NULL REFERENCES rand_schemes (id),
      project_id integer NOT NULL REFERENCES projects (id),
      kind text NOT NULL CONSTRAINT rand_tables_kind_check CHECK (kind IN ('test', 'formal')),
      source text NOT NULL CONSTRAINT rand_tables_source_check CHECK (source IN ('generated', 'uploaded')),
      seed text,
      file_name text,
      file_sha256 text,
      slot_count integer NOT NULL CHECK (slot_count >= 0),
      status text NOT NULL DEFAULT 'active' CONSTRAINT rand_tables_status_check CHECK (status IN ('active', 'retired')),
      created_by integer NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT rand_tables_source_seed_check CHECK ((source = 'generated') = (seed IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX rand_tables_active_idx ON rand_tables (scheme_id, kind) WHERE status = 'active'`.execute(db);
  await sql`
    CREATE TABLE rand_slots (
      id serial PRIMARY KEY,
      table_id integer NOT NULL REFERENCES rand_tables (id),
      stratum text NOT NULL,
      seq integer NOT NULL CHECK (seq > 0),
      block integer CHECK (block > 0),
      block_size integer CHECK (block_size > 0),
      arm text NOT NULL,
      random_no text NOT NULL,
      used boolean NOT NULL DEFAULT false,
      CONSTRAINT rand_slots_random_no_key UNIQUE (table_id, random_no),
      CONSTRAINT rand_slots_seq_key UNIQUE (table_id, stratum, seq)
    )`.execute(db);
  // The next free slot of a stratum is one index step away, however much of the list is used.
  await sql`CREATE INDEX rand_slots_free_idx ON rand_slots (table_id, stratum, seq) WHERE NOT used`.execute(db);
  await sql`
    CREATE TABLE rand_allocations (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      scheme_id integer REFERENCES rand_schemes (id),
      table_id integer REFERENCES rand_tables (id),
      slot_id integer REFERENCES rand_slots (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      source text NOT NULL CONSTRAINT rand_allocations_source_check CHECK (source IN ('table', 'minimisation', 'remote')),
      stratum text NOT NULL,
      factors jsonb NOT NULL DEFAULT '{}',
      arm text NOT NULL,
      random_no text NOT NULL,
      seq integer NOT NULL CHECK (seq > 0),
      draws jsonb,
      remote_ref text,
      allocated_by integer NOT NULL REFERENCES users (id),
      allocated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT rand_allocations_subject_key UNIQUE (subject_id),
      CONSTRAINT rand_allocations_slot_key UNIQUE (slot_id),
      CONSTRAINT rand_allocations_random_no_key UNIQUE (env_id, random_no),
      CONSTRAINT rand_allocations_seq_key UNIQUE (env_id, seq),
      CONSTRAINT rand_allocations_source_slot_check CHECK ((source = 'table') = (slot_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX rand_allocations_env_idx ON rand_allocations (env_id, site_id)`.execute(db);
  await sql`
    CREATE TABLE rand_site_mappings (
      project_id integer NOT NULL REFERENCES projects (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      remote_site text NOT NULL CONSTRAINT rand_site_mappings_remote_check CHECK (length(remote_site) BETWEEN 1 AND 100),
      updated_by integer NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, site_id)
    )`.execute(db);
  await sql`
    CREATE TABLE rand_unblindings (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      kind text NOT NULL CONSTRAINT rand_unblindings_kind_check CHECK (kind IN ('emergency', 'study')),
      allocation_id integer REFERENCES rand_allocations (id),
      reason text NOT NULL CONSTRAINT rand_unblindings_reason_check CHECK (length(reason) BETWEEN 1 AND 2000),
      unblinded_by integer NOT NULL REFERENCES users (id),
      unblinded_at timestamptz NOT NULL DEFAULT now(),
      acknowledged_by integer REFERENCES users (id),
      acknowledged_at timestamptz,
      CONSTRAINT rand_unblindings_kind_subject_check CHECK ((kind = 'emergency') = (allocation_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX rand_unblindings_subject_idx ON rand_unblindings (allocation_id) WHERE kind = 'emergency'`.execute(db);
  await sql`CREATE UNIQUE INDEX rand_unblindings_study_idx ON rand_unblindings (env_id) WHERE kind = 'study'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rand_unblindings', 'rand_site_mappings', 'rand_allocations', 'rand_slots', 'rand_tables', 'rand_schemes']) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
