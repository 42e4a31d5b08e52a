// Test data for listings, shared by the products, search and buy-request tests.
import type { TestApp, TestUser } from '../../test/harness.ts';

let counter = 0;

/** A valid create/update body, as the spec's add-product form sends it (price as text). */
export function productBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    image1: 'https://img.test.example/1.jpg',
    image2: 'https://img.test.example/2.jpg',
    image3: 'https://img.test.example/3.jpg',
    image4: 'https://img.test.example/4.jpg',
    name: `Oak chair ${counter}`,
    age: 24,
    date: '2024-05-01',
    category: 'homeAndLiving',
    shortDescription: 'A sturdy chair from a farmhouse kitchen',
    longDescription: 'Solid oak, re-glued joints, some marks on the seat that tell its story.',
    price: '120',
    uploaderPhone: '0123456789',
    uploaderLocation: 'Leeds',
    ...overrides,
  };
}

/** Creates a listing through the API and returns its id. */
export async function createProduct(t: TestApp, seller: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await t.injectAs(seller, { method: 'POST', url: '/api/products', payload: productBody(overrides) });
  if (res.statusCode !== 200) throw new Error(`createProduct: ${res.statusCode} ${res.body}`);
  return res.json<{ insertedId: string }>().insertedId;
}
