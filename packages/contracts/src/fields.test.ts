// Shared field rules: price as the form sends it, and image URLs that can never run script.
import { describe, expect, it } from 'vitest';
import { imageUrl } from './common.ts';
import { isSafeImageUrl } from './stored-images.ts';
import { messages } from './messages.ts';
import { Price } from './products.ts';

describe('Price', () => {
  it.each([
    ['120', 120],
    ['120.50', 120.5],
    ['120.5', 120.5],
    [' 99 ', 99],
    [120, 120],
    [0.01, 0.01],
  ])('accepts %j as %d', (input, value) => {
    expect(Price.parse(input)).toBe(value);
  });

  it.each(['abc', '-3', '0', '0.00', '-0', '1e3', '12.345', '120.', '.5', 'NaN', 'Infinity', '1,000', '999999999999'])(
    'refuses %j with the price message',
    (input) => {
      const r = Price.safeParse(input);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(messages.priceInvalid);
    },
  );

  it.each([-3, 0, Number.NaN, Number.POSITIVE_INFINITY])('refuses the number %d', (input) => {
    expect(Price.safeParse(input).success).toBe(false);
  });

  it('an empty or missing price says the field is required', () => {
    expect(Price.safeParse('').error?.issues[0]?.message).toBe('This Price field is required');
    expect(Price.safeParse(undefined).error?.issues[0]?.message).toBe('This Price field is required');
  });
});

describe('image URLs', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:text/html,<script>alert(1)</script>',
    'http://img.example/a.png',
    'ftp://img.example/a.png',
    'file:///etc/passwd',
    '//img.example/a.png',
    'https://user:pass@img.example/a.png',
    '/api/images/../../etc/passwd',
    '/api/images/abc-1280.webp',
    'not a url',
    // URL parsers drop tabs and line breaks, so these read as http:// images elsewhere.
    `h\tttp://evil.example/api/images/${'a'.repeat(32)}-640.webp`,
    `http://evil.example/api/\nimages/${'a'.repeat(32)}-640.webp`,
    'ht\rtps://img.example/a.png',
    'https://img.example/a.png\u0000',
    'https://img.example/\u0085a.png',
  ])('refuses %j', (url) => {
    expect(isSafeImageUrl(url)).toBe(false);
    const r = imageUrl('Image 1').safeParse(url);
    expect(r.success).toBe(false);
  });

  it.each(['https://img.example/a.png', 'https://i.ibb.co/x/y.jpg?size=2', `/api/images/${'a'.repeat(32)}-640.webp`])(
    'accepts %s',
    (url) => {
      expect(isSafeImageUrl(url)).toBe(true);
      expect(imageUrl('Image 1').parse(url)).toBe(url);
    },
  );

  it('a missing image says the field is required', () => {
    expect(imageUrl('Image 1').safeParse('').error?.issues[0]?.message).toBe('This Image 1 field is required');
  });
});
