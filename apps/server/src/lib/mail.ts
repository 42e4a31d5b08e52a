// The one way the server sends mail (contact messages, account links). With SMTP_URL: nodemailer over
// SMTP. Without it (the embedded default), each mail is logged with its links and kept as an .eml file in
// DATA_DIR/outbox, so a laptop install can still verify an address or reset a password.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailDeliveries } from '../db/schema.ts';
import type { AppContext } from './context.ts';
import { newId } from './ids.ts';

export const DEFAULT_MAIL_FROM = 'Olden Goods <no-reply@localhost>';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: { name: string; address: string };
  /** The links the mail carries: logged when there is no SMTP server, so a person can follow them. */
  links?: string[];
  /** Extra headers (List-Unsubscribe...). */
  headers?: Record<string, string>;
  /** A Message-ID of the mail's own (sendOnce derives one from its key, so a resend is recognisably the same mail). */
  messageId?: string;
}

/** How long a sending claim holds before another run may take it (its process died mid-send). */
const CLAIM_MS = 2 * 60_000;
/** Delivery records are kept longer than any job that could retry them (lib/jobs.ts keeps jobs a week). */
const DELIVERY_KEEP_MS = 14 * 24 * 60 * 60_000;

/** Header values on one line: a newline in a subject must not start a new header. */
export const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * A person's name as a mail shows it: one line, and never a link. Names are anyone's text; a zero-width joiner on
 * each side of every `.`, `:` and `@` keeps mail clients from turning a URL or an address typed as a name into a
 * link (no `://`, `www.`, `host.tld` or `a@b` is left whole), in the text part and the HTML part alike
 * (docs/product.md#server-rules-mail).
 */
export const mailName = (name: string) => oneLine(name.replace(/[\p{Cc}\u2028\u2029]/gu, ' ')).replace(/[.:@]/g, '\u200D$&\u200D');

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export function createMailer(ctx: AppContext) {
  const { SMTP_URL, MAIL_FROM, DATA_DIR } = ctx.config;
  const outbox = path.resolve(DATA_DIR, 'outbox');
  let transport: Transporter | undefined;

  function transporter(): Transporter {
    transport ??= SMTP_URL
      ? nodemailer.createTransport({
          url: SMTP_URL,
          // A slow mail server holds one send at most this long.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    return transport;
  }

  /** Sends one mail; throws when the SMTP server refuses it or cannot be reached (the caller decides what that means). */
  async function send(mail: Mail): Promise<void> {
    const info = (await transporter().sendMail({
      from: MAIL_FROM ?? DEFAULT_MAIL_FROM,
      to: mail.to,
      replyTo: mail.replyTo ? { name: oneLine(mail.replyTo.name), address: mail.replyTo.address } : undefined,
      subject: oneLine(mail.subject),
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      messageId: mail.messageId,
    })) as { message?: Buffer | string };
    if (SMTP_URL) return;
    await mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`);
    await writeFile(file, info.message ?? '', { mode: 0o600 });
    ctx.log.info({ to: mail.to, subject: oneLine(mail.subject), links: mail.links ?? [], file }, 'mail kept in the outbox (SMTP_URL is not set)');
  }

  /**
   * Sends `mail` unless a mail with this key was sent already: jobs call it, and a job runs at least once. The key is
   * claimed before the send and marked sent after; a failed send gives the claim back (the retry sends). Only a
   * process that dies between the SMTP server's acceptance and the mark leaves a claim that a run after CLAIM_MS
   * sends again, with the same Message-ID, which mail clients show once. Answers whether this call sent it.
   */
  async function sendOnce(key: string, mail: Mail): Promise<boolean> {
    const stale = new Date(Date.now() - CLAIM_MS);
    const claimed = await ctx.db
      .insert(mailDeliveries)
      .values({ key, state: 'sending' })
      .onConflictDoUpdate({
        target: mailDeliveries.key,
        set: { claimedAt: sql`now()` },
        setWhere: and(eq(mailDeliveries.state, 'sending'), lt(mailDeliveries.claimedAt, stale)),
      })
      .returning({ key: mailDeliveries.key });
    if (claimed.length === 0) return false;
    const host = new URL(ctx.config.publicUrl).hostname;
    try {
      await send({ ...mail, messageId: `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${host}>` });
    } catch (error) {
      await ctx.db.delete(mailDeliveries).where(eq(mailDeliveries.key, key));
      throw error;
    }
    await ctx.db.update(mailDeliveries).set({ state: 'sent', sentAt: sql`now()` }).where(eq(mailDeliveries.key, key));
    return true;
  }

  /** Whether a key's mail was sent, or is being sent by a run that may have died (its claim is fresh), or neither. */
  async function deliveryState(key: string): Promise<'sent' | 'sending' | undefined> {
    const [row] = await ctx.db.select({ state: mailDeliveries.state }).from(mailDeliveries).where(eq(mailDeliveries.key, key));
    return row?.state;
  }

  /**
   * sendOnce for a job that moves its progress past the mail afterwards: when another run holds the key's claim (it may
   * have died mid-send), this throws, so the job is retried once the claim is stale instead of moving on without the
   * mail. Answers whether this call sent it (false: sent before).
   */
  async function sendOnceOrRetry(key: string, mail: Mail): Promise<boolean> {
    if (await sendOnce(key, mail)) return true;
    if ((await deliveryState(key)) === 'sending') throw new Error(`mail ${key} is being sent by another run; retrying later`);
    return false;
  }

  ctx.jobs.define('mail.prune', async () => {
    const pruned = await pruneDeliveries();
    if (pruned > 0) ctx.log.info({ event: 'mail.prune', pruned }, 'old mail delivery records deleted');
  });
  ctx.jobs.schedule('mail.prune', '41 3 * * *');

  /** Forgets deliveries older than any job that could retry them. */
  async function pruneDeliveries(): Promise<number> {
    const gone = await ctx.db
      .delete(mailDeliveries)
      .where(lt(mailDeliveries.claimedAt, new Date(Date.now() - DELIVERY_KEEP_MS)))
      .returning({ key: mailDeliveries.key });
    return gone.length;
  }

  // Mails sent after the reply (so a reply never waits on, or reveals, a mail): awaited when the app closes.
  const pending = new Set<Promise<void>>();

  return {
    /** True when mail leaves the machine (SMTP_URL is set). */
    isSmtp: Boolean(SMTP_URL),
    send,
    sendOnce,
    sendOnceOrRetry,
    deliveryState,

    pruneDeliveries,

    /** Runs `work` (usually ending in a send) after the reply; a failure is logged with `what`, never thrown. */
    inBackground(what: string, work: () => Promise<void>): void {
      const p: Promise<void> = work()
        .catch((error: unknown) => ctx.log.error({ err: error }, `${what}: not sent`))
        .finally(() => pending.delete(p));
      pending.add(p);
    },

    /** Resolves once every background mail has been sent or has failed. */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    async close(): Promise<void> {
      await this.idle();
      transport?.close();
      transport = undefined;
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
