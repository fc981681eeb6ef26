import { z } from 'zod';
import type { Locale } from '../i18n/locale.js';
import { interpolate } from '../i18n/locale.js';
import { rawText, safeText } from '../validation/text.js';
import { PASSWORD_MAX_LENGTH } from './password.js';
import { LOGIN_NAME_MAX_LENGTH, loginResponseSchema, newPasswordSchema } from './schemas.js';

/**
 * Sign-in channels besides the password form (spec 000 §7.1, §5; docs/decisions.md "Sign-in channels"):
 * password recovery by e-mail, QR-code sign-in from a signed-in phone, the WeChat mini-app, USB keys.
 */

/** Spec 000 §5: an activation e-mail is valid 24 hours. */
export const RECOVERY_LINK_HOURS = 24;
/** A QR code is shown this long before the page asks for a new one. */
export const QR_LOGIN_SECONDS = 120;
/** Where the e-mailed link and the phone's confirmation open in the web application. */
export const RESET_PASSWORD_PATH = '/user/resetPassword';
export const QR_AUTH_PATH = '/webApp/auth';

/** POST /dcap/user/password/recovery: a login name or an e-mail address. */
export const passwordRecoveryRequestSchema = z.strictObject({ login: safeText().trim().min(1).max(LOGIN_NAME_MAX_LENGTH) });
export type PasswordRecoveryRequest = z.infer<typeof passwordRecoveryRequestSchema>;

const recoveryTokenSchema = safeText().min(20).max(100);

export const recoveryTokenQuerySchema = z.strictObject({ token: recoveryTokenSchema });

/** GET /dcap/user/password/recovery/link: who the link is for and until when, before the form is shown. */
export const recoveryLinkSchema = z.object({ username: z.string(), expiresAt: z.string() });
export type RecoveryLink = z.infer<typeof recoveryLinkSchema>;

/** POST /dcap/user/password/reset: the link's token and the new password, twice. */
export const passwordResetSchema = z
  .strictObject({
    token: recoveryTokenSchema,
    newPassword: newPasswordSchema,
    confirmPassword: rawText().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { path: ['confirmPassword'], params: { message: 'passwords_differ' } });
export type PasswordResetRequest = z.infer<typeof passwordResetSchema>;

const RECOVERY_TEXTS = {
  subject: { 'zh-CN': '重置您的密码', 'en-US': 'Reset your password' },
  body: {
    'zh-CN':
      '{name}（{username}）您好！\n有人为您的账号申请了重置密码。如是您本人，请在 {expires} 前打开以下链接设置新密码（链接只能使用一次）：\n{url}\n如不是您本人申请，请忽略此邮件，您的密码不会改变。',
    'en-US':
      'Hello {name} ({username}),\nsomeone asked to reset the password of your account. If it was you, open this link before {expires} to choose a new password (the link works once):\n{url}\nIf it was not you, ignore this e-mail; your password stays as it is.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export function recoveryText(key: keyof typeof RECOVERY_TEXTS, locale: Locale, params: Record<string, string | number> = {}): string {
  return interpolate(RECOVERY_TEXTS[key][locale], params);
}

/** QR-code sign-in: the desktop's request. `secret` is known to the desktop alone and collects the session. */
export const qrLoginCreatedSchema = z.object({ id: z.string(), secret: z.string(), expiresAt: z.string() });
export type QrLoginCreated = z.infer<typeof qrLoginCreatedSchema>;

export const QR_LOGIN_STATES = ['pending', 'confirmed', 'refused', 'expired', 'used'] as const;
export type QrLoginState = (typeof QR_LOGIN_STATES)[number];

/** POST /dcap/wx/webApp/request: how the desktop page describes itself (browser, system), shown on the phone. */
export const qrLoginRequestSchema = z.strictObject({ device: safeText().min(1).max(120) });
export type QrLoginRequest = z.infer<typeof qrLoginRequestSchema>;

export const qrLoginIdParamsSchema = z.strictObject({ id: safeText().min(16).max(64) });
export const qrLoginPollSchema = z.strictObject({ secret: safeText().min(16).max(100) });

/** The desktop's poll: the state, and the session once, when a phone has confirmed. */
export const qrLoginPollResponseSchema = z.object({ state: z.enum(QR_LOGIN_STATES), login: loginResponseSchema.nullable() });
export type QrLoginPollResponse = z.infer<typeof qrLoginPollResponseSchema>;

/** What the phone is shown before confirming: where and when the request was made. */
export const qrLoginInfoSchema = z.object({
  id: z.string(),
  state: z.enum(QR_LOGIN_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  device: z.string(),
});
export type QrLoginInfo = z.infer<typeof qrLoginInfoSchema>;

/** GET /dcap/wx/webApp/{id}/auth: the spec's `code` is accepted and ignored (docs/decisions.md). */
export const qrAuthQuerySchema = z.strictObject({ code: safeText().max(200).optional() });

/**
 * POST /dcap/miniApp/user/login: the spec's query (unionId, openId, loadAllUserInfo) and the mini-app's
 * `wx.login` code, which the server exchanges with WeChat; the ids alone prove nothing.
 */
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
export const miniAppLoginQuerySchema = z.strictObject({
  code: safeText().min(1).max(200),
  openId: safeText().max(128).optional(),
  unionId: safeText().max(128).optional(),
  loadAllUserInfo: flag.optional(),
});
export type MiniAppLoginQuery = z.infer<typeof miniAppLoginQuerySchema>;

export const miniAppLoginResponseSchema = loginResponseSchema.extend({
  info: z.object({ nameEn: z.string().nullable(), email: z.string().nullable(), language: z.string().nullable() }).nullable(),
});
export type MiniAppLoginResponse = z.infer<typeof miniAppLoginResponseSchema>;

/** USB keys (`/dcap/sys/user/ukey`): the serial printed on or read from a user's key. */
export const UKEY_SERIAL_MAX_LENGTH = 64;
export const ukeyBindSchema = z.strictObject({
  userId: z.number().int().positive(),
  serial: safeText().trim().min(4).max(UKEY_SERIAL_MAX_LENGTH).regex(/^[A-Za-z0-9-]+$/).nullable(),
});
export type UkeyBindRequest = z.infer<typeof ukeyBindSchema>;
export const ukeyQuerySchema = z.strictObject({ userId: z.coerce.number().int().positive() });
export const ukeySchema = z.object({ userId: z.number(), serial: z.string().nullable(), boundAt: z.string().nullable() });
export type Ukey = z.infer<typeof ukeySchema>;
