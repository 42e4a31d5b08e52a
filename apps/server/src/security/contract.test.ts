// The contract: every answer of a run over every operation keeps to /api/openapi.json (docs/product.md, API).
// The run is the authorisation matrix's valid calls as all four callers, then invalid ones (empty, malformed
// and wrongly typed input, unknown ids) as anonymous, a user and an admin. An undocumented status, media type,
// body or missing header fails.
import { YORK_GB, ZURICH } from '../modules/places/test-places.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ContractChecker, contractChecker } from '../test/contract.ts';
import { type TestUser, useTestApp } from '../test/harness.ts';
import { MATRIX, newWorld as matrixWorld, ROLES, type World, worldSetup, type WorldSetup } from './matrix.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 300_000 });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'og-contract-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// Two places of the gazetteer, so the places routes answer as they do in production.
const getApp = useTestApp({ DATA_DIR: dataDir }, { places: (p) => p.id === YORK_GB || p.id === ZURICH });

/** Event streams never end by themselves: the call hangs up after this long. */
const STREAMS = new Set(['GET /api/events']);

let document: Record<string, unknown>;
let checker: ContractChecker;
let setup: WorldSetup | undefined;

beforeAll(async () => {
  const t = getApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  checker = await contractChecker(structuredClone(document));
  setup = await worldSetup(t);
});

const newWorld = () => matrixWorld(getApp(), setup!);

let addressCounter = 0;
/** A fresh address per call: the per-address budgets must not turn the run into a run of 429s. */
const nextAddress = () => `10.88.${Math.floor(addressCounter / 250) % 250}.${(addressCounter++ % 250) + 1}`;

async function send(key: string, caller: TestUser | null, request: InjectOptions) {
  const t = getApp();
  const full = { remoteAddress: nextAddress(), ...request, ...(STREAMS.has(key) ? { signal: AbortSignal.timeout(500) } : {}) };
  const res = await t.injectAs(caller, full);
  return checker.problems(full, res);
}

describe('API contract', () => {
  it('the document itself is valid OpenAPI 3', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
  });

  it('covers every route of the route table (the matrix has one valid call for each)', () => {
    const keys = getApp().app.routeTable.map((r) => `${r.method} ${r.url}`).filter((k) => k !== 'GET /api/health' && k !== 'GET /api/openapi.json');
    for (const key of keys) expect(MATRIX[key], key).toBeDefined();
  });

  it('valid calls, as anonymous, owner, another user and admin, answer as documented', async () => {
    const problems: string[] = [];
    let shared: World | undefined;
    for (const [key, entry] of Object.entries(MATRIX)) {
      if (key === 'GET /api/health' || key === 'GET /api/openapi.json') continue;
      for (const role of ROLES) {
        const w = entry.state || key === 'POST /api/auth/logout' ? await newWorld() : (shared ??= await newWorld());
        const caller = role === 'anonymous' ? null : w[role];
        const request = await entry.request(w, caller);
        if (entry.cookie && caller) request.headers = { ...request.headers, cookie: caller.cookie };
        problems.push(...(await send(key, caller, request)).map((p) => `${role}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('invalid calls (empty, malformed, wrongly typed, unknown ids) answer as documented', async () => {
    const t = getApp();
    const problems: string[] = [];
    const routes = t.app.routeTable.filter((r) => !r.schema?.hide);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const sample = (value: string) => route.url.replace(/:([A-Za-z0-9_]+)/g, () => value);
      const hasBody = route.method === 'POST' || route.method === 'PATCH';
      const requests: InjectOptions[] = [
        { method: route.method as 'GET', url: sample('0'.repeat(32)), ...(hasBody ? { payload: {} } : {}) },
        { method: route.method as 'GET', url: sample('not-an-id'), ...(hasBody ? { payload: { name: 7, email: ['x'], price: -1 } } : {}) },
        ...(hasBody ? [{ method: route.method as 'POST', url: sample('0'.repeat(32)), headers: { 'content-type': 'application/json' }, payload: '{"a":' }] : []),
        ...(hasBody ? [{ method: route.method as 'POST', url: sample('0'.repeat(32)), headers: { 'content-type': 'text/xml' }, payload: '<a/>' }] : []),
        ...(route.method === 'GET' ? [{ method: 'GET' as const, url: `${sample('0'.repeat(32))}?limit=abc&cursor=%00&sort=nope&page=-1` }] : []),
        // A URL that does not decode, and an id past the router's limit.
        ...(route.url.includes(':') ? [{ method: route.method as 'GET', url: sample('%E0%A4%A') }, { method: route.method as 'GET', url: sample('a'.repeat(301)) }] : []),
      ];
      for (const who of ['anonymous', 'user', 'admin'] as const) {
        for (const request of requests) {
          const caller = who === 'anonymous' ? null : await t.createUser(who === 'admin' ? { role: 'admin' } : {});
          problems.push(...(await send(key, caller, request)).map((p) => `${who}: ${p}`));
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
