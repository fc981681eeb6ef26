import { z } from 'zod';
import type { GENDERS } from './schemas.js';
import { createUserSchema, userSchema } from './schemas.js';
import { SYS_ROLES } from '../permissions/actor.js';

/**
 * The user sheet of the bulk creation (spec 002 §7 exportTemplate, preview): one user per row after a
 * header row, columns in this order whatever the header says, so a template in either language reads the
 * same. Each row passes the rules of a single creation (`createUserSchema`); passwords are never in a
 * sheet: each account gets a generated one, shown once, to be changed at first sign-in.
 */
export const USER_SHEET_COLUMNS = ['username', 'name', 'nameEn', 'gender', 'email', 'phone', 'corporation', 'department'] as const;
export type UserSheetColumn = (typeof USER_SHEET_COLUMNS)[number];

/** The most rows one sheet may create; larger lists are split by the administrator. */
export const USER_SHEET_MAX_ROWS = 500;

/** Gender as written in a sheet: the stored value or its label in either language. */
const GENDER_WORDS: Record<string, (typeof GENDERS)[number]> = {
  male: 'male',
  female: 'female',
  unknown: 'unknown',
  男: 'male',
  女: 'female',
  未知: 'unknown',
};

/** One user as imported: a creation without password or platform flags (those stay single, deliberate acts). */
export const importUserSchema = createUserSchema.omit({ password: true, admin: true, projectAdmin: true });
export type ImportUser = z.infer<typeof importUserSchema>;

/** A sheet row's cells as the creation request: blanks left out, gender words mapped. */
export function userFromSheetRow(cells: readonly (string | null)[]): Record<string, string> {
  const user: Record<string, string> = {};
  USER_SHEET_COLUMNS.forEach((column, index) => {
    const text = cells[index]?.trim() ?? '';
    if (text === '') return;
    user[column] = column === 'gender' ? (GENDER_WORDS[text.toLowerCase()] ?? text) : text;
  });
  return user;
}

export const importRowSchema = z.object({
  /** The row number in the sheet (the header is row 1). */
  row: z.number(),
  user: z.record(z.string(), z.string()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({ rows: z.array(importRowSchema), total: z.number(), valid: z.number() });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importConfirmSchema = z.strictObject({ users: z.array(importUserSchema).min(1).max(USER_SHEET_MAX_ROWS) });
export type ImportConfirmRequest = z.infer<typeof importConfirmSchema>;

export const importResultSchema = z.object({ created: z.array(z.object({ user: userSchema, password: z.string() })) });
export type ImportResult = z.infer<typeof importResultSchema>;

/** GET users: the minimal fields a user picker shows. */
export const userBriefSchema = z.object({ id: z.number(), username: z.string(), name: z.string(), nameEn: z.string().nullable() });
export type UserBrief = z.infer<typeof userBriefSchema>;

export const usersBySysRoleQuerySchema = z.strictObject({ sysRole: z.enum(SYS_ROLES) });
