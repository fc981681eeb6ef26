// A local SMTP server for the browser journeys (never the internet): the platform sends its e-mail here, and a
// journey reads what arrived from a small JSON endpoint, as a subject would read their inbox.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
}

/** Starts the SMTP server on a free port and the inbox endpoint on `inboxPort`; returns the SMTP URL. */
export async function startMailSink(inboxPort: number): Promise<string> {
  const mails: SunkMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((group) => group.value.map((address) => address.address ?? ''));
          mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const inbox = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => inbox.listen(inboxPort, '127.0.0.1', resolve));
  return `smtp://127.0.0.1:${String((smtp.server.address() as AddressInfo).port)}`;
}
