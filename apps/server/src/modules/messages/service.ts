// A buy request's thread between its buyer and its seller, and the caller's summary (the badges).
// Rules: docs/product.md#messages-and-notifications.
import { isAdminUser, isOpenRequest, type Message, MESSAGE_BUDGET, type MessageFlag, type PostMessageBody, type Summary } from '@olden/contracts';
import type { z } from 'zod';
import type { AccountPart } from '../../lib/account-lifecycle.ts';
import { type AppContext, enforceBudget } from '../../lib/context.ts';
import { AppError, notFound, notYours } from '../../lib/errors.ts';
import { isId, newId } from '../../lib/ids.ts';
import { CREATED_AT_CURSOR, keysetPage, type Page, type PageRequest } from '../../lib/pagination.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { BlocksService } from '../blocks/service.ts';
import type { Party, ThreadMarks } from '../buyer-requests/thread-marks.ts';
import type { BusEvent } from '../events/bus.ts';
import type { MessageNotifier } from '../notifications/service.ts';
import type { NewAccountLimits } from '../users/new-account-limits.ts';
import { messageFlags, phoneRegion } from './flags.ts';
import { createMessagesRepository, type MessageRow, messagesOfUser, type ThreadRow } from './repository.ts';

/** The scam-warning rules with this site's hosts and number region (flags.ts). */
export function flagRules(config: Pick<AppContext['config'], 'publicUrl' | 'priceFormat'>): (text: string) => MessageFlag[] {
  const options = { ownHosts: [new URL(config.publicUrl).hostname], region: phoneRegion(config.priceFormat.locale) };
  return (text) => messageFlags(text, options);
}

export function toMessage(row: MessageRow, thread: Pick<ThreadRow, 'buyerId'>, flagsOf: (text: string) => MessageFlag[]): Message {
  return {
    _id: row.id,
    requestId: row.requestId,
    from: row.senderId === thread.buyerId ? 'buyer' : 'seller',
    senderName: row.senderName,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
    flags: flagsOf(row.body),
  };
}

/** The caller's part in a thread: a party, an admin (who may read), or nobody (who learns nothing: 404). */
function partyOf(caller: AuthUser, thread: ThreadRow): Party | 'admin' | undefined {
  if (caller.id === thread.buyerId) return 'buyer';
  if (caller.id === thread.sellerId) return 'seller';
  return isAdminUser(caller) ? 'admin' : undefined;
}

export function createMessagesService(
  ctx: AppContext,
  deps: {
    notify: MessageNotifier;
    marks: Pick<ThreadMarks, 'markRead'>;
    publish: (userIds: string[], event: BusEvent) => Promise<void>;
    blocks: Pick<BlocksService, 'assertNotBlocked'>;
    newAccount: Pick<NewAccountLimits, 'enforce'>;
  },
) {
  const repo = createMessagesRepository(ctx.db);
  const flagsOf = flagRules(ctx.config);

  /** The thread the caller may see, or 404 (also for a malformed id, and for a thread that is not theirs). */
  async function threadFor(caller: AuthUser, requestId: string): Promise<{ thread: ThreadRow; party: Party | 'admin' }> {
    const thread = isId(requestId) ? await repo.findThread(requestId) : undefined;
    const party = thread && partyOf(caller, thread);
    if (!thread || !party) throw notFound('Buy request');
    return { thread, party };
  }

  return {
    /**
     * Oldest first. A party's read marks the thread read for them and refreshes their badges, only when
     * something arrived since their last read: re-reading a quiet thread writes nothing and publishes nothing.
     */
    async list(caller: AuthUser, requestId: string, page: PageRequest): Promise<Page<Message>> {
      const pager = keysetPage(CREATED_AT_CURSOR, page);
      const { thread, party } = await threadFor(caller, requestId);
      const rows = await pager.fetch((after, limit) => repo.list(thread.id, limit, after));
      if (party !== 'admin' && (await deps.marks.markRead(thread.id, party))) {
        deps.publish([caller.id], { name: 'summary' }).catch((error: unknown) => ctx.log.warn({ err: error }, 'summary event not published'));
      }
      return { rows: rows.rows.map((r) => toMessage(r, thread, flagsOf)), nextCursor: rows.nextCursor };
    },

    /** Only the two parties post (an admin reads but may not write: 403); a closed request's thread is read-only. */
    async post(caller: AuthUser, requestId: string, body: z.output<typeof PostMessageBody>): Promise<Message> {
      const { thread, party } = await threadFor(caller, requestId);
      if (party === 'admin') throw notYours('Only the buyer and the seller may write in this thread');
      if (!isOpenRequest(thread.status)) throw new AppError('THREAD_CLOSED', `This request is ${thread.status.toLowerCase()}: its conversation is read-only`);
      // A block between the two closes the thread to both of them (docs/product.md#blocking); the trade itself stays.
      await deps.blocks.assertNotBlocked(thread.buyerId, thread.sellerId);
      await enforceBudget(ctx, 'message', caller.id, MESSAGE_BUDGET.max, MESSAGE_BUDGET.windowMs);
      await deps.newAccount.enforce(caller, 'messages');
      const id = newId();
      const createdAt = await repo.insert({ id, requestId: thread.id, senderId: caller.id, body: body.text });
      const message = toMessage({ id, requestId: thread.id, senderId: caller.id, senderName: caller.name, body: body.text, createdAt }, thread, flagsOf);
      // The sender's own write is now read by them: their own message never counts as unread anyway.
      deps.notify.messagePosted(thread, message, caller.id);
      return message;
    },

    /** One message by id, as either party sees it (the live hub loads a message too large for NOTIFY). */
    async findMessage(id: string): Promise<Message | undefined> {
      const row = await repo.findMessage(id);
      const thread = row && (await repo.findThread(row.requestId));
      return row && thread ? toMessage(row, thread, flagsOf) : undefined;
    },

    /**
     * For the request lists' `unreadMessages` (a page of at most 100): per request id, the messages to
     * `userId` not read yet; requests where the user is no party (an admin's view) count 0.
     */
    unreadByRequest: (userId: string, requestIds: string[]): Promise<Map<string, number>> => repo.unreadByRequest(userId, requestIds),

    /** The badges: open requests as buyer and as seller, unread messages over all the user's threads. */
    summary: (userId: string): Promise<Summary> => repo.summary(userId),

    /**
     * Threads' part of an account's deletion: nothing goes, the other party keeps reading the thread, whose messages
     * name the sender as the account is called now ("Deleted user"). The export: the user's threads, senders by name.
     */
    accountPart(): AccountPart {
      return {
        module: 'messages',
        tables: ['request_messages'],
        order: 30,
        exportFor: async (userId) => ({
          messages: (await messagesOfUser(ctx.db, userId)).map((row) => ({
            _id: row.id,
            requestId: row.requestId,
            from: row.senderId === userId ? 'me' : row.senderName,
            text: row.body,
            createdAt: row.createdAt.toISOString(),
          })),
        }),
      };
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
