// The running rating sums (user_ratings) against a full recount of the published reviews, after a few hundred random
// reviews written in parallel, publications by both parties and by the window's close, and admin removals.
import { sql } from 'drizzle-orm';
import type { Review } from '@olden/contracts';
import { expect, it, vi } from 'vitest';
import { buyerRequests } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { type TestUser, useTestApp } from '../../test/harness.ts';
import { review } from './fixtures.ts';

// A shared machine: a fresh app with its job queue may take a while to start.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const getApp = useTestApp({ RATE_LIMIT_FACTOR: '100' });

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

it('equal a full recount after a few hundred random reviews, closes and removals', { timeout: 600_000 }, async () => {
  const t = getApp();
  const rand = random(29);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const users: TestUser[] = [];
  for (let i = 0; i < 12; i++) users.push(await t.createUser({ name: `Trader ${i}` }));
  const admin = await t.createUser({ name: 'Root', role: 'admin' });

  // 200 completed trades between random pairs (written directly: the handover's own tests are the lifecycle's).
  const trades = Array.from({ length: 200 }, () => {
    const seller = pick(users);
    let buyer = pick(users);
    while (buyer === seller) buyer = pick(users);
    return { id: newId(), seller, buyer };
  });
  await t.database.db.insert(buyerRequests).values(
    trades.map(({ id, seller, buyer }) => ({
      id, productId: newId(), buyerId: buyer.id, sellerId: seller.id, buyerName: buyer.name, buyerEmail: buyer.email, phoneNumber: '0123456789',
      buyerAddress: '1 Road', status: 'Completed' as const, image1: 'https://img.test.example/1.jpg', name: 'Thing', age: 1, date: '2024-01-01',
      category: 'homeAndLiving', priceCents: 100, uploaderName: seller.name, uploaderPhone: '0123456789', uploaderLocation: 'Leeds', sellerEmail: seller.email,
    })),
  );

  // Each party reviews with probability 0.8, eight at a time; a third of the windows are then closed by their job's handler.
  const writes = trades.flatMap((trade) => [trade.buyer, trade.seller].filter(() => rand() < 0.8).map((author) => ({ trade, author, rating: 1 + Math.floor(rand() * 5) })));
  const written: Review[] = [];
  for (let i = 0; i < writes.length; i += 8) {
    const batch = await Promise.all(writes.slice(i, i + 8).map((w) => review(t, w.author, w.trade.id, { rating: w.rating, text: 'random' })));
    for (const res of batch) {
      expect(res.statusCode, res.body).toBe(201);
      written.push(res.json<{ review: Review }>().review);
    }
  }
  expect(written.length).toBeGreaterThan(250);
  await Promise.all(trades.filter(() => rand() < 0.33).map((trade) => t.services.reviews.closeWindow(trade.id)));
  const published = (await t.database.db.execute(sql`select id from reviews where status = 'published'`)) as unknown as { rows: { id: string }[] };
  const publishedIds = (Array.isArray(published) ? published : published.rows).map((r: { id: string }) => r.id);
  for (const id of publishedIds.filter(() => rand() < 0.05)) {
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/reviews/${id}` })).statusCode).toBe(200);
  }
  const pending = written.filter((r) => !publishedIds.includes(r._id));
  for (const r of pending.slice(0, 5)) expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/reviews/${r._id}` })).statusCode).toBe(200);

  const recount = await t.services.reviews.repository.recount();
  const sums = await t.services.reviews.repository.allSums();
  const expected = new Map<string, { sellerSum: number; sellerCount: number; buyerSum: number; buyerCount: number }>();
  for (const r of recount) {
    const e = expected.get(r.userId) ?? { sellerSum: 0, sellerCount: 0, buyerSum: 0, buyerCount: 0 };
    if (r.role === 'seller') Object.assign(e, { sellerSum: r.sum, sellerCount: r.count });
    else Object.assign(e, { buyerSum: r.sum, buyerCount: r.count });
    expected.set(r.userId, e);
  }
  expect(recount.reduce((n, r) => n + r.count, 0)).toBeGreaterThan(100);
  for (const s of sums) {
    expect({ userId: s.userId, sellerSum: s.sellerSum, sellerCount: s.sellerCount, buyerSum: s.buyerSum, buyerCount: s.buyerCount }).toEqual({
      userId: s.userId,
      ...(expected.get(s.userId) ?? { sellerSum: 0, sellerCount: 0, buyerSum: 0, buyerCount: 0 }),
    });
  }
  for (const userId of expected.keys()) expect(sums.some((s) => s.userId === userId)).toBe(true);
});

it('two trades between the same two people published at the same moment do not deadlock (sums locked in one order)', { timeout: 300_000 }, async () => {
  const t = getApp();
  const [ann, bob] = [await t.createUser({ name: 'Ann' }), await t.createUser({ name: 'Bob' })];
  const completed = (seller: TestUser, buyer: TestUser) => {
    const id = newId();
    return {
      id,
      row: {
        id, productId: newId(), buyerId: buyer.id, sellerId: seller.id, buyerName: buyer.name, buyerEmail: buyer.email, phoneNumber: '0123456789',
        buyerAddress: '1 Road', status: 'Completed' as const, image1: 'https://img.test.example/1.jpg', name: 'Thing', age: 1, date: '2024-01-01',
        category: 'homeAndLiving', priceCents: 100, uploaderName: seller.name, uploaderPhone: '0123456789', uploaderLocation: 'Leeds', sellerEmail: seller.email,
      },
    };
  };
  let published = 0;
  for (let round = 0; round < 15; round++) {
    // Ann sold to Bob and Bob sold to Ann. In the first trade Bob reviews first (his review of Ann is stored first), in
    // the second Ann does: each second review publishes both, and the stored orders name Ann and Bob the other way
    // round. On PostgreSQL, unsorted, the two transactions took Ann's and Bob's sums rows in opposite orders.
    const [one, two] = [completed(ann, bob), completed(bob, ann)];
    await t.database.db.insert(buyerRequests).values([one.row, two.row]);
    expect((await review(t, bob, one.id, { rating: 4 })).statusCode).toBe(201);
    expect((await review(t, ann, two.id, { rating: 3 })).statusCode).toBe(201);
    const [a, b] = await Promise.all([review(t, ann, one.id, { rating: 5 }), review(t, bob, two.id, { rating: 2 })]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    published += 4;
  }
  const sums = await t.services.reviews.repository.allSums();
  const of = (u: TestUser) => sums.find((s) => s.userId === u.id)!;
  // Ann: as a seller 15 x 4 (Bob's), as a buyer 15 x 2; Bob: as a buyer 15 x 5, as a seller 15 x 3.
  expect([of(ann).sellerSum, of(ann).sellerCount, of(ann).buyerSum, of(ann).buyerCount]).toEqual([60, 15, 30, 15]);
  expect([of(bob).buyerSum, of(bob).buyerCount, of(bob).sellerSum, of(bob).sellerCount]).toEqual([75, 15, 45, 15]);
  expect(published).toBe(60);
});
