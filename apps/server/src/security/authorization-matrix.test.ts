// Suite 1: the authorisation matrix, generated from the server's own route table. A route without an
// entry in MATRIX (matrix.ts) fails the first test; every entry is run for each of the four callers.
import { YORK_GB, ZURICH } from '../modules/places/test-places.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuyerProduct } from '@olden/contracts';
import { type TestUser, useTestApp } from '../test/harness.ts';
import { MATRIX, newWorld as matrixWorld, ROLES, type World, worldSetup, type WorldSetup } from './matrix.ts';

// A shared, busy machine can make one app's setup (migrations, seed) slow: give hooks room.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-matrix-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// Two places of the gazetteer, so the places routes answer as they do in production.
const getApp = useTestApp({ DATA_DIR: dataDir }, { places: (p) => p.id === YORK_GB || p.id === ZURICH });
let setup: WorldSetup | undefined;

beforeAll(async () => {
  setup = await worldSetup(getApp());
});

const newWorld = () => matrixWorld(getApp(), setup!);

/** Read-only cases share one world; writes (and logout, which ends the caller's session) get a fresh one. */
let shared: World | undefined;
const worldFor = async (key: string, fresh: boolean) => (fresh || key === 'POST /api/auth/logout' ? newWorld() : (shared ??= await newWorld()));

const routeKeys = () => getApp().app.routeTable.map((r) => `${r.method} ${r.url}`);

describe('authorisation matrix', () => {
  it('has exactly one entry per route in the route table (a new route without an entry fails here)', () => {
    const keys = routeKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(27);
    expect([...keys].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('the route table declares the level the matrix implies (admin routes refuse users, user routes refuse anonymous)', () => {
    for (const route of getApp().app.routeTable) {
      const [anonymous, , other] = MATRIX[`${route.method} ${route.url}`]!.expect;
      if (route.auth === 'user' || route.auth === 'admin') expect(anonymous, `${route.method} ${route.url}`).toBe(401);
      if (route.auth === 'admin') expect(other, `${route.method} ${route.url}`).toBe(403);
    }
  });

  for (const [key, entry] of Object.entries(MATRIX)) {
    describe(key, () => {
      ROLES.forEach((role, i) => {
        const expected = entry.expect[i]!;
        it(`${role}: ${expected}`, async () => {
          const w = await worldFor(key, Boolean(entry.state));
          const caller: TestUser | null = role === 'anonymous' ? null : w[role];
          const request = await entry.request(w, caller);
          if (entry.cookie && caller) request.headers = { ...request.headers, cookie: caller.cookie };
          const before = entry.state ? await entry.state(w) : undefined;
          const res = await w.t.injectAs(caller, request);
          expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
          if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
            expect(res.json()).toMatchObject({ statusCode: res.statusCode, message: expect.any(String) });
          }
          if (entry.state) {
            const after = await entry.state(w);
            if (expected < 300) expect(after, 'an allowed write changes its state').not.toEqual(before);
            else expect(after, 'a refused write changes nothing').toEqual(before);
          }
        });
      });
    });
  }

  it("a buy request's seller may remove it too (handover), and a seller's request list is the seller's or an admin's", async () => {
    const w = await newWorld();
    const list = (caller: TestUser | null) =>
      w.t.injectAs(caller, { method: 'GET', url: `/api/buyerProduct?email=${encodeURIComponent(w.seller.email)}` });
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(w.other)).statusCode).toBe(403);
    expect((await list(w.owner)).statusCode).toBe(403);
    expect((await list(w.admin)).statusCode).toBe(200);
    const mine = await list(w.seller);
    expect(mine.json<BuyerProduct[]>().map((r) => r._id)).toEqual([w.requestId]);
    const res = await w.t.injectAs(w.seller, { method: 'DELETE', url: `/api/buyerProduct/${w.requestId}` });
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('an admin cannot ban himself (403) and stays admin and signed in', async () => {
    const w = await newWorld();
    const res = await w.t.injectAs(w.admin, { method: 'DELETE', url: `/api/users/${w.admin.id}` });
    expect(res.statusCode).toBe(403);
    expect((await w.t.injectAs(w.admin, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });
});
