// What the trade loop tells people when a request or a thread changes. The lifecycle (the
// buyer-requests service) and the messages service call these after their write committed; they never
// throw and never delay the reply: live events go to both parties' open streams through the event bus,
// mails (when the recipient wants them) go in the background through the mail module.
// See docs/product.md#messages-and-notifications.
import { type Message, MESSAGE_MAIL_THROTTLE_MS } from '@olden/contracts';
import type { AppContext } from '../../lib/context.ts';
import type { Mail, Mailer } from '../../lib/mail.ts';
import type { BuyerRequestRow } from '../buyer-requests/repository.ts';
import type { ThreadMarks } from '../buyer-requests/thread-marks.ts';
import type { BusEvent, EventBus } from '../events/bus.ts';
import type { UsersService } from '../users/service.ts';
import { newMessageMail, newRequestMail, requestChangedMail, threadUrl } from './mails.ts';

/** Who made a change: the party's role in the request, or an admin, or the system (a listing deleted). */
export type Actor = 'buyer' | 'seller' | 'admin' | 'system';

export interface Notifier {
  /** A new Pending request: the seller is mailed; both parties' summaries change. */
  requestCreated(request: BuyerRequestRow): void;
  /**
   * `request` (as stored after the change) moved from `previous` to its status: the buyer is mailed when it
   * is Accepted, Declined or Completed; both parties get a `request` event and a new summary.
   */
  requestChanged(request: BuyerRequestRow, previous: BuyerRequestRow['status'], actor: Actor): void;
}

/** The thread a message was posted in: its parties and its listing's title. */
export interface ThreadParties {
  id: string;
  name: string;
  buyerId: string;
  sellerId: string;
}

export interface MessageNotifier {
  /**
   * A message was posted: a `message` event to both parties (the sender's other tabs too), a new summary
   * to the recipient, and a mail to the recipient at most once per thread per MESSAGE_MAIL_THROTTLE_MS.
   */
  messagePosted(thread: ThreadParties, message: Message, senderId: string): void;
}

export function createNotifier(
  ctx: AppContext,
  deps: { mailer: Mailer; users: Pick<UsersService, 'findById'>; events: EventBus; marks: Pick<ThreadMarks, 'claimMail'> },
): Notifier & MessageNotifier & { close(): Promise<void> } {
  const { mailer, users, events, marks } = deps;
  const urlOf = (requestId: string) => threadUrl(ctx.config.publicUrl, requestId);

  /** Fire and forget: a lost event is logged, never the caller's failure (streams resync on reconnect). */
  function publish(userIds: string[], event: BusEvent): void {
    events.publish(userIds, event).catch((error: unknown) => ctx.log.warn({ err: error, event: event.name }, 'live event not published'));
  }

  /** Mails `userId` (if the account still exists and wants trade mail) in the background. */
  function mailTo(what: string, userId: string, build: (to: { email: string; name: string }) => Mail | undefined, claim?: () => Promise<boolean>): void {
    mailer.inBackground(what, async () => {
      const user = await users.findById(userId);
      if (!user || !user.notifyByEmail) return;
      // The name only to a proven address: whoever registered an address chose the name (docs/product.md#server-rules-mail).
      const mail = build({ email: user.email, name: user.emailVerified ? user.name : '' });
      if (!mail) return;
      if (claim && !(await claim())) return;
      await mailer.send(mail);
    });
  }

  return {
    requestCreated(request) {
      publish([request.buyerId, request.sellerId], { name: 'summary' });
      publish([request.buyerId, request.sellerId], {
        name: 'request',
        data: { requestId: request.id, status: request.status, productId: request.productId },
      });
      mailTo('new request mail', request.sellerId, (to) => newRequestMail(to, request, urlOf(request.id)));
    },

    requestChanged(request) {
      const parties = [request.buyerId, request.sellerId];
      publish(parties, { name: 'request', data: { requestId: request.id, status: request.status, productId: request.productId } });
      publish(parties, { name: 'summary' });
      mailTo('request status mail', request.buyerId, (to) => requestChangedMail(to, request, urlOf(request.id), ctx.config.priceFormat));
    },

    messagePosted(thread, message, senderId) {
      const recipient = senderId === thread.buyerId ? thread.sellerId : thread.buyerId;
      const party = recipient === thread.buyerId ? 'buyer' : 'seller';
      publish([thread.buyerId, thread.sellerId], { name: 'message', data: { requestId: thread.id, message } });
      publish([recipient], { name: 'summary' });
      mailTo(
        'new message mail',
        recipient,
        (to) => newMessageMail(to, { senderName: message.senderName, text: message.text, listing: thread.name, flags: message.flags }, urlOf(thread.id)),
        () => marks.claimMail(thread.id, party, MESSAGE_MAIL_THROTTLE_MS),
      );
    },

    async close() {},
  };
}
