import type { ArticleRow, ArticlesTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';
import type { Executor } from '../audit/repo.js';

export function listArticles(db: Executor): Promise<ArticleRow[]> {
  return db.selectFrom('articles').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
}

export function findArticle(db: Executor, id: number): Promise<ArticleRow | undefined> {
  return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The bulletin shown now: the one published most recently at or before `now` (spec 000 §2.6 "the published article"). */
export function currentArticle(db: Executor, now: Date): Promise<ArticleRow | undefined> {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('published_at', 'is not', null)
    .where('published_at', '<=', now)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertArticle(db: Executor, values: Insertable<ArticlesTable>): Promise<ArticleRow> {
  return db.insertInto('articles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateArticle(db: Executor, id: number, values: Partial<Omit<ArticleRow, 'id' | 'created_at' | 'created_by'>>): Promise<ArticleRow> {
  return db.updateTable('articles').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteArticle(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('articles').where('id', '=', id).execute();
}
