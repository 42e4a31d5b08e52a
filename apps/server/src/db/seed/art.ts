// Demo pictures drawn locally (no network): one SVG illustration per category (and per demo listing, objects.ts) in a warm palette,
// rendered by sharp, plus initials avatars. Photos of real objects would need a download; these look
// deliberate instead of broken.
import type { Sharp } from 'sharp';
import { loadSharp } from '../../lib/sharp.ts';
import type { CategoryKey } from '@olden/contracts';
import { PRODUCT_OBJECTS } from './objects.ts';

/** Drawn on a 960 x 720 canvas, rendered smaller: plenty for a listing, and the seed stays fast. */
export const ART_WIDTH = 800;
export const ART_HEIGHT = 600;

export interface Palette {
  bg1: string;
  bg2: string;
  ink: string;
  main: string;
  accent: string;
  light: string;
}

export const PALETTES: Palette[] = [
  { bg1: '#f7eedf', bg2: '#e2c79f', ink: '#3b2a1e', main: '#b0532c', accent: '#d9a441', light: '#fbf4e6' },
  { bg1: '#f3e7d6', bg2: '#d7b98f', ink: '#2e2a24', main: '#6b7d4f', accent: '#c8913a', light: '#faf3e3' },
  { bg1: '#f6e9e1', bg2: '#dfb9a4', ink: '#3a2326', main: '#8e3b46', accent: '#d6a25b', light: '#fcf1ea' },
  { bg1: '#f4ecdc', bg2: '#d9c4a0', ink: '#2b2f36', main: '#3f6072', accent: '#c98e4b', light: '#f9f3e6' },
];

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The object of each category, drawn around (480, 340) in a 960 x 720 canvas. */
const OBJECTS: Record<CategoryKey, (p: Palette) => string> = {
  // A banker's lamp.
  homeAndLiving: (p) => `
    <rect x="380" y="520" width="200" height="36" rx="14" fill="${p.accent}"/>
    <rect x="410" y="505" width="140" height="22" rx="10" fill="${p.accent}" opacity="0.85"/>
    <rect x="468" y="320" width="24" height="195" fill="${p.accent}"/>
    <ellipse cx="480" cy="345" rx="130" ry="18" fill="#fff6d5" opacity="0.7"/>
    <path d="M320 330 Q480 160 640 330 Z" fill="${p.main}"/>
    <ellipse cx="480" cy="330" rx="160" ry="14" fill="${p.ink}" opacity="0.25"/>
    <line x1="590" y1="332" x2="590" y2="410" stroke="${p.ink}" stroke-width="4"/>
    <circle cx="590" cy="416" r="8" fill="${p.accent}"/>`,
  // A valve radio.
  electronics: (p) => `
    <path d="M370 235 Q480 150 590 235" stroke="${p.accent}" stroke-width="16" fill="none" stroke-linecap="round"/>
    <rect x="280" y="230" width="400" height="300" rx="44" fill="${p.main}"/>
    <rect x="300" y="250" width="360" height="260" rx="32" fill="${p.ink}" opacity="0.12"/>
    <circle cx="395" cy="380" r="95" fill="${p.light}"/>
    <circle cx="395" cy="380" r="75" fill="none" stroke="${p.ink}" stroke-width="5" opacity="0.35"/>
    <circle cx="395" cy="380" r="52" fill="none" stroke="${p.ink}" stroke-width="5" opacity="0.35"/>
    <circle cx="395" cy="380" r="28" fill="none" stroke="${p.ink}" stroke-width="5" opacity="0.35"/>
    <rect x="515" y="300" width="125" height="64" rx="10" fill="${p.bg1}" stroke="${p.ink}" stroke-width="4"/>
    <line x1="560" y1="306" x2="575" y2="358" stroke="${p.main}" stroke-width="4"/>
    <circle cx="545" cy="440" r="24" fill="${p.accent}"/>
    <circle cx="612" cy="440" r="24" fill="${p.accent}"/>
    <rect x="320" y="528" width="40" height="18" rx="4" fill="${p.ink}"/>
    <rect x="600" y="528" width="40" height="18" rx="4" fill="${p.ink}"/>`,
  // A town bicycle.
  hobbiesSports: (p) => `
    <circle cx="320" cy="450" r="112" fill="none" stroke="${p.ink}" stroke-width="14"/>
    <circle cx="640" cy="450" r="112" fill="none" stroke="${p.ink}" stroke-width="14"/>
    <circle cx="320" cy="450" r="10" fill="${p.ink}"/>
    <circle cx="640" cy="450" r="10" fill="${p.ink}"/>
    <path d="M320 450 L440 320 L600 320 L640 450 M440 320 L490 450 L600 320 M490 450 L320 450"
      stroke="${p.main}" stroke-width="16" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
    <line x1="440" y1="320" x2="425" y2="282" stroke="${p.ink}" stroke-width="10"/>
    <rect x="392" y="266" width="72" height="18" rx="9" fill="${p.ink}"/>
    <line x1="600" y1="320" x2="590" y2="268" stroke="${p.ink}" stroke-width="10"/>
    <path d="M560 270 Q592 255 632 268" stroke="${p.ink}" stroke-width="10" fill="none" stroke-linecap="round"/>
    <circle cx="490" cy="450" r="26" fill="none" stroke="${p.accent}" stroke-width="8"/>
    <rect x="620" y="292" width="70" height="44" rx="6" fill="${p.accent}"/>`,
  // A rounded classic car.
  vehicles: (p) => `
    <path d="M240 470 L240 420 Q250 378 330 368 L385 298 Q480 226 600 298 L655 368 Q725 378 725 430 L725 470 Z" fill="${p.main}"/>
    <path d="M400 364 L438 312 Q480 288 520 298 L520 364 Z" fill="${p.light}"/>
    <path d="M536 364 L536 302 Q572 314 604 364 Z" fill="${p.light}"/>
    <line x1="240" y1="430" x2="725" y2="430" stroke="${p.ink}" stroke-width="4" opacity="0.3"/>
    <circle cx="706" cy="405" r="15" fill="${p.bg1}"/>
    <rect x="228" y="455" width="510" height="16" rx="8" fill="${p.accent}"/>
    <circle cx="350" cy="478" r="56" fill="${p.ink}"/>
    <circle cx="350" cy="478" r="26" fill="${p.accent}"/>
    <circle cx="620" cy="478" r="56" fill="${p.ink}"/>
    <circle cx="620" cy="478" r="26" fill="${p.accent}"/>`,
  // A wristwatch.
  mensFashion: (p) => {
    const ticks = Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      const [x1, y1, x2, y2] = [480 + Math.sin(a) * 82, 350 - Math.cos(a) * 82, 480 + Math.sin(a) * 94, 350 - Math.cos(a) * 94];
      return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${p.ink}" stroke-width="${i % 3 === 0 ? 7 : 3}"/>`;
    }).join('');
    return `
    <rect x="435" y="120" width="90" height="470" rx="22" fill="${p.main}"/>
    <rect x="452" y="140" width="56" height="430" rx="14" fill="${p.ink}" opacity="0.15"/>
    <rect x="598" y="336" width="22" height="28" rx="4" fill="${p.accent}"/>
    <circle cx="480" cy="350" r="128" fill="${p.accent}"/>
    <circle cx="480" cy="350" r="106" fill="${p.light}"/>
    ${ticks}
    <line x1="480" y1="350" x2="480" y2="282" stroke="${p.ink}" stroke-width="8" stroke-linecap="round"/>
    <line x1="480" y1="350" x2="535" y2="380" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/>
    <circle cx="480" cy="350" r="9" fill="${p.main}"/>`;
  },
  // A handbag.
  womensFashion: (p) => `
    <path d="M385 305 Q480 150 575 305" stroke="${p.accent}" stroke-width="18" fill="none" stroke-linecap="round"/>
    <path d="M320 300 L640 300 L682 538 Q684 560 660 560 L300 560 Q276 560 278 538 Z" fill="${p.main}"/>
    <path d="M320 300 L640 300 L626 402 Q480 446 334 402 Z" fill="${p.ink}" opacity="0.2"/>
    <path d="M300 520 L660 520" stroke="${p.light}" stroke-width="3" stroke-dasharray="10 8" opacity="0.6"/>
    <circle cx="480" cy="420" r="18" fill="${p.accent}"/>
    <circle cx="480" cy="420" r="7" fill="${p.ink}" opacity="0.4"/>`,
  // A teddy bear.
  kids: (p) => `
    <circle cx="395" cy="205" r="42" fill="${p.main}"/><circle cx="395" cy="205" r="20" fill="${p.accent}"/>
    <circle cx="565" cy="205" r="42" fill="${p.main}"/><circle cx="565" cy="205" r="20" fill="${p.accent}"/>
    <ellipse cx="360" cy="430" rx="38" ry="66" fill="${p.main}" transform="rotate(25 360 430)"/>
    <ellipse cx="600" cy="430" rx="38" ry="66" fill="${p.main}" transform="rotate(-25 600 430)"/>
    <ellipse cx="480" cy="450" rx="122" ry="115" fill="${p.main}"/>
    <ellipse cx="480" cy="465" rx="72" ry="68" fill="${p.light}" opacity="0.8"/>
    <ellipse cx="415" cy="560" rx="48" ry="30" fill="${p.main}"/><ellipse cx="415" cy="560" rx="26" ry="16" fill="${p.accent}"/>
    <ellipse cx="545" cy="560" rx="48" ry="30" fill="${p.main}"/><ellipse cx="545" cy="560" rx="26" ry="16" fill="${p.accent}"/>
    <circle cx="480" cy="270" r="98" fill="${p.main}"/>
    <ellipse cx="480" cy="302" rx="42" ry="32" fill="${p.light}"/>
    <ellipse cx="480" cy="288" rx="15" ry="10" fill="${p.ink}"/>
    <circle cx="445" cy="250" r="8" fill="${p.ink}"/><circle cx="515" cy="250" r="8" fill="${p.ink}"/>
    <path d="M465 318 Q480 330 495 318" stroke="${p.ink}" stroke-width="4" fill="none"/>`,
  // A globe on its stand.
  education: (p) => `
    <rect x="395" y="548" width="170" height="22" rx="10" fill="${p.ink}"/>
    <rect x="470" y="490" width="20" height="62" fill="${p.ink}"/>
    <path d="M345 190 A178 178 0 0 0 600 500" stroke="${p.accent}" stroke-width="12" fill="none"/>
    <circle cx="480" cy="330" r="150" fill="${p.main}"/>
    <path d="M400 230 Q430 205 470 222 Q500 250 470 280 Q440 300 420 290 Q390 265 400 230 Z" fill="${p.accent}"/>
    <path d="M510 300 Q560 290 580 330 Q585 380 545 410 Q515 420 505 380 Q495 340 510 300 Z" fill="${p.accent}"/>
    <path d="M380 360 Q410 350 425 380 Q420 410 395 405 Q372 390 380 360 Z" fill="${p.accent}"/>
    <ellipse cx="480" cy="330" rx="150" ry="52" fill="none" stroke="${p.light}" stroke-width="3" opacity="0.5"/>
    <ellipse cx="480" cy="330" rx="64" ry="150" fill="none" stroke="${p.light}" stroke-width="3" opacity="0.5"/>
    <line x1="330" y1="330" x2="630" y2="330" stroke="${p.light}" stroke-width="3" opacity="0.5"/>`,
  // A bird cage with its bird.
  pets: (p) => {
    const bars = Array.from({ length: 9 }, (_, i) => {
      const x = 330 + i * 37.5;
      return `<line x1="${x}" y1="330" x2="${x}" y2="532" stroke="${p.main}" stroke-width="6"/>` +
        `<path d="M480 178 Q${x} 190 ${x} 330" stroke="${p.main}" stroke-width="5" fill="none"/>`;
    }).join('');
    return `
    <circle cx="480" cy="150" r="18" fill="none" stroke="${p.ink}" stroke-width="7"/>
    ${bars}
    <rect x="318" y="324" width="324" height="12" rx="6" fill="${p.main}"/>
    <line x1="395" y1="452" x2="565" y2="452" stroke="${p.ink}" stroke-width="8" stroke-linecap="round"/>
    <ellipse cx="478" cy="425" rx="42" ry="28" fill="${p.accent}"/>
    <circle cx="512" cy="398" r="20" fill="${p.accent}"/>
    <path d="M530 394 L548 400 L530 406 Z" fill="${p.ink}"/>
    <circle cx="517" cy="394" r="4" fill="${p.ink}"/>
    <path d="M440 430 L400 446 L442 440 Z" fill="${p.main}"/>
    <rect x="300" y="528" width="360" height="38" rx="8" fill="${p.accent}"/>`;
  },
};

/** An illustration of a category's object, with its name in a serif face under it. */
export function categorySvg(category: CategoryKey, label: string, palette: Palette): string {
  return drawingSvg(OBJECTS[category](palette), label, palette);
}

/** A demo listing's own object (objects.ts), or its category's when it is that object (the lamp, the radio...). */
export function productSvg(name: string, category: CategoryKey, palette: Palette): string {
  const own = PRODUCT_OBJECTS[name];
  return drawingSvg(own ? own(palette) : OBJECTS[category](palette), name, palette);
}

/** Whether a demo listing has a drawing of its own (the others are their category's object). */
export const hasOwnDrawing = (name: string): boolean => name in PRODUCT_OBJECTS;

function drawingSvg(object: string, label: string, palette: Palette): string {
  const p = palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 960 720">
  <defs>
    <radialGradient id="bg" cx="50%" cy="42%" r="75%">
      <stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/>
    </radialGradient>
  </defs>
  <rect width="960" height="720" fill="url(#bg)"/>
  <rect x="24" y="24" width="912" height="672" rx="18" fill="none" stroke="${p.ink}" stroke-opacity="0.18" stroke-width="2"/>
  <ellipse cx="480" cy="585" rx="250" ry="26" fill="${p.ink}" opacity="0.12"/>
  <g>${object}</g>
  <text x="480" y="640" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-size="${label.length > 30 ? 32 : 40}" fill="${p.ink}">${escapeXml(label)}</text>
  <text x="480" y="672" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-size="16" letter-spacing="6" fill="${p.ink}" opacity="0.6">OLDEN GOODS</text>
</svg>`;
}

/** The classic sepia matrix, scaled down so the cream paper does not burn out to yellow. */
const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
].map((row) => row.map((v) => v * 0.78)) as [[number, number, number], [number, number, number], [number, number, number]];

/**
 * Four pictures of one category from a single render: the illustration, a warmer print,
 * a close-up, and an old sepia photograph. PNG, ready for the images service.
 */
export function categoryPictures(category: CategoryKey, label: string, palette: Palette): Promise<Buffer[]> {
  return fourPictures(categorySvg(category, label, palette));
}

/** The same four pictures of one demo listing's own object. */
export function productPictures(name: string, category: CategoryKey, palette: Palette): Promise<Buffer[]> {
  return fourPictures(productSvg(name, category, palette));
}

async function fourPictures(svg: string): Promise<Buffer[]> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const png = (s: Sharp) => s.png({ compressionLevel: 1 }).toBuffer();
  const scale = ART_WIDTH / 960;
  const closeUp = { left: Math.round(200 * scale), top: Math.round(110 * scale), width: Math.round(560 * scale), height: Math.round(420 * scale) };
  return Promise.all([
    png(sharp(data, raw)),
    png(sharp(data, raw).modulate({ hue: 24, saturation: 1.1, brightness: 0.98 })),
    png(sharp(data, raw).extract(closeUp).resize(ART_WIDTH, ART_HEIGHT)),
    png(sharp(data, raw).recomb(SEPIA)),
  ]);
}

/** A square avatar: initials in a serif face on a warm disc. */
export async function avatarPicture(name: string, palette: Palette): Promise<Buffer> {
  const sharp = await loadSharp();
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const p = palette;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320">
  <rect width="320" height="320" fill="${p.bg2}"/>
  <circle cx="160" cy="160" r="150" fill="${p.main}"/>
  <circle cx="160" cy="160" r="138" fill="none" stroke="${p.light}" stroke-opacity="0.5" stroke-width="3"/>
  <text x="160" y="198" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-size="108" fill="${p.light}">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
