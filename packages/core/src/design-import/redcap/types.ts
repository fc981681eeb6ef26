import { z } from 'zod';
import type { Panel } from '../../panels/schema.js';
import { panelSchema } from '../../panels/schema.js';
import { queryId } from '../../validation/text.js';
import type { RedcapReportCode } from './messages.js';
import { REDCAP_REPORT_MESSAGES } from './messages.js';

/** The data dictionary column, or the logic, a report entry is about. */
export const REDCAP_REPORT_SUBJECTS = ['row', 'field', 'form', 'choices', 'validation', 'branching', 'calculation', 'annotation', 'note', 'layout'] as const;
export type RedcapReportSubject = (typeof REDCAP_REPORT_SUBJECTS)[number];

/**
 * One thing of the data dictionary that was not carried over as written. `warning`: a rule or logic of the
 * study is missing or a row was skipped, to be redone by hand; `info`: presentation only.
 */
export interface RedcapReportEntry {
  /** The CSV line the field starts on (the header is line 1). */
  line: number;
  form: string;
  field: string;
  what: RedcapReportSubject;
  level: 'warning' | 'info';
  code: RedcapReportCode;
  /** The text concerned as written in the data dictionary (a formula, a validation type…). */
  source: string;
  message: string;
  messageEn: string;
}

/** One panel to create: a REDCap form, its fields in the dictionary's order. */
export interface RedcapPanelPlan {
  /** The REDCap form name as written. */
  formName: string;
  name: string;
  nameEn: string;
  nameAbbr: string;
  panel: Panel;
  fieldCount: number;
}

export interface RedcapImportPlan {
  panels: RedcapPanelPlan[];
  report: RedcapReportEntry[];
}

const reportCodes = Object.keys(REDCAP_REPORT_MESSAGES) as [RedcapReportCode, ...RedcapReportCode[]];

export const redcapReportEntrySchema = z.object({
  line: z.number(),
  form: z.string(),
  field: z.string(),
  what: z.enum(REDCAP_REPORT_SUBJECTS),
  level: z.enum(['warning', 'info']),
  code: z.enum(reportCodes),
  source: z.string(),
  message: z.string(),
  messageEn: z.string(),
});

/** The answer of an import call: the panels (created, or that would be created) and the report. */
export const redcapImportResultSchema = z.object({
  dryRun: z.boolean(),
  panels: z.array(
    z.object({
      /** The created instrument; null on a dry run. */
      instrumentId: z.number().nullable(),
      formName: z.string(),
      name: z.string(),
      nameEn: z.string(),
      nameAbbr: z.string(),
      fieldCount: z.number(),
      panel: panelSchema,
    }),
  ),
  report: z.array(redcapReportEntrySchema),
});
export type RedcapImportResult = z.infer<typeof redcapImportResultSchema>;

/** Largest data dictionary accepted; a dictionary of a thousand fields is well under 1 MB. */
export const REDCAP_DICTIONARY_MAX_BYTES = 5 * 1024 * 1024;

const multipartFlag = (value: unknown) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value === '' ? undefined : value);

/**
 * POST /dcap/project/design/importRedcap, a multipart body (spec 002 §7: uploads are multipart, every field
 * arrives as text). `dryRun` is on unless `false` is sent, so a call that forgets it changes nothing. The file
 * is optional here so a missing one is answered with its own sentence.
 */
export const redcapImportRequestSchema = z.strictObject({
  projectId: z.preprocess((value) => (value === '' ? undefined : value), queryId().optional()),
  dryRun: z.preprocess(multipartFlag, z.boolean().default(true)),
  file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'file' }).optional(),
});
export type RedcapImportRequest = z.infer<typeof redcapImportRequestSchema>;
