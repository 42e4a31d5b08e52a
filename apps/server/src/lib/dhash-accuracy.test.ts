// How well the photo hash tells an edited copy from a different photograph, on real photographs shipped by Debian
// packages (their photographs only, not their drawings): plasma-workspace-wallpapers, mate-backgrounds,
// lomiri-wallpapers-16.04 and -20.04, and scikit-image's sample data (python3-skimage). `.ci/run` installs them;
// where fewer than MIN_PHOTOS are on the machine the test skips and says which packages are missing.
// Each photo goes through the upload pipeline's decode (at most the largest stored width) and is hashed; its copies
// are made from the WebP the site would show, edited as a thief would, and uploaded again. A copy is caught when
// its hash, or its mirror's, is within PHOTO_MATCH_BITS of the original's (as the matcher asks the database).
import { existsSync } from 'node:fs';
import { IMAGE_WIDTHS } from '@olden/contracts';
import type { Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config.ts';
import { hammingDistance, hashesOfSharp, type PhotoHashes } from './dhash.ts';
import { loadSharp } from './sharp.ts';

const PACKAGES: Record<string, string[]> = {
  'plasma-workspace-wallpapers': [
    'BytheWater', 'ColdRipple', 'ColorfulCups', 'DarkestHour', 'EveningGlow', 'FallenLeaf', 'Grey', 'Kite',
    'OneStandsOut', 'Path', 'summer_1am',
  ].map((name) => `/usr/share/wallpapers/${name}/contents/images/2560x1600.jpg`),
  'mate-backgrounds': [
    'Aqua', 'Blinds', 'Dune', 'FreshFlower', 'Garden', 'GreenMeadow', 'LadyBird', 'RainDrops', 'Storm', 'TwoWings',
    'Wood', 'YellowFlower',
  ].map((name) => `/usr/share/backgrounds/mate/nature/${name}.jpg`),
  'lomiri-wallpapers-16.04': [
    'Bridge_by_Sander_Klootwijk', 'Dragonfly_by_Bolly', 'Picture_0B_by_freespace', 'Picture_1A_by_freespace',
    'Wine_by_Jakkub_Mede', 'aitzgorri_by_Aitzol_Berasategi', 'free_by_Peter_Nerlich', 'friends_by_Aitzol_Berasategi',
    'greentock_by_Peter_Nerlich', 'life_by_Aitzol_Berasategi', 'picosdeeuropa_by_Aitzol_Berasategi',
    'seeding_by_Clements_Engelhardt', 'sunset_by_Aitzol_Berasategi',
  ].map((name) => `/usr/share/backgrounds/${name}.jpg`),
  'lomiri-wallpapers-20.04': ['/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg'],
  'python3-skimage': [
    'astronaut.png', 'brick.png', 'camera.png', 'chelsea.png', 'coffee.png', 'coins.png', 'grass.png', 'gravel.png',
    'hubble_deep_field.jpg', 'ihc.png', 'moon.png', 'motorcycle_left.png', 'page.png', 'retina.jpg', 'rocket.jpg',
    'text.png',
  ].map((name) => `/usr/lib/python3/dist-packages/skimage/data/${name}`),
};
const MIN_PHOTOS = 40;
const MIN_CAUGHT = 0.95;
const MAX_FALSE_MATCHES = 0.005;

const photos = Object.values(PACKAGES).flat().filter((file) => existsSync(file));
const missing = Object.entries(PACKAGES)
  .filter(([, files]) => !files.some((file) => existsSync(file)))
  .map(([name]) => name);
const LARGEST = Math.max(...IMAGE_WIDTHS);

type Edit = (image: Sharp, meta: { width: number; height: number }) => Sharp | Promise<Sharp>;

/** What a thief does to the shown photo before uploading it as theirs. */
const EDITS: Record<string, Edit> = {
  'resized to half': (image, { width }) => image.resize({ width: Math.round(width / 2) }).jpeg({ quality: 85 }),
  'JPEG quality 60': (image) => image.jpeg({ quality: 60 }),
  'brightness +10%': (image) => image.modulate({ brightness: 1.1 }).jpeg({ quality: 85 }),
  'brightness -10%': (image) => image.modulate({ brightness: 0.9 }).jpeg({ quality: 85 }),
  '5% crop': (image, { width, height }) => {
    const w = Math.round(width * 0.95);
    const h = Math.round(height * 0.95);
    return image.extract({ left: Math.round((width - w) / 2), top: Math.round((height - h) / 2), width: w, height: h }).jpeg({ quality: 85 });
  },
  'PNG': (image) => image.png(),
  'WebP': (image) => image.webp({ quality: 75 }),
  'small text overlay': (image, { width, height }) => {
    const size = Math.max(12, Math.round(height * 0.05));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="${Math.round(width * 0.03)}" y="${height - size}" font-family="sans-serif" font-size="${size}" fill="white" stroke="black" stroke-width="1">Call 07700 900123</text></svg>`;
    return image.composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 85 });
  },
  'mirrored': (image) => image.flop().jpeg({ quality: 85 }),
};

const hashMs: number[] = [];

/**
 * The upload pipeline's decode: turned, at most the largest stored width; then the hashes of those pixels (timed),
 * and, for an original, the WebP the site shows.
 */
async function uploadHashes(input: Buffer | string, withShown = false): Promise<{ hashes: PhotoHashes; shown?: Buffer }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(input, { limitInputPixels: false })
    .rotate()
    .resize({ width: LARGEST, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const started = performance.now();
  const hashes = await hashesOfSharp(sharp(data, raw));
  hashMs.push(performance.now() - started);
  if (!withShown) return { hashes };
  return { hashes, shown: await sharp(data, raw).webp({ quality: 80 }).toBuffer() };
}

/** The distance the matcher sees: the copy's hash or its mirror's against the stored hash. */
const matchDistance = (copy: PhotoHashes, stored: PhotoHashes) =>
  Math.min(hammingDistance(copy.hash, stored.hash), hammingDistance(copy.mirror, stored.hash));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const enough = photos.length >= MIN_PHOTOS;
const skipReason = `photo-match accuracy: only ${photos.length} of the ${MIN_PHOTOS} photographs it needs are installed (apt-get install ${missing.join(' ')})`;
if (!enough) console.warn(`SKIPPED ${skipReason}`);

describe.skipIf(!enough)(`photo-match accuracy on ${photos.length} photographs from Debian packages`, () => {
  it(`catches >= ${MIN_CAUGHT * 100}% of edited copies and matches <= ${MAX_FALSE_MATCHES * 100}% of pairs of different photographs at PHOTO_MATCH_BITS`, { timeout: 600_000 }, async () => {
    const bits = parseEnv({ PHOTO_MATCH_BITS: process.env.PHOTO_MATCH_BITS }).PHOTO_MATCH_BITS;
    const sharp = await loadSharp();
    const originals: PhotoHashes[] = [];
    const copyDistances: Record<string, number[]> = Object.fromEntries(Object.keys(EDITS).map((e) => [e, []]));
    for (const file of photos) {
      const { hashes, shown } = (await uploadHashes(file, true)) as { hashes: PhotoHashes; shown: Buffer };
      originals.push(hashes);
      const meta = await sharp(shown).metadata();
      for (const [name, edit] of Object.entries(EDITS)) {
        const copy = await (await edit(sharp(shown), { width: meta.width!, height: meta.height! })).toBuffer();
        copyDistances[name]!.push(matchDistance((await uploadHashes(copy)).hashes, hashes));
      }
    }
    const allCopies = Object.values(copyDistances).flat();
    const caught = allCopies.filter((d) => d <= bits).length / allCopies.length;
    const pairs: number[] = [];
    for (let i = 0; i < originals.length; i += 1) {
      for (let j = i + 1; j < originals.length; j += 1) pairs.push(matchDistance(originals[i]!, originals[j]!));
    }
    const falseMatches = pairs.filter((d) => d <= bits).length / pairs.length;

    const histogram = (ds: number[]) => {
      const max = Math.max(...ds);
      return Array.from({ length: max + 1 }, (_, d) => ds.filter((x) => x === d).length).join(' ');
    };
    const lines = [
      `photo-match accuracy, PHOTO_MATCH_BITS=${bits}, ${photos.length} photographs (${Object.entries(PACKAGES).map(([p, fs]) => `${p}: ${fs.filter((f) => existsSync(f)).length}`).join(', ')})`,
      `  edited copies caught: ${(caught * 100).toFixed(1)}% (${allCopies.filter((d) => d <= bits).length} of ${allCopies.length})`,
      ...Object.entries(copyDistances).map(([name, ds]) => `    ${name.padEnd(20)} caught ${ds.filter((d) => d <= bits).length}/${ds.length}, distances 0..: ${histogram(ds)}`),
      `  pairs of different photographs matched: ${(falseMatches * 100).toFixed(2)}% (${pairs.filter((d) => d <= bits).length} of ${pairs.length}); smallest distances ${[...pairs].sort((a, b) => a - b).slice(0, 10).join(' ')}`,
      ...[4, 6, 7, 8, 10, 12].map((b) => `    at ${String(b).padStart(2)} bits: caught ${((allCopies.filter((d) => d <= b).length / allCopies.length) * 100).toFixed(1)}%, different pairs matched ${((pairs.filter((d) => d <= b).length / pairs.length) * 100).toFixed(2)}%`),
      `  hash time per photo (from the decoded pixels, at most ${LARGEST} px wide): median ${median(hashMs).toFixed(1)} ms, max ${Math.max(...hashMs).toFixed(1)} ms over ${hashMs.length}`,
    ];
    console.log(lines.join('\n'));
    expect(caught).toBeGreaterThanOrEqual(MIN_CAUGHT);
    expect(falseMatches).toBeLessThanOrEqual(MAX_FALSE_MATCHES);
  });
});
