// Places of the gazetteer (GET /api/places, /api/places/nearest) and the place this device remembers for "near me".
import type { Place } from '@olden/contracts';
import { api } from './api-client';

export function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  return api.get<Place[]>('/places', { query: { q }, signal, withoutToken: true });
}

export function nearestPlace(lat: number, lng: number): Promise<Place> {
  return api.get<Place>('/places/nearest', { query: { lat, lng }, withoutToken: true });
}

/** How a place reads in a list: "York, England, United Kingdom". */
export const placeLabel = (place: Pick<Place, 'name' | 'region' | 'country'>) =>
  [place.name, place.region === place.name ? null : place.region, place.country].filter(Boolean).join(', ');

const REMEMBERED_KEY = 'olden.place';
export type RememberedPlace = Pick<Place, 'id' | 'name' | 'region' | 'country'>;

/** The place chosen last on this device (the timeline's "near"), if any. */
export function rememberedPlace(): RememberedPlace | undefined {
  // The server paints the filter bar too (app/server-render.tsx): no device there.
  if (typeof window === 'undefined') return undefined;
  try {
    const value = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? 'null') as RememberedPlace | null;
    return value && typeof value.id === 'number' && typeof value.name === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberPlace(place: RememberedPlace | undefined): void {
  try {
    if (place) localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ id: place.id, name: place.name, region: place.region, country: place.country }));
    else localStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // Storage refused (private mode): the place is simply not remembered.
  }
}
