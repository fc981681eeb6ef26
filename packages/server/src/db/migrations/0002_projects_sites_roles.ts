import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Units and departments, projects with their administrators, environments, sites, roles, role
 * assignments and status-change applications (ARCHITECTURE §5 "Organisation" and "Project"). Core decides
 * which values and transitions are legal; these constraints refuse anything else that reaches the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE units (
      id serial PRIMARY KEY,
      code text NOT NULL,
      name text NOT NULL,
      name_en text,
      province text,
      city text,
      address text,
      status text NOT NULL DEFAULT 'active' CONSTRAINT units_status_check CHECK (status IN ('active', 'disabled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX units_code_key ON units (lower(code))`.execute(db);

  await sql`
    CREATE TABLE departments (
      id serial PRIMARY KEY,
      unit_id integer NOT NULL REFERENCES units (id),
      name text NOT NULL,
      name_en text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX departments_name_key ON departments (unit_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE projects (
      id serial PRIMARY KEY,
      code text NOT NULL,
      name text NOT NULL,
      name_en text,
      status text NOT NULL DEFAULT 'PROJECT_STATUS_SET_UP',
      prev_status text,
      application text[] NOT NULL DEFAULT ARRAY['dCap'],
      pi_user_names text,
      pi_user_names_en text,
      sponsor_names text,
      cro_names text,
      description text,
      blind_method text NOT NULL DEFAULT 'N' CONSTRAINT projects_blind_method_check CHECK (blind_method IN ('D', 'S', 'N')),
      group_scheme text NOT NULL DEFAULT 'PROJECT_GROUP_SCHEME_NONE'
        CONSTRAINT projects_group_scheme_check CHECK (group_scheme IN ('PROJECT_GROUP_SCHEME_RAND', 'PROJECT_GROUP_SCHEME_NONE')),
      remote_randomization boolean NOT NULL DEFAULT false,
      share_event_panel boolean NOT NULL DEFAULT false,
      auto_code boolean NOT NULL DEFAULT false,
      config jsonb NOT NULL DEFAULT '{}',
      config_audit_requested boolean NOT NULL DEFAULT false,
      uat_confirmed boolean NOT NULL DEFAULT false,
      online_requested boolean NOT NULL DEFAULT false,
      version integer NOT NULL DEFAULT 1,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT projects_status_check CHECK (status IN ('PROJECT_STATUS_SET_UP', 'CONFIG', 'INTERNAL_TEST', 'TEST', 'ON_RESEARCH', 'FIX',
        'DATABASE_FREEZED', 'DOC_DELIVERY', 'OFFLINE', 'LOCKED', 'FREEZED_ON_TEST', 'RECORD_FREEZED', 'FREEZED_ON_RESEARCH')),
      CONSTRAINT projects_prev_status_check CHECK (prev_status IS NULL OR prev_status <> 'LOCKED'),
      CONSTRAINT projects_application_check CHECK (application <@ ARRAY['dCap', 'Balance', 'Bigscreen', 'iMask', 'iSupply', 'Analytics']
        AND cardinality(application) > 0)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX projects_code_key ON projects (lower(code))`.execute(db);

  await sql`
    CREATE TABLE project_admins (
      project_id integer NOT NULL REFERENCES projects (id),
      user_id integer NOT NULL REFERENCES users (id),
      granted_by integer REFERENCES users (id),
      granted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, user_id)
    )`.execute(db);

  await sql`
    CREATE TABLE project_envs (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      key text NOT NULL,
      type text NOT NULL CONSTRAINT project_envs_type_check CHECK (type IN ('dev', 'uat', 'bprd', 'prd', 'sde')),
      name text NOT NULL,
      name_en text,
      status text NOT NULL DEFAULT 'normal' CONSTRAINT project_envs_status_check CHECK (status IN ('normal', 'disable')),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT project_envs_key_check CHECK ((type = 'sde' AND key ~ '^sde[a-z0-9_]{0,16}$') OR key = type)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX project_envs_key_key ON project_envs (project_id, key)`.execute(db);

  await sql`
    CREATE TABLE project_sites (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      unit_id integer NOT NULL REFERENCES units (id),
      code text NOT NULL,
      name text NOT NULL,
      name_en text,
      pi_name text,
      status text NOT NULL DEFAULT 'active' CONSTRAINT project_sites_status_check CHECK (status IN ('active', 'closed')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX project_sites_code_key ON project_sites (project_id, lower(code))`.execute(db);
  await sql`CREATE UNIQUE INDEX project_sites_unit_key ON project_sites (project_id, unit_id)`.execute(db);

  await sql`
    CREATE TABLE project_roles (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      alias text NOT NULL,
      description text,
      description_en text,
      all_sites boolean NOT NULL,
      site_ids integer[] NOT NULL DEFAULT '{}',
      enabled boolean NOT NULL DEFAULT true,
      rights text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      CONSTRAINT project_roles_scope_check CHECK (all_sites OR cardinality(site_ids) > 0),
      CONSTRAINT project_roles_rights_check CHECK (rights <@ ARRAY['projectDesignAndSetup', 'dataEntryRights', 'verify', 'review', 'locked',
        'freeze', 'query', 'answerQuery', 'handleAllQuery', 'export', 'import', 'randomise', 'unblind', 'drugSupply', 'userRightsManagement'])
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX project_roles_alias_key ON project_roles (project_id, lower(alias)) WHERE deleted_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE role_assignments (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      role_id integer NOT NULL REFERENCES project_roles (id),
      user_id integer NOT NULL REFERENCES users (id),
      all_sites boolean NOT NULL,
      site_ids integer[] NOT NULL DEFAULT '{}',
      granted_by integer REFERENCES users (id),
      granted_at timestamptz NOT NULL,
      revoked_by integer REFERENCES users (id),
      revoked_at timestamptz,
      CONSTRAINT role_assignments_scope_check CHECK (all_sites OR cardinality(site_ids) > 0)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX role_assignments_active_key ON role_assignments (role_id, user_id) WHERE revoked_at IS NULL`.execute(db);
  await sql`CREATE INDEX role_assignments_user_idx ON role_assignments (user_id) WHERE revoked_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE status_change_applications (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      type text NOT NULL CONSTRAINT status_change_type_check CHECK (type IN ('APPLY_SUSPEND_RECRUIT', 'APPLY_CONTINUE_RECRUIT',
        'APPLY_PROJECT_LOCKED', 'APPLY_PROJECT_UNLOCKED', 'APPLY_FREEZED_ON_RESEARCH', 'APPLY_UNFREEZE_CONTINUE_RECRUIT',
        'APPLY_DATABASE_FREEZED', 'APPLY_DATABASE_UNFREEZED')),
      reason text NOT NULL,
      state text NOT NULL DEFAULT 'pending' CONSTRAINT status_change_state_check CHECK (state IN ('pending', 'approved', 'rejected')),
      applied_by integer NOT NULL REFERENCES users (id),
      applied_at timestamptz NOT NULL,
      decided_by integer REFERENCES users (id),
      decided_at timestamptz,
      decision_comment text,
      CONSTRAINT status_change_four_eyes_check CHECK (decided_by IS NULL OR decided_by <> applied_by)
    )`.execute(db);
  // One open application per project at a time, so two cannot race to different statuses.
  await sql`CREATE UNIQUE INDEX status_change_pending_key ON status_change_applications (project_id) WHERE state = 'pending'`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0002 cannot be reverted: study configuration is never dropped by a migration'));
}
