import { imageSrcSet as contractsSrcSet } from '@olden/contracts';
import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './image-srcset';

describe('imageSrcSet', () => {
  it.each([
    '/api/images/0123456789abcdef0123456789abcdef-1280.webp',
    '/api/images/0123456789abcdef0123456789abcdef-320.webp',
    '/categories/kids.webp',
    'https://example.com/a.png',
    '/api/images/../../etc-1280.webp',
  ])('matches the contracts rule for %s', (url) => {
    expect(imageSrcSet(url)).toBe(contractsSrcSet(url));
  });
});
