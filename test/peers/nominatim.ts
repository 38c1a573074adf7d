import { startHttpPeer, type HttpPeer } from './http-peer.js';

/**
 * A local Nominatim peer: `GET /search?q=…&format=jsonv2&countrycodes=…&limit=…&addressdetails=1`
 * answered as Nominatim does (a JSON array of places: place_id, licence, osm_type, osm_id, lat
 * and lon as strings, category, type, place_rank, importance, addresstype, name, display_name,
 * address, boundingbox). A place is found when every word of its key occurs in the query and its
 * country code is allowed. Like the real service it refuses requests without a User-Agent (403)
 * and can be set to answer 429 (rate limited) or 503 (maintenance), or to hang.
 */

export interface NominatimPlace {
  /** Words that must all occur in `q` (case-insensitive). */
  match: string;
  countryCode: string;
  lat: number;
  lon: number;
  placeRank: number;
  addresstype: string;
  displayName: string;
  address?: Record<string, string>;
}

export interface NominatimPeer extends HttpPeer {
  places: NominatimPlace[];
  mode: 'ok' | 'rate_limited' | 'maintenance' | 'hang';
}

/** A building in Lisbon, found at its street address (house number precision). */
export const lisbonBuilding: NominatimPlace = {
  match: 'fontes pereira de melo 40',
  countryCode: 'pt',
  lat: 38.7318,
  lon: -9.1466,
  placeRank: 30,
  addresstype: 'building',
  displayName: '40, Avenida Fontes Pereira de Melo, Avenidas Novas, Lisboa, 1069-300, Portugal',
  address: { house_number: '40', road: 'Avenida Fontes Pereira de Melo', city: 'Lisboa', postcode: '1069-300', country: 'Portugal' },
};

const LICENCE = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright';

export async function startNominatimPeer(places: NominatimPlace[] = []): Promise<NominatimPeer> {
  const state = { mode: 'ok' as NominatimPeer['mode'] };
  const list = [...places];
  const peer = await startHttpPeer((req) => {
    if (req.path !== '/search') return { status: 404, text: 'Not Found' };
    if (!req.headers['user-agent']) return { status: 403, text: 'Access blocked: no User-Agent' };
    if (state.mode === 'rate_limited') return { status: 429, text: '<html><body>Too Many Requests</body></html>', headers: { 'content-type': 'text/html' } };
    if (state.mode === 'maintenance') return { status: 503, text: 'Service Unavailable' };
    if (state.mode === 'hang') return { delayMs: 60_000, json: [] };
    if (req.query.get('format') !== 'jsonv2') {
      return { status: 400, json: { error: { code: 400, message: "Parameter 'format' must be one of: xml, json, jsonv2, geojson, geocodejson" } } };
    }
    const q = (req.query.get('q') ?? '').toLowerCase();
    const codes = (req.query.get('countrycodes') ?? '').toLowerCase().split(',').filter(Boolean);
    const limit = Number(req.query.get('limit') ?? '10');
    const found = list
      .filter((p) => (codes.length === 0 || codes.includes(p.countryCode)) && p.match.toLowerCase().split(/\s+/).every((w) => q.includes(w)))
      .slice(0, limit)
      .map((p, i) => ({
        place_id: 100000 + i,
        licence: LICENCE,
        osm_type: 'way',
        osm_id: 4000000 + i,
        lat: p.lat.toFixed(7),
        lon: p.lon.toFixed(7),
        category: p.addresstype === 'postcode' ? 'place' : 'building',
        type: p.addresstype === 'postcode' ? 'postcode' : 'yes',
        place_rank: p.placeRank,
        importance: 0.00009999,
        addresstype: p.addresstype,
        name: '',
        display_name: p.displayName,
        ...(req.query.get('addressdetails') === '1' ? { address: { ...p.address, country_code: p.countryCode } } : {}),
        boundingbox: [(p.lat - 0.0005).toFixed(7), (p.lat + 0.0005).toFixed(7), (p.lon - 0.0005).toFixed(7), (p.lon + 0.0005).toFixed(7)],
      }));
    return { json: found };
  });
  return {
    ...peer,
    places: list,
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
  };
}
