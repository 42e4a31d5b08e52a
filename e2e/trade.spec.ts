// The trade lifecycle's journey (docs/product.md#trade-lifecycle): a trade that completes, buyer and seller each in
// their own browser context. Request -> the seller accepts -> messages both ways, each seen live by the other without a
// reload -> handover -> the listing is sold and gone from the timeline -> both find the request in their history.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { confirmDialog, createProductViaApi, expectSuccessPopup, makeProductImages, newProduct, newUserPage, screenshotBoth } from './dashboard-fixtures';

test.describe.configure({ timeout: 240_000 });

// Evaluated in the page: a script tag would be refused by our Content-Security-Policy.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the page as it is: no serious or critical violation (contrast included). */
async function expectNoSeriousAxeViolations(page: Page, what: string) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
  expect(violations, `axe on ${what}`).toEqual([]);
}

/** The thread's messages (the scrollable conversation region). */
const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });

async function send(page: Page, text: string, how: 'keyboard' | 'button') {
  const box = page.getByLabel('Your message');
  await box.fill(text);
  if (how === 'keyboard') await box.press('Control+Enter');
  else await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(conversation(page).getByText(text)).toBeVisible();
  await expect(box).toHaveValue('');
}

test('a trade completes: request, accept, live messages both ways, handover, sold, history', async ({ browser }, testInfo) => {
  const files = await makeProductImages(testInfo, 'Tea set');
  const { page: seller, account: sellerAccount } = await newUserPage(browser, 'Seller');
  const { page: buyer, account: buyerAccount } = await newUserPage(browser, 'Buyer');
  await seller.goto('/dashboard/buyerRequest');
  const item = newProduct('Tea set', { price: '45.00' });
  const productId = await createProductViaApi(seller, item, files);
  await expect(seller.getByRole('heading', { name: 'No buyer requests yet' })).toBeVisible();

  // The buyer asks for it, as the spec's Buy Now does.
  await buyer.goto(`/productDetails/${productId}`);
  await buyer.getByRole('button', { name: 'Buy Now' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Please Full-fill the form' });
  await dialog.getByLabel('Phone Number').fill('+44 20 7946 0000');
  await dialog.getByLabel('Address').fill('12 Station Road, York');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectSuccessPopup(buyer, `${item.name} added to the cart`);

  // The seller's page learns of it live: the badge and the list, no reload.
  await expect(seller.getByRole('link', { name: /^Buyer requests: 1\b/ })).toBeVisible();
  const row = seller.getByRole('list', { name: 'Buyer requests' }).getByRole('listitem').filter({ hasText: item.name });
  await expect(row).toContainText(buyerAccount.name);
  await expect(row).toContainText('Pending');
  await expectNoSeriousAxeViolations(seller, 'Buyer Request');

  // The seller accepts: the listing is reserved.
  await row.getByRole('button', { name: `Accept ${buyerAccount.name}'s request for ${item.name}` }).click();
  await confirmDialog(seller, 'Are you sure?', `${item.name} will be reserved for ${buyerAccount.name} until you hand it over.`, 'Yes, accept it!');
  await expectSuccessPopup(seller, `${item.name} is reserved for ${buyerAccount.name}`);
  await expect(row).toContainText('Accepted');

  // Still on the timeline while reserved, with its badge.
  await buyer.goto('/timeline');
  const card = buyer.getByRole('article').filter({ has: buyer.getByRole('heading', { name: item.name }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Reserved')).toBeVisible();

  // Both open the thread from their lists.
  await buyer.goto('/dashboard/myCarts');
  const cartRow = buyer.getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: item.name });
  await expect(cartRow).toContainText('Accepted');
  await cartRow.getByRole('link', { name: `Messages about ${item.name}` }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/requests\/[^/]+$/);
  await expect(buyer.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  await expect(buyer.getByText(/No messages yet/)).toBeVisible();

  await row.getByRole('link', { name: `Messages about ${item.name}` }).click();
  await expect(seller).toHaveURL(buyer.url());
  await expect(seller.getByText(/No messages yet/)).toBeVisible();

  // Messages both ways, each appearing on the other side without a reload.
  await send(buyer, 'Hello! Is the teapot lid chipped?', 'keyboard');
  await expect(conversation(seller).getByText('Hello! Is the teapot lid chipped?')).toBeVisible();
  await send(seller, 'No chips at all. Pick it up on Saturday?', 'button');
  await expect(conversation(buyer).getByText('No chips at all. Pick it up on Saturday?')).toBeVisible();
  await expect(conversation(buyer).getByText(sellerAccount.name)).toBeVisible();
  await expectNoSeriousAxeViolations(buyer, 'the thread');

  // The seller hands it over from the thread; both sides see the thread close.
  await seller.getByRole('button', { name: 'handover' }).click();
  await confirmDialog(seller, 'Are you sure?', 'This person made his paid?', 'Yes, handover it!');
  await expectSuccessPopup(seller, 'Product has been handovered');
  await expect(seller.getByText(/This request is completed/)).toBeVisible();
  await expect(buyer.getByText(/This request is completed/)).toBeVisible();
  await expect(buyer.getByLabel('Your message')).toHaveCount(0);

  // The listing is sold: its page says so and Buy Now is off; the timeline no longer shows it.
  await buyer.goto(`/productDetails/${productId}`);
  await expect(buyer.getByText('Sold', { exact: true })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await expect(buyer.getByText('Sold: this item has found a new home.')).toBeVisible();
  await expectNoSeriousAxeViolations(buyer, 'a sold product page');
  await buyer.goto('/timeline');
  await expect(buyer.getByRole('article').first()).toBeVisible();
  await expect(buyer.getByRole('heading', { name: item.name })).toHaveCount(0);

  // Both find it in their history, Completed, with the conversation kept.
  await buyer.goto('/dashboard/myCarts');
  await buyer.getByRole('button', { name: 'History' }).click();
  const pastCart = buyer.getByRole('list', { name: 'Past cart items' }).getByRole('listitem').filter({ hasText: item.name });
  await expect(pastCart).toContainText('Completed');
  await expectNoSeriousAxeViolations(buyer, 'My Cart history');

  await seller.goto('/dashboard/buyerRequest');
  await expect(seller.getByRole('heading', { name: 'No buyer requests yet' })).toBeVisible();
  await seller.getByRole('button', { name: 'History' }).click();
  const pastRequest = seller.getByRole('list', { name: 'Past buyer requests' }).getByRole('listitem').filter({ hasText: item.name });
  await expect(pastRequest).toContainText('Completed');
  await pastRequest.getByRole('link', { name: `Messages about ${item.name}` }).click();
  await expect(conversation(seller).getByText('Hello! Is the teapot lid chipped?')).toBeVisible();

  // At 1280 and 375 px, nothing sticks out sideways.
  await screenshotBoth(buyer, testInfo, 'trade-cart-history', buyer.getByRole('list', { name: 'Past cart items' }));
  await screenshotBoth(seller, testInfo, 'trade-thread-closed', conversation(seller));
});
