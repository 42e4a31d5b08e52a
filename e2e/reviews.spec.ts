// Reviews after a completed trade (docs/product.md#reviews-and-profiles): buyer and seller complete a trade, both
// review in the thread (the star picker with the keyboard, and with a click), the reviews appear on both public
// profiles, the seller's cards show the stars, and the seller page's server-rendered head names the seller. axe on
// the thread and the profile.
import { expect, test } from '@playwright/test';
import { ADMIN, createProductViaApi, makeProductImages, newProduct, newUserPage, popup, requestProductViaApi, signInViaUi, tokenOf } from './dashboard-fixtures';
import { expectNoSeriousViolations, queueEntry } from './helpers';

test.describe.configure({ timeout: 240_000 });


test('buyer and seller review each other after a handover; the reviews show on both profiles and the seller’s cards', async ({ browser }, testInfo) => {
  const files = await makeProductImages(testInfo, 'Clock');
  const { page: seller, account: sellerAccount } = await newUserPage(browser, 'Seller');
  const { page: buyer, account: buyerAccount } = await newUserPage(browser, 'Buyer');
  await seller.goto('/dashboard/buyerRequest');
  await buyer.goto('/dashboard/myCarts');
  const sold = newProduct('Mantel clock');
  const soldId = await createProductViaApi(seller, sold, files);
  const forSale = newProduct('Carriage clock');
  const forSaleId = await createProductViaApi(seller, forSale, files);
  await requestProductViaApi(buyer, soldId);

  // The handover (the seller's own journey is trade.spec.ts): the request is Completed.
  const buyerToken = await tokenOf(buyer);
  const cart = await buyer.request.get(`/api/buyerProduct?buyerEmail=${encodeURIComponent(buyerAccount.email)}`, { headers: { Authorization: `Bearer ${buyerToken}` } });
  const requestId = ((await cart.json()) as { _id: string; productId: string }[]).find((r) => r.productId === soldId)!._id;
  const handover = await seller.request.delete(`/api/buyerProduct/${requestId}`, { headers: { Authorization: `Bearer ${await tokenOf(seller)}` } });
  expect(handover.status()).toBe(200);
  const sellerId = ((await (await buyer.request.get(`/api/products/${forSaleId}`)).json()) as { sellerId: string }).sellerId;

  // The buyer reviews in the thread, with the keyboard only: the first star, then arrow keys to 4.
  await buyer.goto(`/dashboard/requests/${requestId}`);
  const form = buyer.getByRole('form', { name: 'Leave a review' });
  await expect(form).toBeVisible();
  await expectNoSeriousViolations(buyer, 'the thread with its review form');
  await form.getByRole('radio', { name: '1 Poor' }).focus();
  await buyer.keyboard.press('ArrowRight');
  await buyer.keyboard.press('ArrowRight');
  await buyer.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 Very good' })).toBeChecked();
  await form.getByLabel('Your review (optional)').fill('Exactly as described, friendly handover.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(buyer.getByTestId('review-status')).toContainText(`Review submitted, published when ${sellerAccount.name} reviews or on`);

  // Double-blind: nothing public yet.
  await buyer.goto(`/sellers/${sellerId}`);
  await expect(buyer.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();

  // The seller reviews from the Buyer Request history, with a click.
  await seller.goto('/dashboard/buyerRequest?view=history');
  await seller.getByRole('button', { name: 'Leave a review' }).first().click();
  const sellerForm = seller.getByRole('form', { name: 'Leave a review' });
  await sellerForm.getByText('5 Excellent').click();
  await sellerForm.getByRole('button', { name: 'Submit review' }).click();
  await expect(seller.getByTestId('review-status').first()).toContainText('Your review is published');

  // Both profiles show the other's review; the seller's card shows the stars.
  await buyer.goto(`/sellers/${sellerId}`);
  await expect(buyer.getByRole('heading', { level: 1, name: sellerAccount.name })).toBeVisible();
  await expect(buyer.getByText('Exactly as described, friendly handover.')).toBeVisible();
  const card = buyer.getByRole('article').filter({ has: buyer.getByRole('heading', { name: forSale.name }) });
  await expect(card.getByRole('img', { name: '4.0 out of 5 (1 review)' })).toBeVisible();
  await expectNoSeriousViolations(buyer, 'the seller profile');

  // The listing's own word: the journeys beside this one list things too, and could push it off the first page.
  await buyer.goto(`/timeline?q=${forSale.name.split(' ').at(-1)}`);
  const timelineCard = buyer.getByRole('article').filter({ has: buyer.getByRole('heading', { name: forSale.name }) });
  await expect(timelineCard.getByRole('link', { name: `Seller: ${sellerAccount.name}` })).toBeVisible();
  await expect(timelineCard.getByRole('img', { name: '4.0 out of 5 (1 review)' })).toBeVisible();

  const buyerId = ((await (await buyer.request.get('/api/auth/session')).json()) as { user: { _id: string } }).user._id;
  await seller.goto(`/sellers/${buyerId}`);
  await seller.getByRole('button', { name: /As a buyer/ }).click();
  await expect(seller.getByRole('list', { name: 'Reviews as a buyer' })).toContainText(sellerAccount.name);

  // The seller page's head, as a crawler gets it.
  const html = await (await buyer.request.get(`/sellers/${sellerId}`)).text();
  expect(html).toContain(`<link rel="canonical" href="`);
  expect(html).toContain(`/sellers/${sellerId}" />`);
  expect(html).toMatch(new RegExp(`<title>${sellerAccount.name} \\| Olden Goods</title>`));
  expect(html).toContain('<meta property="og:type" content="profile" />');
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
  expect(ld).toMatchObject({ '@type': 'Person', name: sellerAccount.name, owns: { '@type': 'ItemList', numberOfItems: 1 } });
  expect((await buyer.request.get('/sellers/00000000000000000000000000000000')).status()).toBe(404);

  // A review may be reported like a listing: the seller reports the buyer's review from their profile (its author sees
  // no Report on their own), an admin removes it from the moderation queue, and it leaves the profile and the stars.
  await buyer.goto(`/sellers/${sellerId}`);
  await expect(buyer.getByText('Exactly as described, friendly handover.')).toBeVisible();
  await expect(buyer.getByRole('button', { name: /^Report the review/ })).toHaveCount(0);
  await seller.goto(`/sellers/${sellerId}`);
  const reviewsList = seller.getByRole('list', { name: 'Reviews as a seller' });
  await reviewsList.getByRole('button', { name: `Report the review by ${buyerAccount.name}` }).click();
  const dialog = seller.getByRole('dialog', { name: 'Report this review' });
  await dialog.getByRole('radio', { name: 'Offensive' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(popup(seller).locator('.swal2-title')).toHaveText('Thank you: your report was sent');

  const admin = await (await browser.newContext()).newPage();
  await signInViaUi(admin, ADMIN);
  await admin.goto('/dashboard/moderation');
  const entry = await queueEntry(admin, `review of ${sellerAccount.name} by ${buyerAccount.name}`);
  await expect(entry.getByText('Exactly as described, friendly handover.')).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Remove listing' })).toHaveCount(0);
  await expectNoSeriousViolations(admin, 'a reported review in the moderation queue');
  await entry.getByRole('button', { name: 'Remove review' }).click();
  await popup(admin).getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(popup(admin).locator('.swal2-title')).toHaveText('Remove review: done');

  await buyer.goto(`/sellers/${sellerId}`);
  await expect(buyer.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
  await expect(buyer.getByRole('article').filter({ has: buyer.getByRole('heading', { name: forSale.name }) }).getByText('New seller')).toBeVisible();
});
