import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { buyerRequestKeys } from '../api/buyer-request-keys';
import { applyLiveEvent } from './apply-live-event';

const message = (id: string) => ({ _id: id, requestId: 'r1', from: 'buyer', senderName: 'Bob', text: `text ${id}`, createdAt: '2026-01-01T00:00:00.000Z' });
const thread = (ids: string[], nextCursor?: string) => ({ pages: [{ items: ids.map(message), nextCursor }], pageParams: [undefined] });

describe('applyLiveEvent', () => {
  it('puts a summary in the badges cache as it is', () => {
    const client = new QueryClient();
    applyLiveEvent(client, 'summary', { cartCount: 1, requestCount: 2, unreadMessages: 0 });
    expect(client.getQueryData(buyerRequestKeys.summary())).toEqual({ cartCount: 1, requestCount: 2, unreadMessages: 0 });
    applyLiveEvent(client, 'summary', { cartCount: 'x' });
    expect(client.getQueryData(buyerRequestKeys.summary())).toEqual({ cartCount: 1, requestCount: 2, unreadMessages: 0 });
  });

  it('refreshes the lists when a count changed, not when the summary is the same', () => {
    const client = new QueryClient();
    client.setQueryData(buyerRequestKeys.summary(), { cartCount: 1, requestCount: 2, unreadMessages: 0 });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyLiveEvent(client, 'summary', { cartCount: 1, requestCount: 2, unreadMessages: 0 });
    expect(invalidate).not.toHaveBeenCalled();
    applyLiveEvent(client, 'summary', { cartCount: 1, requestCount: 3, unreadMessages: 0 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: buyerRequestKeys.lists() });
  });

  it('appends a message to a loaded thread once, and only when its newest page is loaded', () => {
    const client = new QueryClient();
    client.setQueryData(buyerRequestKeys.messages('r1'), thread(['m1']));
    applyLiveEvent(client, 'message', { requestId: 'r1', message: message('m2') });
    applyLiveEvent(client, 'message', { requestId: 'r1', message: message('m2') });
    expect(client.getQueryData<ReturnType<typeof thread>>(buyerRequestKeys.messages('r1'))!.pages[0]!.items.map((m) => m._id)).toEqual(['m1', 'm2']);

    client.setQueryData(buyerRequestKeys.messages('r1'), thread(['m1'], 'next'));
    applyLiveEvent(client, 'message', { requestId: 'r1', message: message('m3') });
    expect(client.getQueryData<ReturnType<typeof thread>>(buyerRequestKeys.messages('r1'))!.pages[0]!.items.map((m) => m._id)).toEqual(['m1']);
  });

  it('refreshes every buy-request query on a status change, and ignores malformed events', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyLiveEvent(client, 'request', { requestId: 'r1' });
    applyLiveEvent(client, 'message', { requestId: 'r1', message: { text: 1 } });
    expect(invalidate).not.toHaveBeenCalled();
    applyLiveEvent(client, 'request', { requestId: 'r1', status: 'Accepted', productId: 'p1' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: buyerRequestKeys.all });
  });

  it('refreshes the requests and profiles on a review event (window opened, review published), and ignores malformed ones', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyLiveEvent(client, 'review', { kind: 'opened' });
    expect(invalidate).not.toHaveBeenCalled();
    applyLiveEvent(client, 'review', { requestId: 'r1', kind: 'published', productName: 'Lamp' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: buyerRequestKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['reviews'] });
  });
});
