// Distances in SQL: the same haversine as contracts' distanceKm, and the bounding box that lets an index find the
// points of a radius before the formula tests them. Plain SQL (no extension), so PGlite and PostgreSQL run the same
// statements (docs/decisions/028-places-distance-index.md says why not earthdistance/cube or a grid).
import { EARTH_RADIUS_KM } from '@olden/contracts';
import { type SQL, sql } from 'drizzle-orm';

/** Kilometres per degree of latitude on the sphere distanceKm uses. */
export const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

/** The great-circle distance in km between two points given as SQL expressions (degrees). */
export function distanceSql(lat1: SQL | unknown, lng1: SQL | unknown, lat2: SQL | unknown, lng2: SQL | unknown): SQL {
  return sql`(${2 * EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians((${lat2})::float8 - (${lat1})::float8) / 2), 2)
    + cos(radians((${lat1})::float8)) * cos(radians((${lat2})::float8)) * power(sin(radians((${lng2})::float8 - (${lng1})::float8) / 2), 2)))))`;
}

/**
 * Whether the point (`lat`, `lng`: columns) is within `km` of (`centerLat`, `centerLng`): first its bounding box (a
 * latitude band an index can read, then the longitude span, widened towards the poles and wrapped across the
 * antimeridian), then the distance itself. The box is never smaller than the circle, so the formula decides.
 */
export function withinSql(lat: SQL | unknown, lng: SQL | unknown, centerLat: unknown, centerLng: unknown, km: unknown): SQL {
  const dLat = sql`((${km})::float8 / ${KM_PER_DEGREE}::float8)`;
  // Near a pole (within the band of the box) every longitude is close: the span is the whole circle.
  const dLng = sql`(case when abs((${centerLat})::float8) + ${dLat} >= 89.9 then 360::float8
    else ${dLat} / cos(radians(abs((${centerLat})::float8) + ${dLat})) end)`;
  const lngIn = (shift: number) => sql`${lng} between (${centerLng})::float8 - ${dLng} + ${shift} and (${centerLng})::float8 + ${dLng} + ${shift}`;
  return sql`(${lat} between (${centerLat})::float8 - ${dLat} and (${centerLat})::float8 + ${dLat}
    and (${lngIn(0)} or ${lngIn(360)} or ${lngIn(-360)})
    and ${distanceSql(centerLat, centerLng, lat, lng)} <= (${km})::float8)`;
}
