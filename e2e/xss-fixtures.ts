// XSS suite: payloads, accounts and listings that carry them, and a guard that records anything a payload could do in the page.
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO_ADMIN, uniqueWord, uploadImage } from './helpers';

/** Each one would run script if it reached the DOM as markup (or a template engine). */
export const PAYLOADS = {
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(1)>',
  svg: '"><svg onload=alert(1)>',
  template: "{{constructor.constructor('alert(1)')()}}",
  title: '</title><script>alert(1)</script>',
  flagImg: '<img src=x onerror="window.__xss=1">',
  flagScript: '<script>window.__xss=1</script>',
} as const;
export const ALL_PAYLOADS = Object.values(PAYLOADS).join(' ');

/** Values that must never be accepted where a URL ends up in src/href. */
export const DANGEROUS_URLS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://x.test/%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'http://x.test/a.png',
  '//x.test/a.png',
];

/** An https URL the contract accepts, with markup in its path: it must stay an attribute value. */
export const PHOTO_URL_PAYLOAD = `https://x.test/"><img src=x onerror=alert(1)>`;
export const PASSWORD = 'Xss@1234';
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface Actor {
  context: BrowserContext;
  page: Page;
  api: APIRequestContext;
  headers: Record<string, string>;
  account: { name: string; email: string; password: string };
  guard: Guard;
}

export interface Planted {
  tag: string;
  productId: string;
  category: string;
  product: { name: string; shortDescription: string; longDescription: string; uploaderLocation: string; uploaderPhone: string };
  seller: Actor;
  buyer: Actor;
  buyerAddress: string;
}

export interface Guard {
  dialogs: string[];
  consoleHits: string[];
  pageErrors: string[];
  violations: string[];
  injectedRequests: string[];
  /** Fails if anything ran or tried to: dialogs, window.__xss, payload console output, CSP reports, injected element loads. */
  check(where: string): Promise<void>;
}

/** Console text that can only come from a payload (or from the CSP refusing one). */
const PAYLOAD_CONSOLE = /alert\(1\)|__xss|onerror|onload|<script|<svg|<img|constructor\.constructor|Content Security Policy|Refused to/i;

/** Watches a page for everything a payload could do; `check` asserts none of it happened. */
export async function guardPage(page: Page): Promise<Guard> {
  const guard: Guard = {
    dialogs: [],
    consoleHits: [],
    pageErrors: [],
    violations: [],
    injectedRequests: [],
    async check(where) {
      // Let pending image loads and handlers settle before looking.
      await page.waitForTimeout(250);
      const flag = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
      const injected = await page.locator('img[src="x"], [onerror], [onload], svg[onload]').count();
      expect.soft(guard.dialogs, `${where}: dialogs opened`).toEqual([]);
      expect.soft(flag, `${where}: window.__xss`).toBeUndefined();
      expect.soft(injected, `${where}: payload elements in the DOM`).toBe(0);
      expect.soft(guard.consoleHits, `${where}: console messages from a payload`).toEqual([]);
      expect.soft(guard.pageErrors, `${where}: uncaught errors`).toEqual([]);
      expect.soft(guard.violations, `${where}: CSP violations (a payload reached the DOM as markup)`).toEqual([]);
      expect.soft(guard.injectedRequests, `${where}: requests made by injected elements`).toEqual([]);
      expect(
        guard.dialogs.length + guard.consoleHits.length + guard.pageErrors.length + guard.violations.length + guard.injectedRequests.length,
        `${where}: nothing from a payload`,
      ).toBe(0);
      expect(flag).toBeUndefined();
      expect(injected).toBe(0);
    },
  };
  page.on('dialog', (dialog) => {
    guard.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('console', (msg) => {
    if (PAYLOAD_CONSOLE.test(msg.text())) guard.consoleHits.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => guard.pageErrors.push(error.message));
  page.on('request', (req) => {
    const url = new URL(req.url());
    // <img src=x> resolves against the page: /x or /productDetails/x and so on.
    if (url.pathname === '/x' || url.pathname.endsWith('/x')) guard.injectedRequests.push(req.url());
  });
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
    guard.violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation;
      void report?.(`${e.violatedDirective} ${e.blockedURI} ${e.sample} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  return guard;
}

/** The photo URL payload points at a host that does not exist: answer it locally so nothing leaves the machine. */
async function stubExternalImages(context: BrowserContext) {
  await context.route('https://x.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1PX }));
}

/** A fresh browser context signed in as a newly registered user (on the page's own cookie jar), with a bearer token for the API. */
export async function newActor(browser: Browser, baseURL: string, bypassCSP: boolean, name: string, photoURL = 'https://x.test/avatar.png'): Promise<Actor> {
  const context = await browser.newContext({ baseURL, bypassCSP });
  await stubExternalImages(context);
  const page = await context.newPage();
  const guard = await guardPage(page);
  const account = { name, email: `${uniqueWord('xss')}@example.com`, password: PASSWORD };
  const res = await context.request.post('/api/auth/register', { data: { ...account, photoURL } });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as { user: { displayName: string; photoURL: string } };
  // The name is stored verbatim: the payload is data, not something the server strips. A URL is stored as a browser
  // parses it (its normalised href: markup in its path arrives percent-encoded, still only ever in an attribute).
  expect(created.user.displayName).toBe(name);
  expect(created.user.photoURL).toBe(new URL(photoURL).href);
  return { context, page, api: context.request, headers: await tokenHeaders(context.request, account.email), account, guard };
}

export async function newAdmin(browser: Browser, baseURL: string, bypassCSP: boolean): Promise<Actor> {
  const context = await browser.newContext({ baseURL, bypassCSP });
  await stubExternalImages(context);
  const page = await context.newPage();
  const guard = await guardPage(page);
  const res = await context.request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return {
    context,
    page,
    api: context.request,
    headers: await tokenHeaders(context.request, DEMO_ADMIN.email),
    account: { name: 'Demo Admin', ...DEMO_ADMIN },
    guard,
  };
}

async function tokenHeaders(api: APIRequestContext, email: string) {
  const res = await api.post('/api/jwt', { data: { email } });
  expect(res.status(), await res.text()).toBe(200);
  return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

/**
 * A seller and a buyer whose names are payloads, a listing with a payload in every free-text field,
 * and a buy request with a payload address: all planted through the API.
 */
export async function plant(browser: Browser, baseURL: string, bypassCSP: boolean, category = 'pets'): Promise<Planted> {
  const tag = uniqueWord('xss');
  const seller = await newActor(browser, baseURL, bypassCSP, `${tag} ${PAYLOADS.svg} ${PAYLOADS.flagImg}`, PHOTO_URL_PAYLOAD);
  const buyer = await newActor(browser, baseURL, bypassCSP, `${tag} ${PAYLOADS.script} ${PAYLOADS.img}`, PHOTO_URL_PAYLOAD);

  // The profile endpoint stores the same payloads (and is where a client would change them).
  const profile = await seller.api.post('/api/users', {
    headers: seller.headers,
    data: { email: seller.account.email, name: seller.account.name, photoURL: PHOTO_URL_PAYLOAD },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  const image = await uploadImage({ context: seller.api, headers: seller.headers });
  const product = {
    name: `${tag} ${PAYLOADS.img} ${PAYLOADS.title} ${PAYLOADS.flagImg}`,
    shortDescription: `${tag} ${ALL_PAYLOADS}`,
    longDescription: `${tag} long ${ALL_PAYLOADS} ${PAYLOADS.script}`,
    uploaderLocation: `${tag} ${PAYLOADS.svg} ${PAYLOADS.template} ${PAYLOADS.flagScript}`,
    uploaderPhone: '+44 20 7946 0101',
  };
  const created = await seller.api.post('/api/products', {
    headers: seller.headers,
    data: { ...product, image1: image, image2: image, image3: image, image4: image, age: 24, date: '2025-03-01', category, price: '75' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const productId = ((await created.json()) as { insertedId: string }).insertedId;

  const stored = (await (await seller.api.get(`/api/products/${productId}`)).json()) as Record<string, string>;
  for (const [field, value] of Object.entries(product)) expect(stored[field], field).toBe(value);
  expect(stored.uploaderName).toBe(seller.account.name);

  const buyerAddress = `${tag} address ${ALL_PAYLOADS}`;
  const request = await buyer.api.post('/api/buyerProduct', {
    headers: buyer.headers,
    data: { productId, phoneNumber: '+44 20 7946 0202', buyerAddress },
  });
  expect(request.ok(), await request.text()).toBe(true);

  return { tag, productId, category, product, seller, buyer, buyerAddress };
}

export async function closeAll(...actors: (Actor | undefined)[]) {
  for (const actor of actors) await actor?.context.close();
}

/** Presses Load more until `target` shows (other journeys add listings and users at the same time). */
export async function revealByLoadingMore(page: Page, target: ReturnType<Page['locator']>) {
  const more = page.getByRole('button', { name: 'Load more' });
  for (let i = 0; i < 30; i++) {
    await expect(target.or(more).first()).toBeVisible();
    if (await target.first().isVisible()) return;
    await more.click();
    await expect(page.getByRole('button', { name: 'Load more', disabled: true })).toHaveCount(0);
  }
  await expect(target.first()).toBeVisible();
}
