import type { GeocodePrecision } from '../../../shared/contracts/assessment.js';

/** What a geocoder is asked: the address as the source wrote it, and the country (ISO2). */
export interface GeocodeQuery {
  country: string;
  address: string;
  /** Set when the source gives them separately; otherwise parsed from the address. */
  postalCode?: string;
  city?: string;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** What was actually matched: 'address', 'postal_code', 'city' or only the 'country'. */
  precision: GeocodePrecision;
  /** The postal code found in the query (normalised), if any. */
  postalCode: string | null;
  /** The city as the query wrote it (e.g. 'LISBOA'), if one was found. */
  city: string | null;
  /** The place the coordinates belong to, e.g. 'Lisbon, PT' or 'Budapest XI. kerület, HU'. */
  matched: string;
  /** Which geocoder answered, e.g. 'offline' or 'nominatim'. */
  source: string;
}

/** A geocoder answers null when it cannot place the query at all. */
export interface Geocoder {
  readonly name: string;
  geocode(query: GeocodeQuery): Promise<GeocodeResult | null>;
}
