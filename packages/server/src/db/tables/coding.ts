import type { Generated, Selectable } from 'kysely';
import type { Json } from './columns.js';
import type { CodingDictionaryKind, CodingDictionaryStatus } from '@dcap/core';

/** An uploaded coding dictionary, one row per version (migration 0034). */
export interface CodingDictionariesTable {
  id: Generated<number>;
  name: string;
  kind: CodingDictionaryKind;
  version: string;
  language: Generated<string>;
  licence_note: Generated<string>;
  term_count: Generated<number>;
  enabled: Generated<boolean>;
  uploaded_by: number | null;
  uploaded_at: Generated<Date>;
  /** The upload's state (migration 0038): importing while its job runs, then ready or failed. */
  status: Generated<CodingDictionaryStatus>;
  file_name: Generated<string>;
  /** The uploaded file, kept until the job ends. */
  file_bytes: Buffer | null;
  job_id: number | null;
  /** A refused file's row problems, at most 200, as catalogue codes and parameters. */
  problems: Json;
  problem_count: Generated<number>;
  failure: Json;
}

/** A term of a coding dictionary with its place in the hierarchy (migration 0034). */
export interface CodingTermsTable {
  dictionary_id: number;
  code: string;
  term: string;
  term_en: string;
  level: string;
  parent_code: string | null;
  path: string;
  path_en: Generated<string>;
}

/** A project's text field chosen for coding, with its dictionary (migration 0034). */
export interface CodingFieldsTable {
  id: Generated<number>;
  project_id: number;
  instrument_id: number;
  path: string;
  dictionary_id: number;
  created_by: number | null;
  created_at: Generated<Date>;
}

/** A captured value coded to a term, the term copied at coding time (migration 0034). */
export interface FieldCodingsTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  panel_instance_id: number;
  path: string;
  coding_field_id: number;
  verbatim: string;
  dictionary_id: number;
  term_code: string;
  term: string;
  term_path: string;
  term_en: Generated<string>;
  term_path_en: Generated<string>;
  coded_by: number | null;
  coded_at: Generated<Date>;
}

export type CodingDictionaryRow = Selectable<CodingDictionariesTable>;
export type CodingTermRow = Selectable<CodingTermsTable>;
export type CodingFieldRow = Selectable<CodingFieldsTable>;
export type FieldCodingRow = Selectable<FieldCodingsTable>;
