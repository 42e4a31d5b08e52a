// Your account is yours (docs/product.md#your-account-is-yours), in the browser: two-step sign-in turned on from the
// QR code's otpauth:// URI with the code computed here, a passkey registered and used with Chromium's virtual
// authenticator, an email change through the mailed link, the data download, and the deletion. axe on the profile
// and login pages as they are during these journeys.
import { readFile } from 'node:fs/promises';
import { ACCOUNT_MESSAGES } from '@olden/contracts/constants';
import { expect, type Page, test } from '@playwright/test';
import { URI } from 'otpauth';
import { newAccount, registerViaApi } from './dashboard-fixtures';
import { expectNoSeriousViolations, mailedLink, openAccountMenu } from './helpers';

async function openProfile(page: Page) {
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
}

async function logOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page.getByRole('heading', { name: 'Logout Successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

async function passwordStep(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('two-step sign-in: turned on from the QR code\'s URI, then signing in asks for a code, computed here', async ({ page }) => {
  const account = newAccount('Twostep');
  await registerViaApi(page, account);
  await openProfile(page);
  const section = page.getByRole('region', { name: 'Two-step sign-in' });

  // The otpauth:// URI the QR code encodes, as the set-up call answered it for the page.
  const setupAnswer = page.waitForResponse((r) => r.url().endsWith('/api/auth/2fa/setup') && r.request().method() === 'POST');
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const { uri } = (await (await setupAnswer).json()) as { uri: string };
  const totp = URI.parse(uri);
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // The key the page shows for typing in is the URI's secret.
  await expect(section.getByTestId('totp-secret')).toHaveText((totp as unknown as { secret: { base32: string } }).secret.base32);
  await expectNoSeriousViolations(page, 'the profile page during two-step set-up');

  // The current step's code turns it on (still within one step of drift if a step ends before the server checks it);
  // the sign-in below uses the next step's, as a code is accepted once.
  await section.getByLabel('Code from your app').fill(totp.generate());
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByLabel('Recovery codes');
  await expect(codes).toBeVisible();
  expect((await codes.innerText()).trim().split('\n')).toHaveLength(10);
  await section.getByRole('button', { name: 'I saved them' }).click();
  await expect(section.getByText(/Two-step sign-in is\s+on/)).toBeVisible();

  await logOut(page);
  await passwordStep(page, account);
  const step = page.getByRole('form', { name: 'Two-step sign-in' });
  const codeField = step.getByLabel('Code from your authenticator app');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoSeriousViolations(page, 'the login page at its code step');
  await codeField.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'User Log in Successfully' })).toBeVisible();
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.email).toBe(account.email);
});

test('a passkey registered from the profile signs in from the login page (Chromium\'s virtual authenticator)', async ({ page, browserName }) => {
  test.skip(browserName !== 'chromium', 'the DevTools protocol\'s WebAuthn domain is Chromium\'s');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  const account = newAccount('Passkey');
  await registerViaApi(page, account);
  await openProfile(page);
  await page.getByLabel('Name (optional)').fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Work laptop')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove passkey Work laptop' })).toBeVisible();

  await logOut(page);
  await expectNoSeriousViolations(page, 'the login page');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'User Log in Successfully' })).toBeVisible();
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.email).toBe(account.email);
});

test('email change through the mailed link, the data download, then the deletion: the old password signs in no more', async ({ page }) => {
  const account = newAccount('Owner');
  await registerViaApi(page, account);
  await openProfile(page);
  await expectNoSeriousViolations(page, 'the profile page');

  // Change email: nothing changes until the link mailed to the new address is opened, signed in.
  const newEmail = `moved-${account.email}`;
  const since = Date.now();
  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Your password').fill(account.password);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(form.getByRole('status')).toHaveText(ACCOUNT_MESSAGES.emailChangeSent);
  const link = await mailedLink(newEmail, '/confirmEmail', since);
  await page.goto(link);
  await expect(page).toHaveTitle('Olden Goods | Confirm email');
  await page.getByRole('button', { name: 'Confirm my new email' }).click();
  await expect(page.getByRole('status')).toContainText('Your email was changed');
  expect((await (await page.request.get('/api/auth/session')).json()).user.email).toBe(newEmail);

  // Download my data: one JSON file with the profile.
  await openProfile(page);
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile?: { email?: string; name?: string; displayName?: string } };
  expect(data.profile).toMatchObject({ email: newEmail });

  // Delete the account: the password and the word typed.
  const danger = page.getByRole('form', { name: 'Delete account' });
  await danger.getByLabel(/Your password/).fill(account.password);
  const button = danger.getByRole('button', { name: 'Delete my account' });
  await expect(button).toBeDisabled();
  await danger.getByLabel('Type DELETE to confirm').fill('DELETE');
  await button.click();
  await expect(page.getByRole('heading', { name: 'Your account was deleted' })).toBeVisible();

  for (const email of [newEmail, account.email]) {
    await passwordStep(page, { email, password: account.password });
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  }
  await expectNoSeriousViolations(page, 'the login page after a refused sign-in');
});
