// Shared steps for the journeys: API shortcuts for setup, UI steps for what is under test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Locator, type Page, request, type TestInfo } from '@playwright/test';
import sharp from 'sharp';

export const DEMO_USER = { email: 'user@example.com', password: 'User@1234' };
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin@1234' };

const IMAGE = readFileSync(resolve(import.meta.dirname, '../apps/web/public/categories/homeAndLiving.webp'));

/** Random letters only, so full-text search treats it as one word. */
export function uniqueWord(prefix = 'e2e'): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = prefix;
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** An API context signed in as `account`, with its bearer token. */
export async function apiAs(baseURL: string, account: { email: string; password: string }) {
  const context = await request.newContext({ baseURL });
  const login = await context.post('/api/auth/login', { data: account });
  expect(login.ok(), `login ${account.email}: ${login.status()}`).toBeTruthy();
  const { token } = (await (await context.post('/api/jwt', { data: { email: account.email } })).json()) as { token: string };
  return { context, headers: { Authorization: `Bearer ${token}` } };
}

/**
 * The category picture under blocks of random shades: each upload is a different photo, so the stolen-photo check
 * (docs/product.md#stolen-photos) never takes two journeys' listings for copies of each other.
 */
async function uniquePhoto(): Promise<Buffer> {
  const { width = 640, height = 480 } = await sharp(IMAGE).metadata();
  const [cols, rows] = [6, 4];
  let blocks = '';
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const shade = Math.floor(Math.random() * 256);
      blocks += `<rect x="${Math.floor((x * width) / cols)}" y="${Math.floor((y * height) / rows)}" width="${Math.ceil(width / cols)}" height="${Math.ceil(height / rows)}" fill="rgb(${shade},${shade},${shade})" fill-opacity="0.6"/>`;
    }
  }
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${blocks}</svg>`);
  return sharp(IMAGE).composite([{ input: svg }]).webp().toBuffer();
}

export async function uploadImage(api: { context: APIRequestContext; headers: Record<string, string> }): Promise<string> {
  const res = await api.context.post('/api/images', {
    headers: api.headers,
    multipart: { image: { name: 'photo.webp', mimeType: 'image/webp', buffer: await uniquePhoto() } },
  });
  expect(res.ok(), `upload: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: { display_url: string } }).data.display_url;
}

export interface NewProduct {
  name: string;
  category?: string;
  price?: string;
  /** A place of the gazetteer (GET /api/places); without one the location is the ambiguous "Springfield". */
  placeId?: number;
}

/** Creates products as `account` through the API (one uploaded image reused for all four). */
export async function createProducts(baseURL: string, account: { email: string; password: string }, products: NewProduct[]) {
  const api = await apiAs(baseURL, account);
  const image = await uploadImage(api);
  const ids: string[] = [];
  for (const p of products) {
    const res = await api.context.post('/api/products', {
      headers: api.headers,
      data: {
        image1: image,
        image2: image,
        image3: image,
        image4: image,
        name: p.name,
        age: 14,
        date: '2024-05-01',
        category: p.category ?? 'homeAndLiving',
        shortDescription: `A well kept ${p.name} with honest signs of age.`,
        longDescription: `This ${p.name} has been looked after for years and is ready for a new home.`,
        price: p.price ?? '120',
        uploaderPhone: '+1 555 0100',
        uploaderLocation: 'Springfield',
        ...(p.placeId !== undefined ? { placeId: p.placeId } : {}),
      },
    });
    expect(res.ok(), `create product: ${res.status()} ${await res.text()}`).toBeTruthy();
    ids.push(((await res.json()) as { insertedId: string }).insertedId);
  }
  await api.context.dispose();
  return ids;
}

export async function loginViaForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'User Log in Successfully' })).toBeVisible();
}

/** The account menu and navigation live in a dropdown on small screens. */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

// Mail: the e2e server runs without SMTP_URL, so every mail is kept as DATA_DIR/outbox/*.eml (see playwright.config.ts).

export interface OutboxMail {
  file: string;
  /** When the server wrote it (ms). */
  writtenAt: number;
  to: string;
  subject: string;
  /** The decoded text of every part (plain text and HTML). */
  text: string;
  /** Every http(s) link in the mail, decoded. */
  links: string[];
}

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  return join(dataDir, 'outbox');
}

/** Splits a MIME entity into its unfolded headers (lower-case names) and its body. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

/** The decoded text of an entity and, for multipart ones, of each of its parts. */
function entityText(raw: string): string {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => entityText(part.replace(/^\n/, '')))
      .join('\n');
  }
  return decodeBody(body, headers.get('content-transfer-encoding'));
}

function readMail(file: string): OutboxMail {
  const raw = readFileSync(file, 'utf8');
  const { headers } = splitEntity(raw);
  const text = entityText(raw);
  const links = [...new Set(text.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [])].map((link) => link.replace(/&amp;/g, '&').replace(/[.,;]+$/, ''));
  return { file, writtenAt: statSync(file).mtimeMs, to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', text, links };
}

/** The mails in the outbox addressed to `email` (written at or after `since`, when given), newest first. */
export function mailsTo(email: string, since = 0): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const wanted = email.toLowerCase();
  return files
    .map((name) => readMail(join(outboxDir(), name)))
    .filter((mail) => mail.writtenAt >= since && mail.to.toLowerCase().includes(wanted))
    .sort((a, b) => b.writtenAt - a.writtenAt);
}

/** The newest mail to `email`, or undefined. */
export function latestMailTo(email: string, since = 0): OutboxMail | undefined {
  return mailsTo(email, since)[0];
}

/**
 * Waits for the newest mail to `email` that carries a link to `pathname` (the server may write it just after its
 * reply) and returns that link: the server builds it on PUBLIC_URL, which the config sets to the journeys' base URL.
 */
export async function mailedLink(email: string, pathname: string, since = 0): Promise<string> {
  const find = () => mailsTo(email, since).flatMap((mail) => mail.links).find((link) => new URL(link).pathname === pathname);
  await expect.poll(find, { message: `a mail to ${email} with a link to ${pathname} in ${outboxDir()}`, timeout: 15_000 }).toBeTruthy();
  return find()!;
}

// axe-core, evaluated in the page (a script tag would be refused by our CSP, and bypassing the CSP would test
// another page than people get): no serious or critical violation.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The moderation queue's entry whose name matches `name`, paging on ("Load more", oldest first) until it shows. */
export async function queueEntry(admin: Page, name: string | RegExp): Promise<Locator> {
  const entry = admin.getByRole('article', { name: typeof name === 'string' ? new RegExp(name) : name });
  const more = admin.getByRole('button', { name: 'Load more' });
  await expect(admin.getByRole('article').first()).toBeVisible();
  for (let i = 0; i < 50 && !(await entry.isVisible()) && (await more.isVisible()); i++) {
    await more.click();
    await expect(more.or(entry)).toBeVisible();
  }
  await expect(entry).toBeVisible();
  return entry;
}

/** Runs axe on the page as it is now and fails with a readable list of the serious and critical violations. */
export async function expectNoSeriousViolations(page: Page, what: string) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const blocking = violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const report = blocking.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `  ${n.target.join(' ')}\n    ${(n.failureSummary ?? '').replaceAll('\n', '\n    ')}`).join('\n')}`,
  );
  expect(report, `axe on ${what}`).toEqual([]);
}
