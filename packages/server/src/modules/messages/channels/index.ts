import type { Config } from '../../../config.js';
import type { ChannelAdapters } from './channel.js';
import { createEmailChannel } from './email.js';
import { createWechatChannel } from './wechat.js';
import type { WechatClient } from './wechat-client.js';

export type { ChannelAdapter, ChannelAdapters, OutgoingMessage } from './channel.js';
export { ChannelFailure } from './channel.js';
export type { WechatClient, WechatIdentity } from './wechat-client.js';
export { createWechatClient, WechatApiError, WechatUnavailable } from './wechat-client.js';

/** Every outbound channel as configured; an unconfigured one fails its messages with the catalogue's reason. */
export function createChannels(config: Config, wechat: WechatClient): ChannelAdapters {
  return { email: createEmailChannel(config.smtp), wechat: createWechatChannel(config.wechat, wechat) };
}
