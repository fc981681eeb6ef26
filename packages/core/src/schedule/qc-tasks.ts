import { z } from 'zod';
import { queryId, queryInt } from '../validation/text.js';

/**
 * The QC task list (spec 000 §3 dictionaries "QC task statuses"; docs/decisions.md "Visit reminders"): the
 * panels of the caller's sites waiting for the next step of the workflow of spec 002 §4. A completed panel
 * waits for source-data verification, a verified one for data-management review, a reviewed one for the
 * investigator's signature.
 */
export const QC_STAGES = ['verify', 'review', 'sign'] as const;
export type QcStage = (typeof QC_STAGES)[number];

/** The panel status (core records/panel-status.ts) that waits for each stage. */
export const QC_STAGE_STATUS: Record<QcStage, string> = { verify: 'COMPLETED', review: 'VERIFIED', sign: 'REVIEWED' };

const count = z.number().int().min(0);

export const qcSummarySchema = z.object({
  /** Per site the caller sees, in code order. */
  sites: z.array(
    z.object({
      siteId: z.number(),
      code: z.string(),
      name: z.string(),
      nameEn: z.string().nullable(),
      verify: count,
      review: count,
      sign: count,
    }),
  ),
});
export type QcSummary = z.infer<typeof qcSummarySchema>;

export const QC_PAGE_SIZE_MAX = 200;
export const qcListQuerySchema = z.strictObject({
  stage: z.enum(QC_STAGES),
  siteId: queryId().optional(),
  eventId: queryId().optional(),
  page: queryInt().min(1).max(100_000).optional(),
  pageSize: queryInt().min(1).max(QC_PAGE_SIZE_MAX).optional(),
});
export type QcListQuery = z.input<typeof qcListQuerySchema>;

export const qcTaskSchema = z.object({
  panelInstanceId: z.number(),
  subjectId: z.number(),
  platformNo: z.string(),
  subjectCode: z.string().nullable(),
  siteId: z.number(),
  eventInstanceId: z.number(),
  eventId: z.number(),
  visitName: z.string(),
  visitNameEn: z.string().nullable(),
  instrumentId: z.number(),
  instrumentName: z.string(),
  instrumentNameEn: z.string().nullable(),
  status: z.string(),
  /** When the panel last changed: how long it has waited. */
  updatedAt: z.string(),
  /** OPEN and ANSWERED queries on the panel. */
  openQueries: count,
});
export type QcTask = z.infer<typeof qcTaskSchema>;
export const qcListSchema = z.object({ total: count, page: z.number(), pageSize: z.number(), items: z.array(qcTaskSchema) });
export type QcList = z.infer<typeof qcListSchema>;
