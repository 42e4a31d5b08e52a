import type { Message } from '@olden/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { buyerRequestKeys } from './buyer-request-keys';
import { appendMessage } from './list-messages';

const message = (id: string): Message => ({
  _id: id,
  requestId: 'r1',
  from: 'seller',
  senderName: 'Sam',
  text: `text ${id}`,
  createdAt: '2026-11-29T08:00:00.000Z',
  flags: [],
});

describe('appendMessage', () => {
  it('adds a message to a loaded thread once', () => {
    const client = new QueryClient();
    client.setQueryData(buyerRequestKeys.messages('r1'), { pages: [{ items: [message('m1')], nextCursor: null }], pageParams: [undefined] });
    appendMessage(client, message('m2'));
    appendMessage(client, message('m2'));
    const thread = client.getQueryData<{ pages: { items: Message[] }[] }>(buyerRequestKeys.messages('r1'))!;
    expect(thread.pages[0]!.items.map((m) => m._id)).toEqual(['m1', 'm2']);
  });

  it('reads the thread again when it is still loading, so a message sent meanwhile is not lost', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    appendMessage(client, message('m1'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: buyerRequestKeys.messages('r1') });
    expect(client.getQueryData(buyerRequestKeys.messages('r1'))).toBeUndefined();
  });
});
