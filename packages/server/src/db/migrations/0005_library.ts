import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { DERIVED, DICTS, DOMAINS, FIELDS, TEMPLATES } from './0005_library_content.js';

/**
 * The libraries the designers draw from (spec 001 §2.1, §3.8): the standard variable library (domains and
 * their variables, each with its widget), panel templates, dictionaries (platform ones with no project,
 * project ones with theirs) and derived fields. Seeded with CDASH content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE std_domains (
      code text PRIMARY KEY CONSTRAINT std_domains_code_check CHECK (code ~ '^[A-Z][A-Z0-9]{1,7}$'),
      description text NOT NULL,
      description_en text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE std_fields (
      id serial PRIMARY KEY,
      domain text NOT NULL REFERENCES std_domains (code),
      field_name text NOT NULL,
      field_label text NOT NULL,
      field_label_en text NOT NULL,
      field_annotation text NOT NULL DEFAULT '',
      instruction text NOT NULL DEFAULT '',
      instruction_en text NOT NULL DEFAULT '',
      widget jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // A variable inserts under its name, so names are unique across domains (panel keys must not clash).
  await sql`CREATE UNIQUE INDEX std_fields_name_key ON std_fields (lower(field_name))`.execute(db);
  await sql`CREATE INDEX std_fields_domain_idx ON std_fields (domain, sort)`.execute(db);

  await sql`
    CREATE TABLE std_templates (
      id serial PRIMARY KEY,
      name text NOT NULL,
      name_en text NOT NULL,
      name_abbr text NOT NULL,
      description text NOT NULL DEFAULT '',
      description_en text NOT NULL DEFAULT '',
      panel jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX std_templates_abbr_key ON std_templates (lower(name_abbr))`.execute(db);

  await sql`
    CREATE TABLE dicts (
      id serial PRIMARY KEY,
      project_id integer REFERENCES projects (id),
      dict_key text NOT NULL,
      value text NOT NULL,
      value_en text NOT NULL DEFAULT '',
      items jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Platform dictionaries have no project; a key is unique among them and within each project.
  await sql`CREATE UNIQUE INDEX dicts_platform_key ON dicts (lower(dict_key)) WHERE project_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX dicts_project_key ON dicts (project_id, lower(dict_key)) WHERE project_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE derived_fields (
      id serial PRIMARY KEY,
      group_code text NOT NULL CONSTRAINT derived_fields_group_check
        CHECK (group_code IN ('CONTINUOUS_VARIABLES', 'CATEGORICAL_VARIABLES', 'ORDINAL_VARIABLES')),
      field_name text NOT NULL,
      field_label text NOT NULL,
      field_label_en text NOT NULL,
      expression text NOT NULL,
      description text NOT NULL DEFAULT '',
      description_en text NOT NULL DEFAULT '',
      widget jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX derived_fields_name_key ON derived_fields (lower(field_name))`.execute(db);

  await seedLibrary(db);
}

/** Inserts the frozen library content, in order, each kind sorted in steps of ten. */
async function seedLibrary(db: Kysely<unknown>): Promise<void> {
  const sort = (index: number) => (index + 1) * 10;
  for (const [index, [code, description, descriptionEn]] of DOMAINS.entries()) {
    await sql`INSERT INTO std_domains (code, description, description_en, sort) VALUES (${code}, ${description}, ${descriptionEn}, ${sort(index)})`.execute(db);
  }
  for (const [index, [domain, fieldName, label, labelEn, annotation, instruction, instructionEn, widget]] of FIELDS.entries()) {
    await sql`INSERT INTO std_fields (domain, field_name, field_label, field_label_en, field_annotation, instruction, instruction_en, widget, sort)
      VALUES (${domain}, ${fieldName}, ${label}, ${labelEn}, ${annotation}, ${instruction}, ${instructionEn}, ${JSON.stringify(widget)}::jsonb, ${sort(index)})`.execute(db);
  }
  for (const [key, value, valueEn, items] of DICTS) {
    await sql`INSERT INTO dicts (project_id, dict_key, value, value_en, items) VALUES (NULL, ${key}, ${value}, ${valueEn}, ${JSON.stringify(items)}::jsonb)`.execute(db);
  }
  for (const [index, [name, nameEn, nameAbbr, description, descriptionEn, panel]] of TEMPLATES.entries()) {
    await sql`INSERT INTO std_templates (name, name_en, name_abbr, description, description_en, panel, sort)
      VALUES (${name}, ${nameEn}, ${nameAbbr}, ${description}, ${descriptionEn}, ${JSON.stringify(panel)}::jsonb, ${sort(index)})`.execute(db);
  }
  for (const [index, [group, fieldName, label, labelEn, expression, description, descriptionEn, widget]] of DERIVED.entries()) {
    await sql`INSERT INTO derived_fields (group_code, field_name, field_label, field_label_en, expression, description, description_en, widget, sort)
      VALUES (${group}, ${fieldName}, ${label}, ${labelEn}, ${expression}, ${description}, ${descriptionEn}, ${JSON.stringify(widget)}::jsonb, ${sort(index)})`.execute(db);
  }
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0005 is not reverted'));
}
