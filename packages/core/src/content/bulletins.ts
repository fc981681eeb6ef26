import { z } from 'zod';
import { sanitizeRichText } from '../panels/rich-text.js';
import { dbId, multilineText } from '../validation/text.js';

/** Spec 000 §3 "Bulletin article": data, dataEn, isShow (1 show), publishedDate. */
export const ARTICLE_CONTENT_MAX = 50_000;
export const ARTICLE_STATES = ['draft', 'scheduled', 'published'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

const showFlag = z.union([z.literal(0), z.literal(1)]);

/** Rich text of one language, cleaned by core's allowlist before anything stores it (docs/decisions.md "Rich text"). */
const articleText = () => multilineText().max(ARTICLE_CONTENT_MAX).transform(sanitizeRichText);

/** `POST /dcap/sys/article/save`: a new bulletin without an id, an edit with one. */
export const articleSaveSchema = z.strictObject({
  id: dbId().optional(),
  data: articleText(),
  dataEn: articleText(),
  isShow: showFlag.default(1),
});
export type ArticleSave = z.input<typeof articleSaveSchema>;

/**
 * `POST /dcap/sys/article/publish`: the date from which the bulletin is shown (now when left out; a later
 * date schedules it), null to withdraw it; the show flag may be set at the same time.
 */
export const articlePublishSchema = z.strictObject({
  id: dbId(),
  publishedDate: z.iso.datetime({ offset: true }).nullable().optional(),
  isShow: showFlag.optional(),
});
export type ArticlePublish = z.input<typeof articlePublishSchema>;

export const articleSchema = z.object({
  id: z.number(),
  data: z.string(),
  dataEn: z.string(),
  isShow: showFlag,
  publishedDate: z.string().nullable(),
  state: z.enum(ARTICLE_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

/** `POST /dcap/sys/article/getArticle`: the bulletin shown now, or null when none is published. */
export const currentArticleSchema = z
  .object({ id: z.number(), data: z.string(), dataEn: z.string(), isShow: showFlag, publishedDate: z.string() })
  .nullable();
export type CurrentArticle = z.infer<typeof currentArticleSchema>;

/** The copy kept under `pro__SET_ARTICLE` (spec 000 §3, §4.5): whose it was and what it said. */
export interface StoredArticle {
  userId: number;
  data: string;
  dataEn: string;
  isShow: number;
}

/** What the shell stores after the fetch (spec 000 §4.5: "It is stored locally after the fetch"). */
export function storedArticleOf(article: NonNullable<CurrentArticle>, userId: number): StoredArticle {
  return { userId, data: article.data, dataEn: article.dataEn, isShow: article.isShow };
}

/** A stored copy read back from local storage, or null when it is missing or not one. */
export function parseStoredArticle(raw: unknown): StoredArticle | null {
  const parsed = z.object({ userId: z.number(), data: z.string(), dataEn: z.string(), isShow: z.number() }).safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * Spec 000 §4.5: shown if never stored; shown again when the user, the content or the show flag differs
 * from the stored copy; otherwise hidden. A bulletin whose show flag is off is never shown.
 */
export function shouldShowBulletin(article: CurrentArticle, stored: StoredArticle | null, userId: number): boolean {
  if (!article || article.isShow !== 1) return false;
  if (!stored) return true;
  return stored.userId !== userId || stored.data !== article.data || stored.dataEn !== article.dataEn || stored.isShow !== article.isShow;
}

/** Draft, scheduled (a publish date still ahead) or published, at `now`. */
export function articleState(publishedAt: Date | null, now: Date): ArticleState {
  if (!publishedAt) return 'draft';
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}
