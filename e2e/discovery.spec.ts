// Favourites in the browser (docs/product.md#favourites-and-saved-searches): a buyer hearts a listing and finds it in
// Favourites; a signed-out visitor is sent to sign in and comes back.
import { expect, test } from '@playwright/test';
import { createProducts, DEMO_ADMIN, DEMO_USER, expectNoSeriousViolations, loginViaForm, uniqueWord } from './helpers';

test('a buyer hearts a listing on the timeline and finds it in Favourites', async ({ page, baseURL }) => {
  const word = uniqueWord('fav');
  await createProducts(baseURL!, DEMO_ADMIN, [{ name: `${word} pine dresser`, price: '140' }]);
  await page.goto('/login');
  await loginViaForm(page, DEMO_USER);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`/timeline?q=${word}`);
  const heart = page.getByRole('button', { name: `Save ${word} pine dresser to favourites` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // Still pressed once the page is opened again (the user's favourites come from the server).
  await page.reload();
  await expect(page.getByRole('button', { name: `Save ${word} pine dresser to favourites` })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/dashboard/favourites');
  await expect(page.getByRole('heading', { name: 'Favourites', level: 1 })).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${word} pine dresser` }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Still for sale')).toBeVisible();
  await expectNoSeriousViolations(page, 'Favourites');

  // Removed from Favourites, the heart is no longer pressed.
  await row.getByRole('button', { name: `Remove ${word} pine dresser from favourites` }).click();
  await expect(row).toHaveCount(0);
  await page.goto(`/timeline?q=${word}`);
  await expect(page.getByRole('button', { name: `Save ${word} pine dresser to favourites` })).toHaveAttribute('aria-pressed', 'false');
});

test('a signed-out visitor who presses a heart is sent to sign in and comes back', async ({ page, baseURL }) => {
  const word = uniqueWord('favout');
  const [id] = await createProducts(baseURL!, DEMO_ADMIN, [{ name: `${word} oak stool` }]);
  await page.goto(`/productDetails/${id}`);
  await page.getByRole('button', { name: `Save ${word} oak stool to favourites` }).click();
  await expect(page).toHaveURL(/\/login/);
  await loginViaForm(page, DEMO_USER);
  await expect(page).toHaveURL(new RegExp(`/productDetails/${id}$`));
});
