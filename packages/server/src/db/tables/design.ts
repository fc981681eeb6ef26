import type { Generated, Selectable } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** Study design tables: instruments, visits, published versions, and the platform libraries they draw on. */

/** An instrument (panel) of a project with its development draft (migration 0004). */
export interface InstrumentsTable {
  id: Generated<number>;
  project_id: number;
  kind: 'form' | 'derived' | 'external';
  name: string;
  name_en: string | null;
  name_abbr: string;
  description: string | null;
  sort: number;
  panel: Json;
  revision: Generated<number>;
  field_count: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface EventsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  name_en: string | null;
  type: 'SCREENING' | 'BASELINE' | 'TREATMENT' | 'FOLLOW_UP' | 'UNSCHEDULED' | 'LOG';
  sort: number;
  offset_days: number | null;
  window_before: number;
  window_after: number;
  repeatable: boolean;
  /** core design/reminders.ts EventReminders, or null (migration 0027). */
  reminders: Json;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface EventInstrumentsTable {
  project_id: number;
  event_id: number;
  instrument_id: number;
}

/** An immutable published design; record data references `id` (migration 0004). */
export interface DesignVersionsTable {
  id: Generated<number>;
  project_id: number;
  version: number;
  snapshot: Json;
  note: string | null;
  published_at: Timestamp;
  published_by: string | null;
}

/** The design version an environment runs. */
export interface EnvDesignsTable {
  env_id: number;
  project_id: number;
  design_version_id: number;
  published_at: Timestamp;
  published_by: string | null;
}

/** Standard variable library: CDASH-style domains (migration 0005). */
export interface StdDomainsTable {
  code: string;
  description: string;
  description_en: string;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A standard variable with the widget it inserts as (migration 0005). */
export interface StdFieldsTable {
  id: Generated<number>;
  domain: string;
  field_name: string;
  field_label: string;
  field_label_en: string;
  field_annotation: Generated<string>;
  instruction: Generated<string>;
  instruction_en: Generated<string>;
  widget: Json;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A panel template of the panel library (migration 0005). */
export interface StdTemplatesTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  name_abbr: string;
  description: Generated<string>;
  description_en: Generated<string>;
  panel: Json;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A dictionary: a platform one when project_id is null, else the project's (migration 0005). */
export interface DictsTable {
  id: Generated<number>;
  project_id: number | null;
  dict_key: string;
  value: string;
  value_en: Generated<string>;
  items: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A derived field of the derived-variable library (migration 0005). */
export interface DerivedFieldsTable {
  id: Generated<number>;
  group_code: 'CONTINUOUS_VARIABLES' | 'CATEGORICAL_VARIABLES' | 'ORDINAL_VARIABLES';
  field_name: string;
  field_label: string;
  field_label_en: string;
  expression: string;
  description: Generated<string>;
  description_en: Generated<string>;
  widget: Json;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type InstrumentRow = Selectable<InstrumentsTable>;
export type EventRow = Selectable<EventsTable>;
export type DesignVersionRow = Selectable<DesignVersionsTable>;
export type StdDomainRow = Selectable<StdDomainsTable>;
export type StdFieldRow = Selectable<StdFieldsTable>;
export type StdTemplateRow = Selectable<StdTemplatesTable>;
export type DictRow = Selectable<DictsTable>;
export type DerivedFieldRow = Selectable<DerivedFieldsTable>;
