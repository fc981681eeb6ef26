import { z } from 'zod';
import { EVENT_NAME_MAX, EVENT_OFFSET_MAX_DAYS, EVENT_TYPES, EVENT_WINDOW_MAX_DAYS, MATRIX_CELLS_MAX } from '../design/events.js';
import { INSTRUMENT_ABBR_MAX, INSTRUMENT_ABBR_PATTERN, INSTRUMENT_KINDS, INSTRUMENT_NAME_MAX } from '../design/instruments.js';
import { dictItemsSchema, dictKeySchema } from '../design/library.js';
import { panelSchema } from '../panels/schema.js';
import { queryId, safeText } from '../validation/text.js';

/**
 * The study design package (docs/decisions.md "Record import"; spec 002 §7 `/dcap/project/import`): a
 * project's development design as one JSON file — instruments with their panels, events, the event–panel
 * matrix and the project's dictionaries — with a format version and a SHA-256 of its design part, so another
 * project's development draft can be built from it. Instruments are named by abbreviation and events by name
 * (as across design versions), never by a database id.
 */

export const DESIGN_PACKAGE_FORMAT = 'dcap-design';
export const DESIGN_PACKAGE_VERSION = 1;
/** The largest package accepted, in bytes. */
export const DESIGN_PACKAGE_MAX_BYTES = 20 * 1024 * 1024;

const name = (max: number) => safeText().min(1).max(max);

export const packageInstrumentSchema = z.strictObject({
  kind: z.enum(INSTRUMENT_KINDS),
  name: name(INSTRUMENT_NAME_MAX),
  nameEn: safeText().max(INSTRUMENT_NAME_MAX).nullable(),
  nameAbbr: safeText().min(1).max(INSTRUMENT_ABBR_MAX).regex(INSTRUMENT_ABBR_PATTERN),
  description: z.string().max(2000).nullable(),
  sort: z.number().int().min(0).max(1_000_000),
  panel: panelSchema,
});

export const packageEventSchema = z.strictObject({
  name: name(EVENT_NAME_MAX),
  nameEn: safeText().max(EVENT_NAME_MAX).nullable(),
  type: z.enum(EVENT_TYPES),
  sort: z.number().int().min(0).max(1_000_000),
  offsetDays: z.number().int().min(-EVENT_OFFSET_MAX_DAYS).max(EVENT_OFFSET_MAX_DAYS).nullable(),
  windowBefore: z.number().int().min(0).max(EVENT_WINDOW_MAX_DAYS),
  windowAfter: z.number().int().min(0).max(EVENT_WINDOW_MAX_DAYS),
  repeatable: z.boolean(),
});

export const packageDictSchema = z.strictObject({ key: dictKeySchema, value: name(128), valueEn: safeText().max(128), items: dictItemsSchema });

export const designPackageContentSchema = z
  .strictObject({
    instruments: z.array(packageInstrumentSchema).max(500),
    events: z.array(packageEventSchema).max(500),
    matrix: z.array(z.strictObject({ event: z.string(), instrument: z.string() })).max(MATRIX_CELLS_MAX),
    dictionaries: z.array(packageDictSchema).max(1000),
  })
  .superRefine((design, ctx) => {
    // Names are how the package refers to its parts, so each must be unique and every matrix cell must name both.
    const abbrs = new Set<string>();
    design.instruments.forEach((instrument, index) => {
      if (abbrs.has(instrument.nameAbbr)) ctx.addIssue({ code: 'custom', path: ['instruments', index, 'nameAbbr'], message: `duplicate ${instrument.nameAbbr}` });
      abbrs.add(instrument.nameAbbr);
    });
    const events = new Set<string>();
    design.events.forEach((event, index) => {
      if (events.has(event.name)) ctx.addIssue({ code: 'custom', path: ['events', index, 'name'], message: `duplicate ${event.name}` });
      events.add(event.name);
    });
    const keys = new Set<string>();
    design.dictionaries.forEach((dict, index) => {
      if (keys.has(dict.key)) ctx.addIssue({ code: 'custom', path: ['dictionaries', index, 'key'], message: `duplicate ${dict.key}` });
      keys.add(dict.key);
    });
    design.matrix.forEach((cell, index) => {
      if (!events.has(cell.event) || !abbrs.has(cell.instrument)) ctx.addIssue({ code: 'custom', path: ['matrix', index], message: `unknown ${cell.event} / ${cell.instrument}` });
    });
  });
export type DesignPackageContent = z.infer<typeof designPackageContentSchema>;

export const designPackageSchema = z.strictObject({
  format: z.literal(DESIGN_PACKAGE_FORMAT),
  version: z.number().int(),
  exportedAt: z.string(),
  source: z.strictObject({ projectCode: z.string(), projectName: z.string() }),
  /** SHA-256 (hex) of `packageJson(design)`. */
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  design: z.unknown(),
});
export type DesignPackage = z.infer<typeof designPackageSchema>;

/** JSON with object keys sorted at every level, so the checksum does not depend on key order. */
export function packageJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** POST /dcap/project/import (multipart): the package file, and whether to replace a draft that is not empty. */
export const designImportUploadSchema = z.strictObject({
  projectId: z.preprocess((value) => (value === '' ? undefined : value), queryId()),
  file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'file' }),
  replace: z.preprocess((value) => (value === '' || value === undefined ? 'false' : value), z.enum(['true', 'false'])).optional(),
});

export const designImportResultSchema = z.object({ instruments: z.number(), events: z.number(), matrix: z.number(), dictionaries: z.number(), replaced: z.boolean() });
export type DesignImportResult = z.infer<typeof designImportResultSchema>;

/** GET /dcap/project/export: the project whose development design is written. */
export const designExportQuerySchema = z.strictObject({ projectId: queryId() });
