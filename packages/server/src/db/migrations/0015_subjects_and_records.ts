import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Subjects and their data (spec 002 §3, §4): subjects of one environment at one site, their event (visit)
 * instances and panel instances from the published design, the value and workflow state of every field,
 * queries with their comments, electronic signatures, attachments with their bytes, and requests a subject's
 * status needs approved (the screening-plan rollback).
 *
 * Every row carries project, environment and site so that site scope (COMPLIANCE WF-3) is one indexed
 * condition on every read. A field is addressed by its path inside the panel instance: the model of a plain
 * field, or the table's model, a stable row key and the column of a table cell (core `records/paths.ts`).
 * Nothing here is deleted by the application: subjects are marked DEL, attachments and signatures keep the
 * time and person that removed or broke them (COMPLIANCE IM-2, RT-2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE subjects (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      platform_no text NOT NULL,
      subject_code text,
      initials text,
      name text,
      id_number text,
      gender text CONSTRAINT subjects_gender_check CHECK (gender IN ('M', 'F', 'U')),
      birth_date date,
      nation text,
      insurance_type text,
      insurance_no text,
      phone text,
      email text,
      address text,
      relative_relation text,
      relative_phone text,
      relative_email text,
      relative_address text,
      wechat_ids jsonb NOT NULL DEFAULT '{}'::jsonb,
      screening_no text,
      consent_date date,
      random_no text,
      treatment_phase text,
      first_drug_no text,
      enrolled_at timestamptz,
      enrolled_by integer REFERENCES users (id),
      remote_site text,
      strata jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'RECORD_STATUS_SCREENING' CONSTRAINT subjects_status_check CHECK (status IN (
        'RECORD_STATUS_PRESCREEN', 'RECORD_STATUS_SCREENING', 'SCREEN_SUCCESS', 'SCREEN_FAILURE', 'ARMED', 'TESTING',
        'TEST_FIX', 'TEST_EXIT', 'DEL')),
      status_reason text,
      status_changed_at timestamptz NOT NULL DEFAULT now(),
      design_version_id integer REFERENCES design_versions (id),
      version integer NOT NULL DEFAULT 1,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT subjects_enrolment_check CHECK (status NOT IN ('ARMED', 'TESTING', 'TEST_FIX')
        OR (random_no IS NOT NULL AND treatment_phase IS NOT NULL AND first_drug_no IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX subjects_platform_no_key ON subjects (env_id, platform_no)`.execute(db);
  await sql`CREATE UNIQUE INDEX subjects_code_key ON subjects (env_id, lower(subject_code)) WHERE subject_code IS NOT NULL AND status <> 'DEL'`.execute(db);
  await sql`CREATE INDEX subjects_scope_idx ON subjects (env_id, site_id, status)`.execute(db);

  // Requests on a subject that someone else decides (spec 002 §4: "An applicant can ask to roll back and
  // reset the screening-period plan; an approver approves or rejects").
  await sql`
    CREATE TABLE subject_requests (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      kind text NOT NULL CONSTRAINT subject_requests_kind_check CHECK (kind IN ('screeningRollback')),
      state text NOT NULL DEFAULT 'pending' CONSTRAINT subject_requests_state_check CHECK (state IN ('pending', 'approved', 'rejected')),
      reason text NOT NULL,
      requested_by integer NOT NULL REFERENCES users (id),
      requested_at timestamptz NOT NULL DEFAULT now(),
      decided_by integer REFERENCES users (id),
      decided_at timestamptz,
      decision_comment text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX subject_requests_open_key ON subject_requests (subject_id, kind) WHERE state = 'pending'`.execute(db);

  // An event (visit) of the published design for one subject; repeatable and unscheduled events have seq > 1.
  await sql`
    CREATE TABLE event_instances (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      design_version_id integer NOT NULL REFERENCES design_versions (id),
      event_id integer NOT NULL,
      seq integer NOT NULL DEFAULT 1 CONSTRAINT event_instances_seq_check CHECK (seq > 0),
      planned_date date,
      window_start date,
      window_end date,
      actual_date date,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (subject_id, event_id, seq)
    )`.execute(db);
  await sql`CREATE INDEX event_instances_scope_idx ON event_instances (env_id, site_id, planned_date)`.execute(db);

  // A panel (instrument) of an event instance; repeatable log panels have seq > 1. `version` grows with each
  // save, so a save based on an older version is refused (optimistic concurrency). `status` is the panel
  // status derived from its fields (core records/panel-status.ts), kept here for lists and charts.
  await sql`
    CREATE TABLE panel_instances (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      event_instance_id integer NOT NULL REFERENCES event_instances (id),
      instrument_id integer NOT NULL,
      design_version_id integer NOT NULL REFERENCES design_versions (id),
      seq integer NOT NULL DEFAULT 1 CONSTRAINT panel_instances_seq_check CHECK (seq > 0),
      version integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'EXPIRED',
      unchecked boolean NOT NULL DEFAULT false,
      next_row_key integer NOT NULL DEFAULT 1,
      first_saved_at timestamptz,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_instance_id, instrument_id, seq)
    )`.execute(db);
  await sql`CREATE INDEX panel_instances_subject_idx ON panel_instances (subject_id)`.execute(db);
  await sql`CREATE INDEX panel_instances_scope_idx ON panel_instances (env_id, site_id, status)`.execute(db);

  // The value and workflow state of one field (spec 002 §3 "submitted value entry": val, key, status, freeze,
  // inactiveType). `status` is the position on the forward chain of spec 002 §4; `frozen` and
  // `inactive_type` are separate flags. `saved` says the value was saved before, so a change needs a reason.
  await sql`
    CREATE TABLE field_values (
      panel_instance_id integer NOT NULL REFERENCES panel_instances (id),
      path text NOT NULL,
      value jsonb,
      status text NOT NULL DEFAULT '' CONSTRAINT field_values_status_check CHECK (status IN ('', 'ENTERING', 'COMPLETED', 'VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED')),
      frozen boolean NOT NULL DEFAULT false,
      inactive_type text CONSTRAINT field_values_inactive_check CHECK (inactive_type IN ('ND', 'NA', 'IE', 'OTHER')),
      inactive_note text,
      saved boolean NOT NULL DEFAULT false,
      updated_by integer REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (panel_instance_id, path)
    )`.execute(db);

  await sql`
    CREATE TABLE queries (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      event_instance_id integer NOT NULL REFERENCES event_instances (id),
      panel_instance_id integer NOT NULL REFERENCES panel_instances (id),
      path text NOT NULL,
      status text NOT NULL DEFAULT 'OPEN' CONSTRAINT queries_status_check CHECK (status IN ('OPEN', 'ANSWERED', 'CLOSED', 'AUTO_CLOSED', 'CANCELED')),
      content text NOT NULL,
      content_en text,
      raised_by integer NOT NULL REFERENCES users (id),
      raised_role_id integer REFERENCES project_roles (id),
      raised_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      closed_by integer REFERENCES users (id),
      closed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX queries_panel_idx ON queries (panel_instance_id, path)`.execute(db);
  await sql`CREATE INDEX queries_scope_idx ON queries (env_id, site_id, status)`.execute(db);
  await sql`
    CREATE TABLE query_comments (
      id serial PRIMARY KEY,
      query_id integer NOT NULL REFERENCES queries (id),
      action text NOT NULL CONSTRAINT query_comments_action_check CHECK (action IN ('raise', 'answer', 'close', 'cancel', 'autoClose', 'reopen')),
      content text,
      author_id integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX query_comments_query_idx ON query_comments (query_id, id)`.execute(db);

  // An electronic signature over a panel, a visit or a whole casebook (COMPLIANCE ES-3): who, their full name
  // then, when, meaning, reason and a hash of the signed values. A later change inside the scope breaks it
  // (ES-5): the row stays, with when, by whom and why it was broken.
  await sql`
    CREATE TABLE signatures (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      scope text NOT NULL CONSTRAINT signatures_scope_check CHECK (scope IN ('panel', 'event', 'subject')),
      event_instance_id integer REFERENCES event_instances (id),
      panel_instance_id integer REFERENCES panel_instances (id),
      signer_id integer NOT NULL REFERENCES users (id),
      signer_name text NOT NULL,
      meaning text NOT NULL,
      reason text,
      values_hash text NOT NULL,
      signed_at timestamptz NOT NULL DEFAULT now(),
      broken_at timestamptz,
      broken_by integer REFERENCES users (id),
      broken_reason text
    )`.execute(db);
  await sql`CREATE INDEX signatures_subject_idx ON signatures (subject_id) WHERE broken_at IS NULL`.execute(db);

  // Uploaded files of study data: field images, source documents of a panel, visit records of a visit task
  // and identity-card images of pre-screening. Bytes live in the database (docs/decisions.md, "Attachments"),
  // so a backup holds them with the data they belong to. Deleting is logical.
  await sql`
    CREATE TABLE attachments (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      env_id integer NOT NULL REFERENCES project_envs (id),
      site_id integer NOT NULL REFERENCES project_sites (id),
      subject_id integer NOT NULL REFERENCES subjects (id),
      kind text NOT NULL CONSTRAINT attachments_kind_check CHECK (kind IN ('field', 'source', 'visitRecord', 'idCard')),
      event_instance_id integer REFERENCES event_instances (id),
      panel_instance_id integer REFERENCES panel_instances (id),
      path text,
      name text NOT NULL CONSTRAINT attachments_name_check CHECK (length(name) BETWEEN 1 AND 255),
      content_type text NOT NULL,
      size integer NOT NULL CONSTRAINT attachments_size_check CHECK (size >= 0),
      sha256 text NOT NULL,
      content bytea NOT NULL,
      thumbnail bytea,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_by integer REFERENCES users (id),
      deleted_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX attachments_owner_idx ON attachments (subject_id, kind) WHERE deleted_at IS NULL`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0015 is not reverted'));
}
