import { z } from 'zod';
import { dbId, multilineText, safeText } from '../validation/text.js';

/**
 * A project's UI settings (spec 002 §3 "UI settings": login-page logo 1:1, homepage big logo 3:1 and small
 * logo 1:1, footers in both languages, background image, login address, project description) and its
 * portal, `/portal/{project}` (spec 000 §2.3). The original "setup scripts" are replaced by a notice text
 * (docs/decisions.md "Bulletins and project portals").
 */
export const UI_IMAGE_SLOTS = ['loginLogo', 'bigLogo', 'smallLogo', 'background'] as const;
export type UiImageSlot = (typeof UI_IMAGE_SLOTS)[number];

/** Width over height each image must have; null: any shape. */
export const UI_IMAGE_RATIOS: Record<UiImageSlot, number | null> = { loginLogo: 1, bigLogo: 3, smallLogo: 1, background: null };
/** How far a ratio may be off, relative: a logo exported a pixel short of square still fits. */
export const UI_IMAGE_RATIO_TOLERANCE = 0.02;
/** Bytes of one image; four together stay under the request body limit in base64. */
export const UI_IMAGE_MAX_BYTES = 160 * 1024;
export const UI_IMAGE_MAX_SIDE = 4096;
export const UI_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const UI_FOOTER_MAX = 500;
export const UI_DESCRIPTION_MAX = 2000;
export const UI_NOTICE_MAX = 1000;
/** The portal's URL segment: lower-case letters, digits and dashes (`/portal/{loginUrl}`). */
export const LOGIN_URL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

/** Whether width:height matches a slot's ratio within the tolerance. */
export function imageRatioFits(slot: UiImageSlot, width: number, height: number): boolean {
  const ratio = UI_IMAGE_RATIOS[slot];
  if (ratio === null) return true;
  return Math.abs(width / height - ratio) <= ratio * UI_IMAGE_RATIO_TOLERANCE;
}

const BASE64_MAX = Math.ceil(UI_IMAGE_MAX_BYTES / 3) * 4;
const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
/** An image as a data URL; its size and shape are checked by the server (image.ts reads its header). */
const imageDataUrl = () =>
  z
    .string()
    .refine((url) => url.length <= BASE64_MAX + 32, { params: { message: 'image_too_large' } })
    .refine((url) => DATA_URL.test(url), { params: { message: 'image_type' } });

export function splitImageDataUrl(url: string): { type: string; base64: string } | null {
  const match = DATA_URL.exec(url);
  return match ? { type: `image/${match[1] ?? ''}`, base64: match[2] ?? '' } : null;
}

const optionalText = (max: number) => multilineText().trim().max(max).nullable().optional();
const imageField = () => imageDataUrl().nullable().optional();

/** `POST /dcap/projectUIConfig/saveUIConfig`: a field left out keeps its value, null clears it. */
export const uiConfigSaveSchema = z.strictObject({
  projectId: dbId(),
  loginLogo: imageField(),
  bigLogo: imageField(),
  smallLogo: imageField(),
  background: imageField(),
  footer: optionalText(UI_FOOTER_MAX),
  footerEn: optionalText(UI_FOOTER_MAX),
  loginUrl: safeText()
    .toLowerCase()
    .refine((url) => LOGIN_URL_PATTERN.test(url), { params: { message: 'login_url' } }).nullable().optional(),
  description: optionalText(UI_DESCRIPTION_MAX),
  notice: optionalText(UI_NOTICE_MAX),
  noticeEn: optionalText(UI_NOTICE_MAX),
});
export type UiConfigSave = z.input<typeof uiConfigSaveSchema>;

export const uiConfigSchema = z.object({
  projectId: z.number(),
  loginLogo: z.string().nullable(),
  bigLogo: z.string().nullable(),
  smallLogo: z.string().nullable(),
  background: z.string().nullable(),
  footer: z.string().nullable(),
  footerEn: z.string().nullable(),
  loginUrl: z.string().nullable(),
  description: z.string().nullable(),
  notice: z.string().nullable(),
  noticeEn: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type UiConfig = z.infer<typeof uiConfigSchema>;

/** What the public portal shows: no homepage logos, nothing but the sign-in page's own settings. */
export const portalConfigSchema = z.object({
  /** The project a sign-in on its portal enters, when the user is a member (docs/decisions.md "Bulletins and project portals"). */
  projectId: z.number(),
  projectName: z.string(),
  projectEName: z.string().nullable(),
  loginUrl: z.string(),
  loginLogo: z.string().nullable(),
  background: z.string().nullable(),
  footer: z.string().nullable(),
  footerEn: z.string().nullable(),
  description: z.string().nullable(),
  notice: z.string().nullable(),
  noticeEn: z.string().nullable(),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export const loginUrlParamsSchema = z.strictObject({ url: safeText().toLowerCase().min(1).max(48) });

/** The footer text a project shows in a language, when it overrides the platform's (spec 000 §1). */
export function projectFooter(config: Pick<UiConfig, 'footer' | 'footerEn'> | null | undefined, language: 'zh-CN' | 'en-US'): string | null {
  if (!config) return null;
  const text = language === 'en-US' ? (config.footerEn ?? config.footer) : (config.footer ?? config.footerEn);
  return text && text.length > 0 ? text : null;
}
