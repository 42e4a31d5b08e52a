// The multi-index lookup (four 16-bit bands, each an indexed column) answers exactly what a scan of every hash with
// bit_count answers: among random hashes, near copies planted at every distance from 0 to past the threshold, for
// thresholds that look up bands within 0, 1, 2 and 3 bits.
import { describe, expect, it } from 'vitest';
import { bandNeighbours, candidateBands, hammingDistance } from '../../lib/dhash.ts';
import { useTestApp } from '../../test/harness.ts';
import { ensureBulkSeller, insertPhotosWithHashes, insertRandomPhotos } from './bulk-photos.ts';
import { createPhotoMatchesRepository, type NearCopy } from './repository.ts';

const getApp = useTestApp();

/** A deterministic generator (xorshift64*), so a failure can be run again. */
function randomHashes(seed: bigint) {
  let x = seed;
  return () => {
    x ^= x >> 12n;
    x ^= (x << 25n) & 0xffffffffffffffffn;
    x ^= x >> 27n;
    return BigInt.asIntN(64, (x * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn);
  };
}

/** `hash` with `bits` distinct bits flipped, chosen by `next`. */
function flip(hash: bigint, bits: number, next: () => bigint): bigint {
  const chosen = new Set<number>();
  while (chosen.size < bits) chosen.add(Number(BigInt.asUintN(64, next()) % 64n));
  let out = BigInt.asUintN(64, hash);
  for (const bit of chosen) out ^= 1n << BigInt(bit);
  return BigInt.asIntN(64, out);
}

const key = (n: NearCopy) => `${n.productId}/${n.imageId}/${n.distance}/${n.mirrored}`;

describe('band candidates', () => {
  it('lists every 16-bit value within the radius once', () => {
    expect(bandNeighbours(0, 0)).toEqual([0]);
    for (const radius of [1, 2, 3]) {
      const values = bandNeighbours(0xa5c3, radius);
      const expected = [1, 16, 120, 560].slice(0, radius + 1).reduce((a, b) => a + b, 0);
      expect(values.length).toBe(expected);
      expect(new Set(values).size).toBe(expected);
      for (const v of values) expect(hammingDistance(BigInt(v), 0xa5c3n)).toBeLessThanOrEqual(radius);
    }
  });

  it('pigeonhole: a hash within 7 bits always shares a candidate value in some band', () => {
    const next = randomHashes(7n);
    for (let i = 0; i < 2000; i += 1) {
      const a = next();
      const b = flip(a, 7, next);
      const bands = candidateBands([a], 7);
      const [b0, b1, b2, b3] = [Number((BigInt.asUintN(64, b) >> 48n) & 0xffffn), Number((BigInt.asUintN(64, b) >> 32n) & 0xffffn), Number((BigInt.asUintN(64, b) >> 16n) & 0xffffn), Number(BigInt.asUintN(64, b) & 0xffffn)];
      expect(bands[0].includes(b0) || bands[1].includes(b1) || bands[2].includes(b2) || bands[3].includes(b3)).toBe(true);
    }
  });
});

describe('multi-index lookup against a full bit_count scan', () => {
  it('finds exactly the stored hashes a scan finds, planted near copies included, at 3, 7, 10 and 13 bits', async () => {
    const t = getApp();
    const db = t.database.db;
    const seller = { id: 'bulk-photo-seller', name: 'Bulk Seller', email: 'bulk-photos@example.com' };
    await ensureBulkSeller(db, seller);
    await insertRandomPhotos(db, seller, 20_000, 'a');
    const next = randomHashes(20_260_101n);
    const queries = Array.from({ length: 24 }, () => next());
    // Around each query: copies at every distance 0..16, and mirror-side copies near the query's "mirror" hash.
    const mirrors = queries.map(() => next());
    const planted = queries.flatMap((q, i) => [
      ...Array.from({ length: 17 }, (_, d) => flip(q, d, next)),
      ...[0, 2, 5, 9].map((d) => flip(mirrors[i]!, d, next)),
    ]);
    await insertPhotosWithHashes(db, seller, planted, 'b');
    const repo = createPhotoMatchesRepository(db);
    const before = new Date('2030-01-01T00:00:00Z');

    let found = 0;
    for (const bits of [3, 7, 10, 13]) {
      for (let i = 0; i < queries.length; i += 1) {
        const query = { hashes: { hash: queries[i]!, mirror: mirrors[i]! }, bits, sellerId: 'someone-else', before, limit: 10_000 };
        const indexed = (await repo.nearCopies(query)).map(key).sort();
        const scanned = (await repo.nearCopiesByScan(query)).map(key).sort();
        expect(indexed, `bits ${bits}, query ${i}`).toEqual(scanned);
        // Every planted copy within the threshold is among them: 0..bits on the photo's side, and the mirror's.
        const plantedWithin = bits + 1 + [0, 2, 5, 9].filter((d) => d <= bits).length;
        expect(indexed.length, `bits ${bits}, query ${i}`).toBeGreaterThanOrEqual(plantedWithin);
        found += indexed.length;
      }
    }
    expect(found).toBeGreaterThan(0);

    // The seller's own photos and later uploads are not candidates.
    const own = { hashes: { hash: queries[0]!, mirror: mirrors[0]! }, bits: 7, sellerId: seller.id, before, limit: 100 };
    expect(await repo.nearCopies(own)).toEqual([]);
    const earlier = { ...own, sellerId: 'someone-else', before: new Date('2025-12-31T00:00:00Z') };
    expect(await repo.nearCopies(earlier)).toEqual([]);
  });
});
