import { articlePublishSchema, articleSaveSchema, articleSchema, currentArticleSchema, queryId } from '@dcap/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.js';
import type { RouteRegistry } from '../../http/route.js';
import { articleInfo, currentArticle, deleteArticle, listArticles, publishArticle, saveArticle } from './service.js';

const MANAGE_ARTICLES = { platform: 'article.manage' } as const;
const idParams = z.strictObject({ id: queryId() });

/** The platform's bulletins: `/sys/article` and the shell's bulletin dialog (spec 000 §4.5, §7.2). */
export function registerBulletinRoutes(app: FastifyInstance, routes: RouteRegistry, deps: ServiceDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/article/list',
    summary: 'Every bulletin, drafts and scheduled ones included, most recently changed first',
    tag: 'bulletins',
    access: MANAGE_ARTICLES,
    response: z.array(articleSchema),
    handler: () => listArticles(deps),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/article/save',
    summary: 'Create or edit a bulletin; its rich text is cleaned before it is stored',
    tag: 'bulletins',
    access: MANAGE_ARTICLES,
    body: articleSaveSchema,
    response: articleSchema,
    handler: ({ caller, body }) => saveArticle(deps, caller, body),
  });
  routes.add(app, {
    method: 'GET',
    url: '/dcap/sys/article/info/:id',
    summary: 'One bulletin',
    tag: 'bulletins',
    access: MANAGE_ARTICLES,
    params: idParams,
    response: articleSchema,
    handler: ({ params }) => articleInfo(deps, params.id),
  });
  // Spec 000 §7.2 names a GET; a call that deletes is a POST here, as every other write (docs/decisions.md).
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/article/delete/:id',
    summary: 'Delete a bulletin',
    tag: 'bulletins',
    access: MANAGE_ARTICLES,
    params: idParams,
    response: z.null(),
    handler: async ({ caller, params }) => {
      await deleteArticle(deps, caller, params.id);
      return null;
    },
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/article/publish',
    summary: 'Publish a bulletin from a date (now when none), or withdraw it with null',
    tag: 'bulletins',
    access: MANAGE_ARTICLES,
    body: articlePublishSchema,
    response: articleSchema,
    handler: ({ caller, body }) => publishArticle(deps, caller, body),
  });
  routes.add(app, {
    method: 'POST',
    url: '/dcap/sys/article/getArticle',
    summary: 'The bulletin shown now (data, isShow, dataEn, publishedDate), or null',
    tag: 'bulletins',
    access: 'signedIn',
    response: currentArticleSchema,
    handler: () => currentArticle(deps),
  });
}
