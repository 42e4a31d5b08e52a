// Reports and moderation (issue 28): a member reports a listing, an admin resolves it from the queue, the member sees
// the outcome; axe finds nothing serious on the new pages, as a member and as an admin.
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN, createProductViaApi, makeProductImages, newProduct, newUserPage, popup, signInViaUi } from './dashboard-fixtures';
import { expectNoSeriousViolations, queueEntry } from './helpers';

/** axe (the journeys' shared helper) once the page's requests have settled: the queue and charts load after the page. */
async function expectNoSeriousViolationsSettled(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, what);
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInViaUi(page, ADMIN);
  return page;
}

test('a buyer reports a listing, an admin resolves it from the queue, the buyer sees the outcome', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const { page: seller } = await newUserPage(browser, 'Sally');
  // A dashboard page exchanges the session cookie for the bearer token the API calls below use.
  await seller.goto('/dashboard');
  const product = newProduct('Reported');
  const productId = await createProductViaApi(seller, product, await makeProductImages(testInfo, 'Reported'));

  const { page: buyer } = await newUserPage(browser, 'Bruno');
  await buyer.goto(`/productDetails/${productId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await buyer.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Report this listing' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolationsSettled(buyer, 'the report dialog');
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await dialog.getByLabel(/^Note/).fill('The seller asked me to pay by gift card');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(popup(buyer).locator('.swal2-title')).toHaveText('Thank you: your report was sent');

  await buyer.goto('/dashboard/reports');
  const mine = buyer.getByRole('list', { name: 'My reports' });
  await expect(mine.getByText(product.name)).toBeVisible();
  await expect(mine.getByText('Waiting for a moderator')).toBeVisible();
  await expectNoSeriousViolationsSettled(buyer, 'My Reports');

  const admin = await adminPage(browser);
  await admin.goto('/dashboard/moderation');
  const entry = await queueEntry(admin, product.name);
  await expect(entry.getByText('The seller asked me to pay by gift card')).toBeVisible();
  // The menu's open-report badge (on a phone the menu is folded away, so it is there but not shown).
  await expect(admin.getByRole('link', { name: /Moderation Queue \(\d+\)/, includeHidden: true }).first()).toBeAttached();
  await expectNoSeriousViolationsSettled(admin, 'the moderation queue');
  await entry.getByLabel(/^Note for the record/).fill('Please keep payment on the site');
  await entry.getByRole('button', { name: 'Warn user' }).click();
  await expect(popup(admin).locator('.swal2-title')).toHaveText('Warn user: done');
  await expect(admin.getByRole('article', { name: new RegExp(product.name) })).toHaveCount(0);

  await admin.goto('/dashboard/audit');
  await expect(admin.getByRole('cell', { name: 'report.resolve' }).first()).toBeVisible();
  await expectNoSeriousViolationsSettled(admin, 'the audit log');
  await admin.goto('/dashboard/overview');
  await expect(admin.getByRole('heading', { name: /^New listings/ })).toBeVisible();
  await expectNoSeriousViolationsSettled(admin, 'the overview');

  await buyer.goto('/dashboard/reports');
  await expect(buyer.getByRole('list', { name: 'My reports' }).getByText('Action taken')).toBeVisible();
});

test('a listing whose photo is an edited copy of another seller\'s appears in the queue beside the original', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const { page: honest } = await newUserPage(browser, 'Hana');
  await honest.goto('/dashboard');
  const original = newProduct('Original');
  const files = await makeProductImages(testInfo, 'Original');
  await createProductViaApi(honest, original, files);

  // Another seller lists a smaller, brighter, re-encoded copy of its first photo beside photos of their own.
  const copyFile = testInfo.outputPath('edited-copy.jpg');
  await sharp(files[0]).resize({ width: 640 }).modulate({ brightness: 1.1 }).jpeg({ quality: 60 }).toFile(copyFile);
  const { page: copier } = await newUserPage(browser, 'Cody');
  await copier.goto('/dashboard');
  const copy = newProduct('Copied');
  const own = await makeProductImages(testInfo, 'Copied');
  await createProductViaApi(copier, copy, [copyFile, ...own.slice(1)]);

  const admin = await adminPage(browser);
  await admin.goto('/dashboard/moderation');
  const entry = await queueEntry(admin, copy.name);
  await expect(entry.getByText('Stolen photos', { exact: true })).toBeVisible();
  // One block per earlier listing it matches: the other device's run of this journey lists the same original photo.
  await expect(entry.getByText(/Earlier listing with a matching photo/).first()).toBeVisible();
  await expect(entry.getByRole('img', { name: `${copy.name}, photo 1 (the matching photo)` })).toBeVisible();
  await expect(entry.getByRole('img', { name: `${original.name}, photo 1 (the matching photo)` })).toBeVisible();
  await expectNoSeriousViolationsSettled(admin, 'a stolen-photo pair in the queue');
});
