// The places tests load: every place of 200,000 people and more, every York and Springfield, and a few towns
// around Birmingham at known distances (the radius edge). Real gazetteer rows, loaded as the first start loads them.
import type { GazetteerPlace } from './gazetteer.ts';

export const BIRMINGHAM = 2655603;
/** 24.88 km from Birmingham's point. */
export const POLESWORTH = 2640173;
/** 25.06 km from Birmingham's point. */
export const KERESLEY = 2645778;
export const YORK_GB = 2633352;
export const SPRINGFIELD_IL = 4250542;
export const ZURICH = 2657896;
export const SAO_PAULO = 3448439;

const EXTRA = new Set([BIRMINGHAM, POLESWORTH, KERESLEY, 2653883, 11551146]);

export const testPlaces = (p: GazetteerPlace) => p.population >= 200_000 || p.name === 'York' || p.name === 'Springfield' || EXTRA.has(p.id);
