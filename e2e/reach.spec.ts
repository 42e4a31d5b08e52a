// Similar listings under a listing and "Recently viewed" on the home page, on a phone-sized screen; a seller's
// listing stats in My Added Products (docs/product.md#similar-listings, #recently-viewed, #reach).
import { expect, test } from '@playwright/test';
import { createProducts, DEMO_USER, expectNoSeriousViolations, loginViaForm, uniqueWord } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

test('similar listings under a listing, and the last ones opened on the home page (phone)', async ({ page, baseURL }) => {
  const word = uniqueWord('lamp');
  const [first, second, third] = await createProducts(baseURL!, DEMO_USER, [
    { name: `${word} brass desk lamp` },
    { name: `${word} green lamp shade` },
    { name: `${word} table lamp` },
  ]);

  await page.goto(`/productDetails/${first}`);
  const similar = page.getByRole('region', { name: 'Similar listings' });
  await expect(similar).toBeVisible();
  await expect(similar.getByRole('heading', { name: `${word} green lamp shade` })).toBeVisible();
  await expect(similar.getByRole('heading', { name: `${word} brass desk lamp` })).toHaveCount(0);
  await similar.getByRole('heading', { name: `${word} green lamp shade` }).scrollIntoViewIfNeeded();
  await expectNoSeriousViolations(page, 'a product page with similar listings (phone)');

  await similar.getByRole('link', { name: `View Details of ${word} green lamp shade` }).click();
  await expect(page).toHaveURL(new RegExp(`/productDetails/${second}$`));
  await page.goto(`/productDetails/${third}`);
  await expect(page.getByRole('heading', { level: 1, name: `${word} table lamp` })).toBeVisible();

  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Recently viewed' });
  await expect(recent).toBeVisible();
  const names = await recent.getByRole('link').allInnerTexts();
  expect(names.slice(0, 3).map((n) => n.split('\n')[0])).toEqual([`${word} table lamp`, `${word} green lamp shade`, `${word} brass desk lamp`]);
  await expectNoSeriousViolations(page, 'home with recently viewed (phone)');
  await recent.getByRole('link', { name: new RegExp(`${word} green lamp shade`) }).click();
  await expect(page).toHaveURL(new RegExp(`/productDetails/${second}$`));
});

test('a seller sees views and the 30-day chart of a listing in My Added Products', async ({ browser, page, baseURL }) => {
  const word = uniqueWord('stool');
  const [id] = await createProducts(baseURL!, DEMO_USER, [{ name: `${word} milking stool` }]);
  // A visitor opens it (a view); the server writes views every VIEW_FLUSH_MS (the journeys' server: 1 s).
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/productDetails/${id}`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: `${word} milking stool` })).toBeVisible();
  await visitor.close();

  await page.goto('/login');
  await loginViaForm(page, DEMO_USER);
  await page.goto('/dashboard/myAddedProducts');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${word} milking stool` }) });
  await expect(async () => {
    await page.reload();
    await expect(row.getByText(/^1$/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await row.getByRole('button', { name: `Stats of ${word} milking stool` }).click();
  await expect(row.getByText('Views (all time)')).toBeVisible();
  await expect(row.locator('[data-chart="Views"] canvas')).toBeVisible();
  await expect(row.getByRole('button', { name: `Hide stats of ${word} milking stool` })).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousViolations(page, 'My Added Products with stats open (phone)');
});
