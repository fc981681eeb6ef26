import { z } from 'zod';
import { CALCULATION_FORMULA_MAX, FIELD_NAME_MAX, LABEL_MAX } from '../panels/constants.js';
import { panelSchema, widgetSchema } from '../panels/schema.js';
import { dbId, dbInt, multilineText, queryId, safeText } from '../validation/text.js';

/**
 * The libraries the designers draw from (spec 001 §2.1 the three selects, §2.2, §3.8, §7): the standard
 * variable library (CDASH domains and their variables), panel templates, dictionaries and derived fields,
 * plus the platform administration of each. Web and server share these schemas.
 */

const idParam = queryId();
/** CDASH domain codes and variable names: upper-case identifiers. */
const DOMAIN_CODE = /^[A-Z][A-Z0-9]{1,7}$/;
const VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Dictionary keys name a dictionary in widget options.dictType (max 64 there). */
const DICT_KEY = /^[A-Za-z][A-Za-z0-9_.-]*$/;

const text = (max: number) => safeText().max(max);
const requiredText = (max: number) => safeText().min(1).max(max);
const description = multilineText().trim().max(2000);
/**
 * Saves that update are partial (core applyPatch): an optional text left out keeps its value and null
 * clears it (to the empty text these libraries store for "none").
 */

// ---------------------------------------------------------------------------------------------------------
// Dictionaries (spec 001 §3.8: key, value, isSysProjectDict; list field dictList)

/** A dictionary item has the shape of a choice widget's option, so it drops into options.options as is. */
export const dictItemSchema = z.strictObject({
  key: requiredText(64),
  value: requiredText(64),
  label: requiredText(LABEL_MAX),
  labelEn: text(LABEL_MAX).optional(),
});
export type DictItem = z.infer<typeof dictItemSchema>;

/** Items: at least one, codes unique within the dictionary. */
export const dictItemsSchema = z
  .array(dictItemSchema)
  .min(1)
  .max(1000)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.value)) ctx.addIssue({ code: 'custom', path: [index, 'value'], message: `duplicate code ${item.value}` });
      seen.add(item.value);
    });
  });

export const dictKeySchema = safeText().min(1).max(64).regex(DICT_KEY);

export const dictEntrySchema = z.object({
  key: z.string(),
  value: z.string(),
  valueEn: z.string(),
  isSysProjectDict: z.boolean(),
  items: z.array(dictItemSchema),
});
export type DictEntry = z.infer<typeof dictEntrySchema>;

/** POST /dcap/project/dict/getDictOptions: platform dictionaries, plus the project's when projectId is given. */
export const dictOptionsRequestSchema = z.strictObject({ projectId: dbId().optional() });
export const dictOptionsResponseSchema = z.object({ dictList: z.array(dictEntrySchema) });
export type DictOptionsResponse = z.infer<typeof dictOptionsResponseSchema>;

export const saveProjectDictSchema = z.strictObject({
  projectId: dbId(),
  key: dictKeySchema,
  value: requiredText(128),
  valueEn: text(128).nullable().optional(),
  items: dictItemsSchema,
});
export type SaveProjectDictRequest = z.infer<typeof saveProjectDictSchema>;
export const deleteProjectDictSchema = z.strictObject({ projectId: dbId(), key: dictKeySchema });
export const deletedDictSchema = z.object({ key: z.string() });

/** A platform dictionary as the administration screen sees it. */
export const sysDictSchema = z.object({
  id: z.number(),
  key: z.string(),
  value: z.string(),
  valueEn: z.string(),
  items: z.array(dictItemSchema),
  updatedAt: z.string(),
});
export type SysDict = z.infer<typeof sysDictSchema>;
export const saveSysDictSchema = z.strictObject({
  id: dbId().optional(),
  key: dictKeySchema,
  value: requiredText(128),
  valueEn: text(128).nullable().optional(),
  items: dictItemsSchema,
});
export type SaveSysDictRequest = z.infer<typeof saveSysDictSchema>;

// ---------------------------------------------------------------------------------------------------------
// Standard variable library (spec 001 §2.1 standard-domain and variable selects, §3.8 Domain)

export const domainCodeSchema = safeText().toUpperCase().regex(DOMAIN_CODE);

export const standardDomainSummarySchema = z.object({
  domain: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  count: z.number(),
});
export type StandardDomainSummary = z.infer<typeof standardDomainSummarySchema>;

export const standardFieldSummarySchema = z.object({
  id: z.number(),
  fieldLabel: z.string(),
  fieldLabelEn: z.string(),
  fieldName: z.string(),
  fieldAnnotation: z.string(),
  instruction: z.string(),
  instructionEn: z.string(),
});
export type StandardFieldSummary = z.infer<typeof standardFieldSummarySchema>;

/** GET /dcap/standard/fields: every domain with its variables, for the grouped variable select. */
export const standardDomainFieldsSchema = standardDomainSummarySchema.extend({ fields: z.array(standardFieldSummarySchema) });
export type StandardDomainFields = z.infer<typeof standardDomainFieldsSchema>;
export const standardFieldsResponseSchema = z.array(standardDomainFieldsSchema);

/** GET /dcap/standard/domain?domain=VS: every variable of the domain as widgets. */
export const standardDomainQuerySchema = z.strictObject({ domain: domainCodeSchema });
export const standardDomainPanelSchema = z.object({ domain: z.string(), panel: panelSchema });
export type StandardDomainPanel = z.infer<typeof standardDomainPanelSchema>;

/** GET /dcap/standard/field/:id */
export const libraryIdParamsSchema = z.strictObject({ id: idParam });
export const standardFieldWidgetSchema = z.object({ widget: widgetSchema });

/** A standard variable as the administration screen sees it; `widget` is keyed by the variable name. */
export const sysStandardFieldSchema = standardFieldSummarySchema.extend({
  domain: z.string(),
  sort: z.number(),
  widget: widgetSchema,
  updatedAt: z.string(),
});
export type SysStandardField = z.infer<typeof sysStandardFieldSchema>;
export const sysStandardFieldListQuerySchema = z.strictObject({
  domain: domainCodeSchema.optional(),
  keyword: text(64).optional(),
});
/** The server sets the widget's key and model to fieldName, so a variable always inserts under its name. */
export const saveSysStandardFieldSchema = z.strictObject({
  id: dbId().optional(),
  domain: domainCodeSchema,
  fieldName: safeText().min(1).max(FIELD_NAME_MAX).regex(VARIABLE_NAME),
  fieldLabel: requiredText(LABEL_MAX),
  fieldLabelEn: requiredText(LABEL_MAX),
  fieldAnnotation: text(200).nullable().optional(),
  instruction: multilineText().trim().max(2000).nullable().optional(),
  instructionEn: multilineText().trim().max(2000).nullable().optional(),
  sort: dbInt().min(0).max(100_000).optional(),
  widget: widgetSchema,
});
export type SaveSysStandardFieldRequest = z.infer<typeof saveSysStandardFieldSchema>;

/** Domains are administered beside their variables (list carries counts). */
export const sysStandardDomainSchema = standardDomainSummarySchema.extend({ sort: z.number() });
export type SysStandardDomain = z.infer<typeof sysStandardDomainSchema>;
export const saveSysStandardDomainSchema = z.strictObject({
  domain: domainCodeSchema,
  description: multilineText().trim().min(1).max(500),
  descriptionEn: multilineText().trim().min(1).max(500),
  sort: dbInt().min(0).max(100_000).optional(),
});
export type SaveSysStandardDomainRequest = z.infer<typeof saveSysStandardDomainSchema>;
export const deleteSysStandardDomainSchema = z.strictObject({ domain: domainCodeSchema });

export const libraryDeleteByIdSchema = z.strictObject({ id: dbId() });
export const libraryDeletedIdSchema = z.object({ id: z.number() });

// ---------------------------------------------------------------------------------------------------------
// Panel templates (spec 001 §2.1 panel library select; §3.8 Template: id, name, nameAbbr)

export const TEMPLATE_ABBR_PATTERN = /^[A-Za-z0-9_]+$/;

export const templateSummarySchema = z.object({ id: z.number(), name: z.string(), nameEn: z.string(), nameAbbr: z.string() });
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** GET /dcap/project/instrument/templates: spec 001 §7 "template list: data.instruments and data.domains". */
export const templatesResponseSchema = z.object({
  instruments: z.array(templateSummarySchema),
  domains: z.array(standardDomainSummarySchema),
});
export type TemplatesResponse = z.infer<typeof templatesResponseSchema>;

/** GET /dcap/project/instrument/template/:id */
export const templateDetailSchema = templateSummarySchema.extend({ panel: panelSchema });
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const sysTemplateSchema = templateSummarySchema.extend({
  description: z.string(),
  descriptionEn: z.string(),
  sort: z.number(),
  fieldCount: z.number(),
  updatedAt: z.string(),
});
export type SysTemplate = z.infer<typeof sysTemplateSchema>;
export const sysTemplateDetailSchema = sysTemplateSchema.extend({ panel: panelSchema });
export type SysTemplateDetail = z.infer<typeof sysTemplateDetailSchema>;
/** The panel is checked with panelSchema and validatePanel; any issue refuses the save. */
export const saveSysTemplateSchema = z.strictObject({
  id: dbId().optional(),
  name: requiredText(128),
  nameEn: requiredText(128),
  nameAbbr: safeText().min(1).max(32).regex(TEMPLATE_ABBR_PATTERN),
  description: description.nullable().optional(),
  descriptionEn: description.nullable().optional(),
  sort: dbInt().min(0).max(100_000).optional(),
  panel: panelSchema,
});
export type SaveSysTemplateRequest = z.infer<typeof saveSysTemplateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Derived fields (spec 001 §2.2, §3.8, §7)

/** Spec 001 §3.8: the three groups, named as the spec names them. */
export const DERIVED_FIELD_GROUPS = ['CONTINUOUS_VARIABLES', 'CATEGORICAL_VARIABLES', 'ORDINAL_VARIABLES'] as const;
export type DerivedFieldGroup = (typeof DERIVED_FIELD_GROUPS)[number];

export const derivedFieldSchema = z.object({
  id: z.number(),
  fieldLabel: z.string(),
  fieldLabelEn: z.string(),
  fieldName: z.string(),
  expression: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
});
export type DerivedField = z.infer<typeof derivedFieldSchema>;

/** GET /dcap/project/derivedField/all */
export const derivedFieldsAllSchema = z.object({
  CONTINUOUS_VARIABLES: z.array(derivedFieldSchema),
  CATEGORICAL_VARIABLES: z.array(derivedFieldSchema),
  ORDINAL_VARIABLES: z.array(derivedFieldSchema),
});
export type DerivedFieldsAll = z.infer<typeof derivedFieldsAllSchema>;
export const derivedFieldsQuerySchema = z.strictObject({ keyword: text(64).optional() });

/**
 * GET /dcap/project/derivedField/preview/:id: the widgets to add. The input variables the formula reads
 * (those found in the standard library) come first, the computed widget (options.expression) last.
 */
export const derivedFieldPreviewSchema = z.object({ list: z.array(widgetSchema) });
export type DerivedFieldPreview = z.infer<typeof derivedFieldPreviewSchema>;

/** A derived field as the administration screen sees it; `widget` is the computed widget. */
export const sysDerivedFieldSchema = derivedFieldSchema.extend({
  group: z.enum(DERIVED_FIELD_GROUPS),
  sort: z.number(),
  widget: widgetSchema,
  updatedAt: z.string(),
});
export type SysDerivedField = z.infer<typeof sysDerivedFieldSchema>;
/** The server sets the widget's key and model to fieldName and its options.expression to expression. */
export const saveSysDerivedFieldSchema = z.strictObject({
  id: dbId().optional(),
  group: z.enum(DERIVED_FIELD_GROUPS),
  fieldName: safeText().min(1).max(FIELD_NAME_MAX).regex(VARIABLE_NAME),
  fieldLabel: requiredText(LABEL_MAX),
  fieldLabelEn: requiredText(LABEL_MAX),
  expression: multilineText().trim().min(1).max(CALCULATION_FORMULA_MAX),
  description: description.nullable().optional(),
  descriptionEn: description.nullable().optional(),
  sort: dbInt().min(0).max(100_000).optional(),
  widget: widgetSchema,
});
export type SaveSysDerivedFieldRequest = z.infer<typeof saveSysDerivedFieldSchema>;
export const sysDerivedFieldListQuerySchema = z.strictObject({
  group: z.enum(DERIVED_FIELD_GROUPS).optional(),
  keyword: text(64).optional(),
});
