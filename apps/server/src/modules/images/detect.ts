// Recognises an upload by its bytes alone; the file name and the declared content type are never trusted.
import type { ImageMime } from '@olden/contracts';

/** sharp's metadata().format for each accepted type (AVIF is decoded by libheif); one entry per IMAGE_TYPES. */
export const SHARP_FORMAT: Record<ImageMime, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'heif',
  'image/gif': 'gif',
};

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);

/** The accepted type these bytes are, by magic number; undefined for anything else. */
export function sniffImageType(buf: Buffer): ImageMime | undefined {
  if (buf.length < 12) return undefined;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  const gif = ascii(buf, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(buf, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8, then a minor version, then compatible brands up to the box's end.
    const boxEnd = Math.min(buf.readUInt32BE(0), buf.length, 256);
    const brands = [ascii(buf, 8, 12)];
    for (let i = 16; i + 4 <= boxEnd; i += 4) brands.push(ascii(buf, i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'image/avif';
  }
  return undefined;
}
