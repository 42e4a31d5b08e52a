// Screenshots of every dashboard page at 1280 and 375 px, with real data in them, for review.
import { expect, test } from '@playwright/test';
import {
  createProductViaApi,
  makeProductImages,
  newAdminPage,
  newProduct,
  newUserPage,
  requestProductViaApi,
  screenshotBoth,
} from './dashboard-fixtures';

test.describe.configure({ timeout: 300_000 });

test('screenshots of the user and admin dashboard pages', async ({ browser }, testInfo) => {
  // It sets both widths itself; once is enough.
  test.skip(testInfo.project.name === 'mobile', 'screenshots are taken at 1280 and 375 px in the desktop project');
  const files = await makeProductImages(testInfo, 'Vintage');
  const { page: seller } = await newUserPage(browser, 'Margaret');
  const { page: buyer } = await newUserPage(browser, 'Theo');
  await seller.goto('/dashboard');
  await buyer.goto('/dashboard');

  const radio = newProduct('Walnut radio', { price: '89.00', category: 'electronics' });
  const radioId = await createProductViaApi(seller, radio, files);
  const clock = newProduct('Mantel clock', { price: '145.50' });
  const clockId = await createProductViaApi(seller, clock, files);
  const bike = newProduct('Road bike', { price: '260.00', category: 'vehicles' });
  const bikeId = await createProductViaApi(buyer, bike, files);
  await requestProductViaApi(buyer, radioId);
  await requestProductViaApi(buyer, clockId);
  await requestProductViaApi(seller, bikeId);

  const userPages = [
    ['user-add-product', '/dashboard/addProduct', 'Add Your Product'],
    ['user-my-added-products', '/dashboard/myAddedProducts', 'My Added Products'],
    ['user-my-carts', '/dashboard/myCarts', 'My Cart'],
    ['user-buyer-request', '/dashboard/buyerRequest', 'Buyer Request'],
    ['user-update-product', `/dashboard/updateProduct/${radioId}`, 'Update Product'],
  ] as const;
  for (const [name, path, heading] of userPages) {
    await seller.goto(path);
    await screenshotBoth(seller, testInfo, name, seller.getByRole('heading', { level: 1, name: heading }));
  }
  // The buyer's cart with two items, and the empty states.
  await buyer.goto('/dashboard/myCarts');
  await screenshotBoth(buyer, testInfo, 'user-my-carts-two-items', buyer.getByTestId('cart-total'));
  const { page: newcomer } = await newUserPage(browser, 'Newcomer');
  await newcomer.goto('/dashboard/myCarts');
  await screenshotBoth(newcomer, testInfo, 'user-my-carts-empty', newcomer.getByRole('heading', { name: 'Your cart is empty' }));

  // The collapsed menu opened on a phone.
  await seller.setViewportSize({ width: 375, height: 812 });
  await seller.goto('/dashboard/myAddedProducts');
  await seller.getByRole('button', { name: 'Dashboard menu' }).click();
  await expect(seller.getByRole('navigation', { name: 'User Dashboard' })).toBeVisible();
  expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const menuShot = testInfo.outputPath('user-menu-open-375.png');
  await seller.screenshot({ path: menuShot, fullPage: true });
  await testInfo.attach('user-menu-open-375', { path: menuShot, contentType: 'image/png' });

  const admin = await newAdminPage(browser);
  const adminPages = [
    ['admin-add-product', '/dashboard/addProduct', 'Add Your Product'],
    ['admin-manage-users', '/dashboard/manageUsers', 'All Users / Make Admin'],
    ['admin-manage-all-products', '/dashboard/manageAllProducts', 'Manage All Products'],
    ['admin-added-products', '/dashboard/myAddedProducts', 'Admin Added Products'],
    ['admin-buyer-request', '/dashboard/buyerRequest', 'Buyer Request'],
    ['admin-update-product', `/dashboard/updateProduct/${bikeId}`, 'Update Product'],
  ] as const;
  for (const [name, path, heading] of adminPages) {
    await admin.goto(path);
    await screenshotBoth(admin, testInfo, name, admin.getByRole('heading', { level: 1, name: heading }));
  }
});
