import { z } from 'zod';
import { dbId, queryId, safeText } from '../validation/text.js';

/** Platform units (hospitals) and their departments (spec 000 §2.2 `/sys/unit/unit`, `/sys/unit/division`). */
export const UNIT_STATUSES = ['active', 'disabled'] as const;

export const unitSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  eName: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  /** The area the unit stands in (core areas/; docs/decisions.md "Areas"), with its names for lists. */
  areaId: z.number().nullable(),
  areaName: z.string().nullable(),
  areaNameEn: z.string().nullable(),
  status: z.enum(UNIT_STATUSES),
  createdAt: z.string(),
});
export type Unit = z.infer<typeof unitSchema>;

const unitFields = {
  code: safeText().min(1).max(32),
  name: safeText().min(1).max(200),
  eName: safeText().max(200).nullish(),
  province: safeText().max(64).nullish(),
  city: safeText().max(64).nullish(),
  address: safeText().max(300).nullish(),
  areaId: dbId().nullish(),
};
export const createUnitSchema = z.strictObject(unitFields);
/** Updates are partial (core applyPatch): a field left out keeps its value, null clears a clearable one. */
export const updateUnitSchema = z.strictObject({
  id: dbId(),
  ...unitFields,
  code: unitFields.code.optional(),
  name: unitFields.name.optional(),
  status: z.enum(UNIT_STATUSES).optional(),
});

export const departmentSchema = z.object({
  id: z.number(),
  unitId: z.number(),
  name: z.string(),
  eName: z.string().nullable(),
  createdAt: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;
export const createDepartmentSchema = z.strictObject({
  unitId: dbId(),
  name: safeText().min(1).max(200),
  eName: safeText().max(200).nullish(),
});
export const updateDepartmentSchema = z.strictObject({
  id: dbId(),
  name: safeText().min(1).max(200).optional(),
  eName: safeText().max(200).nullish(),
});
export const unitListQuerySchema = z.strictObject({ keyword: safeText().max(64).optional() });
export const departmentListQuerySchema = z.strictObject({ unitId: queryId() });
