import type { ErrorCode, Locale, OutboundChannel } from '@dcap/core';

/**
 * One interface for every channel that leaves the platform (docs/decisions.md "Message sending"). `send`
 * resolves once the remote server accepted the message, and rejects with a ChannelFailure when it did not;
 * anything else it throws means the outcome is unknown, and the sender then never sends the message again
 * by itself (it becomes `unconfirmed`).
 */
export interface ChannelAdapter {
  readonly channel: OutboundChannel;
  send(message: OutgoingMessage): Promise<void>;
}

/** What an adapter is given of an outbox row. */
export interface OutgoingMessage {
  /** The outbox row's id: the e-mail's Message-ID is made from it, so a message has one id wherever it is seen. */
  id: number;
  kind: string;
  /** The e-mail address or WeChat open id. */
  address: string;
  language: Locale;
  subject: string;
  body: string;
  payload: Record<string, unknown>;
}

/**
 * A failure the remote side reported, or a configuration that makes sending impossible. A temporary one is
 * tried again later; a permanent one (a bad address, a refused message, no channel configured) fails the
 * message at once. The catalogue code and its parameters are stored with the message and shown in the
 * reader's language; `detail` keeps the remote server's own words.
 */
export class ChannelFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number>,
    readonly permanent: boolean,
    readonly detail: string | null = null,
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'ChannelFailure';
  }
}

/** A channel that is not configured: every message to it fails permanently with the catalogue's reason. */
export function unconfiguredChannel(channel: OutboundChannel, code: ErrorCode): ChannelAdapter {
  return {
    channel,
    send: () => Promise.reject(new ChannelFailure(code, {}, true)),
  };
}

export type ChannelAdapters = Record<OutboundChannel, ChannelAdapter>;
