import type { Article, CurrentArticle } from '@dcap/core';
import { AppError } from '@dcap/core';
import type { z } from 'zod';
import type { articlePublishSchema, articleSaveSchema } from '@dcap/core';
import type { ServiceDeps } from '../../deps.js';
import type { Caller } from '../../http/context.js';
import { platformWrite } from '../../http/project-write.js';
import { auditedArticle, presentArticle, presentCurrentArticle } from './presenter.js';
import * as repo from './repo.js';

/** Visible text of cleaned HTML: a bulletin made only of markup (or of scripts the cleaning dropped) says nothing. */
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;

export async function listArticles(deps: ServiceDeps): Promise<Article[]> {
  const now = deps.clock.now();
  return (await repo.listArticles(deps.db)).map((row) => presentArticle(row, now));
}

export async function articleInfo(deps: ServiceDeps, id: number): Promise<Article> {
  const row = await repo.findArticle(deps.db, id);
  if (!row) throw new AppError('article.not_found');
  return presentArticle(row, deps.clock.now());
}

/** Spec 000 §7.2 save: a new bulletin (a draft until published) or an edit, which a user sees again (§4.5). */
export async function saveArticle(deps: ServiceDeps, caller: Caller, body: z.output<typeof articleSaveSchema>): Promise<Article> {
  if (!hasText(body.data) && !hasText(body.dataEn)) throw new AppError('article.empty');
  return platformWrite(deps, caller, async (trx, audit) => {
    const now = deps.clock.now();
    if (body.id === undefined) {
      const row = await repo.insertArticle(trx, { content: body.data, content_en: body.dataEn, is_show: body.isShow === 1, created_by: caller.actor.userId, created_at: now, updated_at: now });
      await audit.change('article', row.id, { kind: 'create', after: auditedArticle(row) });
      return presentArticle(row, now);
    }
    const before = await repo.findArticle(trx, body.id);
    if (!before) throw new AppError('article.not_found');
    const after = await repo.updateArticle(trx, body.id, { content: body.data, content_en: body.dataEn, is_show: body.isShow === 1, updated_at: now });
    await audit.change('article', after.id, { kind: 'update', before: auditedArticle(before), after: auditedArticle(after) });
    return presentArticle(after, now);
  });
}

/** Spec 000 §7.2 publish: shown from the date given (now when none), withdrawn with null. */
export async function publishArticle(deps: ServiceDeps, caller: Caller, body: z.output<typeof articlePublishSchema>): Promise<Article> {
  return platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.findArticle(trx, body.id);
    if (!before) throw new AppError('article.not_found');
    const now = deps.clock.now();
    const publishedAt = body.publishedDate === undefined ? now : body.publishedDate === null ? null : new Date(body.publishedDate);
    const after = await repo.updateArticle(trx, body.id, {
      published_at: publishedAt,
      ...(body.isShow === undefined ? {} : { is_show: body.isShow === 1 }),
      updated_at: now,
    });
    await audit.change('article', after.id, { kind: 'update', before: auditedArticle(before), after: auditedArticle(after) });
    return presentArticle(after, now);
  });
}

export async function deleteArticle(deps: ServiceDeps, caller: Caller, id: number): Promise<void> {
  await platformWrite(deps, caller, async (trx, audit) => {
    const before = await repo.findArticle(trx, id);
    if (!before) throw new AppError('article.not_found');
    await repo.deleteArticle(trx, id);
    await audit.change('article', id, { kind: 'delete', before: auditedArticle(before) });
  });
}

/** Spec 000 §7.2 getArticle: the bulletin every signed-in user's shell fetches at load (§4.5). */
export async function currentArticle(deps: ServiceDeps): Promise<CurrentArticle> {
  return presentCurrentArticle(await repo.currentArticle(deps.db, deps.clock.now()));
}
