import { expect, test } from '@playwright/test';
import { createProducts, DEMO_ADMIN, DEMO_USER, loginViaForm, saveScreenshot, uniqueWord } from './helpers';

test('timeline filters live in the URL, survive reload, and page with Load more', async ({ page, baseURL }, testInfo) => {
  const tag = uniqueWord('lot');
  // 26 matching products: one full page of 24 plus two more behind Load more.
  await createProducts(
    baseURL!,
    DEMO_ADMIN,
    Array.from({ length: 26 }, (_, i) => ({
      name: `${tag} item ${i + 1}`,
      category: i < 3 ? 'kids' : 'homeAndLiving',
      price: String(10 + i),
    })),
  );

  await page.goto('/login');
  await loginViaForm(page, DEMO_USER);
  await page.goto('/timeline');
  await expect(page).toHaveTitle('Olden Goods | Timeline');

  const select = page.getByLabel('Category');
  // The spec's options are the nine keys (as in the URL); people read their labels (docs/product.md#timeline).
  await expect(select.locator('option')).toHaveText([
    'select a value', 'Home and Living', 'Electronics', 'Hobbies & Sports', 'Vehicles', "Men's Fashion & Grooming", "Women's Fashion & Beauty", 'Kids', 'Education', 'Pets and Animal',
  ]);
  expect(await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([
    '', 'homeAndLiving', 'electronics', 'hobbiesSports', 'vehicles', 'mensFashion', 'womensFashion', 'kids', 'education', 'pets',
  ]);
  await expect(select.locator('option').first()).toBeDisabled();

  await page.getByLabel('Search', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const cards = page.getByRole('link', { name: /^View Details of / });
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(26);
  await expect(page.getByText('You have seen all 26 products.')).toBeVisible();

  await select.selectOption('kids');
  await expect(page).toHaveURL(/category=kids/);
  await expect(cards).toHaveCount(3);

  await page.getByLabel('Minimum price').fill('11');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByLabel('Sort by').selectOption('price_desc');
  await expect(page).toHaveURL(/minPrice=11/);
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(`${tag} item 3`);

  await page.reload();
  await expect(page.getByLabel('Category')).toHaveValue('kids');
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(tag);
  await expect(page.getByLabel('Minimum price')).toHaveValue('11');
  await expect(cards).toHaveCount(2);
  await saveScreenshot(page, testInfo, 'timeline-filtered');

  await page.getByRole('button', { name: 'All categories' }).click();
  await expect(page).not.toHaveURL(/category=/);
  await expect(cards).toHaveCount(24);
});

test('category page matches the category case-insensitively', async ({ page, baseURL }, testInfo) => {
  const tag = uniqueWord('pet');
  await createProducts(baseURL!, DEMO_ADMIN, [{ name: `${tag} basket`, category: 'pets' }]);
  await page.goto('/login');
  await loginViaForm(page, DEMO_USER);
  await page.goto('/productsCategory/PETS');
  await expect(page.getByRole('heading', { level: 1, name: 'pets' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${tag} basket` })).toBeVisible();
  await saveScreenshot(page, testInfo, 'category');
  await page.goto('/productsCategory/not-a-category');
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
});
