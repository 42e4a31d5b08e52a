// robots.txt and the sitemaps (docs/decisions/009-listing-pages.md): an index over one file of the public static
// pages and files of at most 50,000 listing URLs each (sold listings left out), written while the rows are read.
import { CATEGORY_KEYS } from '@olden/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** How long the index (and the first id of each listings file) is reused before it is read again (in the background). */
export const SITEMAP_INDEX_TTL_MS = 5 * 60 * 1000;
/** Rows read per query while a listings file is written. */
const BATCH = 5000;

/** The public pages every crawler may see (the category pages named by their keys). */
export const STATIC_PAGES = ['/', '/timeline', '/contactUs', ...CATEGORY_KEYS.map((key) => `/productsCategory/${key}`)];

export const robotsTxt = (publicUrl: string) =>
  ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /api', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** One listings file: the first id it holds and the newest change among its rows. */
interface ListingsFile {
  firstId: string;
  /** ISO 8601, UTC. */
  lastmod: string;
}

export interface SitemapOptions {
  /** Listing URLs per file (tests use a small number). */
  perFile?: number;
  ttlMs?: number;
}

export function createSitemaps(ctx: Pick<AppContext, 'config' | 'db'>, options: SitemapOptions = {}) {
  const perFile = options.perFile ?? SITEMAP_MAX_URLS;
  const ttlMs = options.ttlMs ?? SITEMAP_INDEX_TTL_MS;
  const publicUrl = ctx.config.publicUrl;
  const base = escapeXml(publicUrl);
  let cached: { at: number; files: Promise<ListingsFile[]> } | undefined;

  /** One pass over the listings for sale, in id order: where each file starts and its newest change. */
  async function readFiles(): Promise<ListingsFile[]> {
    const { rows } = (await ctx.db.execute(sql`
      select min(id) as first_id, to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as lastmod
      from (
        select id, updated_at, (row_number() over (order by id) - 1) / ${perFile} as file
        from products where status <> 'sold' and moderation = 'visible'
      ) numbered
      group by file order by file
    `)) as unknown as { rows: { first_id: string; lastmod: string }[] };
    return rows.map((r) => ({ firstId: r.first_id, lastmod: r.lastmod }));
  }

  /**
   * The files. The first request reads them (concurrent ones share the read); once older than ttlMs they are read
   * again in the background while requests keep getting the previous ones, so only the very first request waits.
   */
  let refreshing = false;
  function files(): Promise<ListingsFile[]> {
    if (!cached) {
      const entry = { at: Date.now(), files: readFiles() };
      cached = entry;
      // A failed read is not kept: the next request tries again.
      entry.files.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return entry.files;
    }
    if (Date.now() - cached.at > ttlMs && !refreshing) {
      refreshing = true;
      readFiles()
        .then((list) => {
          cached = { at: Date.now(), files: Promise.resolve(list) };
        })
        .catch(() => {
          // Keep serving the previous files; the next request past ttlMs tries again.
        })
        .finally(() => {
          refreshing = false;
        });
    }
    return cached.files;
  }

  return {
    files,

    async index(): Promise<string> {
      const list = await files();
      const entries = [
        `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-static.xml`)}</loc></sitemap>`,
        `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-sellers.xml`)}</loc></sitemap>`,
        ...list.map(
          (f, i) =>
            `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-listings-${i + 1}.xml`)}</loc><lastmod>${f.lastmod}</lastmod></sitemap>`,
        ),
      ];
      return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join('\n')}\n</sitemapindex>\n`;
    },

    /**
     * Sellers' public pages (docs/product.md#reviews-and-profiles): members with at least one listing for sale, up to
     * the protocol's 50,000 URLs (one file; past that many sellers it becomes files like the listings').
     */
    async sellers(): Promise<string> {
      const { rows } = (await ctx.db.execute(sql`
        select u.id from users u
        where exists (select 1 from products p where p.seller_id = u.id and p.status <> 'sold')
        order by u.id limit ${SITEMAP_MAX_URLS}
      `)) as unknown as { rows: { id: string }[] };
      const entries = rows.map((r) => `<url><loc>${escapeXml(`${publicUrl}/sellers/${encodeURIComponent(r.id)}`)}</loc></url>`);
      return `${XML_HEAD}<urlset ${NS}>\n${entries.join('\n')}${entries.length ? '\n' : ''}</urlset>\n`;
    },

    staticPages(): string {
      const entries = STATIC_PAGES.map((p) => `<url><loc>${escapeXml(`${publicUrl}${p}`)}</loc></url>`);
      return `${XML_HEAD}<urlset ${NS}>\n${entries.join('\n')}\n</urlset>\n`;
    },

    /**
     * Listings file `n` (from 1), written as the rows come (keyset through the id index, BATCH at a time);
     * undefined when there is no such file.
     */
    async listings(n: number): Promise<AsyncGenerator<string> | undefined> {
      const list = await files();
      const file = list[n - 1];
      if (!file) return undefined;
      const endId = list[n]?.firstId;
      return (async function* write() {
        yield `${XML_HEAD}<urlset ${NS}>\n`;
        let from = file.firstId;
        let first = true;
        let written = 0;
        while (written < perFile) {
          const limit = Math.min(BATCH, perFile - written);
          // The entries are written by the database (one text per batch): no row objects or dates in JavaScript.
          const { rows } = (await ctx.db.execute(sql`
            select count(*)::int as n, max(id) as last_id,
              string_agg('<url><loc>' || ${base}::text || '/productDetails/' || replace(replace(replace(id, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')
                || '</loc><lastmod>' || to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '</lastmod></url>' || chr(10), '' order by id) as xml
            from (
              select id, updated_at from products
              where status <> 'sold' and moderation = 'visible' and ${first ? sql`id >= ${from}` : sql`id > ${from}`}
                ${endId === undefined ? sql`` : sql`and id < ${endId}`}
              order by id limit ${limit}
            ) batch
          `)) as unknown as { rows: { n: number; last_id: string | null; xml: string | null }[] };
          const batch = rows[0];
          if (!batch || batch.n === 0 || !batch.last_id) break;
          yield batch.xml ?? '';
          written += batch.n;
          from = batch.last_id;
          first = false;
          if (batch.n < limit) break;
        }
        yield '</urlset>\n';
      })();
    },
  };
}
export type Sitemaps = ReturnType<typeof createSitemaps>;
