// Shared steps for the journeys: API shortcuts for setup, UI steps for what is under test.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type APIRequestContext, expect, type Page, request, type TestInfo } from '@playwright/test';

export const DEMO_USER = { email: 'user@example.com', password: 'User@1234' };
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin@1234' };

const IMAGE = readFileSync(resolve(import.meta.dirname, '../apps/web/public/categories/homeAndLiving.webp'));

/** Random letters only, so full-text search treats it as one word. */
export function uniqueWord(prefix = 'e2e'): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = prefix;
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** An API context signed in as `account`, with its bearer token. */
export async function apiAs(baseURL: string, account: { email: string; password: string }) {
  const context = await request.newContext({ baseURL });
  const login = await context.post('/api/auth/login', { data: account });
  expect(login.ok(), `login ${account.email}: ${login.status()}`).toBeTruthy();
  const { token } = (await (await context.post('/api/jwt', { data: { email: account.email } })).json()) as { token: string };
  return { context, headers: { Authorization: `Bearer ${token}` } };
}

export async function uploadImage(api: { context: APIRequestContext; headers: Record<string, string> }): Promise<string> {
  const res = await api.context.post('/api/images', {
    headers: api.headers,
    multipart: { image: { name: 'photo.webp', mimeType: 'image/webp', buffer: IMAGE } },
  });
  expect(res.ok(), `upload: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { data: { display_url: string } }).data.display_url;
}

export interface NewProduct {
  name: string;
  category?: string;
  price?: string;
}

/** Creates products as `account` through the API (one uploaded image reused for all four). */
export async function createProducts(baseURL: string, account: { email: string; password: string }, products: NewProduct[]) {
  const api = await apiAs(baseURL, account);
  const image = await uploadImage(api);
  const ids: string[] = [];
  for (const p of products) {
    const res = await api.context.post('/api/products', {
      headers: api.headers,
      data: {
        image1: image,
        image2: image,
        image3: image,
        image4: image,
        name: p.name,
        age: 14,
        date: '2024-05-01',
        category: p.category ?? 'homeAndLiving',
        shortDescription: `A well kept ${p.name} with honest signs of age.`,
        longDescription: `This ${p.name} has been looked after for years and is ready for a new home.`,
        price: p.price ?? '120',
        uploaderPhone: '+1 555 0100',
        uploaderLocation: 'Springfield',
      },
    });
    expect(res.ok(), `create product: ${res.status()} ${await res.text()}`).toBeTruthy();
    ids.push(((await res.json()) as { insertedId: string }).insertedId);
  }
  await api.context.dispose();
  return ids;
}

export async function loginViaForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'User Log in Successfully' })).toBeVisible();
}

/** The account menu and navigation live in a dropdown on small screens. */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}
