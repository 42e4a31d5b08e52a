// Places: autocomplete, the nearest place to a point, and the resolution of a listing's free-text location to a
// place (docs/product.md#near-me). The gazetteer is loaded into the table once (load), never read per request.
import type { ListingPlace, Place } from '@olden/contracts';
import { type AppContext, enforceAddressBudget } from '../../lib/context.ts';
import { foldName } from './fold.ts';
import { type GazetteerPlace, readGazetteer } from './gazetteer.ts';
import { createPlacesRepository } from './repository.ts';

/** Autocomplete and nearest-place calls per client address per minute (a few per typed word). */
export const PLACES_BUDGET = { max: 300, windowMs: 60_000 };
/**
 * A bare name shared by several places resolves to the most populous only when it has at least this many times the
 * people of the next: "York" (England 153,717; Pennsylvania 43,992) does, "Springfield" (Missouri 166,810;
 * Massachusetts 154,341) does not.
 */
export const FAR_MORE_POPULOUS = 3;
/** How far "use my location" looks for a place, widening: most points are within the first. */
const NEAREST_STEPS_KM = [25, 100, 500, 2500, 20_100];
/** Other ways people write a country in a location. */
const COUNTRY_ALIASES: Record<string, string> = { uk: 'gb', usa: 'us', 'united states of america': 'us', england: 'gb' };

type PlaceReply = Omit<Place, never>;

/** A place as a listing carries it (ProductsService copies these onto the listing). */
export interface PlaceOfListing extends ListingPlace {
  lat: number;
  lng: number;
}

export function createPlacesService(ctx: AppContext) {
  const repo = createPlacesRepository(ctx.db);

  /** Whether one qualifier of a location ("GB", "Illinois", "United Kingdom") names this place's country or region. */
  function qualifies(place: { countryCode: string; country: string; region: string | null }, qualifier: string): boolean {
    const code = COUNTRY_ALIASES[qualifier] ?? qualifier;
    return code === place.countryCode.toLowerCase() || qualifier === foldName(place.country) || (place.region !== null && qualifier === foldName(place.region));
  }

  return {
    /** Up to 10 places whose name starts with the words typed (accents and case aside), most populous first. */
    async search(q: string, ip = ''): Promise<PlaceReply[]> {
      await enforceAddressBudget(ctx, 'places', ip, PLACES_BUDGET.max, PLACES_BUDGET.windowMs);
      const folded = foldName(q);
      if (!folded) return [];
      return repo.prefix(folded);
    },

    /** The place nearest the point (for "use my location"); null only while the gazetteer is empty. */
    async nearest(lat: number, lng: number, ip = ''): Promise<PlaceReply | null> {
      await enforceAddressBudget(ctx, 'places', ip, PLACES_BUDGET.max, PLACES_BUDGET.windowMs);
      for (const km of NEAREST_STEPS_KM) {
        const found = await repo.nearest(lat, lng, km);
        if (found) return found;
      }
      return null;
    },

    get: async (id: number): Promise<PlaceReply | undefined> => repo.byId(id),

    /** The place a listing's free text names unambiguously ("York", "York, GB", "Springfield, Illinois"), if any. */
    async resolve(text: string): Promise<PlaceReply | undefined> {
      const [name, ...qualifiers] = text.split(',').map(foldName);
      if (!name) return undefined;
      const wanted = qualifiers.filter((q) => q !== '');
      const candidates = (await repo.byName(name)).filter((place) => wanted.every((q) => qualifies(place, q)));
      const [first, second] = candidates;
      if (!first) return undefined;
      if (second && first.population < FAR_MORE_POPULOUS * second.population) return undefined;
      const { key: _key, population: _population, ...place } = first;
      return place;
    },

    /**
     * Loads the gazetteer into an empty table (first start; a no-op after), or, for a test, the places `only` keeps.
     * Answers how many places were inserted and how long it took.
     */
    /** `signal`: the server stopping; the load then stops between batches and nothing of it stays (the next start loads). */
    async load(only?: (place: GazetteerPlace) => boolean, signal?: AbortSignal): Promise<{ inserted: number; ms: number }> {
      const started = performance.now();
      if ((await repo.count()) > 0) return { inserted: 0, ms: performance.now() - started };
      const all = await readGazetteer();
      const inserted = await repo.load(only ? all.filter(only) : all, signal);
      return { inserted, ms: Math.round(performance.now() - started) };
    },

    /** For the benchmark. */
    explainablePrefix: (q: string) => repo.explainablePrefix(foldName(q)),
  };
}
export type PlacesService = ReturnType<typeof createPlacesService>;
