// Account journeys against the real server: recover a password by mail, verify from the banner, update the
// profile, and sign out another device. Mails are read from the server's outbox (no SMTP in the journeys).
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { resolve } from 'node:path';
import { expect, request, test } from '@playwright/test';
import { confirmDialog, expectSuccessPopup, newAccount, registerViaApi, screenshotBoth, signInViaUi } from './dashboard-fixtures';
import { mailedLink, openAccountMenu } from './helpers';

const PHOTO = resolve(import.meta.dirname, '../apps/web/public/categories/homeAndLiving.webp');
/** Follows the register rules and is in no list of common passwords. */
const NEW_PASSWORD = 'Qv7!mRz2pLx';

test('forgot password: the mailed link sets a new password, which signs in; the old one and the used link do not work', async ({ page, baseURL }, testInfo) => {
  const account = newAccount('Forgetful');
  const api = await request.newContext({ baseURL });
  const registered = await api.post('/api/auth/register', {
    data: { name: account.name, email: account.email, password: account.password, photoURL: 'https://example.com/avatars/user.png' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  await api.dispose();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotPassword$/);
  await expect(page).toHaveTitle('Olden Goods | Forgot password');
  const since = Date.now();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.resetRequested);
  await screenshotBoth(page, testInfo, 'forgot-password-sent');

  const link = await mailedLink(account.email, '/resetPassword', since);
  await page.goto(link);
  await expect(page).toHaveTitle('Olden Goods | Reset password');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectSuccessPopup(page, ACCOUNT_MESSAGES.passwordReset);
  await expect(page).toHaveURL(/\/login$/);

  // The old password is refused, the new one signs in.
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signInViaUi(page, { email: account.email, password: NEW_PASSWORD });
  await openAccountMenu(page);
  await expect(page.getByRole('menu').getByText(account.email)).toBeVisible();
  // A reset proves the address: no banner.
  await expect(page.getByRole('region', { name: 'Verify your email' })).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Other#2468x');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Other#2468x');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText(ACCOUNT_MESSAGES.invalidToken);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotPassword');
});

test('a new user verifies their email from the banner', async ({ page }, testInfo) => {
  const account = newAccount('Verifier');
  await registerViaApi(page, account);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Verify your email' });
  await expect(banner).toBeVisible();
  await screenshotBoth(page, testInfo, 'verify-banner', banner);

  const since = Date.now();
  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expect(banner.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.verificationSent);
  const link = await mailedLink(account.email, '/verifyEmail', since);

  await page.goto(link);
  await expect(page).toHaveTitle('Olden Goods | Verify email');
  await expect(page.getByText('Your email is verified. Thank you!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Your Product' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email' })).toHaveCount(0);
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.emailVerified).toBe(true);

  // The banner stays gone after a reload; the used link now explains itself.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(ACCOUNT_MESSAGES.invalidToken);
  await expect(page.getByText('is already verified')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email' })).toHaveCount(0);
});

test('a profile update shows on the navbar avatar and in the account menu', async ({ page }, testInfo) => {
  const account = newAccount('Renamer');
  await registerViaApi(page, account);
  await page.goto('/');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Profile' });
  const newName = `${account.name} Renamed`;
  await form.getByLabel('Name').fill(newName);
  await form.getByLabel('Upload a photo').setInputFiles(PHOTO);
  // An absolute URL of this server's stored image (docs/decisions/008: replies name images absolutely).
  await expect(form.getByLabel('Photo URL')).toHaveValue(/^https?:\/\/[^/]+\/api\/images\/[a-f0-9]{32}-1280\.webp$/);
  const photoURL = await form.getByLabel('Photo URL').inputValue();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expectSuccessPopup(page, 'Your profile is updated');

  const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(avatar).toHaveAttribute('src', photoURL);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await openAccountMenu(page);
  await expect(page.getByRole('menu').getByText(newName)).toBeVisible();
  await page.keyboard.press('Escape');
  await screenshotBoth(page, testInfo, 'profile', page.getByRole('list', { name: 'Sessions' }));

  // It is the account's, not the page's: still there after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute('src', photoURL);
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Name')).toHaveValue(newName);
});

test('sign out another session from the profile page', async ({ page, baseURL }) => {
  const account = newAccount('Traveller');
  const marker = `OtherDevice-${account.email.split('@')[0]}`;
  // The "other device": its own cookie jar and a user agent we can find in the list.
  const other = await request.newContext({ baseURL, userAgent: `Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0 ${marker}` });
  const registered = await other.post('/api/auth/register', {
    data: { name: account.name, email: account.email, password: account.password, photoURL: 'https://example.com/avatars/user.png' },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  expect((await (await other.get('/api/auth/session')).json()).user?.email).toBe(account.email);

  await signInViaUi(page, account);
  await page.goto('/dashboard/profile');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const here = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(here).toHaveCount(1);
  await expect(here).not.toContainText(marker);
  const away = sessions.getByRole('listitem').filter({ hasText: marker });
  await expect(away).toContainText('Firefox on Linux');

  await away.getByRole('button', { name: 'Sign out' }).click();
  await confirmDialog(page, 'Sign out Firefox on Linux?', 'Whoever uses that device will need to log in again.', 'Yes, sign it out');
  await expectSuccessPopup(page, 'Firefox on Linux is signed out');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();

  // The other device is signed out at once; this one is not.
  expect((await (await other.get('/api/auth/session')).json()).user).toBeNull();
  await other.dispose();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
});
