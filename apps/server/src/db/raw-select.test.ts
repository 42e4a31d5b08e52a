// On PostgreSQL a browse page (docs/decisions/015) is read straight on pg (rawPreparedSelect); its rows must be the
// ones drizzle's own query gives, value for value and key for key. On PGlite there is no raw path at all.
import { PAGE_LIMIT_DEFAULT } from '@olden/contracts';
import { describe, expect, it } from 'vitest';
import { createProductsRepository, type ListFilter } from '../modules/products/repository.ts';
import { productBody } from '../modules/products/fixtures.ts';
import { useTestApp } from '../test/harness.ts';
import { rawPreparedSelect } from './client.ts';
import { products } from './schema.ts';

describe('browse pages read without drizzle\'s row mapper', () => {
  const getApp = useTestApp();

  it('give the rows drizzle gives, for every sort and filter, and exist only on PostgreSQL', async () => {
    const t = getApp();
    const seller = await t.createUser();
    for (const [i, category] of ['electronics', 'pets', 'electronics'].entries()) {
      const res = await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody({ category, price: 10 + i * 1.25 }) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const repo = createProductsRepository(t.database.db);
    const filters: ListFilter[] = [
      { sort: 'newest', limit: 2 },
      { sort: 'price_asc', category: 'electronics', minCents: 1000, maxCents: 2000, limit: 5 },
      { sort: 'price_desc', sellerEmail: seller.email, limit: 5 },
      // The default page (its LIMIT written in) on both paths.
      { sort: 'newest', limit: PAGE_LIMIT_DEFAULT + 1 },
      { sort: 'newest', category: 'electronics', limit: PAGE_LIMIT_DEFAULT + 1 },
    ];
    for (const filter of filters) {
      const listed = await repo.list(filter);
      expect(listed.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(listed).toStrictEqual(await repo.buildBrowseQuery(filter));
      // Browse rows carry the seller's id (the page's ratings are looked up by it, issue 29), never the update time.
      expect(Object.keys(listed[0]!)).toContain('sellerId');
      expect(Object.keys(listed[0]!)).not.toContain('updatedAt');
    }
    const raw = rawPreparedSelect(t.database.db, 'raw_select_test', t.database.db.select({ id: products.id }).from(products), { id: products.id });
    expect(raw !== undefined).toBe(t.database.kind === 'postgres');
    // A type it does not decode (a tsvector) leaves the caller on drizzle's path.
    expect(rawPreparedSelect(t.database.db, 'raw_select_test2', t.database.db.select({ s: products.search }).from(products), { s: products.search })).toBeUndefined();
  });

  it('the default page\'s prepared statement has its LIMIT written in, so PostgreSQL can keep a generic plan; other sizes bind it', () => {
    const repo = createProductsRepository(getApp().database.db);
    for (const category of [undefined, 'electronics']) {
      const page = repo.buildBrowseQuery({ sort: 'newest', category, limit: PAGE_LIMIT_DEFAULT + 1 }, true).toSQL();
      expect(page.sql).toMatch(new RegExp(`limit ${PAGE_LIMIT_DEFAULT + 1}$`));
      expect(page.params.some((p) => p === PAGE_LIMIT_DEFAULT + 1 || (p as { name?: string }).name === 'limit')).toBe(false);
      const other = repo.buildBrowseQuery({ sort: 'newest', category, limit: 7 }, true).toSQL();
      expect(other.sql).toMatch(/limit \$\d+$/);
    }
  });
});
