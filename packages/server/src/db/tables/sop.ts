import type { Generated, Selectable } from 'kysely';
import type { SopStatus } from '@dcap/core';

/** A project's SOP document (migration 0031). */
export interface SopDocumentsTable {
  id: Generated<number>;
  project_id: number;
  code: string;
  title: string;
  title_en: string;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One uploaded version of an SOP document with its review status and bytes (migration 0031). */
export interface SopVersionsTable {
  id: Generated<number>;
  document_id: number;
  version: number;
  status: SopStatus;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  content: Buffer;
  note: string;
  uploaded_by: number | null;
  uploaded_at: Generated<Date>;
  submitted_by: number | null;
  submitted_at: Date | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  review_comment: string | null;
}

export type SopDocumentRow = Selectable<SopDocumentsTable>;
export type SopVersionRow = Selectable<SopVersionsTable>;
