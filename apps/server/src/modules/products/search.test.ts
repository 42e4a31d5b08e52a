import type { Product } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, type TestApp, type TestUser, useTestApp } from '../../test/harness.ts';
import { createProduct, productBody } from './fixtures.ts';
import type { Db } from '../../db/client.ts';
import { createProductsRepository, type ListedProduct, type ListFilter, type ProductChanges } from './repository.ts';
import { createFullTextSearch, type FullTextSearchOptions } from './search/full-text.ts';
import { createSearchInspector } from './search/inspect.ts';
import { SEARCH_PAGE_TTL_MS } from './search/page-memory.ts';

/**
 * The full-text engine with these options, wired to a products repository as the service wires them (its writes
 * reach the engine's memory); `list` and `explainableQueries` read relevance pages through the engine and its
 * inspector, `corrections` a q's corrections per word.
 */
function fullText(db: Db, options: FullTextSearchOptions = {}) {
  const engine = createFullTextSearch(db, options);
  const repo = createProductsRepository(db, { onWrite: (change) => engine.listingsChanged(change) });
  const inspector = createSearchInspector(db, options);
  type RelevanceFilter = Omit<ListFilter, 'search'> & { search: NonNullable<ListFilter['search']> };
  return {
    ...repo,
    list: ({ search, sort: _sort, after, limit, ...filters }: RelevanceFilter) =>
      engine.search({ ...filters, terms: search }, after && [Number(after[0]), after[1]], limit),
    explainableQueries: ({ sort: _sort, ...filter }: RelevanceFilter) => inspector.statements(filter),
    async corrections(words: string[]): Promise<Map<string, string[]>> {
      const terms = await engine.terms(words.join(' '));
      return new Map((terms?.alternatives ?? []).map(([word, ...spellings]): [string, string[]] => [word!, spellings]).filter(([, spellings]) => spellings.length > 0));
    },
  };
}
type FullText = ReturnType<typeof fullText>;

// A generous budget: this file lists ~70 products from two sellers.
const getApp = useTestApp({ RATE_LIMIT_FACTOR: '10' });

/** Every relevance page of q through repo, `limit` at a time, following each page's cursor. */
async function relevancePages(t: TestApp, repo: FullText, q: string, limit: number, extra: Partial<ListFilter> = {}) {
  const search = (await t.services.products.searchTerms(q))!;
  const rows: ListedProduct[] = [];
  let after: ListFilter['after'];
  for (let page = 0; page < 40; page++) {
    const got = await repo.list({ search, sort: 'relevance', limit, after, ...extra });
    rows.push(...got);
    if (got.length < limit) break;
    after = [got.at(-1)!.rank!, got.at(-1)!.id];
  }
  return rows;
}
const ranked = (rows: ListedProduct[]) => rows.map((r) => `${r.rank}:${r.name}`);

const ADJECTIVES = ['Vintage', 'Antique', 'Rustic', 'Retro', 'Painted', 'Carved', 'Gilded', 'Worn', 'Pine', 'Walnut'];
const NOUNS = ['lamp', 'chair', 'mirror', 'clock', 'radio', 'vase', 'desk'];
const CATEGORIES = ['homeAndLiving', 'electronics', 'education'];
// Few distinct prices, so ties on price must be broken by id.
const PRICES = ['10', '25.50', '99', '120.50', '300'];

async function walk(t: TestApp, query: string, limit = 7): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const url = `/api/products?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await t.injectAs(null, { method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const page = res.json<Product[]>();
    expect(page.length).toBeLessThanOrEqual(limit);
    ids.push(...page.map((p) => p._id));
    cursor = res.headers['x-next-cursor'] as string | undefined;
    if (cursor) {
      expect(page).toHaveLength(limit);
      expect(res.headers.link).toContain(`cursor=${cursor}`);
    }
    pages += 1;
    expect(pages).toBeLessThan(50);
  } while (cursor);
  return { ids, pages };
}

async function all(t: TestApp, query: string): Promise<Product[]> {
  const res = await t.injectAs(null, { method: 'GET', url: `/api/products?${query}&limit=100` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-next-cursor']).toBeUndefined();
  return res.json<Product[]>();
}

describe('search and pagination', () => {
  let seller: TestUser;
  let catalogue: Product[] = [];

  // ~70 listings from two sellers, and the search fixtures; every test below reads them (and removes what it adds).
  beforeAll(async () => {
    const t = getApp();
    seller = await t.createUser({ name: 'Sally Seller' });
    const second = await t.createUser();
    let n = 0;
    for (const adjective of ADJECTIVES) {
      for (const noun of NOUNS.slice(0, 5 + (n % 3))) {
        n += 1;
        await createProduct(t, n % 2 ? seller : second, {
          name: `${adjective} ${noun} no. ${n}`,
          category: CATEGORIES[n % CATEGORIES.length],
          price: PRICES[n % PRICES.length],
          shortDescription: `A ${noun} for the house`,
          longDescription: 'Sold as seen, collection only.',
        });
      }
    }
    // Search fixtures: a typo target, a name match and a description-only match.
    await createProduct(t, seller, { name: 'Vintage brass lamp', category: 'homeAndLiving', price: '45' });
    await createProduct(t, seller, {
      name: 'Green glass shade',
      shortDescription: 'Fits any lamp',
      longDescription: 'A lamp shade that fits any lamp base; the lamp itself is not included.',
      price: '12',
    });
    await createProduct(t, seller, { name: 'Brass candlestick', shortDescription: 'Heavy, polished brass', price: '30' });
    catalogue = await all(t, 'sort=newest');
    expect(catalogue.length).toBeGreaterThanOrEqual(60);
  });

  describe('keyset pages with limit 7: no duplicates, no gaps, same order as one big page', () => {
    const filters = [
      '',
      'category=homeAndLiving',
      'category=ELECTRONICS',
      'minPrice=20&maxPrice=150',
      'category=education&minPrice=25',
      'q=lamp',
      'q=vintage',
      'q=antique chair',
      'q=rustic&category=homeAndLiving&maxPrice=120.5',
    ];
    const sorts = ['sort=newest', 'sort=price_asc', 'sort=price_desc'];
    for (const filter of filters) {
      for (const sort of sorts) {
        const query = [filter, sort].filter(Boolean).join('&');
        it(query, async () => {
          const t = getApp();
          const expected = (await all(t, query)).map((p) => p._id);
          const { ids, pages } = await walk(t, query);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids).toEqual(expected);
          expect(pages).toBe(Math.max(1, Math.ceil(expected.length / 7)));
          if (!filter.includes('q=')) expect(expected.length).toBeGreaterThan(7);
        });
      }
    }

    it('without q the orders and filters are exactly right', async () => {
      const t = getApp();
      const byId = (a: Product, b: Product) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
      const newest = [...catalogue].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || byId(b, a));
      expect(catalogue.map((p) => p._id)).toEqual(newest.map((p) => p._id));

      const cheap = [...catalogue].sort((a, b) => a.price - b.price || byId(a, b));
      expect((await walk(t, 'sort=price_asc')).ids).toEqual(cheap.map((p) => p._id));
      const dear = [...catalogue].sort((a, b) => b.price - a.price || byId(b, a));
      expect((await walk(t, 'sort=price_desc')).ids).toEqual(dear.map((p) => p._id));

      const filtered = catalogue.filter((p) => p.category === 'education' && p.price >= 99 && p.price <= 120.5);
      expect((await walk(t, 'category=education&minPrice=99&maxPrice=120.50')).ids).toEqual(filtered.map((p) => p._id));
    });
  });

  describe('search', () => {
    it('tolerates typos: q=vintge lamp finds "Vintage brass lamp"', async () => {
      const t = getApp();
      const names = (await all(t, 'q=vintge%20lamp')).map((p) => p.name);
      expect(names).toContain('Vintage brass lamp');
      expect(names.every((n) => /vintage/i.test(n))).toBe(true);
      expect((await all(t, 'q=brsas')).map((p) => p.name)).toEqual([]);
      expect((await all(t, 'q=candlestik')).map((p) => p.name)).toEqual(['Brass candlestick']);
    });

    it('corrects only words no name contains, and learns words from new and renamed listings', async () => {
      const t = getApp();
      const lamb = await createProduct(t, seller, { name: 'Lamb wool blanket', category: 'kids', price: '20' });
      // "lamp" is a known word, so it is not widened to "lamb".
      expect((await all(t, 'q=lamp')).map((p) => p._id)).not.toContain(lamb);
      expect((await all(t, 'q=blankit')).map((p) => p._id)).toEqual([lamb]);
      expect((await all(t, 'q=gramophone')).map((p) => p._id)).toEqual([]);
      const res = await t.injectAs(seller, {
        method: 'PATCH',
        url: `/api/products/${lamb}`,
        payload: productBody({ name: 'Walnut gramophone', category: 'electronics' }),
      });
      expect(res.statusCode).toBe(200);
      expect((await all(t, 'q=gramophon')).map((p) => p._id)).toEqual([lamb]);
      expect((await all(t, 'q=gramaphone')).map((p) => p._id)).toEqual([lamb]);
      // A stop word is not "corrected" into a dictionary word that would then be required.
      const stool = await createProduct(t, seller, { name: 'Withers oak stool', price: '15' });
      expect((await all(t, 'q=withrs')).map((p) => p.name)).toEqual(['Withers oak stool']);
      expect((await all(t, 'q=vintge%20with%20lamp')).map((p) => p.name)).toContain('Vintage brass lamp');
      // Taken literally when it uses web-search syntax: no correction for a quoted typo.
      expect((await all(t, `q=${encodeURIComponent('"gramaphone"')}`)).map((p) => p._id)).toEqual([]);
      for (const id of [lamb, stool]) await t.injectAs(seller, { method: 'DELETE', url: `/api/products/${id}` });
    });

    it('ranks a name match above a description-only match', async () => {
      const t = getApp();
      const names = (await all(t, 'q=lamp')).map((p) => p.name);
      const shade = names.indexOf('Green glass shade');
      expect(shade).toBeGreaterThan(-1);
      const nameMatches = names.filter((n) => /lamp/i.test(n));
      expect(nameMatches.length).toBeGreaterThan(3);
      for (const n of nameMatches) expect(names.indexOf(n)).toBeLessThan(shade);
      // The closest name wins: the two-word match comes first for "brass lamp".
      expect((await all(t, 'q=brass%20lamp'))[0]?.name).toBe('Vintage brass lamp');
      expect((await all(t, 'q=brass')).map((p) => p.name)).toEqual(['Brass candlestick', 'Vintage brass lamp']);
    });

    it('combines with filters and the other sorts', async () => {
      const t = getApp();
      const lampsByPrice = await all(t, 'q=lamp&sort=price_asc');
      expect(lampsByPrice.map((p) => p.price)).toEqual([...lampsByPrice.map((p) => p.price)].sort((a, b) => a - b));
      const filtered = await all(t, 'q=lamp&category=homeAndLiving&minPrice=40');
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((p) => p.category === 'homeAndLiving' && p.price >= 40 && /lamp/i.test(p.name))).toBe(true);
    });

    it('odd queries never fail: web-search syntax, quotes, SQL and punctuation', async () => {
      const t = getApp();
      for (const q of ['"brass lamp" -vintage', "'; drop table products; --", '!!!', '%', 'lamp OR clock', '\\', 'ä ö ü', '<%']) {
        const res = await t.injectAs(null, { method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` });
        expect(res.statusCode, q).toBe(200);
      }
      const quoted = await all(t, `q=${encodeURIComponent('"brass lamp" -candlestick')}`);
      expect(quoted.map((p) => p.name)).toEqual(['Vintage brass lamp']);
      // Still there after the "SQL" query.
      expect((await all(t, 'sort=newest')).length).toBe(catalogue.length);
    });

    it('each way to a tier\'s page (newest listings, the probe, the date-index walk) gives the same pages', async () => {
      const t = getApp();
      // The default finds most pages among the newest listings (the fixtures are few); walkFirst 0 sorts the probe;
      // probeLimit 2 then walks the date index for every tier with three or more matches; walkFirst 6 mixes them.
      const head = fullText(t.database.db);
      const probed = fullText(t.database.db, { walkFirst: 0 });
      const walked = fullText(t.database.db, { walkFirst: 0, probeLimit: 2 });
      const mixed = fullText(t.database.db, { walkFirst: 6, probeLimit: 4 });
      // probeLimit 1: a name tier the pairs cannot read first looks among a window of the newest listings sized
      // from the dictionary's counts and the table's row count (which ANALYZE sets).
      await t.database.db.execute(sql`analyze products`);
      const windowed = fullText(t.database.db, { walkFirst: 1, probeLimit: 1 });
      const pages = async (repo: typeof probed, q: string, extra: Partial<ListFilter> = {}) => ranked(await relevancePages(t, repo, q, 4, extra));
      for (const [q, extra] of [['lamp', {}], ['vintage', {}], ['vintge lamp', {}], ['brass', {}], ['clock', { category: 'electronics' }], ['chair', { maxCents: 9900 }]] as const) {
        const expected = await pages(probed, q, extra);
        expect(expected.length, q).toBeGreaterThan(1);
        for (const repo of [head, walked, mixed, windowed]) expect(await pages(repo, q, extra), q).toEqual(expected);
        if (q === 'lamp') {
          // The window filled the page: the newest-listings statement ran (walkFirst 1 alone cannot), no probe.
          const texts = (await windowed.explainableQueries({ search: (await t.services.products.searchTerms(q))!, sort: 'relevance', limit: 4 })).map((st) => new PgDialect().sqlToQuery(st).sql);
          expect(texts.map((text) => (text.includes(') as products where') ? 'head' : text.includes('count(*) over ()') ? 'probe' : 'other'))).toEqual(['head']);
        }
        // Best tier first, newest first within a tier (the rank is tier * 1e13 + creation time in ms).
        const ranks = expected.map((r) => Number(r.split(':')[0]));
        expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
        // The server's pages (the default probe) agree.
        if (Object.keys(extra).length === 0) {
          expect((await all(t, `q=${encodeURIComponent(q)}`)).map((p) => p.name), q).toEqual(expected.map((r) => r.split(':').slice(1).join(':')));
        }
      }
    });

    it('a probe through the name\'s word pairs finds what testing the words finds', async () => {
      const t = getApp();
      // walkFirst 0: every tier's page comes from its probe, the one step the pairs change.
      const pairs = fullText(t.database.db, { walkFirst: 0 });
      const words = fullText(t.database.db, { walkFirst: 0, namePairs: false });
      await createProduct(t, seller, { name: 'Lamp of lamps, walnut 1920', price: '15' });
      await createProduct(t, seller, { name: 'Mid-century walnut desk', price: '15' });
      const pages = async (repo: typeof pairs, q: string) => ranked(await relevancePages(t, repo, q, 3));
      // Two and three words, a typo, stop words, a repeated word, plural and case, digits, a hyphen, no match.
      const queries = ['vintage lamp', 'Brass LAMP', 'vintage brass lamp', 'vintge lamp', 'antiqe chair', 'the vintage lamp',
        'lamp lamps', 'walnut 1920', 'lamps walnut', 'pine-clock radio', 'rustic chairs', 'gilded unicorn', 'mid-centry desk',
        'mid centry desk', 'mid-century desk', 'centry walnut'];
      for (const q of queries) {
        const expected = await pages(words, q);
        expect(await pages(pairs, q), q).toEqual(expected);
        if (!['gilded unicorn', 'pine-clock radio'].includes(q)) expect(expected.length, q).toBeGreaterThan(0);
      }
      const statements = await pairs.explainableQueries({ search: (await t.services.products.searchTerms('vintage lamp'))!, sort: 'relevance', limit: 3 });
      const plans: string[] = [];
      for (const statement of statements) {
        const { rows } = (await t.database.db.execute(sql`explain ${statement}`)) as unknown as { rows: Record<string, string>[] };
        plans.push(...rows.map((r) => Object.values(r)[0]!));
      }
      expect(plans.join('\n')).toContain('og_name_pairs');
      await t.database.db.execute(sql`delete from products where name in ('Lamp of lamps, walnut 1920', 'Mid-century walnut desk')`);
    });

    it('the word pairs by month give, month by month, the pages testing the words gives', async () => {
      const t = getApp();
      const { db } = t.database;
      // Spread the listings over about two years, each a further 9 days back (the newest stays): a tier's page then
      // takes several months, a month holds several matches, and a cursor lands inside one.
      const spread = async (sign: 1 | -1) =>
        db.execute(sql`update products p set created_at = p.created_at - make_interval(days => ${sign * 9} * o.n::int)
          from (select id, row_number() over (order by created_at desc, id desc) - 1 as n from products) o where o.id = p.id`);
      await spread(1);
      try {
        const pairs = fullText(db, { walkFirst: 0 });
        const words = fullText(db, { walkFirst: 0, namePairs: false });
        const pages = (repo: typeof pairs, q: string, extra: Partial<ListFilter> = {}) => relevancePages(t, repo, q, 2, extra);
        // The newest listing's first two words, so the newest month holds a match.
        const { rows: [newest] } = (await db.execute(sql`select name from products order by created_at desc, id desc limit 1`)) as unknown as { rows: { name: string }[] };
        const newestWords = newest!.name.split(/\s+/).slice(0, 2).join(' ');
        for (const [q, extra] of [[newestWords, {}], ['vintage lamp', {}], ['lamp vintage', {}], ['vintge lamp', {}], ['rustic chair', { maxCents: 9900 }], ['antique-clock', {}], ['pine radio', { category: 'electronics' }]] as const) {
          const expected = await pages(words, q, extra);
          const got = await pages(pairs, q, extra);
          expect(ranked(got), q).toEqual(ranked(expected));
          if (q === newestWords) expect(got[0]?.name, q).toBe(newest!.name);
          if (q === 'vintage lamp') {
            // The pages took listings from several months (30 days of epoch time each).
            expect(new Set(got.map((r) => Math.floor(r.createdAt.getTime() / 2_592_000_000))).size).toBeGreaterThan(1);
            const statements = await pairs.explainableQueries({ search: (await t.services.products.searchTerms(q))!, sort: 'relevance', limit: 2 });
            expect(statements.map((s) => new PgDialect().sqlToQuery(s).sql).join('\n')).toContain('og_name_pairs_by_month');
          }
          if (q === 'vintge lamp') {
            // The exact tier ("vintge", in no name) is probed, not walked month by month; the corrected tier is walked.
            const statements = await pairs.explainableQueries({ search: (await t.services.products.searchTerms(q))!, sort: 'relevance', limit: 2 });
            const texts = statements.map((s) => new PgDialect().sqlToQuery(s).sql);
            expect(texts[0]).toContain('count(*) over ()');
            expect(texts.join('\n')).not.toContain('og_query_pairs');
            expect(texts.join('\n')).toContain('og_name_pairs_query');
          }
        }
      } finally {
        await spread(-1);
      }
    });

    it('a name tier skips the newest listings when the dictionary\'s counts say its names cannot fill a page there', async () => {
      const t = getApp();
      await t.database.db.execute(sql`analyze products`);
      // Which of a tier's statements the page ran: its `head` (the newest walkFirst listings) or its GIN probe.
      const steps = async (walkFirst: number, q: string) => {
        const repo = fullText(t.database.db, { walkFirst });
        const search = (await t.services.products.searchTerms(q))!;
        const texts = (await repo.explainableQueries({ search, sort: 'relevance', limit: 4 })).map((s) => new PgDialect().sqlToQuery(s).sql);
        return { head: texts.some((text) => text.includes(') as products where')), probe: texts.some((text) => text.includes('count(*) over ()')) };
      };
      // "lamp" is in about one name in seven: a page of 4 is likely among the 500 newest, not among 6.
      expect(await steps(500, 'lamp')).toEqual({ head: true, probe: false });
      expect(await steps(6, 'lamp')).toEqual({ head: false, probe: true });
      // Either way the pages are the same (the probe's).
      const probed = fullText(t.database.db, { walkFirst: 0 });
      const few = fullText(t.database.db, { walkFirst: 6 });
      for (const q of ['lamp', 'vintage', 'vintge lamp', 'rustic chair']) {
        const search = (await t.services.products.searchTerms(q))!;
        const names = async (repo: typeof probed) => (await repo.list({ search, sort: 'relevance', limit: 4 })).map((r) => r.name);
        expect(await names(few), q).toEqual(await names(probed));
      }
    });

    it('a remembered first page reads its listings afresh: another process\'s edit shows at once, a deleted one is searched again', async () => {
      const t = getApp();
      const repo = fullText(t.database.db);
      const other = fullText(t.database.db); // another process: its writes do not reach repo's memory
      const search = (await t.services.products.searchTerms('lamp'))!;
      const firstPage = () => repo.list({ search, sort: 'relevance', limit: 5 });
      const before = await firstPage();
      expect(before).toHaveLength(5);
      const target = (await repo.findById(before[1]!.id))!;
      const { id: _id, sellerId: _s, uploaderName: _u, sellerEmail: _e, createdAt: _c, updatedAt: _up, ...fields } = target;
      await other.update(target.id, { ...fields, priceCents: target.priceCents + 1 });
      const edited = await firstPage();
      expect(edited.map((r) => r.id)).toEqual(before.map((r) => r.id));
      expect(edited[1]!.priceCents).toBe(target.priceCents + 1);
      expect(edited.map((r) => r.rank)).toEqual(before.map((r) => r.rank));
      // Gone meanwhile: the page is searched again, so it is still full and the next listing moves up.
      const copy = await other.insert({ ...target, id: '0123456789abcdef0123abcd', name: `${target.name} copy` });
      expect(copy.id).toBeTruthy();
      const withCopy = await fullText(t.database.db).list({ search, sort: 'relevance', limit: 5 });
      expect(withCopy.map((r) => r.id)).toContain(copy.id);
      expect((await firstPage()).map((r) => r.id)).toEqual(before.map((r) => r.id)); // remembered: the copy is new
      const { row: removed } = await other.delete(before[0]!.id);
      const after = await firstPage();
      expect(after).toHaveLength(5);
      expect(after.map((r) => r.id)).not.toContain(before[0]!.id);
      expect(after.map((r) => r.id)).toContain(copy.id);
      await other.delete(copy.id!);
      await other.insert(removed!);
      await other.update(target.id, fields);
    });

    it('a remembered first page in use is searched again in the background before it expires', async () => {
      const t = getApp();
      let now = 1_000_000;
      const repo = fullText(t.database.db, { now: () => now });
      const other = fullText(t.database.db);
      const search = (await t.services.products.searchTerms('clock'))!;
      const firstPage = async () => (await repo.list({ search, sort: 'relevance', limit: 3 })).map((r) => r.id);
      const before = await firstPage();
      const newest = (await repo.findById(before[0]!))!;
      const { id: added } = await other.insert({ ...newest, id: '0123456789abcdef0123dcba', name: 'Brand new clock', createdAt: new Date() });
      now += SEARCH_PAGE_TTL_MS * 0.5;
      expect(await firstPage()).toEqual(before); // remembered, not yet due
      now += SEARCH_PAGE_TTL_MS * 0.2;
      expect(await firstPage()).toEqual(before); // served as remembered; the search runs in the background
      let seen: string[] = [];
      for (let i = 0; i < 100 && !seen.includes(added!); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await firstPage();
      }
      expect(seen[0]).toBe(added);
      await other.delete(added!);
    });

    it('typo corrections stay cached across an edit that keeps the name, and are asked afresh after a rename', async () => {
      const t = getApp();
      const repo = fullText(t.database.db);
      const other = fullText(t.database.db); // another process: its writes do not clear repo's cache
      expect(await repo.corrections(['harpsichrd'])).toEqual(new Map());
      const { id } = await other.insert({ ...(await repo.findById(catalogue[0]!._id))!, id: '0123456789abcdef01234567', name: 'Walnut harpsichord' });
      expect(id).toBeTruthy();
      const row = (await repo.findById(catalogue[1]!._id))!;
      const changes = (over: Partial<ProductChanges>): ProductChanges => {
        const { id: _id, sellerId: _s, uploaderName: _u, sellerEmail: _e, createdAt: _c, updatedAt: _up, ...rest } = row;
        return { ...rest, ...over };
      };
      // A price-only edit through repo: the cached answer (no correction) is kept.
      await repo.update(row.id, changes({ priceCents: row.priceCents + 100 }));
      expect(await repo.corrections(['harpsichrd'])).toEqual(new Map());
      // A rename may change the dictionary: corrections are asked afresh and find the new word.
      await repo.update(row.id, changes({ name: `${row.name} renamed` }));
      expect(await repo.corrections(['harpsichrd'])).toEqual(new Map([['harpsichrd', ['harpsichord']]]));
      await repo.update(row.id, changes({}));
      await other.delete(id!);
    });

    it('a relevance cursor cannot be used for another order', async () => {
      const t = getApp();
      const res = await t.injectAs(null, { method: 'GET', url: '/api/products?q=lamp&limit=2' });
      const cursor = res.headers['x-next-cursor'] as string;
      expect(cursor).toBeTruthy();
      expect((await t.injectAs(null, { method: 'GET', url: `/api/products?q=lamp&limit=2&cursor=${cursor}` })).statusCode).toBe(200);
      expect((await t.injectAs(null, { method: 'GET', url: `/api/products?limit=2&cursor=${cursor}` })).statusCode).toBe(400);
    });

    it('a cursor used for another order answers INVALID_CURSOR', async () => {
      const t = getApp();
      const res = await t.injectAs(null, { method: 'GET', url: '/api/products?q=lamp&limit=2' });
      const cursor = res.headers['x-next-cursor'] as string;
      for (const sort of ['newest', 'price_asc']) {
        const other = await t.injectAs(null, { method: 'GET', url: `/api/products?sort=${sort}&limit=2&cursor=${cursor}` });
        expectError(other, 400, { code: 'INVALID_CURSOR', message: 'Invalid cursor' });
      }
    });
  });
});
