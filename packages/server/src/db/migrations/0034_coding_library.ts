import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The coding library (spec 000 §2.2 "coding library"; docs/decisions.md "Coding library").
 *
 * `coding_dictionaries`: a dictionary a licence holder uploaded (MedDRA, WHODrug or another term list). A new
 * version is a new row under the same name, so codings keep the version they were made with.
 *
 * `coding_terms`: the terms of a dictionary, with their level, parent and the hierarchy path shown beside
 * them (`path_en` the same path by the English terms, a term without one by its own). Searched by code from the start (the primary key) and by term from the start (the lower(term)
 * pattern indexes); a search for text inside a term reads one dictionary's rows.
 *
 * `coding_fields`: the text fields of a project chosen for coding, each with the dictionary it is coded to.
 *
 * `field_codings`: one captured value coded to a term. The verbatim, the dictionary and the term's code, text
 * and path are copied at coding time; whether the value changed since is computed on read by comparing the
 * verbatim with the value now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE coding_dictionaries (
      id serial PRIMARY KEY,
      name text NOT NULL,
      kind text NOT NULL CONSTRAINT coding_dictionaries_kind_check CHECK (kind IN ('MedDRA', 'WHODrug', 'other')),
      version text NOT NULL,
      language text NOT NULL DEFAULT '',
      licence_note text NOT NULL DEFAULT '',
      term_count integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      uploaded_by integer REFERENCES users (id),
      uploaded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX coding_dictionaries_version_key ON coding_dictionaries (lower(name), lower(version))`.execute(db);
  await sql`
    CREATE TABLE coding_terms (
      dictionary_id integer NOT NULL REFERENCES coding_dictionaries (id) ON DELETE CASCADE,
      code text NOT NULL,
      term text NOT NULL,
      term_en text NOT NULL DEFAULT '',
      level text NOT NULL DEFAULT '',
      parent_code text,
      path text NOT NULL,
      path_en text NOT NULL DEFAULT '',
      PRIMARY KEY (dictionary_id, code)
    )`.execute(db);
  await sql`CREATE INDEX coding_terms_term_idx ON coding_terms (dictionary_id, lower(term) text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX coding_terms_term_en_idx ON coding_terms (dictionary_id, lower(term_en) text_pattern_ops)`.execute(db);
  await sql`
    CREATE TABLE coding_fields (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      instrument_id integer NOT NULL,
      path text NOT NULL,
      dictionary_id integer NOT NULL REFERENCES coding_dictionaries (id),
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT coding_fields_field_key UNIQUE (project_id, instrument_id, path)
    )`.execute(db);
  await sql`
    CREATE TABLE field_codings (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL,
      subject_id integer NOT NULL REFERENCES subjects (id),
      panel_instance_id integer NOT NULL REFERENCES panel_instances (id),
      path text NOT NULL,
      coding_field_id integer NOT NULL REFERENCES coding_fields (id),
      verbatim text NOT NULL,
      dictionary_id integer NOT NULL REFERENCES coding_dictionaries (id),
      term_code text NOT NULL,
      term text NOT NULL,
      term_path text NOT NULL,
      term_en text NOT NULL DEFAULT '',
      term_path_en text NOT NULL DEFAULT '',
      coded_by integer REFERENCES users (id),
      coded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT field_codings_value_key UNIQUE (panel_instance_id, path)
    )`.execute(db);
  await sql`CREATE INDEX field_codings_field_idx ON field_codings (coding_field_id, env_id)`.execute(db);
  await sql`CREATE INDEX field_codings_dictionary_idx ON field_codings (dictionary_id)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0034 is not reverted'));
}
