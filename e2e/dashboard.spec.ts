// Dashboard journeys against the real server: seller, buyer and admin, each in their own browser context.
import { expect, type Page, test } from '@playwright/test';
import {
  confirmDialog,
  createProductViaApi,
  expectSuccessPopup,
  fillProductForm,
  makeProductImages,
  newAdminPage,
  newProduct,
  newUserPage,
  productIdFromLink,
  dashboardMenu,
} from './dashboard-fixtures';

test.describe.configure({ timeout: 240_000 });

test('a seller lists an item, a buyer requests, cancels and requests it again, the seller hands it over', async ({ browser }, testInfo) => {
  const files = await makeProductImages(testInfo, 'Oak chair');
  const { page: seller } = await newUserPage(browser, 'Seller');
  const { page: buyer, account: buyerAccount } = await newUserPage(browser, 'Buyer');

  // Seller: /dashboard lands on Add Product; list an item with four real files.
  await seller.goto('/dashboard');
  await expect(seller).toHaveURL(/\/dashboard\/addProduct$/);
  await expect(await dashboardMenu(seller)).toHaveAccessibleName('User Dashboard');
  const chair = newProduct('Oak chair', { price: '120.50' });
  await fillProductForm(seller, chair, files);
  await seller.getByRole('button', { name: 'Add Product' }).click();
  await expectSuccessPopup(seller, `${chair.name} is added to the Timeline route`);
  // The form is ready for the next item.
  await expect(seller.getByLabel(/^Product Name/)).toHaveValue('');

  // It is on the timeline.
  await seller.goto('/timeline');
  await expect(seller.getByText(chair.name).first()).toBeVisible();

  // And in My Added Products, where its id is in the link.
  await seller.goto('/dashboard/myAddedProducts');
  const chairLink = seller.getByRole('link', { name: chair.name, exact: true });
  await expect(chairLink).toBeVisible();
  const chairId = await productIdFromLink(chairLink);

  // A second listing (through the API) so the cart total adds two prices.
  const lamp = newProduct('Brass lamp', { price: '35.25', category: 'electronics' });
  const lampId = await createProductViaApi(seller, lamp, files);

  // Buyer: Buy Now on the product page.
  const buy = async (id: string, name: string) => {
    await buyer.goto(`/productDetails/${id}`);
    await buyer.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = buyer.getByRole('dialog', { name: 'Please Full-fill the form' });
    await dialog.getByLabel('Phone Number').fill('+44 20 7946 0000');
    await dialog.getByLabel('Address').fill('12 Station Road, York');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectSuccessPopup(buyer, `${name} added to the cart`);
  };
  await buy(chairId, chair.name);
  await buy(lampId, lamp.name);

  await buyer.goto('/dashboard/myCarts');
  const cart = buyer.getByRole('list', { name: 'Cart items' });
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await expect(cart.getByText(chair.name)).toBeVisible();
  await expect(cart.getByText('$120.50')).toBeVisible();
  await expect(cart.getByText('Pending').first()).toBeVisible();
  await expect(buyer.getByTestId('cart-total')).toHaveText('$155.75');
  await expect((await dashboardMenu(buyer)).getByRole('link', { name: 'My Cart (2)' })).toBeVisible();

  // Cancel one: confirm, popup, total follows.
  await buyer.getByRole('button', { name: `Cancel ${lamp.name}` }).click();
  await confirmDialog(buyer, 'Are you sure?', "You won't be able to revert this!", 'Yes, delete it!');
  await expectSuccessPopup(buyer, 'Deleted!', 'Your Cart has been deleted from cart.');
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(buyer.getByTestId('cart-total')).toHaveText('$120.50');

  // 'Done' does the same delete; then the cart is empty with a way back to the timeline.
  await buyer.getByRole('button', { name: `Done with ${chair.name}` }).click();
  await confirmDialog(buyer, 'Are you sure?', "You won't be able to revert this!", 'Yes, delete it!');
  await expectSuccessPopup(buyer, 'Deleted!', 'Your Cart has been deleted from cart.');
  await expect(buyer.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Browse the Timeline' })).toHaveAttribute('href', '/timeline');

  // Requests it again.
  await buy(chairId, chair.name);
  await buyer.goto('/dashboard/myCarts');
  await expect(buyer.getByTestId('cart-total')).toHaveText('$120.50');

  // Seller: the badge counts the request; hand it over.
  await seller.goto('/dashboard/buyerRequest');
  await expect(seller.getByRole('link', { name: 'Buyer requests: 1' })).toBeVisible();
  await expect((await dashboardMenu(seller)).getByRole('link', { name: 'Buyer Request (1)' })).toBeVisible();
  const request = seller.getByRole('list', { name: 'Buyer requests' }).getByRole('listitem');
  await expect(request).toHaveCount(1);
  await expect(request).toContainText(chair.name);
  await expect(request).toContainText(buyerAccount.name);
  await expect(request).toContainText(buyerAccount.email);
  await expect(request).toContainText('+44 20 7946 0000');
  await expect(request).toContainText('12 Station Road, York');
  await expect(request).toContainText('Pending');
  await request.getByRole('button', { name: /^handover/ }).click();
  await confirmDialog(seller, 'Are you sure?', 'This person made his paid?', 'Yes, handover it!');
  await expectSuccessPopup(seller, 'Product has been handovered');
  await expect(seller.getByRole('heading', { name: 'No buyer requests yet' })).toBeVisible();
  // The navbar badge updates at once, without a reload.
  await expect(seller.getByRole('link', { name: 'Buyer requests: 0' })).toBeVisible();

  // Gone for the buyer too.
  await buyer.reload();
  await expect(buyer.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

  // The seller deletes their own listing.
  await seller.goto('/dashboard/myAddedProducts');
  await seller.getByRole('button', { name: `Delete ${lamp.name}` }).click();
  await confirmDialog(seller, 'Are you sure?', "You won't be able to revert this!", 'Yes, delete it!');
  await expectSuccessPopup(seller, `Your Added ${lamp.name}, ${lamp.category} has been deleted`);
  await expect(seller.getByRole('link', { name: lamp.name, exact: true })).toHaveCount(0);
});

test('an admin makes a user admin and removes the role again, bans another, and edits and deletes any listing', async ({ browser }, testInfo) => {
  const files = await makeProductImages(testInfo, 'Desk');
  const { account: promoted } = await newUserPage(browser, 'Promoted');
  const { page: banned, account: bannedAccount } = await newUserPage(browser, 'Banned');
  const { page: seller } = await newUserPage(browser, 'Lister');
  await seller.goto('/dashboard');
  const desk = newProduct('Writing desk', { price: '310.00', category: 'education' });
  await createProductViaApi(seller, desk, files);

  const admin = await newAdminPage(browser);
  await admin.goto('/dashboard');
  const menu = await dashboardMenu(admin);
  await expect(menu).toHaveAccessibleName('Admin Dashboard');
  await expect(menu.getByRole('link', { name: /My Cart/ })).toHaveCount(0);

  // Make Admin turns into 'Admin Now'.
  await admin.goto('/dashboard/manageUsers');
  const promotedRow = admin.getByRole('listitem', { name: promoted.name });
  await promotedRow.getByRole('button', { name: `Make Admin: ${promoted.name}` }).click();
  await expectSuccessPopup(admin, `${promoted.name} is an Admin now`);
  await expect(promotedRow.getByText('Admin Now')).toBeVisible();
  await expect(promotedRow.getByRole('button', { name: /Make Admin/ })).toHaveCount(0);

  // An admin is not banned (docs/product.md#server-rules-users); Remove admin (confirmed) takes the role back.
  await expect(promotedRow.getByRole('button', { name: `Ban ${promoted.name}` })).toBeDisabled();
  await promotedRow.getByRole('button', { name: `Remove admin: ${promoted.name}` }).click();
  await confirmDialog(admin, 'Are you sure?', `${promoted.name} will no longer be able to manage users and listings.`, 'Yes, remove admin!');
  await expectSuccessPopup(admin, `${promoted.name} is no longer an Admin`);
  await expect(promotedRow.getByRole('button', { name: `Make Admin: ${promoted.name}` })).toBeVisible();
  await expect(promotedRow.getByRole('button', { name: `Ban ${promoted.name}` })).toBeEnabled();

  // No Ban on yourself.
  const me = admin.getByRole('listitem').filter({ hasText: 'This is you' });
  await expect(me).toHaveCount(1);
  await expect(me.getByRole('button', { name: /^Ban/ })).toHaveCount(0);

  // Ban: the banned user's next action sends them to /login.
  await banned.goto('/dashboard/addProduct');
  await expect(banned.getByRole('heading', { name: 'Add Your Product' })).toBeVisible();
  await admin.getByRole('listitem', { name: bannedAccount.name }).getByRole('button', { name: `Ban ${bannedAccount.name}` }).click();
  await confirmDialog(admin, 'Make sense, Are you sure?', "You won't be able to delete this!", 'Yes, Delete User!');
  await expectSuccessPopup(admin, 'Deleted!', 'Your file has been deleted.');
  await expect(admin.getByRole('listitem', { name: bannedAccount.name })).toHaveCount(0);
  await (await dashboardMenu(banned)).getByRole('link', { name: 'My Added Products' }).click();
  await expect(banned).toHaveURL(/\/login$/);

  // Edit someone else's listing: all four photos again.
  await admin.goto('/dashboard/manageAllProducts');
  const row = await findListing(admin, desk.name);
  await row.getByRole('link', { name: `Update ${desk.name}` }).click();
  await expect(admin).toHaveURL(/\/dashboard\/updateProduct\//);
  await expect(admin.getByLabel(/^Product Name/)).toHaveValue(desk.name);
  await admin.getByRole('button', { name: 'Update Product' }).click();
  await expect(admin.getByText('This Image 1 field is required')).toBeVisible();
  const edited = `${desk.name} (restored)`;
  await fillProductForm(admin, { ...desk, name: edited }, files);
  await admin.getByRole('button', { name: 'Update Product' }).click();
  await expectSuccessPopup(admin, `${edited} is Updated to the Timeline route`);
  await expect(admin).toHaveURL(/\/dashboard\/manageAllProducts$/);
  const editedRow = await findListing(admin, edited);

  // And delete it.
  await editedRow.getByRole('button', { name: `Delete ${edited}` }).click();
  await confirmDialog(admin, 'Are you sure?', "You won't be able to revert this!", 'Yes, delete it!');
  await expectSuccessPopup(admin, `${edited}, ${desk.category} has been deleted`);
  await expect(admin.getByRole('listitem').filter({ hasText: edited })).toHaveCount(0);
});

test('a non-admin cannot reach the admin pages', async ({ browser }) => {
  const { page } = await newUserPage(browser, 'Plain');
  await page.goto('/dashboard/addProduct');
  const menu = await dashboardMenu(page);
  await expect(menu).toHaveAccessibleName('User Dashboard');
  await expect(menu.getByRole('link', { name: 'All Users / Make Admin' })).toHaveCount(0);
  for (const path of ['/dashboard/manageUsers', '/dashboard/manageAllProducts']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  // The server refuses the calls too.
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const users = await page.request.get('/api/users', { headers: { Authorization: `Bearer ${token}` } });
  expect(users.status()).toBe(403);
});

test('a signed-out visitor is sent to /login from the dashboard', async ({ page }) => {
  await page.goto('/dashboard/myCarts');
  await expect(page).toHaveURL(/\/login$/);
});

test('each validation message of the add form is shown', async ({ browser }) => {
  const { page } = await newUserPage(browser, 'Careful');
  await page.goto('/dashboard/addProduct');
  await page.getByLabel(/^Date/).fill('');
  await page.getByRole('button', { name: 'Add Product' }).click();
  for (const message of [
    'This Image 1 field is required',
    'This Image 2 field is required',
    'This Image 3 field is required',
    'This Image 4 field is required',
    'This Name field is required',
    'This Category field is required',
    'This Price field is required',
    'This Age field is required',
    'This Date field is required',
    'This Phone Number field is required',
    'This Location field is required',
    'This Short Description field is required',
    'This Long Description field is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Word-count hints count live.
  await page.getByLabel(/^Short Description/).fill('one two three four');
  await expect(page.getByText('4 / 20 words')).toBeVisible();
  // A field's message goes once it is fixed.
  await page.getByLabel(/^Product Name/).fill('Tea set');
  await expect(page.getByText('This Name field is required')).toHaveCount(0);
});

/**
 * The row of a listing in a paged dashboard list. Other journeys share the server and add listings
 * at the same time, so the row may sit below the first page: page on with 'Load more' until it shows.
 */
async function findListing(page: Page, name: string) {
  const row = page.getByRole('listitem').filter({ hasText: name });
  const more = page.getByRole('button', { name: 'Load more' });
  const items = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  for (let i = 0; i < 20 && (await row.count()) === 0 && (await more.isVisible()); i++) {
    const before = await items.count();
    await more.click();
    await expect.poll(() => items.count()).toBeGreaterThan(before);
  }
  await expect(row).toBeVisible();
  return row;
}
