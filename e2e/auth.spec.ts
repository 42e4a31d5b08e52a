import { expect, test } from '@playwright/test';
import { DEMO_USER, loginViaForm, openAccountMenu, saveScreenshot, uniqueWord } from './helpers';

test('register shows each validation message', async ({ page }, testInfo) => {
  await page.goto('/register');
  await expect(page).toHaveTitle('Olden Goods | Register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('This Name field is required')).toBeVisible();
  await expect(page.getByText('photoURL field is required')).toBeVisible();
  await expect(page.getByText('This Email field is required')).toBeVisible();
  await expect(page.getByText('This Password field is required')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Password must me 6 character')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Password must be A small letter, a capitel letter and a special character')).toBeVisible();
  await saveScreenshot(page, testInfo, 'register-errors');
});

test('register from a guarded page lands back there, then log out', async ({ page }) => {
  const email = `${uniqueWord('buyer')}@example.com`;
  await page.goto('/timeline?category=kids');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByLabel('Name').fill('Nora New');
  await page.getByLabel('Photo URL').fill('https://example.com/nora.png');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Nora#Ridge42');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('heading', { name: 'User Log in Successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/timeline\?category=kids$/);
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();

  await openAccountMenu(page);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('heading', { name: 'Logout Successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  await openAccountMenu(page);
  await expect(page.getByText('You are not Logged in')).toBeVisible();
});

test('login with a wrong password says so; the right one returns to the origin', async ({ page }) => {
  await page.goto('/productsCategory/HOMEANDLIVING');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong@999');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await loginViaForm(page, DEMO_USER);
  await expect(page).toHaveURL(/\/productsCategory\/HOMEANDLIVING$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home and Living' })).toBeVisible();
  // Signed in: Login link gone from the navigation.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('Continue With Google explains when it is not configured', async ({ page }) => {
  await page.goto('/login');
  const providers = await (await page.request.get('/api/auth/providers')).json();
  test.skip(providers.google === true, 'Google is configured on this server');
  await page.getByRole('button', { name: 'Continue With Google' }).click();
  await expect(page.getByRole('alert')).toContainText('Google sign-in is not set up');
});
