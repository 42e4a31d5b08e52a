// Environment parsed by one zod schema; a wrong value stops the boot with one line naming the variable.
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_PRICE_FORMAT, EVENTS_HEARTBEAT_MS, isPriceFormat, type PriceFormat } from '@olden/contracts/constants';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const urlWith = (protocols: string[]) =>
  optionalText.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** proxy-addr's names for well-known ranges, accepted as they are. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `true` would trust every hop, so the left-most X-Forwarded-For entry, which the client writes, would be its
 * address: rotating it would reset every per-IP budget. Only a hop count or the proxies' addresses are taken.
 */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): false | number | string[] {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY=true trusts any client-written X-Forwarded-For: give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20) {
      ctx.addIssue({ code: 'custom', message: 'must be a number of proxies from 1 to 20, or their addresses' });
      return z.NEVER;
    }
    return hops;
  }
  const list = value.split(',').map((e) => e.trim()).filter(Boolean);
  const wrong = list.find((e) => !isProxyAddress(e));
  if (list.length === 0 || wrong !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `${wrong === undefined ? 'is empty' : `"${wrong}" is not an IP address or CIDR range`}: give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8, fd00::/8)`,
    });
    return z.NEVER;
  }
  return list;
}

/** What a new account may do a day (NEW_ACCOUNT_LIMITS), by kind. */
export type NewAccountLimits = Record<'listings' | 'requests' | 'messages', number>;
const NEW_ACCOUNT_LIMIT_KINDS = ['listings', 'requests', 'messages'] as const;
export const DEFAULT_NEW_ACCOUNT_LIMITS = 'listings=5,requests=10,messages=30';

/** `listings=5,requests=10,messages=30`: a kind left out keeps its default. */
function parseNewAccountLimits(raw: string, ctx: z.RefinementCtx): NewAccountLimits {
  const limits: NewAccountLimits = { listings: 5, requests: 10, messages: 30 };
  for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^([a-z]+)\s*=\s*(\d{1,6})$/.exec(entry);
    const kind = match?.[1] as (typeof NEW_ACCOUNT_LIMIT_KINDS)[number] | undefined;
    if (!match || !kind || !NEW_ACCOUNT_LIMIT_KINDS.includes(kind)) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not one of listings=N, requests=N, messages=N (e.g. ${DEFAULT_NEW_ACCOUNT_LIMITS})` });
      return z.NEVER;
    }
    limits[kind] = Number(match[2]);
  }
  return limits;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:']),
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ADMIN_EMAILS: optionalText.transform((v, ctx) => {
    const list = (v ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
    for (const e of list) {
      if (!z.email().safeParse(e).success) {
        ctx.addIssue({ code: 'custom', message: `"${e}" is not an email address` });
        return z.NEVER;
      }
    }
    return list;
  }),
  SMTP_URL: urlWith(['smtp:', 'smtps:']),
  MAIL_TO: optionalText.refine((v) => v === undefined || z.email().safeParse(v).success, {
    message: 'must be an email address',
  }),
  MAIL_FROM: optionalText,
  OIDC_ISSUER: urlWith(['https:', 'http:']).transform((v) => v ?? 'https://accounts.google.com'),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  PUBLIC_URL: urlWith(['https:', 'http:']),
  REDIS_URL: urlWith(['redis:', 'rediss:']),
  CORS_ORIGINS: optionalText.transform((v) => (v ? v.split(',').map((o) => o.trim()).filter(Boolean) : [])),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON answers over 1 KB compressed (brotli or gzip, as the client accepts); false behind a proxy that compresses. */
  HTTP_COMPRESSION: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Multiplies every abuse budget; the browser suite raises it because it signs many users up from one address. */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().max(100_000).default(1),
  /** Unset: decided by PUBLIC_URL (see demoSeeding); the demo accounts' passwords are public. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * Behind reverse proxies: which X-Forwarded-For hops to believe (per-IP budgets need the real client).
   * Only the proxies' own entries are stripped; the left-most entry is whatever the client wrote.
   */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  /** Longest a PostgreSQL statement may run before it is cancelled (a 503 to the caller); 0 disables. */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  WEB_DIST: optionalText,
  /** Admin-only calls answer 403 TWO_FACTOR_REQUIRED until the admin has turned two-step sign-in on. */
  REQUIRE_ADMIN_2FA: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Photo storage per user (stored WebP bytes), in MB. */
  IMAGE_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(200),
  /**
   * Stolen-photo detection: a listing's photo within this many bits (Hamming distance of the 64-bit dHash) of
   * another seller's earlier photo is a match (docs/decisions/023-stolen-photo-detection.md); 0 only exact hashes.
   */
  PHOTO_MATCH_BITS: z.coerce.number().int().min(0).max(12).default(7),
  /** How often a live event stream sends a heartbeat and re-checks its session, in ms. */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(EVENTS_HEARTBEAT_MS),
  /** How often each background worker asks the job queue for due jobs, in ms (lib/jobs.ts; at least 500). */
  JOB_POLL_MS: z.coerce.number().int().min(500).max(60_000).default(1000),
  /** A job still running after this many seconds (its process died) is failed and retried elsewhere. */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(86_400).default(300),
  /** How often each process writes the listing views it gathered (modules/reach), in ms; and when it closes. */
  VIEW_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Alert and price-drop mails (docs/product.md#favourites-and-saved-searches): at most one per saved search, and one
   * price-drop mail per user, in this many seconds.
   */
  ALERT_MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(3600),
  /** At most one price-drop notice per saved listing and user in this many seconds. */
  PRICE_DROP_REPEAT_SECONDS: z.coerce.number().int().min(1).max(30 * 86_400).default(86_400),
  /** When the daily digest of saved searches goes out (cron, the server's time zone). */
  DIGEST_CRON: z.string().trim().regex(/^(\S+\s+){4}\S+$/, 'must be a five-field cron expression').default('0 7 * * *'),
  /** Reports from this many distinct trusted users hide a listing until a moderator decides (docs/product.md#reports-and-moderation). */
  REPORTS_TO_HIDE: z.coerce.number().int().min(1).max(1000).default(3),
  /** A reporter counts towards hiding once their email is verified and their account is this many hours old (7 days). */
  REPORTER_MIN_AGE_HOURS: z.coerce.number().int().min(0).max(100_000).default(168),
  /** How long an email change's mailed link works, in hours (fractions allowed; docs/product.md#your-account-is-yours). */
  EMAIL_CHANGE_HOURS: z.coerce.number().positive().max(24 * 30).default(24),
  /** How long a password sign-in waits for its second factor, in minutes (fractions allowed). */
  TWO_FACTOR_CHALLENGE_MINUTES: z.coerce.number().positive().max(60).default(5),
  /** How long a passkey set-up or sign-in waits for the authenticator's answer, in minutes (fractions allowed). */
  PASSKEY_CHALLENGE_MINUTES: z.coerce.number().positive().max(60).default(5),
  /** An account without a password (Google) deletes itself only this many minutes after a sign-in (fractions allowed). */
  REAUTH_MINUTES: z.coerce.number().positive().max(24 * 60).default(10),
  /** One download of one's data per this many minutes (fractions allowed). */
  ACCOUNT_EXPORT_MINUTES: z.coerce.number().positive().max(7 * 24 * 60).default(60),
  /** How long after a handover its buyer and seller may review each other, in hours (fractions allowed; docs/product.md#reviews-and-profiles). */
  REVIEW_WINDOW_HOURS: z.coerce.number().positive().max(24 * 365).default(336),
  /** How long an offer on a buy request stays open, in hours (fractions allowed; docs/product.md#offers); a job expires it. */
  OFFER_TTL_HOURS: z.coerce.number().positive().max(24 * 365).default(48),
  /** Where photos live (docs/decisions/008): a folder of DATA_DIR (one machine) or an S3 bucket (several). */
  IMAGE_STORE: z.enum(['fs', 's3']).default('fs'),
  /** Unset: AWS's own endpoint for S3_REGION; MinIO, R2 and others give theirs. */
  S3_ENDPOINT: urlWith(['https:', 'http:']),
  S3_REGION: optionalText.transform((v) => v ?? 'us-east-1'),
  S3_BUCKET: optionalText,
  /** Both or neither: unset, the SDK's own chain (an instance role, AWS_* variables) signs the requests. */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** MinIO and s3rver want path-style URLs (endpoint/bucket/key) rather than a bucket subdomain. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** A CDN or public bucket address image URLs point to (<S3_PUBLIC_URL>/<file>); unset, the API serves them. */
  S3_PUBLIC_URL: urlWith(['https:', 'http:']).transform((v) => v?.replace(/\/+$/, '')),
  /** Prices' currency (ISO 4217) and the locale that writes them, on the web and the server-rendered pages. */
  CURRENCY: z.string().trim().toUpperCase().default(DEFAULT_PRICE_FORMAT.currency),
  LOCALE: z.string().trim().default(DEFAULT_PRICE_FORMAT.locale),
  /** An account younger than this many hours (or whose email is unverified) has the daily NEW_ACCOUNT_LIMITS; 0: age alone never limits. */
  NEW_ACCOUNT_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
  /** What a new account may do a day: listings, buy requests, messages (docs/product.md#limits-for-new-accounts). */
  NEW_ACCOUNT_LIMITS: z.string().default(DEFAULT_NEW_ACCOUNT_LIMITS).transform(parseNewAccountLimits),
}).superRefine((env, ctx) => {
  if (!/^[A-Z]{3}$/.test(env.CURRENCY) || !isPriceFormat({ currency: env.CURRENCY, locale: 'en-US' })) {
    ctx.addIssue({ code: 'custom', path: ['CURRENCY'], message: 'must be a three-letter ISO 4217 currency code, e.g. USD or EUR' });
  } else if (!isPriceFormat({ currency: env.CURRENCY, locale: env.LOCALE })) {
    ctx.addIssue({ code: 'custom', path: ['LOCALE'], message: 'must be a BCP 47 locale tag, e.g. en-US or de-DE' });
  }
  if (env.IMAGE_STORE !== 's3') return;
  if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when IMAGE_STORE=s3' });
  else if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither' });
  }
});

/** Every variable the server reads (.env.example must list each: deploy-files.test.ts). */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape);

export type Env = z.input<typeof EnvSchema>;
export type Config = z.output<typeof EnvSchema> & {
  jwtSecret: string;
  publicUrl: string;
  /** CURRENCY and LOCALE, as formatPrice takes them. */
  priceFormat: PriceFormat;
};

export class ConfigError extends Error {}

/** Parses the environment; JWT_SECRET is resolved by the caller (see server.ts) so this stays pure. */
export function parseEnv(env: Record<string, string | undefined>): z.output<typeof EnvSchema> {
  // A blank variable means "use the default" (PORT= is not port 0).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`.replace(/\s*\n\s*/g, ' '));
  }
  return parsed.data;
}

export function loadConfig(env: Record<string, string | undefined>, jwtSecret: string): Config {
  const parsed = parseEnv(env);
  return {
    ...parsed,
    jwtSecret,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    priceFormat: { currency: parsed.CURRENCY, locale: Intl.getCanonicalLocales(parsed.LOCALE)[0]! },
  };
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: a PUBLIC_URL only this machine reaches. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** 127.0.0.0/8, ::1 and localhost: a listening address only this machine reaches (0.0.0.0 and :: are every address). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || h === '::ffff:127.0.0.1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Whether boot seeds the demo accounts, whose passwords the README prints: when asked (SEED_DEMO=true), or by
 * default only when nobody else can reach them: the server listens on loopback (HOST) and PUBLIC_URL is loopback
 * or unset (the `npm start` case). A container listens on every address, so it never seeds unless asked.
 */
export function demoSeeding(config: Pick<Config, 'SEED_DEMO' | 'PUBLIC_URL' | 'publicUrl' | 'HOST'>): { seed: boolean; reason: string } {
  if (config.SEED_DEMO === true) return { seed: true, reason: 'SEED_DEMO=true' };
  if (config.SEED_DEMO === false) return { seed: false, reason: 'SEED_DEMO=false' };
  if (!isLoopbackHost(config.HOST)) {
    return {
      seed: false,
      reason: `HOST ${config.HOST} is not a loopback address, and the demo accounts' passwords are public: set SEED_DEMO=true to seed them anyway`,
    };
  }
  if (isLoopbackUrl(config.publicUrl)) {
    return { seed: true, reason: `PUBLIC_URL ${config.PUBLIC_URL ? 'is a loopback address' : 'is unset (localhost)'}` };
  }
  return {
    seed: false,
    reason: `PUBLIC_URL ${config.publicUrl} is not a loopback address, and the demo accounts' passwords are public: set SEED_DEMO=true to seed them anyway`,
  };
}

/** Settings that boot but are probably a mistake, one line each for the log. */
export function configWarnings(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'publicUrl'>): string[] {
  const warnings: string[] = [];
  if (!isLoopbackHost(config.HOST) && config.PUBLIC_URL === undefined) {
    warnings.push(
      `HOST ${config.HOST} listens beyond this machine but PUBLIC_URL is unset: links in mails, sign-in redirects and the site's own address say ${config.publicUrl}; set PUBLIC_URL to the address people use`,
    );
  }
  return warnings;
}
