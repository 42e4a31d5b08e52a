// Suite 5, XSS: script payloads planted through the API in every free-text field of a listing, a profile and a
// buy request, then rendered in Chromium on every page that shows them. Nothing may run: no dialog, no window.__xss,
// no console output or CSP report caused by a payload, no element the payload would create. Every page is visited
// twice: with the server's CSP, and with the CSP bypassed, so the rendering must be safe on its own and the CSP is
// only the second line. The CSP itself is checked last: header present and strict, inline script refused.
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  type Actor,
  ALL_PAYLOADS,
  closeAll,
  DANGEROUS_URLS,
  guardPage,
  newActor,
  newAdmin,
  PAYLOADS,
  PHOTO_URL_PAYLOAD,
  plant,
  revealByLoadingMore,
} from './xss-fixtures';
import { apiAs, createProducts, DEMO_USER, uniqueWord, uploadImage } from './helpers';

test.describe.configure({ timeout: 120_000 });

const NO_LOADER = '[role="status"][aria-label^="Loading"]';

async function settled(page: Page) {
  await expect(page.locator(NO_LOADER)).toHaveCount(0);
  await expect(page.locator('.skeleton')).toHaveCount(0);
}

/** The payload is on screen as text (the literal characters, inside a visible element): the page really rendered the field. */
async function shownAsText(scope: Page | Locator, text: string) {
  await expect(scope.getByText(text).first()).toBeVisible();
}

async function expectTitle(page: Page, name: string) {
  await expect(page).toHaveTitle(`Olden Goods | ${name}`);
}

for (const mode of ['with the CSP', 'with the CSP bypassed'] as const) {
  const bypassCSP = mode === 'with the CSP bypassed';

  test.describe(`payloads render as text (${mode})`, () => {
    test('public pages: home, timeline, search, category, product details', async ({ browser, baseURL }) => {
      const planted = await plant(browser, baseURL!, bypassCSP);
      const { product, productId, tag } = planted;
      // Timeline and categories need an account; home and product details are open to visitors.
      const viewer = await newActor(browser, baseURL!, bypassCSP, `${tag} viewer`);
      const visitor = await browser.newContext({ baseURL, bypassCSP });
      const page = await visitor.newPage();
      const visitorGuard = await guardPage(page);
      try {
        await page.goto('/');
        await expect(page.getByRole('heading', { name: 'Products category' })).toBeVisible();
        await visitorGuard.check('home');

        await page.goto(`/productDetails/${productId}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
        await expectTitle(page, product.name);
        for (const text of [product.shortDescription, product.longDescription, product.uploaderLocation, planted.seller.account.name]) {
          await shownAsText(page, text);
        }
        await expect(page.getByRole('img', { name: product.name, exact: true }).first()).toBeVisible();
        await visitorGuard.check('product details');
        // Buy Now as a visitor goes to the login page.
        await page.getByRole('button', { name: 'Buy Now' }).click();
        await expect(page).toHaveURL(/\/login$/);
        await visitorGuard.check('buy now as visitor');

        const v = viewer.page;
        const card = v.getByRole('heading', { name: product.name, exact: true });
        await v.goto('/timeline');
        await revealByLoadingMore(v, card);
        await shownAsText(v.locator('article', { has: card }), product.shortDescription);
        await guard(viewer, 'timeline');

        // A search for the payload itself: the query is reflected in the box and the URL, never as markup.
        for (const q of [PAYLOADS.script, PAYLOADS.img, PAYLOADS.title, PAYLOADS.svg]) {
          await v.goto(`/timeline?q=${encodeURIComponent(q)}`);
          await expect(v.getByLabel('Search', { exact: true })).toHaveValue(q);
          await settled(v);
          await guard(viewer, `timeline search ${q}`);
        }
        // A search that finds the listing by its payload-laden name.
        await v.goto(`/timeline?q=${encodeURIComponent(tag)}`);
        await expect(card).toBeVisible();
        await guard(viewer, 'timeline search by name');
        await v.getByLabel('Search', { exact: true }).fill(`${tag} ${PAYLOADS.flagImg}`);
        await v.getByLabel('Search', { exact: true }).press('Enter');
        await expect(v.getByLabel('Search', { exact: true })).toHaveValue(`${tag} ${PAYLOADS.flagImg}`);
        await settled(v);
        await guard(viewer, 'timeline search typed');

        await v.goto(`/productsCategory/${planted.category}`);
        await revealByLoadingMore(v, card);
        await guard(viewer, 'category');
        // A category that is a payload is a not-found page, with the payload nowhere as markup.
        await v.goto(`/productsCategory/${encodeURIComponent(PAYLOADS.img)}`);
        await settled(v);
        await guard(viewer, 'category payload');
      } finally {
        await visitor.close();
        await closeAll(planted.seller, planted.buyer, viewer);
      }
    });

    test('seller dashboard: my added products, buyer requests, update form', async ({ browser, baseURL }) => {
      const planted = await plant(browser, baseURL!, bypassCSP);
      const { product, productId, seller, buyer } = planted;
      const page = seller.page;
      try {
        await page.goto('/dashboard/myAddedProducts');
        await expect(page.getByRole('link', { name: product.name, exact: true })).toBeVisible();
        await expect(page.getByRole('link', { name: `Update ${product.name}`, exact: true })).toBeVisible();
        await guard(seller, 'my added products');

        await page.goto('/dashboard/buyerRequest');
        const request = page.getByRole('listitem').filter({ hasText: planted.buyerAddress });
        await expect(request).toBeVisible();
        await shownAsText(request, product.name);
        await shownAsText(request, buyer.account.name);
        await shownAsText(request, planted.buyerAddress);
        await expect(request.getByRole('button', { name: `handover ${product.name} to ${buyer.account.name}`, exact: true })).toBeVisible();
        await guard(seller, 'buyer requests');

        await page.goto(`/dashboard/updateProduct/${productId}`);
        await expect(page.getByLabel(/^Product Name/)).toHaveValue(product.name);
        await expect(page.getByLabel(/^Location/)).toHaveValue(product.uploaderLocation);
        await expect(page.getByLabel(/^Short Description/)).toHaveValue(product.shortDescription);
        await expect(page.getByLabel(/^Long Description/)).toHaveValue(product.longDescription);
        await expect(page.locator('strong', { hasText: product.name })).toHaveText(product.name);
        await guard(seller, 'update product');

        // The seller's own view of the listing (payload name in the header, title and seller band).
        await page.goto(`/productDetails/${productId}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
        await expect(page.getByText('This is your listing.')).toBeVisible();
        await guard(seller, 'own product details');
      } finally {
        await closeAll(seller, buyer);
      }
    });

    test('buyer: Buy Now modal, success popup and cart', async ({ browser, baseURL }) => {
      const planted = await plant(browser, baseURL!, bypassCSP);
      const { product, productId, seller, buyer } = planted;
      const second = await newActor(browser, baseURL!, bypassCSP, `${planted.tag} ${PAYLOADS.flagScript} ${PAYLOADS.title}`, PHOTO_URL_PAYLOAD);
      try {
        await buyer.page.goto('/dashboard/myCarts');
        const item = buyer.page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: product.name });
        await expect(item).toBeVisible();
        await shownAsText(item, product.name);
        await shownAsText(item, `Seller: ${seller.account.name}`);
        await guard(buyer, 'my cart');

        // A second buyer (payload name) opens the modal and sends a payload address through the form.
        const page = second.page;
        await page.goto(`/productDetails/${productId}`);
        await page.getByRole('button', { name: 'Buy Now' }).click();
        const dialog = page.getByRole('dialog', { name: 'Please Full-fill the form' });
        await expect(dialog).toBeVisible();
        await expect(dialog.locator('strong')).toHaveText(product.name);
        await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(second.account.name);
        await guard(second, 'buy now modal');
        await dialog.getByLabel('Phone Number').fill('+44 20 7946 0303');
        const address = `${planted.tag} typed ${ALL_PAYLOADS}`;
        await dialog.getByLabel('Address').fill(address);
        await dialog.getByRole('button', { name: 'Submit' }).click();
        // The popup title carries the product name: it must be text, not markup.
        await expect(page.locator('.swal2-title')).toHaveText(`${product.name} added to the cart`);
        await guard(second, 'added to the cart popup');
        await expect(page.locator('.swal2-popup')).toBeHidden({ timeout: 5000 });

        await page.goto('/dashboard/myCarts');
        await expect(page.getByRole('list', { name: 'Cart items' }).getByText(product.name, { exact: true })).toBeVisible();
        await guard(second, 'second cart');

        await seller.page.goto('/dashboard/buyerRequest');
        await shownAsText(seller.page, address);
        await shownAsText(seller.page, second.account.name);
        await guard(seller, 'buyer requests with a typed payload');
      } finally {
        await closeAll(seller, buyer, second);
      }
    });

    test('admin: manage users and manage all products', async ({ browser, baseURL }) => {
      const planted = await plant(browser, baseURL!, bypassCSP);
      const { product, seller, buyer } = planted;
      let admin: Actor | undefined;
      try {
        admin = await newAdmin(browser, baseURL!, bypassCSP);
        const page = admin.page;
        await page.goto('/dashboard/manageUsers');
        for (const actor of [seller, buyer]) {
          const row = page.getByRole('listitem', { name: actor.account.name, exact: true });
          await revealByLoadingMore(page, row);
          await shownAsText(row, actor.account.name);
          await expect(row.getByRole('button', { name: `Ban ${actor.account.name}`, exact: true })).toBeVisible();
        }
        await guard(admin, 'manage users');

        // Promoting the payload-named buyer shows their name in the success popup.
        await page.getByRole('button', { name: `Make Admin: ${buyer.account.name}`, exact: true }).click();
        await expect(page.locator('.swal2-title')).toHaveText(`${buyer.account.name} is an Admin now`);
        await guard(admin, 'make admin popup');
        await expect(page.locator('.swal2-popup')).toBeHidden({ timeout: 5000 });

        await page.goto('/dashboard/manageAllProducts');
        const link = page.getByRole('link', { name: product.name, exact: true });
        await revealByLoadingMore(page, link);
        const row = page.getByRole('listitem').filter({ has: link });
        await expect(row).toContainText(`by ${seller.account.name} (${seller.account.email})`);
        await guard(admin, 'manage all products');
      } finally {
        await closeAll(seller, buyer, admin);
      }
    });
  });
}

async function guard(actor: Actor, where: string) {
  await actor.guard.check(where);
}

test.describe('the API refuses what could become script', () => {
  test('URL fields refuse javascript:, data:, http: and relative URLs with 400', async ({ browser, baseURL }) => {
    const actor = await newActor(browser, baseURL!, false, `${uniqueWord('xss')} ${PAYLOADS.img}`);
    try {
      const image = await uploadImage({ context: actor.api, headers: actor.headers });
      const listing = {
        image1: image, image2: image, image3: image, image4: image,
        name: 'Plain lamp', age: 3, date: '2025-01-01', category: 'pets', price: '10',
        shortDescription: 'A lamp.', longDescription: 'A lamp that works.', uploaderPhone: '+1 555 0100', uploaderLocation: 'York',
      };
      for (const url of DANGEROUS_URLS) {
        const register = await actor.api.post('/api/auth/register', {
          data: { name: 'Mallory', email: `${uniqueWord('xss')}@example.com`, password: 'Xss@1234', photoURL: url },
        });
        expect(register.status(), `register photoURL ${url}`).toBe(400);
        const profile = await actor.api.post('/api/users', {
          headers: actor.headers,
          data: { email: actor.account.email, name: actor.account.name, photoURL: url },
        });
        expect(profile.status(), `profile photoURL ${url}`).toBe(400);
        for (const field of ['image1', 'image2', 'image3', 'image4'] as const) {
          const res = await actor.api.post('/api/products', { headers: actor.headers, data: { ...listing, [field]: url } });
          expect(res.status(), `product ${field} ${url}`).toBe(400);
        }
      }
      // The https URL with markup in its path is accepted (stored as its parsed href; it only ever lands in an attribute).
      const ok = await actor.api.post('/api/users', {
        headers: actor.headers,
        data: { email: actor.account.email, name: actor.account.name, photoURL: PHOTO_URL_PAYLOAD },
      });
      expect(ok.status()).toBe(200);
    } finally {
      await closeAll(actor);
    }
  });

  test('phone fields refuse markup with 400; text fields keep it verbatim; JSON is never served as HTML', async ({ browser, baseURL }) => {
    const planted = await plant(browser, baseURL!, false);
    const { seller, buyer } = planted;
    try {
      const image = await uploadImage({ context: seller.api, headers: seller.headers });
      for (const payload of Object.values(PAYLOADS)) {
        const listing = await seller.api.post('/api/products', {
          headers: seller.headers,
          data: {
            image1: image, image2: image, image3: image, image4: image,
            name: 'Plain lamp', age: 3, date: '2025-01-01', category: 'pets', price: '10',
            shortDescription: 'A lamp.', longDescription: 'A lamp that works.', uploaderPhone: payload, uploaderLocation: 'York',
          },
        });
        expect(listing.status(), `uploaderPhone ${payload}`).toBe(400);
        const request = await buyer.api.post('/api/buyerProduct', {
          headers: buyer.headers,
          data: { productId: planted.productId, phoneNumber: payload, buyerAddress: '1 Main St' },
        });
        expect(request.status(), `phoneNumber ${payload}`).toBe(400);
        const contact = await buyer.api.post('/api/contact', {
          data: { name: 'Ann', email: 'ann@example.com', subject: 'Hi', phone: payload, message: 'Hello' },
        });
        expect(contact.status(), `contact phone ${payload}`).toBe(400);
      }
      // Contact messages take payloads in every text field (they are stored, never rendered by the web app).
      const contact = await buyer.api.post('/api/contact', {
        data: { name: PAYLOADS.svg, email: buyer.account.email, subject: PAYLOADS.title, phone: '+1 555 0100', message: ALL_PAYLOADS },
      });
      expect(contact.ok(), await contact.text()).toBe(true);

      // API answers carrying the payloads are JSON with nosniff, so a browser never renders them as a page.
      for (const url of [`/api/products/${planted.productId}`, `/api/products?q=${encodeURIComponent(planted.tag)}`, `/api/${encodeURIComponent(PAYLOADS.script)}`]) {
        const res = await seller.api.get(url, { headers: seller.headers });
        expect(res.headers()['content-type'], url).toMatch(/^application\/json/);
        expect(res.headers()['x-content-type-options'], url).toBe('nosniff');
      }
    } finally {
      await closeAll(seller, buyer);
    }
  });
});

test.describe('Content-Security-Policy', () => {
  test('every HTML page has a strict script-src', async ({ request, baseURL }) => {
    // A real listing (its page carries a JSON-LD block) whose name would break out of a script element if it could;
    // the signed-in timeline carries the first page of listings as a JSON block (docs/decisions/021-first-screens-from-the-components.md).
    const tag = uniqueWord('csp');
    const [productId] = await createProducts(baseURL!, DEMO_USER, [{ name: `${tag} </script><script>alert(1)</script>`, category: 'pets' }]);
    const signedIn = await apiAs(baseURL!, DEMO_USER);
    const unknownProduct = '/productDetails/00000000000000000000000000000000';
    const pages = [
      ...['/', '/timeline', `/productDetails/${productId}`, unknownProduct, '/dashboard/myCarts', `/timeline?q=${encodeURIComponent(PAYLOADS.script)}`].map(
        (path) => ({ path, client: request, who: 'visitor' }),
      ),
      ...['/timeline', `/timeline?q=${encodeURIComponent(tag)}`, `/timeline?q=${encodeURIComponent(PAYLOADS.script)}`].map((path) => ({
        path,
        client: signedIn.context,
        who: 'signed in',
      })),
    ];
    // The session cookie (Path=/) goes with the page request itself, as a browser sends it: the signed-in timeline
    // carries its first page of listings (decision 014).
    try {
      for (const { path, client, who } of pages) {
        const label = `${path} (${who})`;
        const res = await client.get(path);
        expect(res.headers()['content-type'], label).toMatch(/^text\/html/);
        const csp = res.headers()['content-security-policy'];
        expect(csp, `${label}: Content-Security-Policy`).toBeTruthy();
        const directives = new Map(
          csp!.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
            const [name, ...values] = d.split(/\s+/);
            return [name!.toLowerCase(), values] as const;
          }),
        );
        expect(directives.get('script-src'), label).toEqual(["'self'"]);
        expect(directives.get('object-src'), label).toEqual(["'none'"]);
        expect(directives.get('base-uri'), label).toEqual(["'self'"]);
        expect(directives.get('default-src'), label).toEqual(["'self'"]);
        expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
        expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
        expect(directives.has('script-src-attr') || directives.has('script-src-elem')).toBe(false);
        // The page itself has no inline script that would need an exception: every <script> without src is a data
        // block (a JSON-LD head or the page's JSON), which a browser never runs.
        const html = await res.text();
        const inline = (html.match(/<script\b[^>]*>/gi) ?? []).filter((tag) => !/\bsrc=/i.test(tag));
        for (const tag of inline) expect(tag, label).toMatch(/^<script type="application\/(?:ld\+)?json"(?: id="[\w-]+")?>$/);
        expect(html, label).not.toContain('<script>alert(1)');
        if (path === unknownProduct) expect(inline, label).toEqual([]);
        else if (path.startsWith('/productDetails/')) expect(inline, label).toContain('<script type="application/ld+json">');
        if (path.startsWith('/timeline') && who === 'signed in') expect(inline, label).toContain('<script type="application/json" id="olden-timeline">');
        if (who === 'visitor' && path.startsWith('/timeline')) expect(inline, label).toEqual([]);
      }
    } finally {
      await signedIn.context.dispose();
    }
  });

  test('an inline script and an inline handler injected into the page are refused and reported', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/.test(msg.text())) refused.push(msg.text());
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();

    const outcome = await page.evaluate(async () => {
      const violations: { directive: string; blocked: string; sample: string }[] = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
      });
      const w = window as unknown as { __xss?: number };
      const script = document.createElement('script');
      script.textContent = 'window.__xss = 1';
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="data:," onerror="window.__xss = 2">';
      document.body.append(holder);
      // Violation events are dispatched asynchronously.
      for (let i = 0; i < 40 && violations.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      return { flag: w.__xss, violations };
    });

    expect(outcome.flag).toBeUndefined();
    expect(outcome.violations.map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem']);
    expect(outcome.violations.every((v) => v.blocked === 'inline')).toBe(true);
    await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2);
    // Chromium's wording changed over versions ("Refused to execute inline script because it violates" / "Executing inline script violates").
    expect(refused.join('\n')).toMatch(/(Refused to execute|Executing) inline script[^\n]*script-src 'self'/);
    expect(refused.join('\n')).toMatch(/(Refused to execute|Executing) inline event handler[^\n]*script-src 'self'/);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
