import { z } from 'zod';
import { emailSchema, loginNameSchema, newPasswordSchema } from '../auth/schemas.js';
import { dbId, queryId, queryInt, safeText } from '../validation/text.js';

export const GENDERS = ['male', 'female', 'unknown'] as const;
export const USER_STATUSES = ['active', 'locked', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const optionalText = (max: number) => safeText().max(max).nullish();

/** Profile fields a user edits about themself (spec 002 §5: real name, gender, e-mail and corporation required). */
export const profileFields = {
  name: safeText().min(1).max(64),
  nameEn: optionalText(64),
  gender: z.enum(GENDERS),
  email: emailSchema,
  corporation: safeText().min(1).max(128),
  phone: optionalText(32),
  department: optionalText(128),
};

export const updateProfileSchema = z.strictObject(profileFields);
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;

/** Fields an administrator sets on a platform user; contact details are optional at creation. */
const adminEditableFields = {
  name: safeText().min(1).max(64),
  nameEn: optionalText(64),
  gender: z.enum(GENDERS).nullish(),
  email: emailSchema.nullish().or(z.literal('').transform(() => null)),
  corporation: optionalText(128),
  phone: optionalText(32),
  department: optionalText(128),
  admin: z.boolean().optional(),
  systemAdmin: z.boolean().optional(),
  projectAdmin: z.boolean().optional(),
};

export const createUserSchema = z.strictObject({
  username: loginNameSchema,
  /** Left empty, the server generates one and shows it once. */
  password: newPasswordSchema.optional(),
  ...adminEditableFields,
});
export type CreateUserRequest = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.strictObject({
  id: dbId(),
  ...adminEditableFields,
  // Partial (core applyPatch): a field left out keeps its value, null clears a clearable one.
  name: adminEditableFields.name.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserSchema>;

export const userListQuerySchema = z.strictObject({
  keyword: safeText().max(64).optional(),
  status: z.enum(USER_STATUSES).optional(),
  pageNo: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(200).default(20),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const validateUserSchema = z.strictObject({ username: safeText().min(1).max(64) });
export const batchDeleteUsersSchema = z.strictObject({ ids: z.array(dbId()).min(1).max(200) });
/** `sendEmail`: the new password goes to the user's e-mail address instead of being shown (spec 000 §6). */
export const resetPasswordSchema = z.strictObject({ id: dbId(), sendEmail: z.boolean().optional() });
export const userIdParamsSchema = z.strictObject({ id: queryId() });

/** A platform user as the API shows it; never the password hash. */
export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  corporation: z.string().nullable(),
  department: z.string().nullable(),
  admin: z.boolean(),
  systemAdmin: z.boolean(),
  projectAdmin: z.boolean(),
  status: z.enum(USER_STATUSES),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userPageSchema = z.object({
  list: z.array(userSchema),
  total: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
});
export type UserPage = z.infer<typeof userPageSchema>;

/**
 * Returned when a user is created or their password reset. A generated password is shown here once and
 * never again; `password` is null when the administrator typed the password themself.
 */
export const issuedPasswordSchema = z.object({ user: userSchema, password: z.string().nullable() });
export type IssuedPassword = z.infer<typeof issuedPasswordSchema>;
