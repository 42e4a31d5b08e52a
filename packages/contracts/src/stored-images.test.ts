// Stored image URLs are made and read by one pair of helpers; the accepted types are written once.
import { describe, expect, it } from 'vitest';
import {
  IMAGE_ACCEPT,
  IMAGE_MESSAGES,
  IMAGE_TYPE_NAMES,
  imageSrcSet,
  isStoredImageUrl,
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
});

describe('accepted photo types', () => {
  it('are written once and read the same in the accept list, the hint and the refusal', () => {
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/avif,image/gif');
    expect(IMAGE_TYPE_NAMES).toBe('JPEG, PNG, WebP, AVIF or GIF');
    expect(IMAGE_MESSAGES.unsupported).toBe('Unsupported image type: upload a JPEG, PNG, WebP, AVIF or GIF');
    expect(IMAGE_MESSAGES.tooLarge).toBe('The image is too large: at most 10 MB');
  });
});
