import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 at a random port for tests (never the internet): it accepts every
 * message, parses it and keeps it, and can answer the next messages with an SMTP error instead.
 *
 *   const smtp = await startSmtpFake();
 *   const t = await createTestContext({ ...smtp.env });   // SMTP_URL and SMTP_FROM
 *   …                                                    // queue and send
 *   smtp.messages[0].subject; smtp.countByMessageId();
 *   smtp.refuseNext(451, 'try later');                   // the next message gets 451
 *   await smtp.close();
 */
export interface ReceivedMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The Content-Language header: the language the message was rendered in. */
  language: string | null;
  parsed: ParsedMail;
}

export interface SmtpFake {
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Settings for createTestContext: SMTP_URL of this server and an SMTP_FROM. */
  env: { SMTP_URL: string; SMTP_FROM: string };
  /** Messages accepted so far, in order. */
  messages: ReceivedMail[];
  /** How many messages arrived with each Message-ID. */
  countByMessageId(): Map<string, number>;
  /** Answers the next `times` messages with this reply code (4xx temporary, 5xx permanent) instead of accepting them. */
  refuseNext(responseCode: number, text?: string, times?: number): void;
  close(): Promise<void>;
}

export const SMTP_FAKE_FROM = 'DCAP <no-reply@dcap.test>';

export async function startSmtpFake(): Promise<SmtpFake> {
  const messages: ReceivedMail[] = [];
  const refusals: { responseCode: number; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const refusal = refusals.shift();
          if (refusal) {
            callback(Object.assign(new Error(refusal.text), { responseCode: refusal.responseCode }));
            return;
          }
          const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          const language = parsed.headers.get('content-language');
          messages.push({
            messageId: parsed.messageId ?? '',
            from: parsed.from?.text ?? '',
            to: to.flatMap((group) => group.value.map((address) => address.address ?? '')),
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').replace(/\n$/, ''),
            language: typeof language === 'string' ? language : null,
            parsed,
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  return {
    url,
    env: { SMTP_URL: url, SMTP_FROM: SMTP_FAKE_FROM },
    messages,
    countByMessageId: () => {
      const counts = new Map<string, number>();
      for (const message of messages) counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
      return counts;
    },
    refuseNext: (responseCode, text = 'refused by the test', times = 1) => {
      for (let i = 0; i < times; i += 1) refusals.push({ responseCode, text });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
