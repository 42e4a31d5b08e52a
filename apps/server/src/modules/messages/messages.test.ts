import { type Message, MESSAGE_BUDGET, MESSAGE_MAX_LENGTH, NEXT_CURSOR_HEADER } from '@olden/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTestApp, expectError, type TestUser, useTestApp } from '../../test/harness.ts';
import { list, openThread, post, postOk, setStatus, summaryOf, type Thread } from './fixtures.ts';

const getApp = useTestApp();

describe('a thread: who may read and write', () => {
  let th: Thread;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    const t = getApp();
    th = await openThread(t);
    other = await t.createUser({ name: 'Otto Other' });
    admin = await t.createUser({ name: 'Root', role: 'admin' });
  });

  it('the buyer and the seller write and both read, oldest first, each message saying which party wrote it', async () => {
    const t = getApp();
    const first = await postOk(t, th.buyer, th.requestId, '  Is it still available?  ');
    expect(first).toMatchObject({ requestId: th.requestId, from: 'buyer', senderName: 'Bea Buyer', text: 'Is it still available?' });
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
    await postOk(t, th.seller, th.requestId, 'Yes, come on Saturday.');
    for (const reader of [th.buyer, th.seller, admin]) {
      const res = await list(t, reader, th.requestId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json<Message[]>().map((m) => [m.from, m.text])).toEqual([
        ['buyer', 'Is it still available?'],
        ['seller', 'Yes, come on Saturday.'],
      ]);
    }
  });

  it('anyone else gets 404 (as for an unknown or malformed id), anonymous 401; an admin may read but not write (403)', async () => {
    const t = getApp();
    expectError(await list(t, other, th.requestId), 404, { code: 'NOT_FOUND' });
    expectError(await post(t, other, th.requestId, 'hi'), 404, { code: 'NOT_FOUND' });
    expectError(await list(t, th.buyer, newId()), 404, { code: 'NOT_FOUND' });
    expectError(await post(t, th.buyer, 'not-an-id', 'hi'), 404, { code: 'NOT_FOUND' });
    expectError(await list(t, null, th.requestId), 401, { code: 'UNAUTHENTICATED' });
    expectError(await post(t, null, th.requestId, 'hi'), 401, { code: 'UNAUTHENTICATED' });
    expectError(await post(t, admin, th.requestId, 'admin speaking'), 403, { code: 'NOT_YOURS' });
    const texts = (await list(t, admin, th.requestId)).json<Message[]>().map((m) => m.text);
    expect(texts).not.toContain('admin speaking');
    expect(texts).not.toContain('hi');
  });

  it('validates the text: trimmed, 1 to 2,000 characters, a string, nothing else in the body', async () => {
    const t = getApp();
    expectError(await post(t, th.buyer, th.requestId, '   '), 400, { details: [{ path: 'text', message: 'Message is required' }] });
    expectError(await post(t, th.buyer, th.requestId, 'x'.repeat(MESSAGE_MAX_LENGTH + 1)), 400, {
      details: [{ path: 'text', message: `Message must be at most ${MESSAGE_MAX_LENGTH} characters` }],
    });
    expectError(await post(t, th.buyer, th.requestId, 42), 400, {});
    expectError(await t.injectAs(th.buyer, { method: 'POST', url: `/api/buyerProduct/${th.requestId}/messages`, payload: { text: 'a', from: 'seller' } }), 400, {});
    expect((await post(t, th.buyer, th.requestId, `  ${'y'.repeat(MESSAGE_MAX_LENGTH)}  `)).statusCode).toBe(200);
  });

  it('stores text as it was written: markup is text, never interpreted', async () => {
    const t = getApp();
    const m = await postOk(t, th.seller, th.requestId, '<img src=x onerror=alert(1)> & "quotes"');
    expect(m.text).toBe('<img src=x onerror=alert(1)> & "quotes"');
  });
});

describe('scam flags (docs/product.md#scam-warnings)', () => {
  it('a message asking to move off the site is delivered, flagged in the reply, in the thread and in the live event’s message; an ordinary one has none', async () => {
    const t = getApp();
    const th = await openThread(t);
    const flagged = await postOk(t, th.seller, th.requestId, 'I only take bank transfer, text me on WhatsApp');
    expect(flagged.flags).toEqual(['payment_off_site', 'messaging_app']);
    const plain = await postOk(t, th.buyer, th.requestId, 'Collection from York after 6, circa 1890, 45 x 30 cm, £1,250?');
    expect(plain.flags).toEqual([]);
    const read = (await list(t, th.buyer, th.requestId)).json<Message[]>();
    expect(read.map((m) => m.flags)).toEqual([['payment_off_site', 'messaging_app'], []]);
    expect(await t.services.messages.findMessage(flagged._id)).toMatchObject({ flags: ['payment_off_site', 'messaging_app'] });
  });
});

describe('a closed request: its thread is read-only', () => {
  it.each(['Declined', 'Cancelled', 'Completed'] as const)('%s: both parties still read it; writing is 409 THREAD_CLOSED', async (status) => {
    const t = getApp();
    const th = await openThread(t);
    await postOk(t, th.buyer, th.requestId, 'Hello');
    await setStatus(t, th.requestId, status);
    for (const party of [th.buyer, th.seller]) {
      expectError(await post(t, party, th.requestId, 'Still there?'), 409, { code: 'THREAD_CLOSED' });
      expect((await list(t, party, th.requestId)).json<Message[]>().map((m) => m.text)).toEqual(['Hello']);
    }
  });

  it('an accepted request is still open', async () => {
    const t = getApp();
    const th = await openThread(t);
    await setStatus(t, th.requestId, 'Accepted');
    expect((await post(t, th.seller, th.requestId, 'See you at 5')).statusCode).toBe(200);
  });
});

describe('keyset pages', () => {
  it('pages oldest first with X-Next-Cursor and Link, and refuses a forged cursor', async () => {
    const t = getApp();
    const th = await openThread(t);
    for (let i = 1; i <= 5; i++) await postOk(t, i % 2 ? th.buyer : th.seller, th.requestId, `m${i}`);
    const seen: string[] = [];
    let query = '?limit=2';
    for (let pages = 0; pages < 5; pages++) {
      const res = await list(t, th.buyer, th.requestId, query);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json<Message[]>().map((m) => m.text));
      const next = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      if (!next) break;
      expect(res.headers.link).toContain(`cursor=${next}`);
      query = `?limit=2&cursor=${next}`;
    }
    expect(seen).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expectError(await list(t, th.buyer, th.requestId, '?cursor=bm9wZQ'), 400, { code: 'INVALID_CURSOR' });
    expectError(await list(t, th.buyer, th.requestId, '?limit=0'), 400, {});
  });
});

describe('unread messages and the summary', () => {
  it('counts the other party’s messages after one’s read mark; opening the thread marks it read for the reader only', async () => {
    const t = getApp();
    const th = await openThread(t);
    const admin = await t.createUser({ role: 'admin' });
    expect(await summaryOf(t, th.buyer)).toEqual({ cartCount: 1, requestCount: 0, unreadMessages: 0 });
    expect(await summaryOf(t, th.seller)).toEqual({ cartCount: 0, requestCount: 1, unreadMessages: 0 });

    await postOk(t, th.buyer, th.requestId, 'one');
    await postOk(t, th.buyer, th.requestId, 'two');
    expect((await summaryOf(t, th.seller)).unreadMessages).toBe(2);
    // One's own messages are never unread.
    expect((await summaryOf(t, th.buyer)).unreadMessages).toBe(0);
    // An admin reading does not mark it read for the seller.
    await list(t, admin, th.requestId);
    expect((await summaryOf(t, th.seller)).unreadMessages).toBe(2);

    await list(t, th.seller, th.requestId);
    expect((await summaryOf(t, th.seller)).unreadMessages).toBe(0);
    await postOk(t, th.seller, th.requestId, 'three');
    await postOk(t, th.buyer, th.requestId, 'four');
    expect((await summaryOf(t, th.seller)).unreadMessages).toBe(1);
    expect((await summaryOf(t, th.buyer)).unreadMessages).toBe(1);
  });

  it('counts over all of a user’s threads, open and closed, as buyer and as seller; the counts of open requests leave closed ones out', async () => {
    const t = getApp();
    const a = await openThread(t, { listing: 'Lamp' });
    // The same seller gets a second request, from another buyer, on another listing.
    const buyer2 = await t.createUser();
    const b = await openThread(t, { listing: 'Rug' });
    const { createProduct } = await import('../products/fixtures.ts');
    const p2 = await createProduct(t, a.seller);
    const r2 = await t.injectAs(buyer2, { method: 'POST', url: '/api/buyerProduct', payload: { productId: p2, phoneNumber: '0123456789', buyerAddress: 'x' } });
    const request2 = r2.json<{ insertedId: string }>().insertedId;
    // a.seller also buys b's listing.
    const r3 = await t.injectAs(a.seller, { method: 'POST', url: '/api/buyerProduct', payload: { productId: b.productId, phoneNumber: '0123456789', buyerAddress: 'x' } });
    const request3 = r3.json<{ insertedId: string }>().insertedId;

    await postOk(t, a.buyer, a.requestId, 'a1');
    await postOk(t, buyer2, request2, 'b1');
    await postOk(t, buyer2, request2, 'b2');
    await postOk(t, b.seller, request3, 'c1');
    expect(await summaryOf(t, a.seller)).toEqual({ cartCount: 1, requestCount: 2, unreadMessages: 4 });

    await setStatus(t, request2, 'Declined');
    await setStatus(t, request3, 'Cancelled');
    // Closed requests leave the counts of open ones; their unread messages still count until read.
    expect(await summaryOf(t, a.seller)).toEqual({ cartCount: 0, requestCount: 1, unreadMessages: 4 });
    await list(t, a.seller, request2);
    expect((await summaryOf(t, a.seller)).unreadMessages).toBe(2);
  });
});

describe('unread per request (for the request lists)', () => {
  it('counts, per request, the messages to the user not read yet; nothing for a request the user is no party to', async () => {
    const t = getApp();
    const a = await openThread(t);
    const b = await openThread(t);
    await postOk(t, a.buyer, a.requestId, 'one');
    await postOk(t, a.buyer, a.requestId, 'two');
    await postOk(t, a.seller, a.requestId, 'back');
    await postOk(t, b.seller, b.requestId, 'hi');
    const ids = [a.requestId, b.requestId];
    expect(Object.fromEntries(await t.services.messages.unreadByRequest(a.seller.id, ids))).toEqual({ [a.requestId]: 2 });
    expect(Object.fromEntries(await t.services.messages.unreadByRequest(a.buyer.id, ids))).toEqual({ [a.requestId]: 1 });
    expect(Object.fromEntries(await t.services.messages.unreadByRequest(b.buyer.id, ids))).toEqual({ [b.requestId]: 1 });
    await list(t, a.seller, a.requestId);
    expect(await t.services.messages.unreadByRequest(a.seller.id, ids)).toEqual(new Map());
    expect(await t.services.messages.unreadByRequest(a.seller.id, [])).toEqual(new Map());
  });
});

describe('the message budget', () => {
  it(`answers 429 with Retry-After past ${MESSAGE_BUDGET.max} messages an hour (scaled by RATE_LIMIT_FACTOR), per user`, async () => {
    // A factor that leaves a budget of 3 messages.
    const t = await createTestApp({ RATE_LIMIT_FACTOR: String(3 / MESSAGE_BUDGET.max) });
    try {
      const th = await openThread(t);
      for (let i = 0; i < 3; i++) expect((await post(t, th.buyer, th.requestId, `m${i}`)).statusCode).toBe(200);
      const res = await post(t, th.buyer, th.requestId, 'one too many');
      expectError(res, 429, { code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // The seller's budget is their own.
      expect((await post(t, th.seller, th.requestId, 'reply')).statusCode).toBe(200);
      expect((await list(t, th.buyer, th.requestId)).json<Message[]>().map((m) => m.text)).toEqual(['m0', 'm1', 'm2', 'reply']);
    } finally {
      await t.close();
    }
  });
});
