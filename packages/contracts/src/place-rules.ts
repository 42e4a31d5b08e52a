// The zod-free rules of places (the web's filter bar reads them): radius bounds and the distance formula.

/** The longest text the place autocomplete takes. */
export const PLACE_QUERY_MAX = 60;
/** How many places the autocomplete answers at most. */
export const PLACE_RESULTS_MAX = 10;
/** A radius search's bounds and default, in kilometres. */
export const RADIUS_KM_MIN = 5;
export const RADIUS_KM_MAX = 500;
export const RADIUS_KM_DEFAULT = 25;
/** The radii the web offers. */
export const RADIUS_CHOICES_KM = [5, 10, 25, 50, 100, 250, 500] as const;
/** The mean radius of the Earth (IUGG), the sphere every distance here is measured on. */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine), the formula the server's SQL writes too (places/distance.ts). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A place id as it stands in a URL (`near=`): a positive whole number, GeoNames' id. */
export const isPlaceId = (v: string | undefined): v is string => v !== undefined && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647;
