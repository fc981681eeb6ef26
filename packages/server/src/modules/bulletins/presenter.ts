import type { Article, CurrentArticle } from '@dcap/core';
import { articleState } from '@dcap/core';
import type { ArticleRow } from '../../db/schema.js';

export function presentArticle(row: ArticleRow, now: Date): Article {
  return {
    id: row.id,
    data: row.content,
    dataEn: row.content_en,
    isShow: row.is_show ? 1 : 0,
    publishedDate: row.published_at ? row.published_at.toISOString() : null,
    state: articleState(row.published_at, now),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Spec 000 §7.2 getArticle: data, isShow, dataEn, publishedDate. */
export function presentCurrentArticle(row: ArticleRow | undefined): CurrentArticle {
  if (!row?.published_at) return null;
  return { id: row.id, data: row.content, dataEn: row.content_en, isShow: row.is_show ? 1 : 0, publishedDate: row.published_at.toISOString() };
}

/** What an audit row keeps of a bulletin: the cleaned text as stored, the flag and the date. */
export const auditedArticle = (row: ArticleRow) => ({
  data: row.content,
  dataEn: row.content_en,
  isShow: row.is_show ? 1 : 0,
  publishedDate: row.published_at ? row.published_at.toISOString() : null,
});
