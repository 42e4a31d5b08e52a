// The contact form: every message is stored first, then mailed when SMTP is configured.
// A mail failure is logged, never lost: the row stays with mailed_at empty.
import nodemailer, { type Transporter } from 'nodemailer';
import type { ContactBody } from '@olden/contracts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import { createContactRepository } from './repository.ts';

export const CONTACT_BUDGET = { max: 5, windowMs: 10 * 60_000 };
export const DEFAULT_MAIL_FROM = 'Olden Goods <no-reply@localhost>';

/** The parsed body (trimmed, email lower-cased, phone as text). */
export type ContactMessage = { name: string; email: string; subject: string; phone: string; message: string };

/** Header values on one line: a newline in a subject must not start a new header. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

export function createContactService(ctx: AppContext) {
  const repo = createContactRepository(ctx.db);
  const { SMTP_URL, MAIL_TO, MAIL_FROM, ADMIN_EMAILS } = ctx.config;
  const recipient = MAIL_TO ?? ADMIN_EMAILS[0];
  let transport: Transporter | undefined;

  function mailer(): Transporter | undefined {
    if (!SMTP_URL || !recipient) return undefined;
    transport ??= nodemailer.createTransport({
      url: SMTP_URL,
      // A slow mail server holds one request at most this long; the message is already stored.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as nodemailer.TransportOptions);
    return transport;
  }

  async function mail(id: string, m: ContactMessage): Promise<void> {
    const transporter = mailer();
    if (!transporter) return;
    try {
      await transporter.sendMail({
        from: MAIL_FROM ?? DEFAULT_MAIL_FROM,
        to: recipient,
        replyTo: { name: oneLine(m.name), address: m.email },
        subject: `[Olden Goods] ${oneLine(m.subject)}`,
        text: `Name: ${oneLine(m.name)}\nEmail: ${m.email}\nPhone: ${m.phone}\n\n${m.message}\n`,
      });
      await repo.markMailed(id, new Date());
    } catch (error) {
      ctx.log.error({ err: error, contactMessageId: id }, 'contact message stored but not mailed');
    }
  }

  return {
    isMailConfigured: () => Boolean(SMTP_URL && recipient),

    async submit(m: ContactMessage, ip: string): Promise<void> {
      await enforceBudget(ctx, 'contact', ip, CONTACT_BUDGET.max, CONTACT_BUDGET.windowMs);
      const id = newId();
      await repo.insert({ id, ...m, ip });
      await mail(id, m);
    },

    close(): void {
      transport?.close();
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
export type { ContactBody };
