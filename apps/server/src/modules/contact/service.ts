// The contact form: every message is stored first, then mailed when SMTP is configured.
// A mail failure is logged, never lost: the row stays with mailed_at empty.
import type { ContactBody } from '@olden/contracts';
import { type AppContext, enforceAddressBudget } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import { type Mailer, mailName, oneLine } from '../../lib/mail.ts';
import { createContactRepository } from './repository.ts';

export const CONTACT_BUDGET = { max: 5, windowMs: 10 * 60_000 };

/** The parsed body (trimmed, email lower-cased, phone as text). */
export type ContactMessage = { name: string; email: string; subject: string; phone: string; message: string };

export function createContactService(ctx: AppContext, deps: { mailer: Mailer }) {
  const repo = createContactRepository(ctx.db);
  const { mailer } = deps;
  const recipient = ctx.config.MAIL_TO ?? ctx.config.ADMIN_EMAILS[0];
  // Messages to the team only leave by SMTP: the outbox is for links a visitor follows, not for the team's inbox.
  const configured = mailer.isSmtp && Boolean(recipient);

  async function mail(id: string, m: ContactMessage): Promise<void> {
    if (!configured) return;
    try {
      await mailer.send({
        to: recipient!,
        replyTo: { name: m.name, address: m.email },
        subject: `[Olden Goods] ${oneLine(m.subject)}`,
        text: `Name: ${mailName(m.name)}\nEmail: ${m.email}\nPhone: ${m.phone}\n\n${m.message}\n`,
      });
      await repo.markMailed(id, new Date());
    } catch (error) {
      ctx.log.error({ err: error, contactMessageId: id }, 'contact message stored but not mailed');
    }
  }

  return {
    isMailConfigured: () => configured,

    async submit(m: ContactMessage, ip: string): Promise<void> {
      await enforceAddressBudget(ctx, 'contact', ip, CONTACT_BUDGET.max, CONTACT_BUDGET.windowMs);
      const id = newId();
      await repo.insert({ id, ...m, ip });
      await mail(id, m);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
export type { ContactBody };
