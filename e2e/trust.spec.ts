// Blocks and scam warnings (issue 28): a seller asks to be paid off the site; the buyer sees the warning beside that
// message (the seller a softer note), its link is not clickable; the buyer blocks the seller from the thread, the
// seller's listing leaves the buyer's timeline and the seller appears in the buyer's blocked list. axe: nothing
// serious on the thread with its warning and on the profile's blocked list.
import { expect, type Page, test } from '@playwright/test';
import { confirmDialog, createProductViaApi, expectSuccessPopup, makeProductImages, newProduct, newUserPage, requestProductViaApi } from './dashboard-fixtures';
import { expectNoSeriousViolations, uniqueWord } from './helpers';

test.describe.configure({ timeout: 180_000 });

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
const PAYMENT_ASK = 'Pay me first by bank transfer, details at https://pay-fast.example/olden-goods';

test('a payment link warns its recipient; the buyer blocks the seller, whose listing leaves their timeline', async ({ browser }, testInfo) => {
  const files = await makeProductImages(testInfo, 'Clock');
  const { page: seller, account: sellerAccount } = await newUserPage(browser, 'Selma');
  await seller.goto('/dashboard/buyerRequest');
  const tag = uniqueWord('clock');
  const item = newProduct(`${tag} mantel clock`);
  const productId = await createProductViaApi(seller, item, files);

  const { page: buyer } = await newUserPage(browser, 'Boris');
  await buyer.goto('/dashboard/myCarts');
  await requestProductViaApi(buyer, productId);

  // The seller writes in the thread asking to be paid off the site: a softer note beside their own message.
  await seller.goto('/dashboard/buyerRequest');
  const row = seller.getByRole('list', { name: 'Buyer requests' }).getByRole('listitem').filter({ hasText: item.name });
  await row.getByRole('link', { name: `Messages about ${item.name}` }).click();
  await seller.getByLabel('Your message').fill(PAYMENT_ASK);
  await seller.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(conversation(seller).getByText(PAYMENT_ASK)).toBeVisible();
  await expect(conversation(seller).getByText(/the other person will see a reminder/)).toBeVisible();
  await expect(conversation(seller).getByRole('note', { name: 'Scam warning' })).toHaveCount(0);

  // The buyer sees the warning beside it, and the link in it is plain text.
  await buyer.goto('/dashboard/myCarts');
  const cartRow = buyer.getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: item.name });
  await cartRow.getByRole('link', { name: `Messages about ${item.name}` }).click();
  await expect(conversation(buyer).getByText(PAYMENT_ASK)).toBeVisible();
  const warning = conversation(buyer).getByRole('note', { name: 'Scam warning' });
  await expect(warning).toContainText('Never pay outside Olden Goods');
  await expect(warning).toContainText('a link to another site');
  await expect(conversation(buyer).getByRole('link')).toHaveCount(0);
  await expectNoSeriousViolations(buyer, 'a thread with a scam warning');

  // Before the block, the buyer finds the listing by its word.
  const thread = buyer.url();
  await buyer.goto(`/timeline?q=${tag}`);
  await expect(buyer.getByRole('heading', { name: item.name })).toBeVisible();
  await buyer.goto(thread);
  await expect(conversation(buyer).getByText(PAYMENT_ASK)).toBeVisible();

  // The buyer blocks the seller from the thread.
  await buyer.getByRole('button', { name: `Block ${sellerAccount.name}` }).click();
  await confirmDialog(
    buyer,
    `Block ${sellerAccount.name}?`,
    'Neither of you will be able to send the other buy requests or messages, and you will not see each other’s listings. Pending requests between you are cancelled; they are not told.',
    'Yes, block',
  );
  await expectSuccessPopup(buyer, `${sellerAccount.name} is blocked`);
  await expect(buyer.getByRole('button', { name: `Unblock ${sellerAccount.name}` })).toBeVisible();

  // The seller's listing is gone from the buyer's search and timeline; the seller still finds it.
  await seller.goto(`/timeline?q=${tag}`);
  await expect(seller.getByRole('heading', { name: item.name })).toBeVisible();
  await buyer.goto(`/timeline?q=${tag}`);
  await expect(buyer.getByRole('heading', { name: 'No products match' })).toBeVisible();
  await expect(buyer.getByRole('heading', { name: item.name })).toHaveCount(0);

  // The profile lists the block, with Unblock.
  await buyer.goto('/dashboard/profile');
  const blocked = buyer.getByRole('list', { name: 'Blocked users' });
  // The name, and Unblock named for it (its name is also the button's hidden label).
  await expect(blocked.getByRole('paragraph').filter({ hasText: sellerAccount.name })).toBeVisible();
  await expect(blocked.getByRole('button', { name: `Unblock ${sellerAccount.name}` })).toBeVisible();
  await expectNoSeriousViolations(buyer, 'the profile with a blocked user');
});
