// A real SMTP server on loopback for tests (plain text, no auth), recording every message it accepts,
// and the few helpers that read a raw message.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Delivered {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

export async function startSmtp() {
  const delivered: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        delivered.push({
          mailFrom: from ? from.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    delivered,
    url: `smtp://127.0.0.1:${port}`,
    /** The messages delivered to `address`, oldest first. */
    to: (address: string) => delivered.filter((d) => d.rcptTo.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** Unfolded header lines of a raw message, by lower-case name. */
export function headersOf(raw: string): Map<string, string> {
  const head = raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const map = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) map.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

export const bodyOf = (raw: string) => raw.split('\r\n\r\n').slice(1).join('\r\n\r\n');

/** The body with quoted-printable undone (soft line breaks and =XX escapes), as a mail client shows it. */
export const decodedBodyOf = (raw: string) =>
  bodyOf(raw)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The token of the first `<publicUrl>/<page>?token=...` link in a message. */
export function tokenFromLink(raw: string, publicUrl: string, page: 'verifyEmail' | 'resetPassword'): string {
  const escaped = `${publicUrl}/${page}?token=`.replace(/[.?/]/g, (c) => `\\${c}`);
  const match = new RegExp(`${escaped}([A-Za-z0-9_-]+)`).exec(decodedBodyOf(raw));
  if (!match) throw new Error(`no ${page} link in the mail: ${decodedBodyOf(raw).slice(0, 500)}`);
  return match[1]!;
}

/** A message's Subject, its encoded words (RFC 2047) decoded. */
export const subjectOf = (raw: string) =>
  (headersOf(raw).get('subject') ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
