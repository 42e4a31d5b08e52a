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

  const offer = (id: string, extra: Record<string, unknown> = {}) => ({
    _id: id, requestId: 'r1', amount: 80, by: 'buyer', status: 'open', createdAt: `2026-01-0${id.slice(1)}T00:00:00.000Z`,
    expiresAt: '2026-01-09T00:00:00.000Z', answeredAt: null, ...extra,
  });
  const offerIds = (client: QueryClient) => client.getQueryData<ReturnType<typeof offer>[]>(buyerRequestKeys.offers('r1'))!.map((o) => `${o._id}:${o.status}`);

  it("puts an offer into its thread's loaded offers: a new one in time order, an answered one in place of its old copy", () => {
    const client = new QueryClient();
    client.setQueryData(buyerRequestKeys.offers('r1'), [offer('o1', { status: 'declined' }), offer('o3')]);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyLiveEvent(client, 'offer', { requestId: 'r1', offer: offer('o3', { status: 'countered', answeredAt: '2026-01-04T00:00:00.000Z' }) });
    applyLiveEvent(client, 'offer', { requestId: 'r1', offer: offer('o4', { by: 'seller', amount: 90 }) });
    applyLiveEvent(client, 'offer', { requestId: 'r1', offer: offer('o2', { status: 'expired' }) });
    expect(offerIds(client)).toEqual(['o1:declined', 'o2:expired', 'o3:countered', 'o4:open']);
    // The request's offer controls may change: it is read again (its lists are not, without a new price).
    expect(invalidate).toHaveBeenCalledWith({ queryKey: buyerRequestKeys.detail('r1') });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: buyerRequestKeys.all });
  });

  it('refreshes every buy-request query when an offer is accepted (agreed price and status)', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyLiveEvent(client, 'offer', { requestId: 'r1', offer: offer('o1', { status: 'accepted', answeredAt: '2026-01-02T00:00:00.000Z' }) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: buyerRequestKeys.all });
    // No list loaded: nothing is made up.
    expect(client.getQueryData(buyerRequestKeys.offers('r1'))).toBeUndefined();
  });

  it('ignores a malformed offer event', () => {
    const client = new QueryClient();
    client.setQueryData(buyerRequestKeys.offers('r1'), [offer('o1')]);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyLiveEvent(client, 'offer', { requestId: 'r1' });
    applyLiveEvent(client, 'offer', { requestId: 'r1', offer: offer('o2', { amount: '80' }) });
    applyLiveEvent(client, 'offer', { requestId: 'r1', offer: offer('o2', { status: 'maybe' }) });
    applyLiveEvent(client, 'offer', { requestId: 'r2', offer: offer('o2') });
    expect(offerIds(client)).toEqual(['o1:open']);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
