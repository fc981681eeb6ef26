import { z } from 'zod';
import { dbId, multilineText, queryId } from '../validation/text.js';

/**
 * Publishing: the development draft (instruments, panels, events, matrix) becomes an immutable numbered
 * design version; test (uat) and production (prd) each run one version, and data remembers the version it
 * was entered with.
 */
export const PUBLISH_TARGETS = ['uat', 'prd'] as const;
export type PublishTarget = (typeof PUBLISH_TARGETS)[number];
export const PUBLISH_NOTE_MAX = 500;

export const DIFF_ENTITIES = ['instrument', 'event', 'matrix'] as const;
export type DiffEntity = (typeof DIFF_ENTITIES)[number];
export const DIFF_CHANGES = ['added', 'removed', 'changed'] as const;
export type DiffChange = (typeof DIFF_CHANGES)[number];

const id = dbId();
const idParam = queryId();

export const diffQuerySchema = z.strictObject({ target: z.enum(PUBLISH_TARGETS) });
export const designProjectParamsSchema = z.strictObject({ projectId: idParam });

/**
 * One difference inside an entity. For an instrument, `path` is a property (`name`, `nameEn`, `nameAbbr`,
 * `description`, `kind`), a panel setting (`config.labelWidth`, `config.labelPosition`) or a widget
 * (`widget.<key>`: before and after are `{name, nameEn, type}`, null on the side where it is absent; a
 * changed widget's `after` also lists `changedProperties`, such as `options.required`). For an event, the
 * changed property. Matrix cells have no details.
 */
export const diffDetailSchema = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type DiffDetail = z.infer<typeof diffDetailSchema>;

export const designChangeSchema = z.object({
  entity: z.enum(DIFF_ENTITIES),
  change: z.enum(DIFF_CHANGES),
  /** Instrument: its abbreviation; event: its name; matrix cell: `<event name>/<instrument abbreviation>`. */
  key: z.string(),
  name: z.string(),
  details: z.array(diffDetailSchema),
});
export type DesignChange = z.infer<typeof designChangeSchema>;

/**
 * A label the incoming design still shows as the designer's default (panels/default-labels.ts): publishing
 * warns with the list and goes ahead when the user confirms.
 */
export const defaultLabelWarningSchema = z.object({
  /** The instrument's abbreviation and name. */
  instrument: z.string(),
  instrumentName: z.string(),
  widgetKey: z.string(),
  kind: z.enum(['field', 'option', 'column']),
  path: z.string(),
  label: z.string(),
});
export type DefaultLabelWarning = z.infer<typeof defaultLabelWarningSchema>;

export const designDiffSchema = z.object({
  target: z.enum(PUBLISH_TARGETS),
  /** The version the target runs; null when nothing was published to it yet. */
  currentVersion: z.number().nullable(),
  changes: z.array(designChangeSchema),
  /** Labels of the incoming design left at their defaults, instrument by instrument. */
  defaultLabels: z.array(defaultLabelWarningSchema),
});
export type DesignDiff = z.infer<typeof designDiffSchema>;

/** Publishing to uat snapshots the draft; publishing to prd promotes the version uat runs. */
export const publishDesignSchema = z.strictObject({
  projectId: id,
  target: z.enum(PUBLISH_TARGETS),
  note: multilineText().trim().max(PUBLISH_NOTE_MAX).nullish(),
});
export type PublishDesignRequest = z.infer<typeof publishDesignSchema>;

export const publishResultSchema = z.object({
  version: z.number(),
  target: z.enum(PUBLISH_TARGETS),
  publishedAt: z.string(),
  /** How many labels of the published design were left at their defaults (the diff lists them). */
  defaultLabelCount: z.number().optional(),
});
export type PublishResult = z.infer<typeof publishResultSchema>;

export const designVersionSchema = z.object({
  version: z.number(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  note: z.string().nullable(),
  /** Keys of the environments running this version now. */
  environments: z.array(z.string()),
});
export type DesignVersion = z.infer<typeof designVersionSchema>;
