// Offers on a buy request (docs/product.md#offers), buyer and seller each in their own browser context: the buyer makes
// an offer from the product page (the request dialog with an amount), the seller counters in the thread, the buyer
// accepts the counter, both see the agreed price live, and the handover completes the trade at that price. axe on the
// offer dialog and on the thread with its offer cards.
import { expect, test } from '@playwright/test';
import { confirmDialog, createProductViaApi, expectSuccessPopup, makeProductImages, newProduct, newUserPage, tokenOf } from './dashboard-fixtures';
import { expectNoSeriousViolations } from './helpers';

test.describe.configure({ timeout: 240_000 });

test('buyer offers, seller counters, buyer accepts; both see the agreed price live; the handover completes at that price', async ({ browser }, testInfo) => {
  const files = await makeProductImages(testInfo, 'Lamp');
  const { page: seller, account: sellerAccount } = await newUserPage(browser, 'Seller');
  const { page: buyer, account: buyerAccount } = await newUserPage(browser, 'Buyer');
  // Signed in by cookie: a dashboard page takes the session's token (tokenOf).
  await seller.goto('/dashboard/buyerRequest');
  await buyer.goto('/dashboard/myCarts');
  const item = newProduct('Brass lamp', { price: '100.00' });
  const productId = await createProductViaApi(seller, item, files);

  // The buyer offers from the product page: the Buy Now dialog with an amount.
  await buyer.goto(`/productDetails/${productId}`);
  await expect(buyer.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  await buyer.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Please Full-fill the form' });
  await expect(dialog.getByLabel('Your offer')).toBeFocused();
  await dialog.getByLabel('Your offer').fill('120');
  await dialog.getByLabel('Phone Number').fill('+44 20 7946 0000');
  await dialog.getByLabel('Address').fill('12 Station Road, York');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('An offer must be below the listed price of $100.00')).toBeVisible();
  await dialog.getByLabel('Your offer').fill('70');
  await expectNoSeriousViolations(buyer, 'the offer dialog');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectSuccessPopup(buyer, `${item.name} added to the cart`, 'Your offer of $70.00 is with the seller.');

  const cart = await buyer.request.get(`/api/buyerProduct?buyerEmail=${encodeURIComponent(buyerAccount.email)}`, { headers: { Authorization: `Bearer ${await tokenOf(buyer)}` } });
  const requestId = ((await cart.json()) as { _id: string; productId: string }[]).find((r) => r.productId === productId)!._id;

  // Both open the thread; the seller finds the buyer's offer there and counters it.
  await buyer.goto(`/dashboard/requests/${requestId}`);
  await seller.goto(`/dashboard/requests/${requestId}`);
  const offerCard = seller.getByRole('article', { name: `${buyerAccount.name}'s offer` });
  await expect(offerCard).toContainText('$70.00');
  await expect(offerCard).toContainText('Open');
  await expect(offerCard).toContainText(/expires in/);
  await offerCard.getByRole('button', { name: /^Counter / }).click();
  await offerCard.getByLabel('Your counter-offer').fill('85');
  await offerCard.getByRole('button', { name: 'Send counter-offer' }).click();
  await expectSuccessPopup(seller, 'Your counter-offer of $85.00 was sent');
  await expect(offerCard).toContainText('Countered');

  // The buyer sees the counter live, without a reload, and accepts it.
  const counterCard = buyer.getByRole('article', { name: `${sellerAccount.name}'s counter-offer` });
  await expect(counterCard).toContainText('$85.00');
  await expect(buyer.getByRole('article', { name: 'Your offer' })).toContainText('Countered');
  await expectNoSeriousViolations(buyer, 'the thread with its offers');
  await counterCard.getByRole('button', { name: /^Accept .*\$85\.00/ }).click();
  await confirmDialog(buyer, 'Are you sure?', `You agree to buy ${item.name} for $85.00; ${sellerAccount.name} will hold it for you until the handover.`, 'Yes, accept it!');
  await expect(counterCard).toContainText('Accepted');

  // Both see the agreed price: the buyer at once, the seller live.
  await expect(buyer.getByText(/Agreed price/).first()).toContainText('$85.00');
  await expect(seller.getByText(/Agreed price/).first()).toContainText('$85.00');
  await expect(seller.getByRole('article', { name: 'Your counter-offer' })).toContainText('Accepted');
  await expectNoSeriousViolations(seller, 'the thread after the accept');

  // The seller hands it over from the thread; the trade is completed at the agreed price.
  await seller.getByRole('button', { name: 'handover' }).click();
  await confirmDialog(seller, 'Are you sure?', 'This person made his paid?', 'Yes, handover it!');
  await expectSuccessPopup(seller, 'Product has been handovered');
  await expect(buyer.getByText(/This request is completed/)).toBeVisible();
  const done = await buyer.request.get(`/api/buyerProduct/${requestId}`, { headers: { Authorization: `Bearer ${await tokenOf(buyer)}` } });
  expect(await done.json()).toMatchObject({ status: 'Completed', price: 100, agreedPrice: 85 });

  // The buyer's history shows the agreed price.
  await buyer.goto('/dashboard/myCarts');
  await buyer.getByRole('button', { name: 'History' }).click();
  const pastCart = buyer.getByRole('list', { name: 'Past cart items' }).getByRole('listitem').filter({ hasText: item.name });
  await expect(pastCart).toContainText('Completed');
  await expect(pastCart).toContainText('$85.00');
});
