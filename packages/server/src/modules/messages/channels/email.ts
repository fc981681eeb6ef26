import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { ChannelAdapter, OutgoingMessage } from './channel.js';
import { ChannelFailure, unconfiguredChannel } from './channel.js';

/** Not a full RFC 5322 check: one @, something on either side, a dot in the domain, no spaces or brackets. */
const ADDRESS = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/** A connection that hangs must end well within the sender's lease (sender.ts), so its outcome is known. */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

/** The domain of the sender address, for Message-IDs. */
function domainOf(from: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'dcap.invalid';
}

/**
 * A deterministic Message-ID per outbox row: the same row always carries the same id, so a message that was
 * delivered and then (wrongly) sent again would be recognisable by it; a resend is a new row with its own id.
 */
export function messageIdOf(id: number, from: string): string {
  return `<outbound-${id}@${domainOf(from)}>`;
}

interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** Failures before the message was handed over: trying again cannot deliver it twice. */
const BEFORE_HANDOVER = new Set(['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS']);

/**
 * SMTP replies (RFC 5321 §4.2.1): 4xx is transient, 5xx permanent; a refused envelope is permanent too. A
 * connection that could not be opened is tried again later. Anything else (the connection broke or timed
 * out while the message was on its way) leaves the outcome unknown: the error is thrown on as it is, and the
 * sender treats the message as perhaps delivered (unconfirmed, never sent again by itself).
 */
function failureOf(error: unknown, address: string): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const smtp = error as SmtpError;
  const reply = (smtp.response ?? smtp.message ?? '').slice(0, 500);
  if (typeof smtp.responseCode === 'number' && smtp.responseCode >= 500) return new ChannelFailure('message.smtp_refused', { reply }, true, reply);
  if (typeof smtp.responseCode === 'number' && smtp.responseCode >= 400) return new ChannelFailure('message.smtp_unavailable', { reply }, false, reply);
  if (smtp.code === 'EENVELOPE') return new ChannelFailure('message.bad_address', { address }, true, reply);
  if ((smtp.code !== undefined && BEFORE_HANDOVER.has(smtp.code)) || smtp.command === 'CONN') {
    return new ChannelFailure('message.smtp_unavailable', { reply }, false, reply);
  }
  return error;
}

/** E-mail through the configured SMTP server (nodemailer); one plain-text message in the receiver's language. */
export function createEmailChannel(smtp: { url: string; from: string } | null): ChannelAdapter {
  if (!smtp) return unconfiguredChannel('email', 'message.email_not_configured');
  let transport: Transporter | null = null;
  const transporter = () => (transport ??= nodemailer.createTransport({ url: smtp.url, ...TIMEOUTS }));
  return {
    channel: 'email',
    async send(message: OutgoingMessage): Promise<void> {
      if (!ADDRESS.test(message.address)) throw new ChannelFailure('message.bad_address', { address: message.address }, true);
      try {
        await transporter().sendMail({
          from: smtp.from,
          to: message.address,
          subject: message.subject,
          text: message.body,
          messageId: messageIdOf(message.id, smtp.from),
          headers: { 'Content-Language': message.language },
        });
      } catch (error) {
        throw failureOf(error, message.address);
      }
    },
  };
}
