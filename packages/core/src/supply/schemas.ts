import { z } from 'zod';
import { dbId, multilineText, safeText } from '../validation/text.js';
import { KIT_LIST_MAX } from './kit-list.js';
import { KIT_STATUSES, SHIPMENT_REASONS, SHIPMENT_STATUSES } from './shipment.js';

/**
 * iSupply (spec 000 §1, §2.4; docs/decisions.md "Drug supply"): the drug plan (products, kit types, dosing
 * per visit and arm), depots and site pharmacies, kit lists, shipments, dispensing and stock. Arms and
 * unblinded names appear in responses only for callers who may see arms; the fields that carry them are
 * optional here and left out by the server's presenter for everyone else.
 */

const code = () => safeText().regex(/^[A-Za-z0-9_-]{1,32}$/);
const name = () => safeText().min(1).max(100);
const optionalName = () => safeText().max(100).optional();
const isoDate = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { params: { message: 'invalid_date' } });
const count = (max: number) => z.number().int().min(0).max(max);
const page = { page: z.number().int().min(1).max(100_000).optional(), pageSize: z.number().int().min(1).max(500).optional() };

export const LOCATION_KINDS = ['depot', 'site'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const supplyProductSaveSchema = z.strictObject({
  id: dbId().optional(),
  code: code(),
  name: name(),
  nameEn: optionalName(),
  dosageForm: safeText().min(1).max(50),
  strength: safeText().min(1).max(50),
  unit: safeText().min(1).max(20),
});
export type SupplyProductSave = z.infer<typeof supplyProductSaveSchema>;

export const supplyKitTypeSaveSchema = z.strictObject({
  id: dbId().optional(),
  code: code(),
  name: name(),
  nameEn: optionalName(),
  /** What blinded users see instead of the name: the same for every arm's kit type of a blinded study. */
  blindedName: name(),
  blindedNameEn: optionalName(),
  /** The arm code (randomisation scheme) the kit type belongs to. */
  arm: code(),
  productId: dbId(),
  unitsPerKit: z.number().int().min(1).max(10_000),
});
export type SupplyKitTypeSave = z.infer<typeof supplyKitTypeSaveSchema>;

/** Replaces what a subject of one arm gets at one event; no lines dispenses nothing there. */
export const supplyDosingSaveSchema = z.strictObject({
  eventId: dbId(),
  arm: code(),
  lines: z.array(z.strictObject({ kitTypeId: dbId(), quantity: z.number().int().min(1).max(100) })).max(20),
});
export type SupplyDosingSave = z.infer<typeof supplyDosingSaveSchema>;

export const supplyLocationSaveSchema = z.strictObject({
  id: dbId().optional(),
  kind: z.enum(LOCATION_KINDS),
  code: code(),
  name: name(),
  nameEn: optionalName(),
  /** The study site a site pharmacy serves; none for a depot. */
  siteId: dbId().nullable().optional(),
  /** The depot that resupplies a site pharmacy. */
  depotId: dbId().nullable().optional(),
});
export type SupplyLocationSave = z.infer<typeof supplyLocationSaveSchema>;

export const supplyResupplySaveSchema = z
  .strictObject({
    locationId: dbId(),
    kitTypeId: dbId(),
    triggerLevel: count(10_000),
    targetLevel: count(10_000),
    predictiveDays: count(365),
  })
  .refine((value) => value.targetLevel >= value.triggerLevel, { path: ['targetLevel'], params: { message: 'target_below_trigger' } });
export type SupplyResupplySave = z.infer<typeof supplyResupplySaveSchema>;

const kitItems = z.array(z.strictObject({ kitTypeId: dbId(), count: z.number().int().min(1).max(KIT_LIST_MAX) })).min(1).max(50);

export const supplyKitGenerateSchema = z.strictObject({
  depotId: dbId(),
  batch: safeText().min(1).max(50),
  expiresOn: isoDate(),
  prefix: safeText().regex(/^[A-Za-z0-9-]{0,10}$/).optional(),
  items: kitItems,
});
export type SupplyKitGenerate = z.infer<typeof supplyKitGenerateSchema>;

export const supplyKitUploadSchema = z.strictObject({
  depotId: dbId(),
  fileName: safeText().max(255).optional(),
  /** The CSV text: kitNo, kitType, batch, expiryDate. */
  csv: multilineText().min(1).max(2_000_000),
});

export const supplyKitListSchema = z.strictObject({
  status: z.enum(KIT_STATUSES).optional(),
  locationId: dbId().optional(),
  siteId: dbId().optional(),
  /** Honoured only for callers who may see arms: a kit type is what blinded users may not group by. */
  kitTypeId: dbId().optional(),
  kitNo: safeText().max(40).optional(),
  batch: safeText().max(50).optional(),
  ...page,
});
export type SupplyKitListQuery = z.infer<typeof supplyKitListSchema>;

export const supplyShipmentCreateSchema = z.strictObject({ originId: dbId(), destinationId: dbId(), items: kitItems, note: multilineText().max(2000).optional() });
export type SupplyShipmentCreate = z.infer<typeof supplyShipmentCreateSchema>;

export const supplyTransferCreateSchema = z.strictObject({
  originId: dbId(),
  destinationId: dbId(),
  kitNos: z.array(safeText().min(1).max(40)).min(1).max(500),
  note: multilineText().max(2000).optional(),
});
export type SupplyTransferCreate = z.infer<typeof supplyTransferCreateSchema>;

export const supplyIdSchema = z.strictObject({ id: dbId() });
export const supplyShipmentLossSchema = z.strictObject({ id: dbId(), status: z.enum(['lost', 'damaged']), reason: multilineText().min(1).max(2000) });
export const supplyShipmentListSchema = z.strictObject({ status: z.enum(SHIPMENT_STATUSES).optional(), siteId: dbId().optional(), ...page });
export const supplyResupplyCheckSchema = z.strictObject({ siteId: dbId().optional() });
export const supplyDispenseSchema = z.strictObject({ subjectId: dbId(), eventInstanceId: dbId() });
export type SupplyDispense = z.infer<typeof supplyDispenseSchema>;

/** Kit changes made at a site or depot, one or more kits at a time, each with the reason. */
export const KIT_ACTIONS = ['return', 'destroy', 'quarantine', 'release', 'lost', 'damaged', 'expired'] as const;
export type KitAction = (typeof KIT_ACTIONS)[number];
export const supplyKitActionSchema = z.strictObject({ kitNos: z.array(safeText().min(1).max(40)).min(1).max(500), reason: multilineText().min(1).max(2000) });
export const supplyKitStatusSchema = supplyKitActionSchema.extend({ action: z.enum(['quarantine', 'release', 'lost', 'damaged', 'expired']) });
export const supplyExpiryListSchema = z.strictObject({ days: z.number().int().min(0).max(365).optional(), siteId: dbId().optional() });
export const supplyStockQuerySchema = z.strictObject({ siteId: dbId().optional() });

// Responses.

/** A kit type as a caller sees it: blinded callers get the blinded name, and no code, arm or product. */
export const supplyKitTypeLabelSchema = z.object({ id: z.number().optional(), name: z.string(), nameEn: z.string().nullable() });
export type SupplyKitTypeLabel = z.infer<typeof supplyKitTypeLabelSchema>;

export const supplyProductSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), nameEn: z.string().nullable(), dosageForm: z.string(), strength: z.string(), unit: z.string() });
export type SupplyProduct = z.infer<typeof supplyProductSchema>;

export const supplyKitTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string().nullable(),
  blindedName: z.string(),
  blindedNameEn: z.string().nullable(),
  unitsPerKit: z.number(),
  code: z.string().optional(),
  arm: z.string().optional(),
  productId: z.number().optional(),
});
export type SupplyKitType = z.infer<typeof supplyKitTypeSchema>;

export const supplyDosingLineSchema = z.object({ eventId: z.number(), kitTypeId: z.number(), quantity: z.number(), arm: z.string().optional() });
export type SupplyDosingLine = z.infer<typeof supplyDosingLineSchema>;

export const supplyLocationSchema = z.object({
  id: z.number(),
  kind: z.enum(LOCATION_KINDS),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  siteId: z.number().nullable(),
  depotId: z.number().nullable(),
});
export type SupplyLocation = z.infer<typeof supplyLocationSchema>;

export const supplyResupplySettingSchema = z.object({
  locationId: z.number(),
  kitTypeId: z.number(),
  kitType: supplyKitTypeLabelSchema,
  triggerLevel: z.number(),
  targetLevel: z.number(),
  predictiveDays: z.number(),
});

export const supplyPlanSchema = z.object({
  /** Whether this caller sees arms: the web hides the arm columns otherwise. */
  armsVisible: z.boolean(),
  products: z.array(supplyProductSchema),
  kitTypes: z.array(supplyKitTypeSchema),
  dosing: z.array(supplyDosingLineSchema),
  resupply: z.array(supplyResupplySettingSchema),
});
export type SupplyPlan = z.infer<typeof supplyPlanSchema>;

const locationRef = z.object({ id: z.number(), code: z.string(), name: z.string(), kind: z.enum(LOCATION_KINDS), siteId: z.number().nullable() });

export const supplyKitSchema = z.object({
  id: z.number(),
  kitNo: z.string(),
  kitType: supplyKitTypeLabelSchema,
  batch: z.string(),
  expiresOn: z.string(),
  status: z.enum(KIT_STATUSES),
  location: locationRef.nullable(),
  subjectId: z.number().nullable(),
  eventInstanceId: z.number().nullable(),
  dispensedAt: z.string().nullable(),
});
export type SupplyKit = z.infer<typeof supplyKitSchema>;

export const supplyKitPageSchema = z.object({ total: z.number(), items: z.array(supplyKitSchema) });
export type SupplyKitPage = z.infer<typeof supplyKitPageSchema>;

export const supplyKitListResultSchema = z.object({ listId: z.number(), count: z.number(), firstKitNo: z.string().nullable(), lastKitNo: z.string().nullable() });
export type SupplyKitListResult = z.infer<typeof supplyKitListResultSchema>;

export const supplyKitUploadResultSchema = z.object({
  result: supplyKitListResultSchema.nullable(),
  problems: z.array(z.object({ row: z.number(), column: z.string().nullable(), code: z.string(), message: z.string() })),
});
export type SupplyKitUploadResult = z.infer<typeof supplyKitUploadResultSchema>;

export const supplyShipmentSchema = z.object({
  id: z.number(),
  origin: locationRef,
  destination: locationRef,
  status: z.enum(SHIPMENT_STATUSES),
  reason: z.enum(SHIPMENT_REASONS),
  kits: z.array(z.object({ id: z.number(), kitNo: z.string(), kitType: supplyKitTypeLabelSchema, expiresOn: z.string() })),
  note: z.string().nullable(),
  requestedAt: z.string(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type SupplyShipment = z.infer<typeof supplyShipmentSchema>;

export const supplyShipmentPageSchema = z.object({ total: z.number(), items: z.array(supplyShipmentSchema) });
export const supplyShipmentsSchema = z.array(supplyShipmentSchema);

export const supplyDispenseResultSchema = z.object({ kits: z.array(z.object({ kitNo: z.string(), kitType: supplyKitTypeLabelSchema })) });
export type SupplyDispenseResult = z.infer<typeof supplyDispenseResultSchema>;

/** Stock of one location by kit type (by blinded name for blinded callers), counted by status. */
export const supplyStockRowSchema = z.object({
  location: locationRef,
  kitType: supplyKitTypeLabelSchema,
  counts: z.record(z.enum(KIT_STATUSES), z.number()),
});
export type SupplyStockRow = z.infer<typeof supplyStockRowSchema>;
export const supplyStockSchema = z.array(supplyStockRowSchema);
export const supplyKitsChangedSchema = z.object({ changed: z.number() });
