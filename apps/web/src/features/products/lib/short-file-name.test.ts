import { describe, expect, it } from 'vitest';
import { shortFileName } from './short-file-name';

describe('shortFileName', () => {
  it('keeps a short name as it is', () => {
    expect(shortFileName('radio.jpg')).toBe('radio.jpg');
  });

  it('keeps the start and the end with the extension of a long one, within the limit', () => {
    const short = shortFileName('IMG_20240501_083512_radio-front-view.png');
    expect(short).toBe('IMG_202…t-view.png');
    expect(short.length).toBeLessThanOrEqual(18);
  });

  it('cuts a long name without an extension too', () => {
    expect(shortFileName('a'.repeat(10) + 'b'.repeat(20), 10)).toBe('aaaaa…bbbb');
  });
});
