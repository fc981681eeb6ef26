import { z } from 'zod';
import { dbId, queryId, safeText } from '../validation/text.js';

/** A study site (institution): a platform unit taking part in one project. */
export const SITE_STATUSES = ['active', 'closed'] as const;

export const siteSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  unitId: z.number(),
  unitName: z.string(),
  code: z.string(),
  name: z.string(),
  eName: z.string().nullable(),
  piName: z.string().nullable(),
  status: z.enum(SITE_STATUSES),
  createdAt: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const saveSiteSchema = z.strictObject({
  id: dbId().optional(),
  projectId: dbId(),
  unitId: dbId(),
  code: safeText().regex(/^[A-Za-z0-9_-]{1,16}$/),
  name: safeText().max(200).nullish(),
  eName: safeText().max(200).nullish(),
  piName: safeText().max(100).nullish(),
  /** Absent: a new site is active, an existing one keeps its status (a save must not reopen a closed site). */
  status: z.enum(SITE_STATUSES).optional(),
});
export type SaveSiteRequest = z.infer<typeof saveSiteSchema>;

export const siteIdParamsSchema = z.strictObject({ id: queryId() });
