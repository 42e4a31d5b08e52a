// A 64-bit difference hash (dHash) of a photo's decoded pixels, and of its mirror image, for finding edited copies
// (docs/decisions/023-stolen-photo-detection.md). The picture is reduced to 9x8 grey pixels; each of the 64 bits
// says whether a pixel is brighter than its right-hand neighbour. Re-encoding, resizing, brightness and small crops
// move few bits; a different photograph moves about half of them. Hashes are signed 64-bit integers, as PostgreSQL's
// bigint keeps them.
import type { Sharp } from 'sharp';
import { loadSharp } from './sharp.ts';

export interface PhotoHashes {
  /** dHash of the picture. */
  hash: bigint;
  /** dHash of its left-right mirror image: a mirrored copy's hash is near this one. */
  mirror: bigint;
}

const COLS = 9;
const ROWS = 8;

/** The two hashes from 9x8 grey pixels, row by row. */
export function hashesOfGrid(grid: Uint8Array | Buffer): PhotoHashes {
  let hash = 0n;
  let mirror = 0n;
  for (let y = 0; y < ROWS; y += 1) {
    const row = y * COLS;
    for (let x = 0; x < COLS - 1; x += 1) {
      hash = (hash << 1n) | (grid[row + x]! > grid[row + x + 1]! ? 1n : 0n);
      // The mirror's pixel x is the original's 8 - x: the same pair, compared the other way round.
      mirror = (mirror << 1n) | (grid[row + COLS - 1 - x]! > grid[row + COLS - 2 - x]! ? 1n : 0n);
    }
  }
  return { hash: BigInt.asIntN(64, hash), mirror: BigInt.asIntN(64, mirror) };
}

/** The hashes of a picture sharp has opened (already rotated, any size); transparency is laid on white. */
export async function hashesOfSharp(image: Sharp): Promise<PhotoHashes> {
  const grid = await image
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(COLS, ROWS, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  // greyscale() leaves one channel once alpha is flattened away.
  return hashesOfGrid(grid);
}

/** The hashes of decoded raw pixels (the upload pipeline decodes once and hands them over). */
export async function hashesOfPixels(data: Buffer, info: { width: number; height: number; channels: 1 | 2 | 3 | 4 }): Promise<PhotoHashes> {
  const sharp = await loadSharp();
  return hashesOfSharp(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }));
}

/** The hashes of an encoded image file (JPEG, PNG, WebP...), turned as its EXIF says. */
export async function hashesOfFile(input: Buffer | string): Promise<PhotoHashes> {
  const sharp = await loadSharp();
  return hashesOfSharp(sharp(input, { limitInputPixels: false }).rotate());
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x !== 0n) {
    x &= x - 1n;
    n += 1;
  }
  return n;
}

/** The hash's four 16-bit bands, high to low, each 0..65535: the multi-index keys. */
export function bandsOf(hash: bigint): [number, number, number, number] {
  const u = BigInt.asUintN(64, hash);
  return [Number((u >> 48n) & 0xffffn), Number((u >> 32n) & 0xffffn), Number((u >> 16n) & 0xffffn), Number(u & 0xffffn)];
}

/** Every 16-bit value within `radius` bits of `band` (itself included): 1 + 16 + 120 + ... values. */
export function bandNeighbours(band: number, radius: number): number[] {
  const out = [band];
  const flip = (value: number, from: number, left: number) => {
    if (left === 0) return;
    for (let bit = from; bit < 16; bit += 1) {
      const next = value ^ (1 << bit);
      out.push(next);
      flip(next, bit + 1, left - 1);
    }
  };
  flip(band, 0, radius);
  return out;
}

/**
 * Multi-index hashing: if two hashes differ in at most `bits` bits, one of their four bands differs in at most
 * floor(bits / 4) (pigeonhole). Answers, per band, the values a stored hash's band must take to be a candidate.
 */
export function candidateBands(hashes: bigint[], bits: number): [number[], number[], number[], number[]] {
  const radius = Math.floor(bits / 4);
  const out: [Set<number>, Set<number>, Set<number>, Set<number>] = [new Set(), new Set(), new Set(), new Set()];
  for (const hash of hashes) {
    bandsOf(hash).forEach((band, i) => {
      for (const v of bandNeighbours(band, radius)) out[i]!.add(v);
    });
  }
  return out.map((s) => [...s]) as [number[], number[], number[], number[]];
}
