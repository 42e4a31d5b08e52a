// A listing's body: uploaderLocation is required unless a placeId is given (docs/product.md#near-me), and a body that
// is no object at all is a plain validation error, never a crash in the location rule.
import { describe, expect, it } from 'vitest';
import { CreateProductBody, UpdateProductBody } from './products.ts';

const body = {
  image1: 'https://img.test.example/1.jpg',
  image2: 'https://img.test.example/2.jpg',
  image3: 'https://img.test.example/3.jpg',
  image4: 'https://img.test.example/4.jpg',
  name: 'Oak chair',
  age: 24,
  date: '2024-05-01',
  category: 'homeAndLiving',
  shortDescription: 'A sturdy chair',
  longDescription: 'Solid oak, re-glued joints.',
  price: '120',
  uploaderPhone: '0123456789',
  uploaderLocation: 'Leeds',
};

describe('CreateProductBody and UpdateProductBody', () => {
  it('refuse a body that is not an object (null, an array, a string) without throwing', () => {
    for (const schema of [CreateProductBody, UpdateProductBody]) {
      for (const value of [null, [], 'x', 1]) {
        const result = schema.safeParse(value);
        expect(result.success, JSON.stringify(value)).toBe(false);
        expect(result.error?.issues.some((issue) => issue.path.length === 0)).toBe(true);
      }
    }
  });

  it('need a location text or a placeId, and say so on uploaderLocation, also beside other fields\' errors', () => {
    expect(CreateProductBody.safeParse(body).success).toBe(true);
    expect(CreateProductBody.safeParse({ ...body, uploaderLocation: '', placeId: 2633352 }).success).toBe(true);
    const missing = CreateProductBody.safeParse({ ...body, uploaderLocation: '' });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['uploaderLocation']);
    const both = CreateProductBody.safeParse({ ...body, name: '', uploaderLocation: undefined });
    expect(both.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['name', 'uploaderLocation']);
  });
});
