// Stored image URLs are made and read by one pair of helpers; the accepted types are written once.
import { describe, expect, it } from 'vitest';
import {
  IMAGE_ACCEPT,
  IMAGE_MESSAGES,
  IMAGE_TYPE_NAMES,
  imageSrcSet,
  imageVariantUrl,
  isSafeImageUrl,
  isStoredImageUrl,
  normalisedImageUrl,
  parseStoredImageFile,
  storedImageId,
  storedImageUrl,
} from './stored-images.ts';

const id = 'a'.repeat(32);

describe('stored image URLs', () => {
  it('round-trips an id through its URL for every width', () => {
    for (const width of [320, 640, 1280] as const) {
      expect(storedImageUrl(id, width)).toBe(`/api/images/${id}-${width}.webp`);
      expect(storedImageId(storedImageUrl(id, width))).toBe(id);
    }
  });

  it.each([
    `https://example.com/api/images/${id}-1280.webp`,
    `/api/images/${id}-1000.webp`,
    `/api/images/${id.slice(1)}-1280.webp`,
    `/api/images/${id.toUpperCase()}-1280.webp`,
    `/api/images/${id}-1280.webp?x=1`,
    `/api/images/../${id}-1280.webp`,
    '',
  ])('reads no id from %j', (url) => {
    expect(storedImageId(url)).toBeUndefined();
    expect(isStoredImageUrl(url)).toBe(false);
  });

  it('parses file names as the storage writes them', () => {
    expect(parseStoredImageFile(`${id}-640.webp`)).toEqual({ id, width: 640 });
    expect(parseStoredImageFile(`${id}-640.png`)).toBeUndefined();
  });

  it('gives a srcset for stored images only', () => {
    expect(imageSrcSet(storedImageUrl(id, 1280))).toBe(
      `/api/images/${id}-320.webp 320w, /api/images/${id}-640.webp 640w, /api/images/${id}-1280.webp 1280w`,
    );
    expect(imageSrcSet('https://example.com/a.jpg')).toBeUndefined();
  });

  it('absolute URLs of stored images as replies give them keep their srcset and pass as safe, http too', () => {
    const origin = 'http://127.0.0.1:4173';
    expect(imageSrcSet(`${origin}/api/images/${id}-1280.webp`)).toBe(
      `${origin}/api/images/${id}-320.webp 320w, ${origin}/api/images/${id}-640.webp 640w, ${origin}/api/images/${id}-1280.webp 1280w`,
    );
    expect(isSafeImageUrl(`${origin}/api/images/${id}-640.webp`)).toBe(true);
    expect(imageVariantUrl(`${origin}/api/images/${id}-1280.webp`, 320)).toBe(`${origin}/api/images/${id}-320.webp`);
    expect(imageVariantUrl(`/api/images/${id}-1280.webp`, 320)).toBe(`/api/images/${id}-320.webp`);
    expect(imageVariantUrl('https://img.example/a-1280.webp', 320)).toBe('https://img.example/a-1280.webp');
    // Only the exact stored shape over http; anything else over http stays refused.
    for (const url of [
      `http://127.0.0.1:4173/api/images/${id}-640.webp?x=1`,
      `http://u:p@127.0.0.1/api/images/${id}-640.webp`,
      `http://127.0.0.1/api/images/${id}-641.webp`,
      `http://127.0.0.1/x/api/images/${id}-640.webp`,
      `ftp://127.0.0.1/api/images/${id}-640.webp`,
    ]) {
      expect(isSafeImageUrl(url), url).toBe(false);
      expect(imageSrcSet(url), url).toBeUndefined();
    }
  });
});

describe('accepted photo types', () => {
  it('are written once and read the same in the accept list, the hint and the refusal', () => {
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/avif,image/gif');
    expect(IMAGE_TYPE_NAMES).toBe('JPEG, PNG, WebP, AVIF or GIF');
    expect(IMAGE_MESSAGES.unsupported).toBe('Unsupported image type: upload a JPEG, PNG, WebP, AVIF or GIF');
    expect(IMAGE_MESSAGES.tooLarge).toBe('The image is too large: at most 10 MB');
  });
});

describe('normalisedImageUrl', () => {
  it('gives an absolute URL as the WHATWG parser reads it; leaves stored paths, text and control characters alone', () => {
    expect(normalisedImageUrl('HTTPS://IMG.Example:443/a b.png')).toBe('https://img.example/a%20b.png');
    expect(normalisedImageUrl('http:\\\\evil.example\\x.png')).toBe('http://evil.example/x.png');
    expect(normalisedImageUrl(`/api/images/${id}-640.webp`)).toBe(`/api/images/${id}-640.webp`);
    expect(normalisedImageUrl('not a url')).toBe('not a url');
    // Left as sent, for the schema to refuse: the parser would quietly drop the tab.
    expect(normalisedImageUrl('h\tttp://evil.example/a.png')).toBe('h\tttp://evil.example/a.png');
  });
});
