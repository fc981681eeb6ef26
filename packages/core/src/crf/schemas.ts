import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
import { knownTimeZone } from '../queries/time.js';
import { queryId, safeText } from '../validation/text.js';

/** Where a blank CRF takes its design from: the session environment's published version, or the draft. */
export const CRF_SOURCES = ['env', 'draft'] as const;
export type CrfSource = (typeof CRF_SOURCES)[number];

const timeZone = () => safeText().max(64).refine(knownTimeZone, { message: 'time_zone' });

/** GET /dcap/crf/blank: the whole design, or one panel of it, in the chosen language (the caller's by default). */
export const blankCrfQuerySchema = z.strictObject({
  source: z.enum(CRF_SOURCES).default('env'),
  instrumentId: queryId().optional(),
  lang: z.enum(LOCALES).optional(),
  /** The zone the generation time is printed in (COMPLIANCE TS-2); the study's zone when absent. */
  timeZone: timeZone().optional(),
});
export type BlankCrfQuery = z.infer<typeof blankCrfQuerySchema>;

export const casebookParamsSchema = z.strictObject({ subjectId: queryId() });

/** GET /dcap/crf/casebook/:subjectId. */
export const casebookQuerySchema = z.strictObject({
  lang: z.enum(LOCALES).optional(),
  timeZone: timeZone().optional(),
});
export type CasebookQuery = z.infer<typeof casebookQuerySchema>;
