import { describe, expect, it } from 'vitest';
import { categorySvg, PALETTES, productSvg } from './art.ts';
import { DEMO_PRODUCTS } from './catalogue.ts';
import { PRODUCT_OBJECTS } from './objects.ts';

describe('demo listing pictures', () => {
  it('draws objects only for listings that exist', () => {
    const names = new Set(DEMO_PRODUCTS.map((p) => p.name));
    for (const name of Object.keys(PRODUCT_OBJECTS)) expect(names, name).toContain(name);
  });

  it('shows a listing its own object: only these are their category\'s object (a new listing needs a decision)', () => {
    const reusingCategory = DEMO_PRODUCTS.filter((p) => !(p.name in PRODUCT_OBJECTS)).map((p) => p.name);
    expect(reusingCategory.sort()).toEqual(
      [
        'Automatic wristwatch, 1970s',
        'Desk globe on brass stand',
        'Leather handbag, 1960s',
        'Steel-frame town bicycle',
        'Teddy bear, jointed mohair',
        'Valve radio, walnut case',
        'Victorian-style bird cage',
        'Vintage brass desk lamp',
      ].sort(),
    );
  });

  it('gives the camera and the rocking horse pictures of their own, named under the drawing', () => {
    const palette = PALETTES[0]!;
    const camera = productSvg('Film camera with 50 mm lens', 'electronics', palette);
    expect(camera).not.toContain(categorySvg('electronics', 'Electronics', palette).match(/<g>[\s\S]*<\/g>/)![0]);
    expect(camera).toContain('Film camera with 50 mm lens</text>');
    const horse = productSvg('Wooden rocking horse', 'kids', palette);
    expect(horse).not.toContain(categorySvg('kids', 'Kids', palette).match(/<g>[\s\S]*<\/g>/)![0]);
  });

  it('escapes a name in the drawing', () => {
    expect(productSvg("Barber's straight razor set", 'mensFashion', PALETTES[1]!)).toContain('Barber&apos;s straight razor set');
  });
});
