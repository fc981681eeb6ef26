import { z } from 'zod';
import { isPasswordAcceptable, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.js';
import { rawText, safeText } from '../validation/text.js';

export const LOGIN_NAME_MIN_LENGTH = 2;
export const LOGIN_NAME_MAX_LENGTH = 64;
const LOGIN_NAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
/** Spec 000 §5 and 002 §5: e-mail 5 to 40 characters and a valid format. */
export const EMAIL_MIN_LENGTH = 5;
export const EMAIL_MAX_LENGTH = 40;

export const loginNameSchema = z
  .string()
  .trim()
  .refine(
    (name) =>
      name.length >= LOGIN_NAME_MIN_LENGTH && name.length <= LOGIN_NAME_MAX_LENGTH && LOGIN_NAME_PATTERN.test(name),
    { params: { message: 'login_name_format', min: LOGIN_NAME_MIN_LENGTH, max: LOGIN_NAME_MAX_LENGTH } },
  );

export const newPasswordSchema = rawText()
  .refine(isPasswordAcceptable, { params: { message: 'password_too_weak', min: PASSWORD_MIN_LENGTH } });

export const emailSchema = z.email().min(EMAIL_MIN_LENGTH).max(EMAIL_MAX_LENGTH);

/** POST /dcap/login, sent as a form (spec 000 §7.1). Sign-in never reveals which of the two was wrong. */
export const loginRequestSchema = z.strictObject({
  username: safeText().min(1).max(LOGIN_NAME_MAX_LENGTH),
  password: rawText().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * `mustChangePassword`: the password was issued by an administrator's reset, so every call but changing it
 * (and signing out) is refused with `auth.password_change_required` until the user has chosen their own.
 */
export const loginResponseSchema = z.object({
  token: z.string(),
  user: z.object({ id: z.number(), username: z.string(), name: z.string(), mustChangePassword: z.boolean() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /dcap/sys/user/password: the signed-in user changes their own password. */
export const changePasswordSchema = z
  .strictObject({
    oldPassword: rawText().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordSchema,
    confirmPassword: rawText().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    params: { message: 'passwords_differ' },
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;
