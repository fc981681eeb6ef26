import { z } from 'zod';

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
  status: z.enum(UNIT_STATUSES),
  createdAt: z.string(),
});
export type Unit = z.infer<typeof unitSchema>;

const unitFields = {
  code: z.string().trim().min(1).max(32),
  name: z.string().trim().min(1).max(200),
  eName: z.string().trim().max(200).nullish(),
  province: z.string().trim().max(64).nullish(),
  city: z.string().trim().max(64).nullish(),
  address: z.string().trim().max(300).nullish(),
};
export const createUnitSchema = z.strictObject(unitFields);
export const updateUnitSchema = z.strictObject({ id: z.number().int().positive(), ...unitFields, status: z.enum(UNIT_STATUSES) });

export const departmentSchema = z.object({
  id: z.number(),
  unitId: z.number(),
  name: z.string(),
  eName: z.string().nullable(),
  createdAt: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;
export const createDepartmentSchema = z.strictObject({
  unitId: z.number().int().positive(),
  name: z.string().trim().min(1).max(200),
  eName: z.string().trim().max(200).nullish(),
});
export const updateDepartmentSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().trim().min(1).max(200),
  eName: z.string().trim().max(200).nullish(),
});
export const unitListQuerySchema = z.strictObject({ keyword: z.string().trim().max(64).optional() });
export const departmentListQuerySchema = z.strictObject({ unitId: z.coerce.number().int().positive() });
