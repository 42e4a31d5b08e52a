// A browse page's listings as PostgreSQL writes them: each row's reply object as JSON text, byte for byte what
// toProduct and the reply's serializer write for the same row (product-json.test.ts holds it), so a page is sent as
// the rows' text joined, with nothing made, mapped or serialized per listing in node (docs/decisions/035).
import { STORED_IMAGE_PREFIX } from '@olden/contracts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { products, userRatings } from '../../db/schema.ts';

/** A string as JSON (PostgreSQL's escaping is JSON.stringify's for any text it can hold). */
const text = (value: SQLWrapper) => sql`to_json(${value}::text)::text`;

/**
 * absoluteImageUrl: a stored image (`/api/images/<32 hex>-<width>.webp`, contracts' storedImageId) named at
 * `base`, any other value as it is.
 */
const image = (column: SQLWrapper, base: SQL) =>
  text(
    sql`case when ${column} ~ ${sql.raw(`'^${STORED_IMAGE_PREFIX}[a-f0-9]{32}-(320|640|1280)[.]webp$'`)} then ${base} || substr(${column}, ${sql.raw(String(STORED_IMAGE_PREFIX.length + 1))}) else ${column} end`,
  );

/**
 * ratingAverage (Math.round(sum / count * 100) / 100) in the same double arithmetic: floor(x + 0.5) is
 * Math.round(x) for every x of at least 0.5, and an average's x is at least 100. float8's text is the shortest that
 * reads back (PostgreSQL 12 on, as JavaScript's), with no exponent for these magnitudes.
 */
export const ratingAverageJson = (sum: SQLWrapper, count: SQLWrapper) =>
  sql`case when coalesce(${count}, 0) = 0 then 'null' else (floor(${sum}::float8 / ${count} * 100 + 0.5) / 100)::text end`;

/** fromCents, as JSON: the same division; at most PRICE_MAX (1e8), so never an exponent. */
export const priceJson = (cents: SQLWrapper) => sql`(${cents}::float8 / 100)::text`;

/**
 * Each key of ProductSchema a list reply carries, in the schema's order (the serializer's), with its value's JSON.
 * offerFloor (the seller's own read) and distanceKm (a `near` list) are never in a browse page.
 */
export function productJsonFields(imageBase: SQL): [key: string, json: SQL][] {
  return [
    ['_id', text(products.id)],
    ['image1', image(products.image1, imageBase)],
    ['image2', image(products.image2, imageBase)],
    ['image3', image(products.image3, imageBase)],
    ['image4', image(products.image4, imageBase)],
    ['name', text(products.name)],
    ['age', sql`${products.age}::text`],
    ['date', text(products.date)],
    ['category', text(products.category)],
    ['shortDescription', text(products.shortDescription)],
    ['longDescription', text(products.longDescription)],
    ['price', priceJson(products.priceCents)],
    ['uploaderPhone', text(products.uploaderPhone)],
    ['uploaderLocation', text(products.uploaderLocation)],
    ['uploaderName', text(products.uploaderName)],
    ['email', text(products.sellerEmail)],
    // toISOString: created_at keeps milliseconds (timestamptz(3)).
    ['createdAt', sql`'"' || to_char(${products.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`],
    // Hidden and removed say so instead of the trade status (decision 026), as toProduct.
    ['status', text(sql`case when ${products.moderation} = 'visible' then ${products.status} else ${products.moderation} end`)],
    ['favouriteCount', sql`${products.favouriteCount}::text`],
    ['sellerId', text(products.sellerId)],
    ['sellerRating', sql`'{"average":' || ${ratingAverageJson(userRatings.sellerSum, userRatings.sellerCount)} || ',"count":' || coalesce(${userRatings.sellerCount}, 0)::text || '}'`],
    [
      'place',
      sql`case when ${products.placeId} is null then 'null' else '{"id":' || ${products.placeId}::text || ',"name":' || ${text(sql`coalesce(${products.placeName}, '')`)} || ',"countryCode":' || ${text(sql`coalesce(${products.placeCountryCode}, '')`)} || '}' end`,
    ],
    ['acceptOffers', sql`case when ${products.acceptOffers} then 'true' else 'false' end`],
  ];
}

/** A listing's reply object as JSON text; `imageBase` is imageBaseUrl of the server's config (a parameter). */
export function productJson(imageBase: SQL): SQL<string> {
  const parts = productJsonFields(imageBase).map(([key, json], i) => sql`${sql.raw(`'${i === 0 ? '{' : ','}${JSON.stringify(key)}:'`)} || ${json}`);
  return sql<string>`(${sql.join(parts, sql` || `)} || '}')`;
}
