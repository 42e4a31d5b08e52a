import { expect, test } from '@playwright/test';
import { createProducts, saveScreenshot, uniqueWord } from './helpers';

test.describe('visitor', () => {
  test('home page shows every section', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Olden Goods | Home');
    await expect(page.getByRole('link', { name: 'Uploade your products' })).toHaveAttribute('href', '/dashboard/addProduct');
    await expect(page.getByRole('link', { name: 'Buy your products' })).toHaveAttribute('href', '/timeline');

    await expect(page.getByRole('heading', { name: 'Products category' })).toBeVisible();
    await expect(page.getByText('Select Your Goods: Explore Tailored Choices by Category Now!')).toBeVisible();
    const grid = page.locator('section', { has: page.getByRole('heading', { name: 'Products category' }) });
    await expect(grid.getByRole('link')).toHaveCount(9);
    await expect(grid.getByRole('link', { name: /HOME AND LIVING/ })).toHaveAttribute('href', '/productsCategory/homeAndLiving');

    for (const step of ['Post your goods for sale', 'Add to cart', 'Connect with buyer or seller', 'Elevate the online buying and selling experience']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    // The carousels mount as the reader nears them (their code loads after the first paint): scroll down to them.
    await page.getByRole('heading', { name: 'Elevate the online buying and selling experience' }).scrollIntoViewIfNeeded();
    await expect(page.getByText('HOME AND LIVING category related essentials can be found here')).toBeAttached();
    await expect(page.getByText('More than 9 kinds of products are available')).toBeAttached();
    await expect(page.getByText('Best buying and selling platform out there')).toBeVisible();
    await expect(page.getByText('Register for exclusive deals and personalized shopping!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
    await page.getByText('We collaborate with 20+ leading partnership').scrollIntoViewIfNeeded();
    await expect(page.getByLabel('Rated 3.8 out of 5').first()).toBeAttached();
    await expect(page.getByText('We collaborate with 20+ leading partnership')).toBeVisible();
    await expect(page.locator('img[src^="/images/partners/"]')).toHaveCount(6);

    const footer = page.locator('footer');
    for (const item of ['Web Design', 'Web Development', 'Science', 'Digital Marketing', 'Privacy Policy', 'Sitemap', 'Careers', 'Terms & Conditions']) {
      await expect(footer.getByRole('link', { name: item })).toBeAttached();
    }
    await expect(page.getByRole('link', { name: /Buyer requests/ })).toBeVisible();
    await saveScreenshot(page, testInfo, 'home');
  });

  test('timeline asks a visitor to log in first', async ({ page }, testInfo) => {
    await page.goto('/timeline');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Olden Goods | Login');
    await saveScreenshot(page, testInfo, 'login');
  });

  test('product details are public and loaded before display', async ({ page, baseURL }, testInfo) => {
    const name = `Brass lamp ${uniqueWord()}`;
    const [id] = await createProducts(baseURL!, { email: 'admin@example.com', password: 'Admin@1234' }, [{ name, price: '75.5' }]);
    await page.goto(`/productDetails/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The similar listings below carry the seller's name too (labelled "Seller: …"): look in the seller's section.
    const seller = page.getByRole('region', { name: 'Seller' });
    await expect(seller.getByRole('link', { name: 'Ada Admin', exact: true })).toBeVisible();
    await expect(seller.getByRole('link', { name: 'admin@example.com' })).toBeVisible();
    await expect(seller.getByText('Springfield')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '14 months' })).toBeVisible();
    await expect(page.getByText('$75.50').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    await saveScreenshot(page, testInfo, 'product-details');
  });

  test('unknown pages and products get a helpful 404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
    await page.goto('/productDetails/ffffffffffffffffffffffffffffffff');
    await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
