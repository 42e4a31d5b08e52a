// The first screens the server paints (the timeline's for a live session, a product page's, a seller's page) are the web's own
// components rendered with react-dom/server (docs/decisions/021-first-screens-from-the-components.md): when React takes
// over in the browser it renders the same markup, and says nothing about it in the console.
import { expect, type Page, test } from '@playwright/test';
import { createProducts, DEMO_ADMIN, DEMO_USER, loginViaForm, uniqueWord } from './helpers';

/** React's complaints about a server-rendered tree that differs from its own (hydration, recoverable errors). */
const MISMATCH = /hydrat|did not match|mismatch|recoverable/i;

function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(String(error)));
  return messages;
}

/**
 * Elements as the browser writes them, with what legitimately differs between the painted screen and React's live DOM
 * left out: the ids useId makes (a different prefix on the server), a select's chosen option (React sets the property,
 * the server the attribute) and the skeleton of photos still loading.
 */
async function normalised(page: Page, html: string, selectors: string[]): Promise<string[]> {
  return page.evaluate(
    ({ html: source, selectors: wanted }) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      return wanted.map((selector) => {
        const element = doc.querySelector(selector);
        if (!element) return `missing ${selector}`;
        for (const option of Array.from(element.querySelectorAll('option[selected]'))) option.removeAttribute('selected');
        // Inline styles as the browser writes them ("width: 72px; height: 72px;"), whoever wrote them.
        for (const styled of Array.from(element.querySelectorAll<HTMLElement>('[style]'))) styled.setAttribute('style', styled.style.cssText);
        // Attributes in one order (React's client sets an <img>'s src and srcset last).
        for (const node of [element, ...Array.from(element.querySelectorAll('*'))]) {
          const attributes = Array.from(node.attributes).map((a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
          for (const [name] of attributes) node.removeAttribute(name);
          for (const [name, value] of attributes) node.setAttribute(name, value);
        }
        return element.outerHTML.replace(/(id|for|aria-controls)="[^"]*?-(category|sort|q|min|max|place|place-list|radius)"/g, '$1="ID-$2"');
      });
    },
    { html, selectors },
  );
}

const live = (page: Page) => page.evaluate(() => document.documentElement.outerHTML);

test('the timeline React renders is the first screen the server painted, with no hydration warning', async ({ page, baseURL }) => {
  const tag = uniqueWord('paint');
  await createProducts(baseURL!, DEMO_ADMIN, [1, 2, 3, 4].map((i) => ({ name: `${tag} lamp ${i}`, price: String(10 + i) })));
  await page.goto('/login');
  await loginViaForm(page, DEMO_USER);
  await expect(page).not.toHaveURL(/\/login/);

  const url = `/timeline?q=${tag}`;
  const painted = await (await page.request.get(url, { headers: { accept: 'text/html' } })).text();
  expect(painted).toContain(`${tag} lamp 4`);
  const messages = watchConsole(page);
  await page.goto(url);
  const cards = page.getByRole('link', { name: /^View Details of / });
  await expect(cards).toHaveCount(4);
  await page.waitForLoadState('networkidle');

  const parts = ['main section > header', 'main section > div.rounded-box', 'main ul > li:nth-child(1)', 'main ul > li:nth-child(2)', 'main ul > li:nth-child(3)'];
  const before = await normalised(page, painted, parts);
  const after = await normalised(page, await live(page), parts);
  expect(before.every((part) => !part.startsWith('missing'))).toBe(true);
  expect(after).toEqual(before);
  expect(messages.filter((m) => MISMATCH.test(m))).toEqual([]);
});

test('a product page React renders is the first screen the server painted, with no hydration warning', async ({ page, baseURL }) => {
  const tag = uniqueWord('paint');
  const [id] = await createProducts(baseURL!, DEMO_ADMIN, [{ name: `${tag} clock`, price: '75' }]);
  const painted = await (await page.request.get(`/productDetails/${id}`, { headers: { accept: 'text/html' } })).text();
  expect(painted).toContain(`${tag} clock</h1>`);
  const messages = watchConsole(page);
  await page.goto(`/productDetails/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${tag} clock` })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const parts = ['main article > section[aria-label="Seller"]', 'main article > div.grid'];
  const before = await normalised(page, painted, parts);
  const after = await normalised(page, await live(page), parts);
  expect(before.every((part) => !part.startsWith('missing'))).toBe(true);
  expect(after).toEqual(before);
  expect(messages.filter((m) => MISMATCH.test(m))).toEqual([]);
});

test('a seller page React renders is the first screen the server painted, with no hydration warning', async ({ page, baseURL }) => {
  const tag = uniqueWord('paint');
  const [id] = await createProducts(baseURL!, DEMO_ADMIN, [{ name: `${tag} mirror`, price: '55' }]);
  const listing = await (await page.request.get(`/api/products/${id}`)).json();
  const url = `/sellers/${listing.sellerId}`;
  const painted = await (await page.request.get(url, { headers: { accept: 'text/html' } })).text();
  expect(painted).toContain(`${tag} mirror`);
  const messages = watchConsole(page);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 2, name: 'For sale' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^View Details of / }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  // This listing's card (the other project's run lists its own for the same seller meanwhile).
  const parts = ['main section > header', `main ul > li:has(a[href="/productDetails/${id}"])`];
  const before = await normalised(page, painted, parts);
  const after = await normalised(page, await live(page), parts);
  expect(before.every((part) => !part.startsWith('missing'))).toBe(true);
  expect(after).toEqual(before);
  expect(messages.filter((m) => MISMATCH.test(m))).toEqual([]);
});
