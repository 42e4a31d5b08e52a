// The demo listings' own objects (a listing's picture shows what it sells: the film camera once showed its category's
// radio), drawn around (480, 340) on the 960 x 720 canvas of art.ts. A listing not named here is its category's object
// (the lamp, the radio, the bicycle...).
import type { Palette } from './art.ts';

type Draw = (p: Palette) => string;

const repeat = (count: number, draw: (i: number) => string) => Array.from({ length: count }, (_, i) => draw(i)).join('');

export const PRODUCT_OBJECTS: Record<string, Draw> = {
  'Teak sideboard, mid-century': (p) => `
    <rect x="250" y="280" width="460" height="200" rx="10" fill="${p.main}"/>
    <rect x="250" y="270" width="460" height="20" rx="6" fill="${p.ink}" opacity="0.5"/>
    <rect x="268" y="300" width="140" height="162" rx="6" fill="${p.ink}" opacity="0.15"/>
    <rect x="552" y="300" width="140" height="162" rx="6" fill="${p.ink}" opacity="0.15"/>
    ${repeat(3, (i) => `<rect x="422" y="${302 + i * 54}" width="116" height="46" rx="5" fill="${p.light}" opacity="0.35"/><rect x="466" y="${320 + i * 54}" width="28" height="8" rx="4" fill="${p.accent}"/>`)}
    <rect x="392" y="360" width="8" height="40" rx="4" fill="${p.accent}"/><rect x="560" y="360" width="8" height="40" rx="4" fill="${p.accent}"/>
    <path d="M285 480 L268 570 M675 480 L692 570 M330 480 L340 560 M630 480 L620 560" stroke="${p.ink}" stroke-width="12" stroke-linecap="round"/>`,

  'Hand-painted porcelain tea set': (p) => `
    <ellipse cx="400" cy="540" rx="150" ry="18" fill="${p.ink}" opacity="0.15"/>
    <path d="M290 330 Q260 300 230 280 Q240 320 280 380" stroke="${p.light}" stroke-width="22" fill="none" stroke-linecap="round"/>
    <path d="M510 360 Q575 350 560 430 Q550 480 500 470" stroke="${p.light}" stroke-width="18" fill="none"/>
    <ellipse cx="400" cy="430" rx="130" ry="110" fill="${p.light}"/>
    <rect x="330" y="300" width="140" height="22" rx="10" fill="${p.accent}"/>
    <circle cx="400" cy="290" r="18" fill="${p.accent}"/>
    <path d="M300 420 Q350 380 400 420 Q450 460 500 420" stroke="${p.main}" stroke-width="8" fill="none"/>
    <circle cx="360" cy="460" r="12" fill="${p.main}"/><circle cx="440" cy="455" r="12" fill="${p.main}"/>
    <ellipse cx="650" cy="530" rx="95" ry="16" fill="${p.accent}"/>
    <path d="M580 440 L720 440 Q715 520 650 522 Q585 520 580 440 Z" fill="${p.light}"/>
    <path d="M718 455 Q755 460 745 490 Q735 510 710 500" stroke="${p.light}" stroke-width="12" fill="none"/>
    <path d="M595 465 Q650 445 705 465" stroke="${p.main}" stroke-width="6" fill="none"/>`,

  'Cast-iron dutch oven': (p) => `
    <path d="M300 360 L660 360 L640 520 Q630 555 590 555 L370 555 Q330 555 320 520 Z" fill="${p.ink}"/>
    <path d="M300 360 Q250 360 250 400 Q250 420 300 415" stroke="${p.ink}" stroke-width="18" fill="none"/>
    <path d="M660 360 Q710 360 710 400 Q710 420 660 415" stroke="${p.ink}" stroke-width="18" fill="none"/>
    <path d="M285 360 Q480 250 675 360 Z" fill="${p.ink}" opacity="0.85"/>
    <rect x="440" y="265" width="80" height="30" rx="14" fill="${p.accent}"/>
    <path d="M330 440 Q480 470 630 440" stroke="${p.light}" stroke-width="5" fill="none" opacity="0.25"/>
    <ellipse cx="400" cy="330" rx="40" ry="8" fill="${p.light}" opacity="0.25"/>`,

  'Oak rocking chair': (p) => `
    <path d="M300 555 Q480 610 680 545" stroke="${p.ink}" stroke-width="16" fill="none" stroke-linecap="round"/>
    <path d="M360 560 L380 410 M600 560 L590 410 M420 575 L430 430 M560 575 L555 430" stroke="${p.main}" stroke-width="14" stroke-linecap="round"/>
    <rect x="350" y="395" width="260" height="34" rx="10" fill="${p.main}"/>
    <path d="M380 400 L350 160 M590 400 L615 160" stroke="${p.main}" stroke-width="18" stroke-linecap="round"/>
    <path d="M352 170 Q485 130 612 170" stroke="${p.main}" stroke-width="26" fill="none" stroke-linecap="round"/>
    ${repeat(5, (i) => `<line x1="${400 + i * 40}" y1="${185 - (i === 2 ? 8 : i % 2 ? 5 : 0)}" x2="${398 + i * 42}" y2="395" stroke="${p.accent}" stroke-width="10"/>`)}
    <path d="M350 330 L300 330 Q290 330 292 345 L300 400 M610 330 L660 330 Q670 330 668 345 L660 400" stroke="${p.main}" stroke-width="12" fill="none" stroke-linecap="round"/>`,

  'Film camera with 50 mm lens': (p) => `
    <path d="M420 250 L440 215 L520 215 L540 250 Z" fill="${p.ink}"/>
    <rect x="270" y="250" width="420" height="230" rx="26" fill="${p.ink}"/>
    <rect x="270" y="300" width="420" height="130" fill="${p.main}"/>
    <rect x="300" y="232" width="60" height="24" rx="6" fill="${p.light}" opacity="0.8"/>
    <rect x="600" y="232" width="56" height="22" rx="6" fill="${p.accent}"/>
    <circle cx="480" cy="370" r="112" fill="${p.light}"/>
    <circle cx="480" cy="370" r="96" fill="${p.ink}"/>
    <circle cx="480" cy="370" r="70" fill="${p.ink}" stroke="${p.accent}" stroke-width="6"/>
    <circle cx="480" cy="370" r="44" fill="#2a3440"/>
    <circle cx="462" cy="352" r="14" fill="${p.light}" opacity="0.6"/>
    <rect x="600" y="290" width="64" height="40" rx="6" fill="${p.light}" opacity="0.5"/>`,

  'Belt-drive record player': (p) => `
    <rect x="230" y="330" width="500" height="190" rx="16" fill="${p.main}"/>
    <rect x="230" y="470" width="500" height="50" rx="12" fill="${p.ink}" opacity="0.35"/>
    <ellipse cx="440" cy="370" rx="190" ry="64" fill="${p.ink}"/>
    ${repeat(3, (i) => `<ellipse cx="440" cy="370" rx="${160 - i * 35}" ry="${53 - i * 12}" fill="none" stroke="${p.light}" stroke-width="2" opacity="0.3"/>`)}
    <ellipse cx="440" cy="370" rx="48" ry="16" fill="${p.accent}"/>
    <circle cx="650" cy="330" r="24" fill="${p.light}"/>
    <path d="M650 330 L620 420 L540 420" stroke="${p.light}" stroke-width="10" fill="none" stroke-linecap="round"/>
    <rect x="520" y="410" width="34" height="20" rx="4" fill="${p.accent}"/>
    <circle cx="300" cy="495" r="10" fill="${p.accent}"/><circle cx="340" cy="495" r="10" fill="${p.accent}"/>`,

  'Rotary telephone, cream': (p) => `
    <path d="M300 540 L340 360 Q350 330 390 330 L570 330 Q610 330 620 360 L660 540 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="6"/>
    <circle cx="480" cy="445" r="80" fill="${p.bg1}" stroke="${p.ink}" stroke-width="6"/>
    ${repeat(10, (i) => {
      const a = (i * Math.PI * 1.6) / 9 - Math.PI * 0.3;
      return `<circle cx="${(480 + Math.cos(a) * 55).toFixed(1)}" cy="${(445 + Math.sin(a) * 55).toFixed(1)}" r="13" fill="${p.ink}" opacity="0.75"/>`;
    })}
    <circle cx="480" cy="445" r="22" fill="${p.accent}"/>
    <path d="M290 300 Q300 240 360 250 L600 250 Q660 240 670 300 L640 318 Q620 290 580 292 L380 292 Q340 290 320 318 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="6"/>
    <path d="M660 470 Q760 480 720 560" stroke="${p.ink}" stroke-width="5" fill="none" stroke-dasharray="4 6"/>`,

  'Wooden tennis racket with press': (p) => `
    <g transform="rotate(-20 480 360)">
      <ellipse cx="480" cy="260" rx="120" ry="150" fill="none" stroke="${p.main}" stroke-width="22"/>
      ${repeat(9, (i) => `<line x1="${392 + i * 22}" y1="130" x2="${392 + i * 22}" y2="390" stroke="${p.ink}" stroke-width="2" opacity="0.5"/>`)}
      ${repeat(11, (i) => `<line x1="370" y1="${150 + i * 22}" x2="590" y2="${150 + i * 22}" stroke="${p.ink}" stroke-width="2" opacity="0.5"/>`)}
      <path d="M450 405 L465 470 L495 470 L510 405" fill="${p.main}"/>
      <rect x="462" y="465" width="36" height="150" rx="10" fill="${p.accent}"/>
      <path d="M340 130 L620 130 L650 420 L310 420 Z" fill="none" stroke="${p.ink}" stroke-width="14" stroke-linejoin="round" opacity="0.8"/>
      <circle cx="330" cy="275" r="14" fill="${p.accent}"/><circle cx="630" cy="275" r="14" fill="${p.accent}"/>
    </g>`,

  'Acoustic guitar with case': (p) => `
    <path d="M640 560 Q760 520 700 420 Q690 360 730 300 Q770 220 700 190 Q620 170 600 250 L590 300 Q560 360 600 420 Q560 540 640 560 Z" fill="${p.ink}" opacity="0.7"/>
    <g transform="rotate(-30 420 380)">
      <rect x="405" y="70" width="30" height="250" fill="${p.ink}"/>
      <rect x="398" y="40" width="44" height="60" rx="8" fill="${p.ink}"/>
      ${repeat(6, (i) => `<circle cx="${i < 3 ? 392 : 448}" cy="${52 + (i % 3) * 18}" r="6" fill="${p.accent}"/>`)}
      <circle cx="420" cy="370" r="85" fill="${p.main}"/>
      <circle cx="420" cy="490" r="110" fill="${p.main}"/>
      <circle cx="420" cy="400" r="32" fill="${p.ink}"/>
      <rect x="380" y="510" width="80" height="14" rx="4" fill="${p.ink}"/>
      ${repeat(6, (i) => `<line x1="${410 + i * 4}" y1="80" x2="${410 + i * 4}" y2="517" stroke="${p.light}" stroke-width="1.5"/>`)}
    </g>`,

  'Chess set in a walnut box': (p) => `
    <path d="M230 470 L480 380 L730 470 L480 560 Z" fill="${p.main}"/>
    ${repeat(8, (r) => repeat(8, (c) => ((r + c) % 2 ? '' : (() => {
      const x0 = 480 - 250 + (c * 250) / 8 + (r * 250) / 8;
      const y0 = 470 - (c * 90) / 8 + (r * 90) / 8;
      return `<path d="M${x0} ${y0} L${x0 + 31.25} ${y0 - 11.25} L${x0 + 62.5} ${y0} L${x0 + 31.25} ${y0 + 11.25} Z" fill="${p.light}"/>`;
    })())))}
    <path d="M230 470 L480 560 L730 470 L730 495 L480 585 L230 495 Z" fill="${p.ink}" opacity="0.6"/>
    <path d="M420 420 L430 320 Q410 300 430 285 L450 285 Q470 300 450 320 L460 420 Z" fill="${p.ink}"/>
    <rect x="432" y="255" width="16" height="30" fill="${p.ink}"/><rect x="424" y="262" width="32" height="10" fill="${p.ink}"/>
    <rect x="410" y="415" width="60" height="14" rx="4" fill="${p.ink}"/>
    <path d="M530 450 L540 390 Q520 370 545 355 Q570 370 550 390 L560 450 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="4"/>
    <rect x="522" y="444" width="46" height="12" rx="4" fill="${p.light}" stroke="${p.ink}" stroke-width="4"/>`,

  'Classic scooter, 150 cc': (p) => `
    <circle cx="330" cy="500" r="52" fill="${p.ink}"/><circle cx="330" cy="500" r="22" fill="${p.light}"/>
    <circle cx="640" cy="500" r="52" fill="${p.ink}"/><circle cx="640" cy="500" r="22" fill="${p.light}"/>
    <path d="M560 500 Q560 390 650 390 Q720 400 720 470 L720 500 Z" fill="${p.main}"/>
    <path d="M330 440 L380 470 L600 470 L600 500 L380 500 Z" fill="${p.main}"/>
    <path d="M290 440 Q290 400 340 400 L370 250 L395 255 L370 420 Q380 450 330 450 Z" fill="${p.main}"/>
    <path d="M320 240 L440 240" stroke="${p.ink}" stroke-width="12" stroke-linecap="round"/>
    <circle cx="372" cy="270" r="20" fill="${p.light}" stroke="${p.ink}" stroke-width="5"/>
    <rect x="560" y="360" width="130" height="28" rx="14" fill="${p.ink}"/>
    <path d="M300 420 Q330 395 360 420" stroke="${p.accent}" stroke-width="8" fill="none"/>`,

  'Vintage car hubcaps, set of four': (p) =>
    [
      [360, 300],
      [600, 300],
      [360, 480],
      [600, 480],
    ]
      .map(
        ([x, y]) => `
    <circle cx="${x}" cy="${y}" r="92" fill="${p.light}" stroke="${p.ink}" stroke-width="6"/>
    <circle cx="${x}" cy="${y}" r="70" fill="${p.bg2}"/>
    ${repeat(8, (i) => {
      const a = (i * Math.PI) / 4;
      return `<line x1="${x}" y1="${y}" x2="${(x! + Math.cos(a) * 70).toFixed(1)}" y2="${(y! + Math.sin(a) * 70).toFixed(1)}" stroke="${p.ink}" stroke-width="5" opacity="0.55"/>`;
    })}
    <circle cx="${x}" cy="${y}" r="26" fill="${p.accent}" stroke="${p.ink}" stroke-width="4"/>
    <path d="M${x! - 50} ${y! - 55} Q${x! - 20} ${y! - 80} ${x! + 20} ${y! - 75}" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.6"/>`,
      )
      .join(''),

  'Leather motorcycle saddlebags': (p) => `
    <path d="M300 250 L660 250" stroke="${p.ink}" stroke-width="18" stroke-linecap="round"/>
    ${[330, 520]
      .map(
        (x) => `
    <path d="M${x} 260 L${x + 130} 260 L${x + 140} 520 Q${x + 140} 550 ${x + 110} 550 L${x + 20} 550 Q${x - 10} 550 ${x - 10} 520 Z" fill="${p.main}"/>
    <path d="M${x - 5} 260 L${x + 135} 260 L${x + 138} 380 Q${x + 65} 410 ${x - 8} 380 Z" fill="${p.ink}" opacity="0.35"/>
    <rect x="${x + 50}" y="360" width="30" height="90" rx="4" fill="${p.ink}" opacity="0.6"/>
    <rect x="${x + 44}" y="420" width="42" height="30" rx="4" fill="none" stroke="${p.accent}" stroke-width="7"/>
    <path d="M${x} 530 L${x + 130} 530" stroke="${p.light}" stroke-width="3" stroke-dasharray="8 7" opacity="0.6"/>`,
      )
      .join('')}`,

  'Wool overcoat, charcoal': (p) => `
    <path d="M400 170 L480 230 L560 170 L660 215 L700 560 L610 560 L600 400 L590 590 L370 590 L360 400 L350 560 L260 560 L300 215 Z" fill="${p.ink}" opacity="0.85"/>
    <path d="M400 170 L440 330 L480 230 Z M560 170 L520 330 L480 230 Z" fill="${p.main}"/>
    <path d="M480 230 L480 590" stroke="${p.light}" stroke-width="3" opacity="0.3"/>
    ${repeat(3, (i) => `<circle cx="505" cy="${370 + i * 70}" r="11" fill="${p.accent}"/>`)}
    <path d="M385 440 L440 440 M520 440 L575 440" stroke="${p.light}" stroke-width="4" opacity="0.35"/>`,

  "Barber's straight razor set": (p) => `
    <rect x="240" y="470" width="480" height="40" rx="8" fill="${p.main}"/>
    <g transform="rotate(-12 420 360)">
      <rect x="250" y="330" width="230" height="42" rx="20" fill="${p.ink}"/>
      <path d="M470 330 L690 318 Q720 325 712 360 L680 378 L470 372 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="5"/>
      <circle cx="478" cy="351" r="8" fill="${p.accent}"/>
    </g>
    <rect x="600" y="330" width="60" height="90" rx="14" fill="${p.accent}" transform="rotate(8 630 375)"/>
    <path d="M590 300 Q630 210 670 300 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="5"/>
    <path d="M597 296 Q632 250 663 296" stroke="${p.ink}" stroke-width="3" fill="none" opacity="0.4"/>`,

  'Silk scarf, hand-rolled edges': (p) => `
    <path d="M250 260 Q360 200 470 260 Q580 320 700 240 L720 300 Q600 390 480 330 Q360 270 270 330 Z" fill="${p.main}"/>
    <path d="M270 330 Q360 270 480 330 Q600 390 720 300 L690 470 Q580 540 470 470 Q360 400 290 470 Z" fill="${p.accent}"/>
    ${repeat(6, (i) => `<circle cx="${320 + i * 66}" cy="${300 + (i % 2) * 30}" r="12" fill="${p.light}" opacity="0.7"/>`)}
    ${repeat(5, (i) => `<path d="M${330 + i * 72} ${420 + (i % 2) * 20} l14 -20 l14 20 l-14 20 Z" fill="${p.main}" opacity="0.8"/>`)}
    <path d="M290 470 L270 540 M320 462 L310 530 M690 470 L705 540 M660 486 L665 550" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`,

  'Pearl necklace with silver clasp': (p) => `
    <path d="M300 200 Q300 520 480 530 Q660 520 660 200" fill="none" stroke="${p.ink}" stroke-width="2" opacity="0.4"/>
    ${repeat(23, (i) => {
      const t = i / 22;
      const a = Math.PI * (1 - t);
      const x = 480 + Math.cos(a) * 185;
      const y = 230 + Math.sin(a) * 290;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="19" fill="${p.light}" stroke="${p.ink}" stroke-width="2" opacity="0.95"/><circle cx="${(x - 6).toFixed(1)}" cy="${(y - 6).toFixed(1)}" r="5" fill="#ffffff"/>`;
    })}
    <rect x="460" y="188" width="40" height="24" rx="8" fill="#c9ccd1" stroke="${p.ink}" stroke-width="3"/>`,

  'Wooden rocking horse': (p) => `
    <path d="M250 540 Q480 620 710 540" stroke="${p.ink}" stroke-width="18" fill="none" stroke-linecap="round"/>
    <path d="M360 440 L330 560 M420 450 L410 575 M560 450 L570 575 M610 440 L640 560" stroke="${p.main}" stroke-width="20" stroke-linecap="round"/>
    <ellipse cx="485" cy="410" rx="160" ry="62" fill="${p.main}"/>
    <path d="M580 380 L630 240 Q640 200 690 210 L720 250 Q730 280 700 285 L665 275 L640 400 Z" fill="${p.main}"/>
    <path d="M640 220 Q600 260 610 330 Q590 280 620 220 Z" fill="${p.accent}"/>
    <path d="M630 225 L600 240 L585 300 L610 290 Z" fill="${p.accent}"/>
    <circle cx="678" cy="238" r="7" fill="${p.ink}"/>
    <path d="M330 390 Q270 400 280 480" stroke="${p.accent}" stroke-width="18" fill="none" stroke-linecap="round"/>
    <rect x="440" y="350" width="80" height="36" rx="10" fill="${p.ink}" opacity="0.6"/>`,

  'Illustrated fairy-tale collection': (p) => `
    <rect x="290" y="470" width="380" height="44" rx="6" fill="${p.main}"/>
    <rect x="310" y="426" width="350" height="44" rx="6" fill="${p.accent}"/>
    <path d="M300 400 L470 380 L480 400 L490 380 L660 400 L660 230 L490 210 L480 225 L470 210 L300 230 Z" fill="${p.light}" stroke="${p.ink}" stroke-width="5"/>
    <line x1="480" y1="225" x2="480" y2="400" stroke="${p.ink}" stroke-width="4"/>
    <path d="M330 360 L360 300 L390 360 Z M340 360 L340 330 L380 330 L380 360" fill="${p.main}"/>
    <path d="M350 300 L350 280 L370 280 L370 300" fill="${p.main}"/>
    <circle cx="430" cy="270" r="16" fill="${p.accent}"/>
    ${repeat(5, (i) => `<line x1="510" y1="${255 + i * 24}" x2="635" y2="${258 + i * 24}" stroke="${p.ink}" stroke-width="4" opacity="0.4"/>`)}`,

  'Encyclopaedia set, 24 volumes': (p) => `
    <rect x="220" y="540" width="520" height="18" rx="4" fill="${p.ink}" opacity="0.7"/>
    ${repeat(10, (i) => {
      const x = 240 + i * 48;
      const h = 250 + (i % 3) * 12;
      const fill = i % 2 ? p.main : p.ink;
      return `<rect x="${x}" y="${540 - h}" width="44" height="${h}" rx="4" fill="${fill}"/><rect x="${x + 8}" y="${570 - h}" width="28" height="34" rx="3" fill="${p.accent}"/><line x1="${x + 4}" y1="${520}" x2="${x + 40}" y2="${520}" stroke="${p.accent}" stroke-width="4"/>`;
    })}`,

  'Oak school desk with inkwell': (p) => `
    <path d="M280 330 L680 300 L690 340 L290 370 Z" fill="${p.main}"/>
    <rect x="290" y="368" width="400" height="70" fill="${p.main}" opacity="0.75"/>
    <path d="M320 430 L310 570 M660 430 L670 570" stroke="${p.ink}" stroke-width="16" stroke-linecap="round"/>
    <path d="M310 520 L670 520" stroke="${p.ink}" stroke-width="10"/>
    <circle cx="620" cy="296" r="20" fill="${p.ink}"/><ellipse cx="620" cy="282" rx="14" ry="5" fill="${p.accent}"/>
    <path d="M600 260 L650 200" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/>
    <rect x="360" y="320" width="150" height="8" rx="4" fill="${p.accent}" transform="rotate(-4 435 324)"/>`,

  'Wicker dog basket with cushion': (p) => `
    <ellipse cx="480" cy="420" rx="230" ry="110" fill="${p.accent}"/>
    ${repeat(9, (i) => `<path d="M${280 + i * 50} 360 Q${290 + i * 50} 440 ${280 + i * 50} 520" stroke="${p.main}" stroke-width="6" fill="none" opacity="0.55"/>`)}
    ${repeat(4, (i) => `<path d="M260 ${390 + i * 34} Q480 ${430 + i * 34} 700 ${390 + i * 34}" stroke="${p.main}" stroke-width="5" fill="none" opacity="0.45"/>`)}
    <ellipse cx="480" cy="370" rx="200" ry="64" fill="${p.main}"/>
    <ellipse cx="480" cy="372" rx="170" ry="48" fill="${p.light}"/>
    <path d="M330 372 Q480 420 630 372" stroke="${p.bg2}" stroke-width="5" fill="none"/>
    <path d="M420 340 q10 -20 20 0 q10 -20 20 0" stroke="${p.main}" stroke-width="5" fill="none" opacity="0.6"/>`,

  'Ceramic cat bowls, pair': (p) =>
    [360, 600]
      .map(
        (x, i) => `
    <ellipse cx="${x}" cy="520" rx="115" ry="20" fill="${p.ink}" opacity="0.15"/>
    <path d="M${x - 115} 420 L${x + 115} 420 L${x + 90} 515 Q${x} 535 ${x - 90} 515 Z" fill="${i ? p.main : p.accent}"/>
    <ellipse cx="${x}" cy="420" rx="115" ry="28" fill="${p.light}"/>
    <ellipse cx="${x}" cy="422" rx="90" ry="18" fill="${p.bg2}"/>
    <path d="M${x - 30} 470 l12 -22 l12 22 M${x + 6} 470 l12 -22 l12 22" stroke="${p.light}" stroke-width="5" fill="none"/>
    <path d="M${x - 38} 470 Q${x} 500 ${x + 38} 470" stroke="${p.light}" stroke-width="5" fill="none"/>`,
      )
      .join(''),
};
