// Your account is yours (issue 32): deleting an account, exporting it, changing its email. The deletion and the
// export are checked against the schema itself: every table with a column naming a user must be some registered
// module's part (lib/account-lifecycle.ts), and after a deletion no row of any table may still hold the user's
// email, name, phone or address.
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type InsertedResponse } from '@olden/contracts';
import * as schema from '../../db/schema.ts';
import { buyerRequests, products, sessions, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { SESSION_COOKIE } from '../auth/service.ts';
import { createProduct } from '../products/fixtures.ts';
import { postOk } from '../messages/fixtures.ts';
import { createTestApp, expectError, TEST_PASSWORD, type TestApp, type TestUser } from '../../test/harness.ts';
import { decodedBodyOf, startSmtp, type TestSmtp } from '../../test/smtp.ts';

const PUBLIC_URL = 'http://olden.test';
const CHIEF = 'chief-owner@test.example';

let smtp: TestSmtp;
let t: TestApp;
let passwordHash: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, ADMIN_EMAILS: CHIEF });
  passwordHash = await hashPassword(TEST_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/**
 * Every table of the schema, with the columns that name a user (a foreign key to users, or a
 * *user/owner/seller/buyer/sender/reporter/actor/moderator/blocker/blocked id).
 */
function userColumns(): { table: string; columns: string[]; hasId: boolean }[] {
  const out: { table: string; columns: string[]; hasId: boolean }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const byFk = config.foreignKeys
      .filter((fk) => getTableName(fk.reference().foreignTable) === 'users')
      .flatMap((fk) => fk.reference().columns.map((c) => c.name));
    const byName = config.columns.map((c) => c.name).filter((n) => /(^|_)(user|owner|seller|buyer|sender|reporter|actor|moderator|blocker|blocked)_id$/.test(n));
    const columns = [...new Set([...byFk, ...byName])];
    if (config.name === 'users') columns.push('id');
    if (columns.length > 0) out.push({ table: config.name, columns, hasId: config.columns.some((c) => c.name === 'id') });
  }
  return out;
}

async function rowsOf(table: string, column: string, userId: string): Promise<Record<string, unknown>[]> {
  const res = await t.database.db.execute(sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows;
}

async function wholeDatabase(): Promise<string> {
  const dump: Record<string, unknown> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const name = getTableConfig(value).name;
    dump[name] = (await t.database.db.execute(sql`select * from ${sql.identifier(name)}`) as unknown as { rows: unknown[] }).rows;
  }
  return JSON.stringify(dump);
}

/** A user with a password, a listing others asked for, a request of their own, messages, an upload, a pending email change. */
async function busyUser(name: string) {
  const u = await t.createUser({ name });
  await t.services.users.setPasswordHash(u.id, passwordHash);
  const phone = `07${Math.floor(Math.random() * 1e9).toString().padStart(9, '0')}`;
  const address = `${Math.floor(Math.random() * 1e6)} Unique Lane`;
  // Their listing, and a request for it from someone else.
  const buyer = await t.createUser({ name: 'Other Buyer' });
  const productId = await createProduct(t, u, { name: 'Oak sideboard' });
  await t.database.db.update(products).set({ uploaderPhone: phone, uploaderLocation: address }).where(eq(products.id, productId));
  const incoming = await t.injectAs(buyer, { method: 'POST', url: '/api/buyerProduct', payload: { productId, phoneNumber: '0199999999', buyerAddress: '9 Other Road' } });
  expect(incoming.statusCode, incoming.body).toBe(200);
  const incomingId = incoming.json<InsertedResponse>().insertedId!;
  await postOk(t, buyer, incomingId, 'Is it still there?');
  await postOk(t, u, incomingId, 'Yes it is');
  // Their own request, accepted by its seller (the listing is reserved for them).
  const seller = await t.createUser({ name: 'Other Seller' });
  const sellerProduct = await createProduct(t, seller, { name: 'Brass lamp' });
  const outgoing = await t.injectAs(u, { method: 'POST', url: '/api/buyerProduct', payload: { productId: sellerProduct, phoneNumber: phone, buyerAddress: address } });
  expect(outgoing.statusCode, outgoing.body).toBe(200);
  const outgoingId = outgoing.json<InsertedResponse>().insertedId!;
  const accepted = await t.injectAs(seller, { method: 'PATCH', url: `/api/buyerProduct/${outgoingId}`, payload: { status: 'Accepted' } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await postOk(t, u, outgoingId, 'Can I pick it up on Friday?');
  // A saved listing (the seller's lamp), a saved search; and someone else saved theirs.
  const saved = await t.injectAs(u, { method: 'PUT', url: `/api/favourites/${sellerProduct}` });
  expect(saved.json(), saved.body).toEqual({ favourited: true, favouriteCount: 1 });
  const theirs = await t.injectAs(buyer, { method: 'PUT', url: `/api/favourites/${productId}` });
  expect(theirs.statusCode, theirs.body).toBe(200);
  const search = await t.injectAs(u, { method: 'POST', url: '/api/savedSearches', payload: { filters: { q: 'oak chair', maxPrice: '80' }, alert: 'daily' } });
  expect(search.statusCode, search.body).toBe(201);
  // A pending email change and a security event.
  const change = await t.injectAs(u, { method: 'POST', url: '/api/users/me/email', payload: { newEmail: `${u.id}-next@test.example`, password: TEST_PASSWORD } });
  expect(change.statusCode, change.body).toBe(202);
  // A report they filed, and blocks both ways with a third member (issue 28).
  const pest = await t.createUser({ name: 'Persistent Pest' });
  const reported = await t.injectAs(u, { method: 'POST', url: '/api/reports', payload: { targetType: 'user', targetId: pest.id, reason: 'spam' } });
  expect(reported.statusCode, reported.body).toBe(201);
  for (const [who, whom] of [[u, pest], [pest, u]] as const) {
    const block = await t.injectAs(who, { method: 'PUT', url: `/api/blocks/${whom.id}` });
    expect(block.statusCode, block.body).toBe(200);
  }
  await t.services.mailer.idle();
  return { u, buyer, seller, pest, productId, sellerProduct, incomingId, outgoingId, phone, address };
}

describe('account lifecycle registry', () => {
  it('every table with a column naming a user is a registered part (a new module must register to pass)', () => {
    const claimed = new Map(t.services.lifecycle.parts().flatMap((p) => p.tables.map((table) => [table, p.module] as const)));
    const unclaimed = userColumns().map((c) => c.table).filter((table) => !claimed.has(table));
    expect(unclaimed, 'tables naming a user that no AccountPart answers for').toEqual([]);
    // And the check can fail: the schema does have such tables.
    expect(userColumns().length).toBeGreaterThan(5);
  });
});

describe('DELETE /api/users/me', () => {
  it('removes or anonymises the user everywhere; threads stay for the other party; the email is free at once', async () => {
    const w = await busyUser('Zebulon Quartermaine');
    const { u } = w;
    const second = await t.services.auth.startSession(u.row);
    const res = await t.injectAs(u, { method: 'DELETE', url: '/api/users/me', payload: { password: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.accountDeleted });
    await t.services.mailer.idle();

    // Every session ended: the token and a second session both stop working.
    expect((await t.injectAs(u, { method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect(second.sessionId).toBeTruthy();

    // Table by table: only what the issue lists is left (the tombstone, the kept requests and messages).
    const KEPT: Record<string, string> = {
      users: 'tombstone',
      buyer_requests: 'threads others keep',
      request_messages: 'threads others keep',
      reports: 'the moderation record',
      moderation_decisions: 'the moderation record',
      audit_events: "the admins' log",
    };
    for (const { table, columns } of userColumns()) {
      for (const column of columns) {
        const rows = await rowsOf(table, column, u.id);
        if (KEPT[table]) continue;
        expect(rows, `${table}.${column} still names the deleted user`).toEqual([]);
      }
    }
    // Nothing personal anywhere in the database: name, email, phone, address.
    const dump = await wholeDatabase();
    for (const secret of [u.email, u.name, w.phone, w.address]) expect(dump.includes(secret), `"${secret}" left in the database`).toBe(false);

    // The tombstone.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ name: 'Deleted user', passwordHash: null, oidcSubject: null, role: 'user' });
    expect(row!.deletedAt).toBeInstanceOf(Date);

    // Their listing is gone and its request declined (the buyer was mailed); their own accepted request is cancelled and the listing available again.
    expect(await t.database.db.select().from(products).where(eq(products.id, w.productId))).toEqual([]);
    const [incoming] = await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, w.incomingId));
    expect(incoming!.status).toBe('Declined');
    const [outgoing] = await t.database.db.select().from(buyerRequests).where(eq(buyerRequests.id, w.outgoingId));
    expect(outgoing).toMatchObject({ status: 'Cancelled', buyerName: 'Deleted user', phoneNumber: '', buyerAddress: '' });
    const [lamp] = await t.database.db.select().from(products).where(eq(products.id, w.sellerProduct));
    expect(lamp!.status).toBe('available');
    // Their favourite went with them (the lamp's count with it); the buyer's favourite of their listing shows it deleted.
    expect(lamp!.favouriteCount).toBe(0);
    const kept = await t.injectAs(w.buyer, { method: 'GET', url: '/api/favourites' });
    expect(kept.json<{ productId: string; deleted: boolean; name: string }[]>()).toEqual([expect.objectContaining({ productId: w.productId, deleted: true, name: 'Oak sideboard' })]);

    // The other party still reads the thread, the author shown as "Deleted user".
    const thread = await t.injectAs(w.buyer, { method: 'GET', url: `/api/buyerProduct/${w.incomingId}/messages` });
    expect(thread.statusCode, thread.body).toBe(200);
    const texts = thread.json<{ senderName: string; text: string }[]>();
    expect(texts.map((m) => [m.senderName, m.text])).toEqual([
      ['Other Buyer', 'Is it still there?'],
      ['Deleted user', 'Yes it is'],
    ]);

    // The address is free at once, and the old one was told.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Someone New', email: u.email, password: TEST_PASSWORD, photoURL: 'https://img.test.example/a.png' },
      remoteAddress: '10.99.0.1',
    });
    expect(again.statusCode, again.body).toBe(201);
    const mails = smtp.to(u.email).map((m) => decodedBodyOf(m.raw));
    expect(mails.some((m) => m.includes('was deleted'))).toBe(true);
  });

  it('refuses a wrong password (400 WRONG_PASSWORD) and changes nothing', async () => {
    const u = await t.createUser();
    await t.services.users.setPasswordHash(u.id, passwordHash);
    const res = await t.injectAs(u, { method: 'DELETE', url: '/api/users/me', payload: { password: 'Wrong#123x' } });
    expectError(res, 400, { code: 'WRONG_PASSWORD' });
    expect((await t.services.users.findById(u.id))!.deletedAt).toBeNull();
    expectError(await t.injectAs(u, { method: 'DELETE', url: '/api/users/me', payload: {} }), 400, { code: 'VALIDATION' });
  });

  it('a Google-only account needs a sign-in within the last 10 minutes (403 REAUTH_REQUIRED)', async () => {
    const u = await t.createUser();
    await t.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) }).where(eq(sessions.id, u.sessionId));
    expectError(await t.injectAs(u, { method: 'DELETE', url: '/api/users/me' }), 403, { code: 'REAUTH_REQUIRED' });
    expect((await t.services.users.findById(u.id))!.deletedAt).toBeNull();
    await t.database.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.id, u.sessionId));
    const res = await t.injectAs(u, { method: 'DELETE', url: '/api/users/me' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an ADMIN_EMAILS admin (PROTECTED_ADMIN) and the last admin (LAST_ADMIN) cannot delete themselves', async () => {
    const chief = await t.createUser({ email: CHIEF, role: 'admin' });
    await t.services.users.setPasswordHash(chief.id, passwordHash);
    expectError(await t.injectAs(chief, { method: 'DELETE', url: '/api/users/me', payload: { password: TEST_PASSWORD } }), 409, { code: 'PROTECTED_ADMIN' });
    // Make the chief a plain user for a moment: the other admin is then the last one.
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
    const last = await t.createUser({ role: 'admin' });
    await t.services.users.setPasswordHash(last.id, passwordHash);
    expectError(await t.injectAs(last, { method: 'DELETE', url: '/api/users/me', payload: { password: TEST_PASSWORD } }), 409, { code: 'LAST_ADMIN' });
    expect((await t.services.users.findById(last.id))!.deletedAt).toBeNull();
    await t.services.users.grantAdminByEmail(CHIEF);
    // With another admin, an admin may leave.
    const res = await t.injectAs(last, { method: 'DELETE', url: '/api/users/me', payload: { password: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('GET /api/users/me/export', () => {
  it('answers one attachment with every row of the user the schema holds (other users by name only); once per hour', async () => {
    const w = await busyUser('Xanthe Export');
    const res = await t.injectAs(w.u, { method: 'GET', url: '/api/users/me/export' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="olden-goods-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = res.body;
    const data = res.json<Record<string, unknown>>();
    for (const key of ['profile', 'listings', 'buyRequestsMade', 'buyRequestsReceived', 'messages', 'images', 'sessions', 'securityEvents', 'twoFactor', 'passkeys', 'favourites', 'savedSearches', 'reportsFiled', 'blocked']) {
      expect(data, key).toHaveProperty(key);
    }
    // Completeness against the tables: each row naming the user is in the export by its id, unless its part says why not.
    const notExported = new Map(t.services.lifecycle.parts().flatMap((p) => Object.entries(p.notExported ?? {})));
    let checked = 0;
    for (const { table, columns, hasId } of userColumns()) {
      if (table === 'users' || notExported.has(table)) continue;
      for (const column of columns) {
        for (const row of await rowsOf(table, column, w.u.id)) {
          const key = hasId ? String(row.id) : String(row[column]);
          expect(body.includes(key), `${table} row ${key} (by ${column}) missing from the export`).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(data.favourites).toEqual([expect.objectContaining({ productId: w.sellerProduct, name: 'Brass lamp', status: 'reserved', deleted: false })]);
    expect(data.savedSearches).toEqual([expect.objectContaining({ filters: { q: 'oak chair', maxPrice: '80' }, alert: 'daily' })]);
    expect([...notExported.values()].every((why) => why.length > 10)).toBe(true);
    // Other users by name only; whom they blocked by name, never who blocked them.
    expect(data.blocked).toEqual([expect.objectContaining({ name: 'Persistent Pest' })]);
    for (const other of [w.buyer, w.seller, w.pest]) {
      expect(body.includes(other.email)).toBe(false);
      expect(body.includes(other.id)).toBe(false);
    }
    expect(body.includes('0199999999')).toBe(false);
    expect(body.includes('Other Buyer')).toBe(true);
    expectError(await t.injectAs(w.u, { method: 'GET', url: '/api/users/me/export' }), 429, { code: 'RATE_LIMITED' });
  });
});

describe('email change', () => {
  const linkToken = (raw: string) => /\/confirmEmail\?token=([A-Za-z0-9_-]+)/.exec(decodedBodyOf(raw))?.[1];
  async function lastLink(to: string): Promise<string> {
    await t.services.mailer.idle();
    const mails = smtp.to(to);
    const token = mails.length ? linkToken(mails.at(-1)!.raw) : undefined;
    if (!token) throw new Error(`no confirmation link to ${to}`);
    return token;
  }
  async function userWithPassword(): Promise<TestUser> {
    const u = await t.createUser();
    await t.services.users.setPasswordHash(u.id, passwordHash);
    return u;
  }
  const ask = (u: TestUser, newEmail: string, password = TEST_PASSWORD) =>
    t.injectAs(u, { method: 'POST', url: '/api/users/me/email', payload: { newEmail, password } });
  const confirm = (u: TestUser, token: string) => t.injectAs(u, { method: 'POST', url: '/api/users/me/email/confirm', payload: { token } });

  it('mails a link to the new address and a notice to the old; nothing changes until the link is used; then email, listings and sessions move together', async () => {
    const u = await userWithPassword();
    const productId = await createProduct(t, u);
    const other = await t.services.auth.startSession(u.row);
    const newEmail = `moved-${u.id}@test.example`;
    const res = await ask(u, newEmail);
    expect(res.statusCode, res.body).toBe(202);
    const token = await lastLink(newEmail);
    expect(smtp.to(u.email).some((m) => decodedBodyOf(m.raw).includes(newEmail))).toBe(true);
    expect((await t.services.users.findById(u.id))!.email).toBe(u.email);

    const done = await confirm(u, token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: { email: newEmail, emailVerified: true } });
    const [listing] = await t.database.db.select().from(products).where(eq(products.id, productId));
    expect(listing!.sellerEmail).toBe(newEmail);
    // The other session ended, this one stays.
    const others = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(others.map((s) => s.id)).toEqual([u.sessionId]);
    expect(other.sessionId).not.toBe(u.sessionId);
    // Single use.
    expectError(await confirm(u, token), 400, { code: 'INVALID_TOKEN' });
  });

  it('refuses a wrong password, the same address, another account confirming, an expired or replaced link', async () => {
    const u = await userWithPassword();
    expectError(await ask(u, `x-${u.id}@test.example`, 'Wrong#123x'), 400, { code: 'WRONG_PASSWORD' });
    expectError(await ask(u, u.email.toUpperCase()), 400, { code: 'VALIDATION' });
    const first = `first-${u.id}@test.example`;
    const second = `second-${u.id}@test.example`;
    expect((await ask(u, first)).statusCode).toBe(202);
    const firstToken = await lastLink(first);
    expect((await ask(u, second)).statusCode).toBe(202);
    const secondToken = await lastLink(second);
    // The older link was replaced.
    expectError(await confirm(u, firstToken), 400, { code: 'INVALID_TOKEN' });
    // Someone else signed in cannot use it, and it stays usable.
    const stranger = await t.createUser();
    expectError(await confirm(stranger, secondToken), 409, { code: 'SIGN_IN_TO_VERIFY' });
    // Expired.
    await t.database.db.execute(sql`update email_changes set expires_at = now() - interval '1 second' where user_id = ${u.id}`);
    expectError(await confirm(u, secondToken), 400, { code: 'INVALID_TOKEN' });
  });

  it('an address in use is answered like a free one; registered meanwhile, the link says 409 EMAIL_TAKEN', async () => {
    const u = await userWithPassword();
    const taken = await t.createUser();
    const res = await ask(u, taken.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });
    expectError(await confirm(u, await lastLink(taken.email)), 409, { code: 'EMAIL_TAKEN' });

    const free = `free-${u.id}@test.example`;
    expect((await ask(u, free)).statusCode).toBe(202);
    const token = await lastLink(free);
    await t.createUser({ email: free });
    expectError(await confirm(u, token), 409, { code: 'EMAIL_TAKEN' });
    expect((await t.services.users.findById(u.id))!.email).toBe(u.email);
  });

  it('two confirmations at once: one wins, the other is refused; a link asked from an address the account no longer has is void', async () => {
    const u = await userWithPassword();
    const target = `race-${u.id}@test.example`;
    expect((await ask(u, target)).statusCode).toBe(202);
    const token = await lastLink(target);
    const [a, b] = await Promise.all([confirm(u, token), confirm(u, token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);

    // Tied to both addresses: a link asked before another change landed proves nothing.
    const v = await userWithPassword();
    const one = `one-${v.id}@test.example`;
    expect((await ask(v, one)).statusCode).toBe(202);
    const oneToken = await lastLink(one);
    await t.database.db.update(users).set({ email: `elsewhere-${v.id}@test.example` }).where(eq(users.id, v.id));
    expectError(await confirm(v, oneToken), 400, { code: 'INVALID_TOKEN' });
  });

  it('ADMIN_EMAILS is re-checked at confirmation: a change to a listed address makes the account admin', async () => {
    const u = await userWithPassword();
    await t.database.db.execute(sql`update users set email = ${`old-${u.id}@test.example`} where id = ${u.id}`);
    const renamed = { ...u, email: `old-${u.id}@test.example` };
    // The listed address is made free first (the chief's account moves away).
    await t.database.db.execute(sql`update users set email = ${`chief-away-${u.id}@test.example`} where email = ${CHIEF}`);
    expect((await ask(renamed, CHIEF)).statusCode).toBe(202);
    const done = await confirm(renamed, await lastLink(CHIEF));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: { email: CHIEF, admin: true } });
    expect(done.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });
});
