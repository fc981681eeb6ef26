import { z } from 'zod';
import { safeText } from '../validation/text.js';

/**
 * WeChat binding (spec 002 §3 "bound WeChat ids"; spec 000 §8.3 bind and unbind notices): a user's
 * official-account id receives template messages, the mini-app id signs in to the mini-app.
 */
export const WECHAT_BINDING_KINDS = ['official', 'miniApp'] as const;
export type WechatBindingKind = (typeof WECHAT_BINDING_KINDS)[number];

/** The code WeChat hands the page after the user agreed (OAuth), or the mini-app's wx.login code. */
export const wechatCodeSchema = z.strictObject({ code: safeText().min(1).max(256) });
export type WechatCodeRequest = z.infer<typeof wechatCodeSchema>;

export const wechatBindingSchema = z.object({
  kind: z.enum(WECHAT_BINDING_KINDS),
  /** The open id shown shortened: enough to recognise, not to copy. */
  openId: z.string(),
  boundAt: z.string(),
});
export type WechatBinding = z.infer<typeof wechatBindingSchema>;

export const wechatBindingsSchema = z.object({
  bindings: z.array(wechatBindingSchema),
  /** Which kinds the platform can bind at all (configured applications). */
  available: z.array(z.enum(WECHAT_BINDING_KINDS)),
});
export type WechatBindings = z.infer<typeof wechatBindingsSchema>;

/** Shortens an open id for display: its first and last four characters. */
export function maskOpenId(openId: string): string {
  return openId.length <= 10 ? openId : `${openId.slice(0, 4)}…${openId.slice(-4)}`;
}
