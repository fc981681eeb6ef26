import type { Config } from '../../../config.js';
import type { ChannelAdapter, OutgoingMessage } from './channel.js';
import { ChannelFailure, unconfiguredChannel } from './channel.js';
import type { WechatClient } from './wechat-client.js';
import { WechatApiError, WechatUnavailable } from './wechat-client.js';

/**
 * WeChat error codes worth trying again later: the system is busy (-1), a rate or frequency limit was hit
 * (45009, 45011), or a token was still invalid after the one refresh (40001, 42001: another instance may
 * be replacing it at the same moment). Every other code is a refusal that would repeat (an invalid open id
 * 40003, a receiver who does not follow the account 43004, an invalid template 40037): permanent.
 */
const TEMPORARY_ERRCODES = new Set([-1, 40001, 42001, 45009, 45011]);

/** The template's data: the payload's own `data` when the caller prepared it, else title and text as first and remark. */
function templateData(message: OutgoingMessage): Record<string, { value: string }> {
  const data = message.payload.data;
  if (typeof data === 'object' && data !== null) return data as Record<string, { value: string }>;
  return { first: { value: message.subject }, remark: { value: message.body } };
}

/** WeChat template messages through the official account (wechat-client.ts). */
export function createWechatChannel(wechat: Config['wechat'], client: WechatClient): ChannelAdapter {
  const official = wechat.official;
  if (!official?.templateId) return unconfiguredChannel('wechat', 'message.wechat_not_configured');
  const defaultTemplate = official.templateId;
  return {
    channel: 'wechat',
    async send(message: OutgoingMessage): Promise<void> {
      const templateId = typeof message.payload.templateId === 'string' ? message.payload.templateId : defaultTemplate;
      const url = typeof message.payload.url === 'string' ? message.payload.url : undefined;
      try {
        await client.sendTemplate({ openId: message.address, templateId, data: templateData(message), url });
      } catch (error) {
        if (error instanceof WechatApiError) {
          const detail = `${error.errcode} ${error.errmsg}`;
          if (error.errcode === 40003) throw new ChannelFailure('message.bad_address', { address: message.address }, true, detail);
          throw new ChannelFailure('message.wechat_refused', { errcode: error.errcode, errmsg: error.errmsg }, !TEMPORARY_ERRCODES.has(error.errcode), detail);
        }
        if (error instanceof WechatUnavailable) throw new ChannelFailure('message.wechat_unavailable', { reply: error.reply.slice(0, 300) }, false, error.reply);
        throw error;
      }
    },
  };
}
