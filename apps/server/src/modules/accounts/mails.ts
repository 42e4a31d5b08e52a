// The mailed links of account flows: a token (32 random bytes, only its hash stored) in a link to the web
// page that spends it. Issuing one voids the user's older unused one of the same purpose.
import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MS, VERIFY_EMAIL_TTL_MS } from '@olden/contracts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import { escapeHtml, type Mail, type Mailer, mailName } from '../../lib/mail.ts';
import type { UserRow } from '../users/repository.ts';
import { createAccountTokensRepository, type TokenPurpose } from './repository.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const TTL: Record<TokenPurpose, number> = { verify_email: VERIFY_EMAIL_TTL_MS, password_reset: PASSWORD_RESET_TTL_MS };
const PAGE: Record<TokenPurpose, string> = { verify_email: 'verifyEmail', password_reset: 'resetPassword' };

/** A window in words for a mail: whole hours as hours, a shortened setting in minutes or seconds. */
function inWords(hours: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (Number.isInteger(hours)) return unit(hours, 'hour');
  if (hours * 60 >= 1) return unit(Math.round(hours * 60), 'minute');
  return unit(Math.max(1, Math.round(hours * 3600)), 'second');
}

/** Plain text, and the same words as simple HTML with every interpolated value escaped. */
function compose(to: string, subject: string, paragraphs: string[], link: { label: string; url: string }): Mail {
  const text = [...paragraphs.slice(0, 1), `${link.label}:\n${link.url}`, ...paragraphs.slice(1)].join('\n\n') + '\n';
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html =
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">' +
    p(paragraphs[0]!) +
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` +
    `<p style="font-size:small;color:#555">${escapeHtml(link.url)}</p>` +
    paragraphs.slice(1).map(p).join('') +
    '</body></html>';
  return { to, subject, text, html, links: [link.url] };
}

/** The account's name only once its address is proven: before, whoever registered it chose the name. */
const greeting = (user: Pick<UserRow, 'name' | 'emailVerified'>) => (user.emailVerified ? `Hello ${mailName(user.name)},` : 'Hello,');

export function createAccountMail(ctx: AppContext, deps: { mailer: Mailer }) {
  const tokens = createAccountTokensRepository(ctx.db);
  const { mailer } = deps;

  /** A new token for the user's current email; returns the secret (only its hash is stored). */
  async function issue(user: Pick<UserRow, 'id' | 'email'>, purpose: TokenPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await tokens.replace(
      { id: newId(), userId: user.id, purpose, tokenHash: hashToken(token), email: user.email, expiresAt: new Date(now.getTime() + TTL[purpose]) },
      now,
    );
    return token;
  }

  const linkFor = (purpose: TokenPurpose, token: string) => `${ctx.config.publicUrl}/${PAGE[purpose]}?token=${encodeURIComponent(token)}`;

  async function sendVerification(user: UserRow): Promise<void> {
    const url = linkFor('verify_email', await issue(user, 'verify_email'));
    await mailer.send(
      compose(
        user.email,
        'Confirm your email for Olden Goods',
        [
          // No name: whoever registered chose it, and the address may be anyone's (docs/product.md#server-rules-mail).
          `Hello, please confirm that ${user.email} is your address. The link works once, within 24 hours.`,
          'If you did not create an account on Olden Goods, you can ignore this mail.',
        ],
        { label: 'Confirm my email', url },
      ),
    );
  }

  async function sendPasswordReset(user: UserRow): Promise<void> {
    const url = linkFor('password_reset', await issue(user, 'password_reset'));
    await mailer.send(
      compose(
        user.email,
        'Reset your Olden Goods password',
        [
          `${greeting(user)} someone (we hope you) asked to set a new password for the Olden Goods account of ${user.email}. The link works once, within 30 minutes.`,
          'If you did not ask for it, ignore this mail: your password stays as it is.',
        ],
        { label: 'Choose a new password', url },
      ),
    );
  }

  /** An email change: the link goes to the new address, and nothing changes until it is opened. */
  async function sendEmailChangeLink(user: Pick<UserRow, 'name' | 'email'>, newEmail: string, token: string): Promise<void> {
    const url = `${ctx.config.publicUrl}/confirmEmail?token=${encodeURIComponent(token)}`;
    await mailer.send(
      compose(
        newEmail,
        'Confirm your new email for Olden Goods',
        [
          `Hello, please confirm that ${newEmail} should become the sign-in address of an Olden Goods account. The link works once, within ${inWords(ctx.config.EMAIL_CHANGE_HOURS)}, signed in to that account.`,
          'If you did not ask for this, ignore this mail: nothing changes.',
        ],
        { label: 'Confirm my new email', url },
      ),
    );
  }

  /** Plain notices (no link): the old address told of a change asked for, an account deleted. */
  async function sendNotice(to: string, subject: string, paragraphs: string[]): Promise<void> {
    const text = paragraphs.join('\n\n') + '\n';
    const html = '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">' + paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') + '</body></html>';
    await mailer.send({ to, subject, text, html });
  }

  return {
    sendEmailChangeLater: (user: UserRow, newEmail: string, token: string) =>
      mailer.inBackground('email change mails', async () => {
        await sendEmailChangeLink(user, newEmail, token);
        await sendNotice(user.email, 'Your Olden Goods email is about to change', [
          `${greeting(user)} someone signed in to your account asked to change its email from ${user.email} to ${newEmail}. Nothing changes until the link we sent to the new address is opened.`,
          'If this was not you, change your password now: the change is only made from your account.',
        ]);
      }),
    sendAccountDeletedLater: (user: Pick<UserRow, 'name' | 'email' | 'emailVerified'>) =>
      mailer.inBackground('account deleted mail', () =>
        sendNotice(user.email, 'Your Olden Goods account was deleted', [
          `${greeting(user)} your Olden Goods account ${user.email} was deleted, with its listings, its open requests and its photos. Threads stay readable for the other party, naming you "Deleted user".`,
          'This address is free to register again.',
        ]),
      ),
    issue,
    sendPasswordReset,
    /** After the reply; a failure is logged, never the caller's error. */
    sendVerificationLater: (user: UserRow) => mailer.inBackground('verification mail', () => sendVerification(user)),
  };
}
export type AccountMail = ReturnType<typeof createAccountMail>;
