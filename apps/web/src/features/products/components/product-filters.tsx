import { PRODUCT_SORTS, type ProductSort } from '@olden/contracts';
import { CATEGORY_KEYS, CATEGORY_LABELS, RADIUS_CHOICES_KM, RADIUS_KM_DEFAULT } from '@olden/contracts/constants';
import { type FormEvent, useId, useState } from 'react';
import { PlaceCombobox } from '@/components/place-combobox';
import { nearestPlace, placeLabel, type RememberedPlace, rememberedPlace, rememberPlace } from '@/lib/places';
import type { ProductFilters } from '../api/list-products';

const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  distance: 'Nearest first',
};

/** The place the URL's near names, as this device remembers it (a shared link's place is shown by number). */
function placeOfFilters(filters: ProductFilters): RememberedPlace | undefined {
  const remembered = rememberedPlace();
  if (!filters.near) return remembered;
  if (remembered && String(remembered.id) === filters.near) return remembered;
  return { id: Number(filters.near), name: `Place ${filters.near}`, region: null, country: '' };
}

interface Props {
  filters: ProductFilters;
  onChange: (next: ProductFilters) => void;
  /** The category page fixes its category, so it hides the select. */
  showCategory?: boolean;
}

/**
 * Timeline filters. The select keeps the spec's options exactly ('select a value' disabled default, then the
 * nine categories, by label; their values stay the keys of the URL and the API). 'All categories' goes back to
 * everything: a button of its own, shown only while a category is chosen, so it never sits greyed out beside the select.
 */
export function ProductFiltersBar({ filters, onChange, showCategory = true }: Props) {
  const id = useId();
  // The place box: the place applied (or remembered on this device for the next visit), and the text typed.
  const [place, setPlace] = useState<RememberedPlace | undefined>(() => placeOfFilters(filters));
  const [placeText, setPlaceText] = useState(() => (place ? placeLabel(place) : ''));
  const [locating, setLocating] = useState<'idle' | 'busy' | 'refused' | 'failed'>('idle');
  const chosen = place && placeText === placeLabel(place) ? place : undefined;
  const applyPlace = (next: RememberedPlace) => {
    rememberPlace(next);
    setPlace(next);
    setPlaceText(placeLabel(next));
    onChange({ ...filters, near: String(next.id) });
  };
  const clearPlace = () => {
    rememberPlace(undefined);
    setPlace(undefined);
    setPlaceText('');
    onChange({ ...filters, near: undefined, radiusKm: undefined, sort: filters.sort === 'distance' ? undefined : filters.sort });
  };
  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setLocating('failed');
      return;
    }
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        nearestPlace(position.coords.latitude, position.coords.longitude).then(
          (found) => {
            setLocating('idle');
            applyPlace(found);
          },
          () => setLocating('failed'),
        );
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? 'refused' : 'failed'),
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    // A remembered place shown in the box applies with the other filters.
    const near = chosen ? String(chosen.id) : undefined;
    if (chosen) rememberPlace(chosen);
    onChange({
      ...filters,
      q: text('q'),
      minPrice: text('minPrice'),
      maxPrice: text('maxPrice'),
      near,
      radiusKm: near ? filters.radiusKm : undefined,
      sort: !near && filters.sort === 'distance' ? undefined : filters.sort,
    });
  };
  // Remount the uncontrolled inputs when the URL changes (back button, 'Clear').
  const formKey = `${filters.q ?? ''}|${filters.minPrice ?? ''}|${filters.maxPrice ?? ''}`;
  const hasFilters = Boolean(filters.category || filters.q || filters.minPrice || filters.maxPrice || filters.near || (filters.sort && filters.sort !== 'newest'));

  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <div className="flex flex-wrap items-end gap-4">
        {showCategory && (
          <div className="flex min-w-48 flex-col gap-1.5">
            <label htmlFor={`${id}-category`} className="text-sm font-medium">Category</label>
            <div className="flex flex-wrap items-center gap-2">
              <select
                id={`${id}-category`}
                className="select w-auto min-w-48"
                value={filters.category ?? ''}
                onChange={(e) => onChange({ ...filters, category: e.target.value || undefined })}
              >
                <option value="" disabled>select a value</option>
                {CATEGORY_KEYS.map((key) => (
                  <option key={key} value={key}>{CATEGORY_LABELS[key]}</option>
                ))}
              </select>
              {filters.category && (
                <button type="button" className="btn btn-ghost btn-sm text-primary" onClick={() => onChange({ ...filters, category: undefined })}>
                  All categories
                </button>
              )}
            </div>
          </div>
        )}
        <div className="flex min-w-40 flex-col gap-1.5">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium">Sort by</label>
          <select
            id={`${id}-sort`}
            className="select"
            value={filters.sort ?? 'newest'}
            onChange={(e) => onChange({ ...filters, sort: e.target.value === 'newest' ? undefined : (e.target.value as ProductSort) })}
          >
            {PRODUCT_SORTS.filter((s) => s !== 'distance' || filters.near).map((s) => (
              <option key={s} value={s}>{SORT_LABELS[s]}</option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-place`} className="text-sm font-medium">Near</label>
          <div className="flex gap-2">
            <div className="flex-1">
              <PlaceCombobox
                id={`${id}-place`}
                value={placeText}
                placeholder="Town or city"
                describedBy={locating === 'refused' || locating === 'failed' ? `${id}-locating` : undefined}
                onChange={setPlaceText}
                onSelect={(found) => applyPlace(found)}
              />
            </div>
            {filters.near && (
              <button type="button" className="btn btn-ghost" onClick={clearPlace}>Any distance</button>
            )}
          </div>
        </div>
        <div className="flex min-w-32 flex-col gap-1.5">
          <label htmlFor={`${id}-radius`} className="text-sm font-medium">Within</label>
          <select
            id={`${id}-radius`}
            className="select"
            disabled={!filters.near}
            value={filters.radiusKm ?? String(RADIUS_KM_DEFAULT)}
            onChange={(e) => onChange({ ...filters, radiusKm: Number(e.target.value) === RADIUS_KM_DEFAULT ? undefined : e.target.value })}
          >
            {RADIUS_CHOICES_KM.map((km) => (
              <option key={km} value={km}>{km} km</option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-outline" onClick={useMyLocation} disabled={locating === 'busy'}>
          {locating === 'busy' ? 'Locating…' : 'Use my location'}
        </button>
      </div>
      {(locating === 'refused' || locating === 'failed') && (
        <p id={`${id}-locating`} role="alert" className="mt-2 text-sm text-error">
          {locating === 'refused'
            ? 'Location access was refused. Type a town in the Near box instead.'
            : 'Your location could not be found. Type a town in the Near box instead.'}
        </p>
      )}
      <form key={formKey} role="search" onSubmit={handleSubmit} className="mt-4 flex flex-wrap items-end gap-4">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">Search</label>
          <input id={`${id}-q`} name="q" type="search" className="input w-full" placeholder="Search by name or description" defaultValue={filters.q ?? ''} />
        </div>
        <fieldset className="flex items-end gap-2">
          <legend className="mb-1.5 text-sm font-medium">Price range ($)</legend>
          <label className="sr-only" htmlFor={`${id}-min`}>Minimum price</label>
          <input id={`${id}-min`} name="minPrice" type="number" min={0} step="any" inputMode="decimal" className="input w-28" placeholder="Min" defaultValue={filters.minPrice ?? ''} />
          <span aria-hidden="true" className="pb-2">–</span>
          <label className="sr-only" htmlFor={`${id}-max`}>Maximum price</label>
          <input id={`${id}-max`} name="maxPrice" type="number" min={0} step="any" inputMode="decimal" className="input w-28" placeholder="Max" defaultValue={filters.maxPrice ?? ''} />
        </fieldset>
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary">Apply</button>
          {hasFilters && (
            <button type="button" className="btn btn-ghost" onClick={() => onChange({})}>Clear</button>
          )}
        </div>
      </form>
    </div>
  );
}
