import type { Config } from '../../config.js';
import type { GeocodePrecision } from '../../../shared/contracts/assessment.js';
import type { GeocodeQuery, GeocodeResult, Geocoder } from './geocoder.js';
import { NominatimGeocoder, type NominatimOptions } from './nominatim.js';
import { OfflineGeocoder } from './offline.js';

/** A geocoder that honours the caller's deadline when it makes network calls. */
export interface DeadlineGeocoder extends Geocoder {
  geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeResult | null>;
}

export interface GeocoderLog {
  warn(obj: object, msg: string): void;
}

const rank: Record<GeocodePrecision, number> = { user: 4, address: 3, postal_code: 2, city: 1, country: 0 };

/**
 * The geocoders of GEOCODERS, asked in order. The first answer at address precision wins;
 * otherwise the most precise answer (the earlier geocoder on a tie). A geocoder that fails
 * (down, rate limited, timed out) is logged and skipped, so the offline gazetteer still places
 * the company when Nominatim cannot.
 */
export class GeocoderChain implements DeadlineGeocoder {
  readonly name: string;

  constructor(
    private readonly geocoders: readonly DeadlineGeocoder[],
    private readonly log: GeocoderLog,
  ) {
    this.name = geocoders.map((g) => g.name).join(',');
  }

  async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeResult | null> {
    let best: GeocodeResult | null = null;
    for (const geocoder of this.geocoders) {
      if (signal?.aborted) break;
      let result: GeocodeResult | null;
      try {
        result = await geocoder.geocode(query, signal);
      } catch (err) {
        this.log.warn({ geocoder: geocoder.name, err: err instanceof Error ? err.message : String(err) }, 'geocoder failed; trying the next');
        continue;
      }
      if (!result) continue;
      if (result.precision === 'address') return result;
      if (!best || rank[result.precision] > rank[best.precision]) best = result;
    }
    return best;
  }
}

export function userAgentOf(config: Pick<Config, 'productName' | 'version' | 'contactEmailInfo'>): string {
  return `${config.productName}/${config.version} (${config.contactEmailInfo})`;
}

export function createGeocoder(
  config: Pick<Config, 'geocoders' | 'nominatimUrl' | 'productName' | 'version' | 'contactEmailInfo'>,
  log: GeocoderLog,
  nominatim: Partial<NominatimOptions> = {},
): GeocoderChain {
  const geocoders = config.geocoders.map((name): DeadlineGeocoder => {
    switch (name) {
      case 'nominatim':
        return new NominatimGeocoder({ baseUrl: config.nominatimUrl, userAgent: userAgentOf(config), ...nominatim });
      case 'offline':
        return new OfflineGeocoder();
    }
  });
  return new GeocoderChain(geocoders, log);
}
