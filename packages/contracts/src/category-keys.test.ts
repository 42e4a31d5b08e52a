import { describe, expect, it } from 'vitest';
import { CATEGORY_KEYS, CATEGORY_LABELS, categoryLabel } from './category-keys.ts';

describe('category labels', () => {
  it('names every key for people, never as the camel-case key', () => {
    for (const key of CATEGORY_KEYS) expect(CATEGORY_LABELS[key], key).toMatch(/^[A-Z][^A-Z]*(?:[ &'-]+[A-Z][^A-Z]*)*$/);
  });

  it('finds the label whatever the case of the key, and shows an unknown key as it is', () => {
    expect(categoryLabel('homeAndLiving')).toBe('Home and Living');
    expect(categoryLabel('MENSFASHION')).toBe("Men's Fashion & Grooming");
    expect(categoryLabel('antiques')).toBe('antiques');
  });
});
