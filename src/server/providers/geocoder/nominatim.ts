import { z } from 'zod';
import type { GeocodePrecision } from '../../../shared/contracts/assessment.js';
import { countryByIso2, countryByName } from '../../../shared/countries.js';
import { httpRequest, OutgoingHttpError } from '../../lib/outgoing-http.js';
import { parseAddress } from './address-parser.js';
import type { GeocodeQuery, GeocodeResult, Geocoder } from './geocoder.js';

/**
 * Nominatim (OpenStreetMap) search, `format=jsonv2`. Its usage policy is followed: an
 * identifying User-Agent with a contact address, at most one request per second from this
 * process (requests queue; one that would wait past its deadline is not sent), and one request
 * per address. An answer is a list of places with `lat`/`lon` as strings, `place_rank` (30 a
 * building, 26–27 a street, 13–25 a town, village or suburb, 4 a country) and `addresstype`.
 */

const placeSchema = z.object({
  lat: z.string(),
  lon: z.string(),
  place_rank: z.number().optional(),
  addresstype: z.string().optional(),
  category: z.string().optional(),
  type: z.string().optional(),
  display_name: z.string().optional(),
  address: z.record(z.string(), z.string()).optional(),
});

/** The geocoder could not answer (as opposed to "no such place"). */
export class GeocoderUnavailableError extends Error {
  constructor(
    readonly geocoder: string,
    readonly reason: string,
  ) {
    super(`${geocoder} could not answer: ${reason}`);
    this.name = 'GeocoderUnavailableError';
  }
}

export function precisionOf(place: { place_rank?: number; addresstype?: string; type?: string }): GeocodePrecision {
  if (place.addresstype === 'postcode' || place.type === 'postcode') return 'postal_code';
  const rank = place.place_rank ?? 0;
  if (rank >= 26) return 'address';
  if (rank >= 13) return 'city';
  return 'country';
}

/** One request at a time, at least `intervalMs` apart. */
export class RequestThrottle {
  private nextAt = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Waits for this request's slot; false (and no slot taken) when it would wait more than `maxWaitMs`. */
  async acquire(maxWaitMs: number, signal?: AbortSignal): Promise<boolean> {
    const now = this.now();
    const at = Math.max(now, this.nextAt);
    if (at - now > maxWaitMs) return false;
    this.nextAt = at + this.intervalMs;
    if (at > now) {
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, at - now);
        const onAbort = () => {
          clearTimeout(t);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
    return true;
  }
}

export interface NominatimOptions {
  baseUrl: string;
  /** 'Corisk/<version> (<contact e-mail>)' */
  userAgent: string;
  timeoutMs?: number;
  /** Longest wait for a request slot before giving up (the next geocoder then answers). */
  maxQueueMs?: number;
  throttle?: RequestThrottle;
}

export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim';
  private readonly throttle: RequestThrottle;
  private readonly timeoutMs: number;
  private readonly maxQueueMs: number;

  constructor(private readonly options: NominatimOptions) {
    this.throttle = options.throttle ?? new RequestThrottle(1000);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxQueueMs = options.maxQueueMs ?? 15_000;
  }

  async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeResult | null> {
    const country = countryByIso2(query.country) ?? countryByName(query.country);
    if (!country) return null;
    const q = query.address
      .split(/\n+/)
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join(', ');
    if (!q) return null;
    const params = new URLSearchParams({
      q,
      format: 'jsonv2',
      countrycodes: country.iso2.toLowerCase(),
      limit: '1',
      addressdetails: '1',
    });
    const url = `${this.options.baseUrl}/search?${params.toString()}`;
    if (!(await this.throttle.acquire(this.maxQueueMs, signal))) throw new GeocoderUnavailableError(this.name, 'request queue full');

    let res;
    try {
      res = await httpRequest(url, {
        signal,
        timeoutMs: this.timeoutMs,
        headers: { 'user-agent': this.options.userAgent, 'accept-language': 'en' },
      });
    } catch (err) {
      if (err instanceof OutgoingHttpError) throw new GeocoderUnavailableError(this.name, err.failure);
      throw err;
    }
    if (res.status !== 200) throw new GeocoderUnavailableError(this.name, `HTTP ${res.status}`);
    if (!Array.isArray(res.body)) throw new GeocoderUnavailableError(this.name, 'unreadable answer');
    const first = placeSchema.safeParse(res.body[0]);
    if (res.body.length === 0) return null;
    if (!first.success) throw new GeocoderUnavailableError(this.name, 'unreadable answer');
    const place = first.data;
    const latitude = Number(place.lat);
    const longitude = Number(place.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      throw new GeocoderUnavailableError(this.name, 'coordinates out of range');
    }
    const parsed = parseAddress(query.address, country.iso2);
    const a = place.address ?? {};
    const city = query.city?.trim() || parsed.city || a.city || a.town || a.village || a.municipality || null;
    return {
      latitude,
      longitude,
      precision: precisionOf(place),
      postalCode: query.postalCode?.trim() || parsed.postalCode || a.postcode || null,
      city,
      matched: place.display_name ?? q,
      source: this.name,
    };
  }
}
