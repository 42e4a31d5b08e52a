// The typo dictionary (docs/decisions/004) holds only the words of current listings; listing edits and
// searches have budgets.
import { searchWords } from '../../db/schema.ts';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp, useTestApp } from '../../test/harness.ts';
import { createProduct, productBody } from './fixtures.ts';
import { PRODUCT_UPDATE_BUDGET, SEARCH_BUDGET } from './service.ts';

// 200 edits of one listing: a budget wide enough for them (60 x 4 per hour).
const getApp = useTestApp({ RATE_LIMIT_FACTOR: '4' });

async function dictionary(t: TestApp): Promise<Map<string, number>> {
  const rows = await t.database.db.select().from(searchWords);
  return new Map(rows.map((r) => [r.word, r.refs]));
}

const randomWord = () =>
  Array.from({ length: 6 + Math.floor(Math.random() * 5) }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('the search dictionary', () => {
  it('200 renames of one listing leave only its current words', async () => {
    const t = getApp();
    const before = await dictionary(t);
    const seller = await t.createUser();
    const id = await createProduct(t, seller, { name: 'Walnut writing desk' });
    let name = '';
    for (let i = 0; i < 200; i++) {
      name = `${randomWord()} ${randomWord()} ${randomWord()}`;
      const res = await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ name }) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await dictionary(t);
    const added = [...after.keys()].filter((w) => !before.has(w));
    expect(added.sort()).toEqual(name.split(' ').filter((w) => !before.has(w)).sort());
    // A typo of a word from an old name finds no correction any more.
    expect((await t.services.products.searchTerms('walnutt'))?.alternatives).toBeUndefined();
  });

  it('counts listings per word: a word shared by two names stays until the last one goes', async () => {
    const t = getApp();
    const seller = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    const a = await createProduct(t, seller, { name: 'Zanzibar teapot' });
    const b = await createProduct(t, seller, { name: 'Zanzibar kettle' });
    expect((await dictionary(t)).get('zanzibar')).toBe(2);
    await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${a}` });
    expect((await dictionary(t)).get('zanzibar')).toBe(1);
    expect((await dictionary(t)).has('teapot')).toBe(false);
    // A ban deletes the listing by cascade: the trigger counts that too.
    expect((await t.injectAs(admin, { method: 'DELETE', url: `/api/users/${seller.id}` })).statusCode).toBe(200);
    expect(b).toBeTruthy();
    const words = await dictionary(t);
    expect(words.has('zanzibar')).toBe(false);
    expect(words.has('kettle')).toBe(false);
  });

  it('a repeated word counts once per listing; an edit that keeps the name changes nothing', async () => {
    const t = getApp();
    const seller = await t.createUser();
    const id = await createProduct(t, seller, { name: 'Quixote quixote lamp' });
    expect((await dictionary(t)).get('quixote')).toBe(1);
    await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ name: 'Quixote quixote lamp', price: '5' }) });
    expect((await dictionary(t)).get('quixote')).toBe(1);
  });
});

describe('budgets', () => {
  it('listing edits: past the per-user budget 429 with Retry-After, the listing unchanged; another seller unaffected', async () => {
    // 60 x 0.05 = 3 edits per hour.
    const t = await createTestApp({ RATE_LIMIT_FACTOR: '0.05' });
    try {
      const [seller, other] = [await t.createUser(), await t.createUser()];
      const id = await createProduct(t, seller);
      const max = Math.ceil(PRODUCT_UPDATE_BUDGET.max * 0.05);
      for (let i = 0; i < max; i++) {
        expect((await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ name: `Edit ${i}` }) })).statusCode).toBe(200);
      }
      const refused = await t.injectAs(seller, { method: 'PATCH', url: `/api/products/${id}`, payload: productBody({ name: 'One too many' }) });
      expectError(refused, 429, { code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.injectAs(null, { method: 'GET', url: `/api/products/${id}` })).json().name).toBe(`Edit ${max - 1}`);
      const otherId = await createProduct(t, other);
      expect((await t.injectAs(other, { method: 'PATCH', url: `/api/products/${otherId}`, payload: productBody() })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('searches: past the per-address budget 429; browsing without q and other addresses unaffected', async () => {
    // 120 x 0.05 = 6 searches per minute.
    const t = await createTestApp({ RATE_LIMIT_FACTOR: '0.05' });
    try {
      const max = Math.ceil(SEARCH_BUDGET.max * 0.05);
      const get = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
      for (let i = 0; i < max; i++) expect((await get(`/api/products?q=lamp${i}`, '10.1.1.1')).statusCode).toBe(200);
      const refused = await get('/api/products?q=lamp', '10.1.1.1');
      expectError(refused, 429, { code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      for (let i = 0; i < 20; i++) expect((await get('/api/products?category=electronics', '10.1.1.1')).statusCode).toBe(200);
      // A q without words searches for nothing: not counted.
      expect((await get('/api/products?q=%20-', '10.1.1.1')).statusCode).toBe(200);
      expect((await get('/api/products?q=lamp', '10.2.2.2')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
