import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * SOP management (spec 000 §2.2 /sopManage/sopDetail, §3 dictionary "SOP statuses"; docs/decisions.md
 * "SOP management").
 *
 * `sop_documents`: a project's standard operating procedures, one row per document, its code unique in the
 * project. Not per environment: a procedure governs the study, not one copy of its data.
 *
 * `sop_versions`: every uploaded file of a document, numbered from 1, with its review status, its bytes and
 * their SHA-256 (stored as attachments are: docs/decisions.md "Attachments: bytes in the database").
 *
 * The platform dictionary SOP_STATUS names the statuses in both languages, unless an administrator already
 * made one with that key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sop_documents (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES projects (id),
      code text NOT NULL,
      title text NOT NULL,
      title_en text NOT NULL DEFAULT '',
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX sop_documents_code_key ON sop_documents (project_id, lower(code))`.execute(db);
  await sql`
    CREATE TABLE sop_versions (
      id serial PRIMARY KEY,
      document_id integer NOT NULL REFERENCES sop_documents (id),
      version integer NOT NULL CONSTRAINT sop_versions_version_check CHECK (version >= 1),
      status text NOT NULL CONSTRAINT sop_versions_status_check CHECK (status IN ('DRAFT', 'REVIEW', 'APPROVED', 'OBSOLETE')),
      file_name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      sha256 text NOT NULL,
      content bytea NOT NULL,
      note text NOT NULL DEFAULT '',
      uploaded_by integer REFERENCES users (id),
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      submitted_by integer REFERENCES users (id),
      submitted_at timestamptz,
      reviewed_by integer REFERENCES users (id),
      reviewed_at timestamptz,
      review_comment text,
      CONSTRAINT sop_versions_number_key UNIQUE (document_id, version)
    )`.execute(db);
  // At most one approved version of a document is in force.
  await sql`CREATE UNIQUE INDEX sop_versions_approved_key ON sop_versions (document_id) WHERE status = 'APPROVED'`.execute(db);
  const items = [
    { key: 'DRAFT', value: 'DRAFT', label: '草稿', labelEn: 'Draft' },
    { key: 'REVIEW', value: 'REVIEW', label: '审核中', labelEn: 'Under review' },
    { key: 'APPROVED', value: 'APPROVED', label: '已批准', labelEn: 'Approved' },
    { key: 'OBSOLETE', value: 'OBSOLETE', label: '已作废', labelEn: 'Obsolete' },
  ];
  await sql`
    INSERT INTO dicts (project_id, dict_key, value, value_en, items)
    SELECT NULL, 'SOP_STATUS', 'SOP 状态', 'SOP statuses', ${JSON.stringify(items)}::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM dicts WHERE project_id IS NULL AND lower(dict_key) = 'sop_status')`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('0031 is not reverted'));
}
