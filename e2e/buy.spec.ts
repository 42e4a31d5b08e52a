import { expect, test } from '@playwright/test';
import { createProducts, DEMO_ADMIN, DEMO_USER, loginViaForm, saveScreenshot, uniqueWord } from './helpers';

test('a visitor logs in from Buy Now, comes back and sends a buy request', async ({ page, baseURL }, testInfo) => {
  const name = `Walnut dresser ${uniqueWord()}`;
  const [id] = await createProducts(baseURL!, DEMO_ADMIN, [{ name, price: '240' }]);

  await page.goto(`/productDetails/${id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginViaForm(page, DEMO_USER);
  await expect(page).toHaveURL(new RegExp(`/productDetails/${id}$`));

  await page.getByRole('button', { name: 'Buy Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please Full-fill the form' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue(DEMO_USER.email);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('This Phone Number field is required')).toBeVisible();
  await expect(dialog.getByText('This Address field is required')).toBeVisible();
  await saveScreenshot(page, testInfo, 'buy-now-dialog');

  await dialog.getByLabel('Phone Number').fill('+1 555 0199');
  await dialog.getByLabel('Address').fill('12 Elm Street, Springfield');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: `${name} added to the cart` })).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second request for the same product is refused with a clear message.
  await expect(page.getByRole('heading', { name: `${name} added to the cart` })).toBeHidden();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await dialog.getByLabel('Phone Number').fill('+1 555 0199');
  await dialog.getByLabel('Address').fill('12 Elm Street, Springfield');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toContainText('already requested');
});

test('the seller cannot buy their own product', async ({ page, baseURL }) => {
  const name = `Own mirror ${uniqueWord()}`;
  const [id] = await createProducts(baseURL!, DEMO_USER, [{ name }]);
  await page.goto('/login');
  await loginViaForm(page, DEMO_USER);
  await page.goto(`/productDetails/${id}`);
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await expect(page.getByText('This is your listing.')).toBeVisible();
});
