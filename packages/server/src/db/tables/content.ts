import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp } from './columns.js';

/** A platform bulletin (spec 000 §4.5, migration 0028); `published_at` null is a draft. */
export interface ArticlesTable {
  id: Generated<number>;
  content: string;
  content_en: string;
  is_show: Generated<boolean>;
  published_at: NullableTimestamp;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type ArticleRow = Selectable<ArticlesTable>;

/** A project's UI settings and portal (spec 002 §3 "UI settings", migration 0028). */
export interface ProjectUiConfigsTable {
  project_id: number;
  login_logo: string | null;
  big_logo: string | null;
  small_logo: string | null;
  background: string | null;
  footer: string | null;
  footer_en: string | null;
  login_url: string | null;
  description: string | null;
  notice: string | null;
  notice_en: string | null;
  updated_by: number | null;
  updated_at: Generated<Date>;
}
export type ProjectUiConfigRow = Selectable<ProjectUiConfigsTable>;
