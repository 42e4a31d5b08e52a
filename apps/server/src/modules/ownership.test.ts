// A module writes only its own tables (docs/modules.md): another module asks it through its service, or through a
// function it exports for that purpose. This reads every module's source and fails on a write to a table the module
// does not own, drizzle's (`.update(products)`) or raw SQL's (`update products`, `insert into ${products}`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = import.meta.dirname;

/** Each table by its drizzle name and its SQL name, and the module that owns it. */
const TABLES: Record<string, { sql: string; owner: string }> = {
  users: { sql: 'users', owner: 'users' },
  sessions: { sql: 'sessions', owner: 'auth' },
  accountTokens: { sql: 'account_tokens', owner: 'accounts' },
  categories: { sql: 'categories', owner: 'categories' },
  products: { sql: 'products', owner: 'products' },
  searchWords: { sql: 'search_words', owner: 'products' },
  buyerRequests: { sql: 'buyer_requests', owner: 'buyer-requests' },
  requestMessages: { sql: 'request_messages', owner: 'messages' },
  images: { sql: 'images', owner: 'images' },
  contactMessages: { sql: 'contact_messages', owner: 'contact' },
  listingPhotos: { sql: 'listing_photos', owner: 'photo-matches' },
  photoMatches: { sql: 'photo_matches', owner: 'photo-matches' },
  listingViews: { sql: 'listing_views', owner: 'reach' },
  listingViewers: { sql: 'listing_viewers', owner: 'reach' },
  emailChanges: { sql: 'email_changes', owner: 'accounts' },
  totpSecrets: { sql: 'totp_secrets', owner: 'two-factor' },
  recoveryCodes: { sql: 'recovery_codes', owner: 'two-factor' },
  loginChallenges: { sql: 'login_challenges', owner: 'two-factor' },
  passkeys: { sql: 'passkeys', owner: 'passkeys' },
  passkeyChallenges: { sql: 'passkey_challenges', owner: 'passkeys' },
  securityEvents: { sql: 'security_events', owner: 'account' },
  favourites: { sql: 'favourites', owner: 'favourites' },
  favouriteNotices: { sql: 'favourite_notices', owner: 'favourites' },
  favouriteMailings: { sql: 'favourite_mailings', owner: 'favourites' },
  savedSearches: { sql: 'saved_searches', owner: 'saved-searches' },
  savedSearchHits: { sql: 'saved_search_hits', owner: 'saved-searches' },
  reports: { sql: 'reports', owner: 'reports' },
  moderationDecisions: { sql: 'moderation_decisions', owner: 'reports' },
  auditEvents: { sql: 'audit_events', owner: 'audit' },
  // Written only by the triggers of migration 0017; the audit module reads it.
  dailyStats: { sql: 'daily_stats', owner: 'audit' },
  userBlocks: { sql: 'user_blocks', owner: 'blocks' },
  reviewWindows: { sql: 'review_windows', owner: 'reviews' },
  reviews: { sql: 'reviews', owner: 'reviews' },
  userRatings: { sql: 'user_ratings', owner: 'reviews' },
  places: { sql: 'places', owner: 'places' },
  offers: { sql: 'offers', owner: 'offers' },
};

/** Files that write another module's table on purpose, and why. */
const EXCEPTIONS: Record<string, string[]> = {
  // The sitemap benchmark and its test fill a database in bulk (a seller, listings with their trigger off); no
  // request runs them.
  'pages/bulk-listings.ts': ['products'],
  'pages/sitemap-bench.ts': ['users'],
  // The multi-index test and the 1,000,000-hash benchmark fill a database in bulk (a seller, images); no request
  // runs it.
  'photo-matches/bulk-photos.ts': ['users', 'images', 'products'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'fixtures.ts' ? [full] : [];
  });
}

/** The tables a source text writes: drizzle's insert/update/delete calls and raw SQL statements. */
function tablesWritten(text: string): Set<string> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const written = new Set<string>();
  for (const [name, { sql }] of Object.entries(TABLES)) {
    const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\s*\\)`);
    const raw = new RegExp(`\\b(insert\\s+into|update|delete\\s+from|alter\\s+table)\\s+(\\$\\{\\s*${name}\\s*\\}|"?${sql}"?)(?=[\\s(]|$)`, 'i');
    if (drizzle.test(code) || raw.test(code)) written.add(name);
  }
  return written;
}

describe('module ownership', () => {
  it('finds writes in both spellings (the check itself can fail)', () => {
    expect([...tablesWritten('await tx.update(products).set({})')]).toEqual(['products']);
    expect([...tablesWritten('sql`update buyer_requests set x = 1`')]).toEqual(['buyerRequests']);
    expect([...tablesWritten('sql`insert into ${sessions} (id)`')]).toEqual(['sessions']);
    expect([...tablesWritten('// update products here\nselect 1 from products')]).toEqual([]);
  });

  it('no module writes a table another module owns', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(MODULES)) {
      const relative = path.relative(MODULES, file).split(path.sep).join('/');
      const module = relative.split('/')[0]!;
      if (!relative.includes('/')) continue;
      for (const table of tablesWritten(readFileSync(file, 'utf8'))) {
        if (TABLES[table]!.owner === module || EXCEPTIONS[relative]?.includes(table)) continue;
        crossings.push(`${relative} writes ${table} (owned by ${TABLES[table]!.owner})`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
