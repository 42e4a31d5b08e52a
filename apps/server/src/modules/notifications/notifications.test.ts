// Trade mails read from a real SMTP server on loopback: who is mailed about what, the link to the thread,
// the 15-minute throttle per thread and recipient, and PATCH /api/users/me {notifyByEmail}.
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { MESSAGE_MAIL_THROTTLE_MS, type SessionUser } from '@olden/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerRequests } from '../../db/schema.ts';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../test/harness.ts';
import { bodyOf, decodedBodyOf, startSmtp, subjectOf, type TestSmtp } from '../../test/smtp.ts';
import { openThread, post, postOk, type Thread } from '../messages/fixtures.ts';
import { createThreadMarks } from '../buyer-requests/thread-marks.ts';

const PUBLIC_URL = 'https://olden.test';
let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const threadLink = (requestId: string) => `${PUBLIC_URL}/dashboard/requests/${requestId}`;
async function mailsTo(user: TestUser) {
  await t.services.mailer.idle();
  return smtp.to(user.email);
}
/** The mails `user` got after `mark` (a count taken with mailsTo before the act). */
async function mailsAfter(user: TestUser, mark: number) {
  return (await mailsTo(user)).slice(mark);
}
/** The Subject header with its RFC 2047 encoded words (quoted-printable or base64) decoded. */
const rowOf = async (id: string) => (await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, id)))[0]!;

function setNotify(user: TestUser, notifyByEmail: unknown) {
  return t.injectAs(user, { method: 'PATCH', url: '/api/users/me', payload: { notifyByEmail } });
}

describe('names in trade mails', () => {
  const textOf = (raw: string) => Buffer.from(decodedBodyOf(raw), 'latin1').toString('utf8');

  it("another user's name with a URL is never a link; the recipient's own name only once their address is proven", async () => {
    const unproven = await openThread(t, { seller: 'Sam https://evil.example', buyer: 'Bea https://evil.example/win www.evil.example' });
    const [first] = await mailsTo(unproven.seller);
    const body = textOf(first!.raw);
    expect(body.replace(/\u200D/g, '')).toContain('Bea https://evil.example/win www.evil.example would like to buy');
    expect(body.replace(/https:\/\/olden\.test\S*/g, '')).not.toMatch(/https?:\/\/|www\.|evil\.example/);
    expect(body).toContain('Hello, Bea');
    expect(body).not.toContain('Sam');

    const proven = await openThread(t, { seller: 'Sam Seller' });
    await t.services.users.markEmailVerified(proven.seller.id, proven.seller.email);
    await postOk(t, proven.buyer, proven.requestId, 'Still for sale?');
    const mails = await mailsTo(proven.seller);
    expect(textOf(mails.at(-1)!.raw)).toContain('Hello Sam Seller, Bea Buyer wrote to you');
  });
});

describe('request mails', () => {
  it('a new request (POST /api/buyerProduct): the seller is mailed, with a link to the thread; the buyer is not', async () => {
    const th = await openThread(t, { listing: 'Brass lamp', buyer: 'Bea Buyer' });
    const [mail, ...more] = await mailsTo(th.seller);
    expect(more).toEqual([]);
    expect(subjectOf(mail!.raw)).toBe('New request for "Brass lamp"');
    expect(decodedBodyOf(mail!.raw)).toContain('Bea Buyer would like to buy "Brass lamp"');
    expect(decodedBodyOf(mail!.raw)).toContain(threadLink(th.requestId));
    expect(await mailsTo(th.buyer)).toEqual([]);
  });

  // Each decision through the real lifecycle call: PATCH (accept, decline) or the spec's DELETE (handover).
  const decide = (th: Thread, status: 'Accepted' | 'Declined') =>
    t.injectAs(th.seller, { method: 'PATCH', url: `/api/buyerProduct/${th.requestId}`, payload: { status } });
  const remove = (th: Thread, by: TestUser) => t.injectAs(by, { method: 'DELETE', url: `/api/buyerProduct/${th.requestId}` });

  it.each([
    ['Accepted', 'Your request for "Oak chest" was accepted', (th: Thread) => decide(th, 'Accepted')],
    ['Declined', 'Your request for "Oak chest" was declined', (th: Thread) => decide(th, 'Declined')],
    ['Completed', 'Your request for "Oak chest" is completed', (th: Thread) => remove(th, th.seller)],
  ] as const)('%s: the buyer is mailed', async (status, subject, act) => {
    const th = await openThread(t, { listing: 'Oak chest' });
    const sellerMark = (await mailsTo(th.seller)).length;
    expect((await act(th)).statusCode).toBe(200);
    expect((await rowOf(th.requestId)).status).toBe(status);
    const mails = await mailsTo(th.buyer);
    expect(mails.map((m) => subjectOf(m.raw))).toEqual([subject]);
    expect(decodedBodyOf(mails[0]!.raw)).toContain(threadLink(th.requestId));
    expect(await mailsAfter(th.seller, sellerMark)).toEqual([]);
  });

  it('a cancellation (the buyer’s own act) mails nobody', async () => {
    const th = await openThread(t);
    const sellerMark = (await mailsTo(th.seller)).length;
    expect((await remove(th, th.buyer)).statusCode).toBe(200);
    expect((await rowOf(th.requestId)).status).toBe('Cancelled');
    expect(await mailsTo(th.buyer)).toEqual([]);
    expect(await mailsAfter(th.seller, sellerMark)).toEqual([]);
  });
});

describe('message mails', () => {
  let th: Thread;
  /** The seller's mails before the thread's messages (the new request's mail). */
  let sellerMark = 0;
  beforeAll(async () => {
    th = await openThread(t, { listing: 'Pine dresser', buyer: 'Bea <b>Buyer</b>' });
    sellerMark = (await mailsTo(th.seller)).length;
  });

  it('the recipient is mailed the text (plain, and escaped in HTML) with a link to the thread; the sender is not', async () => {
    await postOk(t, th.buyer, th.requestId, 'Is the <script>alert(1)</script> drawer & key included?');
    const [mail, ...more] = await mailsAfter(th.seller, sellerMark);
    expect(more).toEqual([]);
    expect(subjectOf(mail!.raw)).toBe('New message about "Pine dresser"');
    const body = decodedBodyOf(mail!.raw);
    expect(body).toContain('Is the <script>alert(1)</script> drawer & key included?');
    expect(body).toContain('Is the &lt;script&gt;alert(1)&lt;/script&gt; drawer &amp; key included?');
    expect(body).toContain('Bea &lt;b&gt;Buyer&lt;/b&gt; wrote to you');
    expect(body).not.toMatch(/<script>alert\(1\)<\/script> drawer &amp;/);
    expect(body).toContain(threadLink(th.requestId));
    expect(await mailsTo(th.buyer)).toEqual([]);
  });

  it('a flagged message (docs/product.md#scam-warnings) is not quoted: the mail carries no link, address or number of it, only the thread', async () => {
    const flagged = await openThread(t, { listing: 'Brass lamp' });
    const mark = (await mailsTo(flagged.seller)).length;
    const text = 'Pay here first: https://secure-pay-parcel.example/order/8812 or mail bob@payfast-uk.com, or WhatsApp 07911 123456';
    const message = await postOk(t, flagged.buyer, flagged.requestId, text);
    expect(message.flags).toEqual(['external_link', 'email_address', 'phone_number', 'messaging_app']);
    const [mail, ...more] = await mailsAfter(flagged.seller, mark);
    expect(more).toEqual([]);
    const body = decodedBodyOf(mail!.raw);
    expect(body).toContain('Never pay outside Olden Goods');
    expect(body).toContain(threadLink(flagged.requestId));
    for (const part of ['secure-pay-parcel', 'payfast', '07911', 'WhatsApp']) expect(body).not.toContain(part);
    // The only link of the mail is the thread's.
    const hrefs = [...body.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([threadLink(flagged.requestId)]);
  });

  it('at most one mail per thread and recipient per 15 minutes; the other party’s throttle is their own', async () => {
    await postOk(t, th.buyer, th.requestId, 'Second question');
    await postOk(t, th.buyer, th.requestId, 'Third question');
    expect(await mailsAfter(th.seller, sellerMark)).toHaveLength(1);
    await postOk(t, th.seller, th.requestId, 'Yes it is');
    expect((await mailsTo(th.buyer)).map((m) => subjectOf(m.raw))).toEqual(['New message about "Pine dresser"']);
    // A minute short of the window: still quiet.
    await t.database.db
      .update(buyerRequests)
      .set({ sellerMailedAt: sql`now() - make_interval(secs => ${(MESSAGE_MAIL_THROTTLE_MS - 60_000) / 1000}::double precision)` })
      .where(eq(buyerRequests.id, th.requestId));
    await postOk(t, th.buyer, th.requestId, 'Fourth');
    expect(await mailsAfter(th.seller, sellerMark)).toHaveLength(1);
    // Past it: the next message mails again.
    await t.database.db
      .update(buyerRequests)
      .set({ sellerMailedAt: sql`now() - make_interval(secs => ${MESSAGE_MAIL_THROTTLE_MS / 1000 + 1}::double precision)` })
      .where(eq(buyerRequests.id, th.requestId));
    await postOk(t, th.buyer, th.requestId, 'Fifth, a quarter of an hour later');
    const mails = await mailsAfter(th.seller, sellerMark);
    expect(mails).toHaveLength(2);
    expect(decodedBodyOf(mails[1]!.raw)).toContain('Fifth, a quarter of an hour later');
  });

  it('the throttle is one atomic claim: of concurrent claims exactly one wins', async () => {
    const other = await openThread(t);
    const repo = createThreadMarks(t.database.db);
    const wins = await Promise.all(Array.from({ length: 6 }, () => repo.claimMail(other.requestId, 'seller', MESSAGE_MAIL_THROTTLE_MS)));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('a mail server that is down never fails the reply', async () => {
    // A port nothing listens on any more: the connection is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL });
    try {
      const x = await openThread(down);
      const res = await post(down, x.buyer, x.requestId, 'Hello?');
      expect(res.statusCode).toBe(200);
      await down.services.mailer.idle();
    } finally {
      await down.close();
    }
  });
});

describe('PATCH /api/users/me {notifyByEmail}', () => {
  it('false turns request and message mails off, true back on; the session reports it', async () => {
    const th = await openThread(t, { listing: 'Quiet clock' });
    const sellerMark = (await mailsTo(th.seller)).length;
    const res = await setNotify(th.seller, false);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: SessionUser }>().user, res.body).toMatchObject({ notifyByEmail: false, email: th.seller.email });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: th.seller.cookie } });
    expect(session.json<{ user: SessionUser }>().user.notifyByEmail).toBe(false);

    t.services.notify.requestCreated(await rowOf(th.requestId));
    await postOk(t, th.buyer, th.requestId, 'Anyone there?');
    expect(await mailsAfter(th.seller, sellerMark)).toEqual([]);

    // Quiet time spends no throttle: turned back on, the next message mails at once.
    expect((await setNotify(th.seller, true)).json<{ user: SessionUser }>().user.notifyByEmail).toBe(true);
    await postOk(t, th.buyer, th.requestId, 'Hello again');
    expect((await mailsAfter(th.seller, sellerMark)).map((m) => subjectOf(m.raw))).toEqual(['New message about "Quiet clock"']);

    // The buyer's own switch covers the status mails.
    await setNotify(th.buyer, false);
    const accepted = await t.injectAs(th.seller, { method: 'PATCH', url: `/api/buyerProduct/${th.requestId}`, payload: { status: 'Accepted' } });
    expect(accepted.statusCode).toBe(200);
    expect(await mailsTo(th.buyer)).toEqual([]);
  });

  it('is on by default, refuses anything but a boolean (400), and only ever changes the caller (anonymous: 401)', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: user.cookie } });
    expect(session.json<{ user: SessionUser }>().user.notifyByEmail).toBe(true);
    for (const bad of ['false', 0, null, { $ne: true }]) {
      expectError(await setNotify(user, bad), 400, { code: 'VALIDATION' });
    }
    expectError(await t.injectAs(null, { method: 'PATCH', url: '/api/users/me', payload: { notifyByEmail: false } }), 401, {});
    expect((await setNotify(user, false)).statusCode).toBe(200);
    expect((await t.services.users.findById(other.id))?.notifyByEmail).toBe(true);
    expect((await t.services.users.findById(user.id))?.notifyByEmail).toBe(false);
  });

  it('account mails still go when trade mail is off', async () => {
    const user = await t.createUser();
    await setNotify(user, false);
    const res = await t.injectAs(user, { method: 'POST', url: '/api/auth/verify-email/send' });
    expect(res.statusCode).toBe(200);
    expect((await mailsTo(user)).length).toBe(1);
    expect(bodyOf((await mailsTo(user))[0]!.raw)).toContain(PUBLIC_URL);
  });
});
