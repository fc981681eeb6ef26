import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp } from './columns.js';

/** Subject questionnaires (migration 0026, docs/decisions.md "Subject questionnaires"). */

export interface SurveyLinksTable {
  id: Generated<number>;
  project_id: number;
  env_id: number;
  site_id: number;
  subject_id: number;
  event_instance_id: number;
  scope: 'panel' | 'event';
  token_hash: string;
  language: 'zh-CN' | 'en-US';
  expires_at: Date;
  revoked_at: NullableTimestamp;
  revoked_by: number | null;
  entered_at: NullableTimestamp;
  created_by: number;
  created_at: Generated<Date>;
}
export type SurveyLinkRow = Selectable<SurveyLinksTable>;

export interface SurveyLinkPanelsTable {
  link_id: number;
  panel_instance_id: number;
}

export interface SurveyLinkMessagesTable {
  link_id: number;
  message_id: number;
}

export interface SurveyHitsTable {
  id: Generated<number>;
  ip: string;
  token_hash: string;
  at: Date;
}
