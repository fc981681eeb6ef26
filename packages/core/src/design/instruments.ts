import { z } from 'zod';
import type { PanelIssue } from '../panels/issues.js';
import { panelSchema } from '../panels/schema.js';
import type { Panel, PanelConfig, Widget } from '../panels/schema.js';
import { dbId, dbInt, multilineText, queryId, safeText } from '../validation/text.js';

/**
 * Instruments (panels) of a project: the calls of spec 002 §7 ("Instrument") and the save calls of spec
 * 001 §7. The panel JSON itself is `panelSchema` (spec 001 §3); these are the envelopes around it.
 */

/** A form panel, a derived-variable panel (spec 001 §2.2) or a panel filled from an external source. */
export const INSTRUMENT_KINDS = ['form', 'derived', 'external'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

/** Longest instrument name and abbreviation; the abbreviation names the form in exports and formulas. */
export const INSTRUMENT_NAME_MAX = 128;
export const INSTRUMENT_ABBR_MAX = 32;
export const INSTRUMENT_DESCRIPTION_MAX = 1000;
/** Letters, digits and underscores; unique in its project regardless of case. */
export const INSTRUMENT_ABBR_PATTERN = /^[A-Za-z0-9_]+$/;
/** Most instruments one upload file may carry. */
export const INSTRUMENT_UPLOAD_MAX = 200;
/** The `format` and `version` of an instrument download or upload file. */
export const INSTRUMENT_FILE_FORMAT = 'dcap-instruments';
export const INSTRUMENT_FILE_VERSION = 1;

const id = dbId();
const idParam = queryId();
const nameAbbr = safeText().min(1).max(INSTRUMENT_ABBR_MAX).regex(INSTRUMENT_ABBR_PATTERN);

export const instrumentSchema = z.object({
  id: z.number(),
  projectId: z.number(),
  kind: z.enum(INSTRUMENT_KINDS),
  name: z.string(),
  nameEn: z.string().nullable(),
  nameAbbr: z.string(),
  description: z.string().nullable(),
  sort: z.number(),
  /** Value-holding widgets of the draft panel. */
  fieldCount: z.number(),
  /** Bumped by every draft save; a save naming an older revision is refused (optimistic concurrency). */
  draftRevision: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  /** The draft differs from the latest published design version (or was never published). */
  changedSincePublish: z.boolean(),
});
export type Instrument = z.infer<typeof instrumentSchema>;

export const saveInstrumentSchema = z.strictObject({
  projectId: id,
  id: id.optional(),
  /** Fixed once created; absent means a form panel. */
  kind: z.enum(INSTRUMENT_KINDS).optional(),
  name: safeText().min(1).max(INSTRUMENT_NAME_MAX),
  nameEn: safeText().max(INSTRUMENT_NAME_MAX).nullish(),
  nameAbbr,
  description: multilineText().trim().max(INSTRUMENT_DESCRIPTION_MAX).nullish(),
});
export type SaveInstrumentRequest = z.infer<typeof saveInstrumentSchema>;

export const copyTemplateSchema = z.strictObject({
  projectId: id,
  templateId: id,
  name: safeText().min(1).max(INSTRUMENT_NAME_MAX).optional(),
  nameAbbr: nameAbbr.optional(),
});
export type CopyTemplateRequest = z.infer<typeof copyTemplateSchema>;

export const PANEL_CONFIG_MODES = ['draft', 'published'] as const;
export const previewInstrumentSchema = z.strictObject({
  instrumentId: id,
  /** `published`: the panel of the latest published version; absent or `draft`: the development draft. */
  configMode: z.enum(PANEL_CONFIG_MODES).optional(),
});
export type PreviewInstrumentRequest = z.infer<typeof previewInstrumentSchema>;

export const previewTemplatePanelSchema = z.strictObject({ templateId: id });

/** A panel with the instrument it belongs to; `revision` is the draft revision or the published version. */
export const panelDataSchema = z.object({
  instrumentId: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  nameAbbr: z.string(),
  kind: z.enum(INSTRUMENT_KINDS),
  panel: panelSchema,
  revision: z.number(),
});
export type PanelData = z.infer<typeof panelDataSchema>;

export const templatePanelSchema = z.object({ panel: panelSchema, name: z.string(), nameAbbr: z.string() });
export type TemplatePanel = z.infer<typeof templatePanelSchema>;

export const instrumentRefSchema = z.strictObject({ projectId: id, id });
export type InstrumentRef = z.infer<typeof instrumentRefSchema>;

/** Sort takes every instrument id of the project in the new order. */
export const sortInstrumentsSchema = z.strictObject({ projectId: id, ids: z.array(id).min(1).max(1000) });
export type SortInstrumentsRequest = z.infer<typeof sortInstrumentsSchema>;

export const instrumentIdParamsSchema = z.strictObject({ id: idParam });
export const instrumentProjectParamsSchema = z.strictObject({ projectId: idParam });
export const instrumentVersionParamsSchema = z.strictObject({ instrumentId: idParam, version: idParam });

/** One instrument in a download or upload file. */
export const instrumentFileEntrySchema = z.strictObject({
  name: safeText().min(1).max(INSTRUMENT_NAME_MAX),
  nameEn: safeText().max(INSTRUMENT_NAME_MAX).nullish(),
  nameAbbr,
  kind: z.enum(INSTRUMENT_KINDS).default('form'),
  description: multilineText().trim().max(INSTRUMENT_DESCRIPTION_MAX).nullish(),
  panel: panelSchema,
});
export type InstrumentFileEntry = z.infer<typeof instrumentFileEntrySchema>;

export const instrumentFileSchema = z.strictObject({
  format: z.literal(INSTRUMENT_FILE_FORMAT),
  version: z.literal(INSTRUMENT_FILE_VERSION),
  instruments: z.array(instrumentFileEntrySchema).min(1).max(INSTRUMENT_UPLOAD_MAX),
});
export type InstrumentFile = z.infer<typeof instrumentFileSchema>;

/** `append` adds the file's instruments; `replace` first removes every instrument of the project. */
export const UPLOAD_MODES = ['append', 'replace'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];
export const uploadInstrumentsSchema = z.strictObject({
  projectId: id,
  /** Checked against `instrumentFileSchema` by the server, so problems come back per instrument. */
  file: z.unknown(),
  mode: z.enum(UPLOAD_MODES),
});
export type UploadInstrumentsRequest = z.infer<typeof uploadInstrumentsSchema>;

/**
 * saveAllCfg and the external / derived saveFieldCfg calls: the whole draft panel. The envelope is checked
 * here; `list` and `config` are checked by the server with `panelSchema` and `validatePanel`, so every
 * problem comes back as a PanelIssue on its path (422, `data.issues`).
 */
export const savePanelSchema = z.strictObject({
  instrumentId: id,
  list: z.unknown(),
  config: z.unknown(),
  /** The draft revision the editor loaded; a stale one is refused with 409. */
  revision: dbInt().min(0).optional(),
});
export interface SavePanelRequest {
  instrumentId: number;
  list: Widget[];
  config: PanelConfig;
  revision?: number | undefined;
}

/** saveCfg: one widget replaces the widget with the same key anywhere in the draft, or is appended. */
export const saveWidgetSchema = z.strictObject({
  instrumentId: id,
  widget: z.unknown(),
  revision: dbInt().min(0).optional(),
});
export interface SaveWidgetRequest {
  instrumentId: number;
  widget: Widget;
  revision?: number | undefined;
}

export const savePanelResultSchema = z.object({ instrumentId: z.number(), revision: z.number(), fieldCount: z.number() });
export type SavePanelResult = z.infer<typeof savePanelResultSchema>;

/** `data` of a 422 reply to a panel save: every problem found, nothing saved. */
export interface PanelIssuesData {
  issues: PanelIssue[];
}

/** The request body of a whole-panel save built from a panel. */
export function savePanelBody(instrumentId: number, panel: Panel, revision?: number): SavePanelRequest {
  return { instrumentId, list: panel.list, config: panel.config, ...(revision === undefined ? {} : { revision }) };
}
