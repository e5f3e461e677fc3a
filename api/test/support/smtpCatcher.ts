import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { portToListenOn } from '../../../test/support/ports';

/** A message the local SMTP server took: its envelope recipient, and subject and text decoded. */
export type CaughtMail = { to: string; subject: string; text: string };

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header. */
const decodeWords = (value: string) =>
  value.replace(/\s*=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, mode: string, data: string) =>
    mode.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

const decodeQuotedPrintable = (value: string) =>
  Buffer.from(value.replace(/=\r?\n/g, '').replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** A plain-text message as nodemailer writes it: headers (folded lines joined), then the body by its transfer encoding. */
export function readMessage(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = rest.join('\n\n');
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { subject: decodeWords(headers.get('subject') ?? ''), text: text.trim() };
}

/**
 * The tests' own SMTP server on 127.0.0.1 (a free port of TEST_PORT_RANGE when it is set, any free
 * one otherwise, or the one given, to come back up where it was), keeping every message it takes.
 * No TLS, no login.
 */
export async function startSmtpCatcher(given?: number) {
  const port = given ?? (await portToListenOn());
  const caught: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = readMessage(Buffer.concat(chunks).toString('utf8'));
        for (const to of session.envelope.rcptTo) caught.push({ to: to.address, ...message });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    caught,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
