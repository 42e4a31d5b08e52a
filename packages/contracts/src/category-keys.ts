// The nine category keys and the labels people read (zod-free, for the web's first load). Keys stay in URLs and the API.

export const CATEGORY_KEYS = [
  'homeAndLiving',
  'electronics',
  'hobbiesSports',
  'vehicles',
  'mensFashion',
  'womensFashion',
  'kids',
  'education',
  'pets',
] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

/** What a person reads for each key: cards, headings, titles, selects (the server's GET /category names them the same). */
export const CATEGORY_LABELS: Record<CategoryKey, string> = {
  homeAndLiving: 'Home and Living',
  electronics: 'Electronics',
  hobbiesSports: 'Hobbies & Sports',
  vehicles: 'Vehicles',
  mensFashion: "Men's Fashion & Grooming",
  womensFashion: "Women's Fashion & Beauty",
  kids: 'Kids',
  education: 'Education',
  pets: 'Pets and Animal',
};

/** Case-insensitive lookup: /productsCategory/HOMEANDLIVING finds homeAndLiving. */
export function findCategoryKey(value: string): CategoryKey | undefined {
  const lower = value.toLowerCase();
  return CATEGORY_KEYS.find((k) => k.toLowerCase() === lower);
}

/** The label of a category key; an unknown key (an older listing, a typo) is shown as it is rather than hidden. */
export function categoryLabel(key: string): string {
  const known = findCategoryKey(key);
  return known ? CATEGORY_LABELS[known] : key;
}
