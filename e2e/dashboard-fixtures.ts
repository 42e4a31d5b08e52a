// Helpers for the dashboard journeys: fresh accounts, real image files, listings and requests, popups, screenshots.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';

export const ADMIN = {
  name: 'Demo Admin',
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Admin@1234',
};
export const PASSWORD = 'Loom#Ridge48';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export interface ProductInput {
  name: string;
  category: string;
  price: string;
  age: string;
  date: string;
  uploaderPhone: string;
  uploaderLocation: string;
  shortDescription: string;
  longDescription: string;
}

let counter = 0;
/** A unique tag per call, so parallel workers and reruns never collide. */
export function uniqueTag(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export function newAccount(first: string): Account {
  const tag = uniqueTag();
  return { name: `${first} ${tag.slice(-5)}`, email: `${first.toLowerCase()}-${tag}@example.com`, password: PASSWORD };
}

export function newProduct(label: string, overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: `${label} ${uniqueTag().slice(-6)}`,
    category: 'homeAndLiving',
    price: '120.50',
    age: '18',
    date: '2026-01-15',
    uploaderPhone: '+1 555 010 2030',
    uploaderLocation: 'York, United Kingdom',
    shortDescription: 'Solid oak, hand finished, small marks on one leg, sturdy and ready for daily use at home.',
    longDescription:
      'Bought from a local workshop and used in a quiet study for a year and a half. The wood is solid oak with a clear oil finish. ' +
      'There are a few small marks on one leg, shown in the third photo. Collection from the city centre or delivery nearby.',
    ...overrides,
  };
}

const PALETTE = ['#7a3e12', '#2f6f73', '#b7791f', '#5b3a6e'];

/**
 * Blocks of random shades over the picture: every call draws different photos, so the stolen-photo check
 * (docs/product.md#stolen-photos) never takes two journeys' listings for copies of each other.
 */
function randomBlocks(): string {
  let out = '';
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 6; x++) {
      const shade = Math.floor(Math.random() * 256);
      out += `<rect x="${x * 160}" y="${y * 180}" width="160" height="180" fill="rgb(${shade},${shade},${shade})" fill-opacity="0.6"/>`;
    }
  }
  return out;
}

/** Four real image files (PNG and JPEG) drawn with sharp, written under the test's output folder. */
export async function makeProductImages(testInfo: TestInfo, label = 'Item'): Promise<string[]> {
  const dir = testInfo.outputPath('fixtures');
  await mkdir(dir, { recursive: true });
  return Promise.all(
    PALETTE.map(async (color, i) => {
      const svg = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720">
          <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#f3ead8"/></linearGradient></defs>
          <rect width="960" height="720" fill="url(#g)"/>
          ${randomBlocks()}
          <circle cx="${240 + i * 160}" cy="300" r="150" fill="#ffffff" fill-opacity="0.25"/>
          <text x="60" y="640" font-family="Georgia, serif" font-size="64" fill="#ffffff">${label} - photo ${i + 1}</text>
        </svg>`,
      );
      const isJpeg = i % 2 === 1;
      const file = join(dir, `photo-${i + 1}.${isJpeg ? 'jpg' : 'png'}`);
      const image = sharp(svg);
      await (isJpeg ? image.jpeg({ quality: 85 }) : image.png()).toFile(file);
      return file;
    }),
  );
}

/** Registers through the API on the page's own cookie jar, so the page is signed in afterwards. */
export async function registerViaApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/api/auth/register', {
    data: { name: account.name, email: account.email, password: account.password, photoURL: 'https://example.com/avatars/user.png' },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

export async function signInViaUi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A new browser context (its own cookies and storage) with a freshly registered user. */
export async function newUserPage(browser: Browser, first: string): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount(first);
  await page.goto('/');
  await registerViaApi(page, account);
  return { page, account };
}

export async function newAdminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaUi(page, ADMIN);
  return page;
}

/** The bearer token the web app stored after signing in (spec: localStorage 'access-token'). */
export async function tokenOf(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('access-token')))!;
}

/** Lists a product without the UI (for journeys that are about something else). */
export async function createProductViaApi(page: Page, product: ProductInput, files: string[]): Promise<string> {
  const token = await tokenOf(page);
  const headers = { Authorization: `Bearer ${token}` };
  const urls: string[] = [];
  for (const file of files) {
    const upload = await page.request.post('/api/images', {
      headers,
      multipart: { image: { name: file.split('/').pop()!, mimeType: file.endsWith('.jpg') ? 'image/jpeg' : 'image/png', buffer: await sharp(file).toBuffer() } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    urls.push(((await upload.json()) as { data: { display_url: string } }).data.display_url);
  }
  const created = await page.request.post('/api/products', {
    headers,
    data: { ...product, image1: urls[0], image2: urls[1], image3: urls[2], image4: urls[3] },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return ((await created.json()) as { insertedId: string }).insertedId;
}

export async function requestProductViaApi(page: Page, productId: string): Promise<void> {
  const token = await tokenOf(page);
  const response = await page.request.post('/api/buyerProduct', {
    headers: { Authorization: `Bearer ${token}` },
    data: { productId, phoneNumber: '+44 20 7946 0000', buyerAddress: '12 Station Road, York' },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** Fills the add/update form, four photos included. */
export async function fillProductForm(page: Page, product: ProductInput, files: string[]): Promise<void> {
  for (const [i, file] of files.entries()) {
    await page.getByLabel(new RegExp(`^Image ${i + 1}`)).setInputFiles(file);
  }
  await page.getByLabel(/^Product Name/).fill(product.name);
  await page.getByLabel(/^Category/).selectOption(product.category);
  await page.getByLabel(/^Price/).fill(product.price);
  await page.getByLabel(/^Age/).fill(product.age);
  await page.getByLabel(/^Date/).fill(product.date);
  await page.getByLabel(/^Phone Number/).fill(product.uploaderPhone);
  await page.getByLabel(/^Location/).fill(product.uploaderLocation);
  await page.getByLabel(/^Short Description/).fill(product.shortDescription);
  await page.getByLabel(/^Long Description/).fill(product.longDescription);
}

/** A SweetAlert2 popup (confirmations and the 1500 ms success popups). */
export function popup(page: Page): Locator {
  return page.locator('.swal2-popup');
}

/** Answers a confirmation dialog: checks its title and text, then presses the confirm button. */
export async function confirmDialog(page: Page, title: string, text: string, confirm: string): Promise<void> {
  const dialog = popup(page);
  await expect(dialog.locator('.swal2-title')).toHaveText(title);
  await expect(dialog.locator('.swal2-html-container')).toHaveText(text);
  await dialog.getByRole('button', { name: confirm }).click();
}

export async function expectSuccessPopup(page: Page, title: string, text?: string): Promise<void> {
  const dialog = popup(page);
  await expect(dialog.locator('.swal2-title')).toHaveText(title);
  if (text) await expect(dialog.locator('.swal2-html-container')).toHaveText(text);
  // Let the 1500 ms popup close so it never covers the next click.
  await expect(dialog).toBeHidden({ timeout: 5000 });
}

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

/** Full-page screenshots at 1280 and 375 px, saved under the test's output and attached to the report. */
export async function screenshotBoth(page: Page, testInfo: TestInfo, name: string, ready?: Locator): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    if (ready) await expect(ready).toBeVisible();
    await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    // Responsive means nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} overflows at ${viewport.width} px`).toBeLessThanOrEqual(
      viewport.width,
    );
    const path = testInfo.outputPath(`${name}-${viewport.width}.png`);
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${viewport.width}`, { path, contentType: 'image/png' });
  }
}

/**
 * The dashboard side menu. Below 1024 px it is collapsed behind the 'Dashboard menu' button,
 * so this opens it first when needed.
 */
export async function dashboardMenu(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: 'Dashboard menu' });
  const menu = page.getByRole('navigation', { name: /^(User|Admin) Dashboard$/ });
  // Wait for the dashboard to render (session check first), whichever form it takes.
  await expect(toggle.or(menu).first()).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(menu).toBeVisible();
  return menu;
}

/** The id in a product link's href (/productDetails/:id). */
export async function productIdFromLink(link: Locator): Promise<string> {
  const href = await link.getAttribute('href');
  const id = href?.split('/').pop();
  if (!id) throw new Error(`No product id in ${href}`);
  return decodeURIComponent(id);
}
