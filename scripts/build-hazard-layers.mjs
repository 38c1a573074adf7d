#!/usr/bin/env node
/**
 * Builds the bundled hazard layers in src/server/geo/data/ from public sources:
 *   elevation   ETOPO5 (NOAA, public domain), NetCDF-3 from Debian's ferret-datasets package
 *   rivers      Natural Earth 1:10m river centre lines + the Europe supplement (public domain)
 *   earthquakes NOAA NCEI Significant Earthquake Database (public domain)
 *   volcanoes   Smithsonian GVP Holocene volcano list
 *
 * Usage: npm run data:hazards -- [--hazards DIR] [--etopo5 FILE] [--out DIR]
 * or the env vars HAZARD_SOURCE_DIR, ETOPO5_FILE. DIR holds the source folders (earthquakes/,
 * volcanoes/, rivers/) as described in src/server/geo/data/README.md. The output is byte for
 * byte the same for the same sources.
 */
import { mkdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { csvRows, distanceToLine, simplify } from './build-helpers.mjs';
import { openNetcdf3 } from './netcdf3.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function arg(name, env, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i > 0 && process.argv[i + 1]) return process.argv[i + 1];
  return process.env[env] || fallback;
}

const hazardsDir = arg('hazards', 'HAZARD_SOURCE_DIR', '');
if (!hazardsDir) {
  console.error('Give the folder holding earthquakes/, volcanoes/ and rivers/: --hazards DIR (or HAZARD_SOURCE_DIR).');
  process.exit(1);
}
const etopoFile = arg('etopo5', 'ETOPO5_FILE', '/tmp/ferret/usr/share/ferret-vis/data/etopo5.cdf');
const outDir = arg('out', 'HAZARD_LAYERS_OUT', join(root, 'src/server/geo/data'));

/** The region kept: the EU's Atlantic islands to Cyprus, North Africa's coast to the North Cape. */
const BOX = { minLon: -32, maxLon: 45, minLat: 27, maxLat: 72 };
const inBox = (lon, lat, margin = 0) =>
  lon >= BOX.minLon - margin && lon <= BOX.maxLon + margin && lat >= BOX.minLat - margin && lat <= BOX.maxLat + margin;

// --- elevation ------------------------------------------------------------------------------

/** ETOPO5 clipped to BOX: Int16 metres, rows south to north, columns west to east, 1/12°. */
function buildElevation() {
  const nc = openNetcdf3(etopoFile);
  const xs = nc.read1d('ETOPO05_X');
  const ys = nc.read1d('ETOPO05_Y');
  const step = 1 / 12;
  // the axis values carry float drift (0.0833341…), so cells are found by index and checked loosely
  const near = (v, target) => Math.abs(v - target) < 0.01;
  const lon0 = ((BOX.minLon % 360) + 360) % 360;
  const col0 = Math.round((lon0 - xs[0]) / step);
  const row0 = Math.round((BOX.minLat - ys[0]) / step);
  if (!near(xs[col0], lon0) || !near(ys[row0], BOX.minLat)) throw new Error('ETOPO5: grid does not hold the box corners');
  const cols = Math.round((BOX.maxLon - BOX.minLon) / step) + 1;
  const rows = Math.round((BOX.maxLat - BOX.minLat) / step) + 1;
  const out = Buffer.alloc(rows * cols * 2);
  for (let r = 0; r < rows; r++) {
    const y = ys[row0 + r];
    if (!near(y, BOX.minLat + r * step)) throw new Error(`ETOPO5: uneven latitude at row ${r}`);
    // the longitudes wrap at 360°: read up to two runs
    const first = nc.readRow('ROSE', row0 + r, col0, Math.min(xs.length, col0 + cols));
    const rest = first.length < cols ? nc.readRow('ROSE', row0 + r, 0, cols - first.length) : [];
    const values = [...first, ...rest];
    values.forEach((v, c) => {
      if (!Number.isFinite(v) || Math.abs(v) > 20000) throw new Error(`ETOPO5: bad value at ${r},${c}`);
      out.writeInt16LE(Math.round(v), (r * cols + c) * 2);
    });
  }
  nc.close();
  writeFileSync(join(outDir, 'etopo5-europe.i16'), out);
  return { file: 'etopo5-europe.i16', minLon: BOX.minLon, minLat: BOX.minLat, step, cols, rows, units: 'm' };
}

// --- rivers ---------------------------------------------------------------------------------

/**
 * Every river line in BOX: name, scalerank (0 = largest) and the points as integers of
 * 1/1000° (≈ 100 m), simplified to 0.002°. Lines of the main file and the Europe supplement.
 */
function buildRivers() {
  const files = ['rivers/ne_10m_rivers_lake_centerlines_eubbox.json', 'rivers/ne_10m_rivers_europe_eubbox.json'];
  const lines = [];
  for (const f of files) {
    const fc = JSON.parse(readFileSync(join(hazardsDir, f), 'utf8'));
    for (const feat of fc.features) {
      const p = feat.properties ?? {};
      if (p.featurecla && !/river/i.test(p.featurecla)) continue; // lake centre lines are not rivers
      const g = feat.geometry;
      const parts = g?.type === 'LineString' ? [g.coordinates] : g?.type === 'MultiLineString' ? g.coordinates : [];
      for (const part of parts) {
        const pts = simplify(part.filter(([lon, lat]) => inBox(lon, lat, 0.5)), 0.002, distanceToLine);
        if (pts.length < 2) continue;
        const flat = [];
        for (const [lon, lat] of pts) {
          const x = Math.round(lon * 1000);
          const y = Math.round(lat * 1000);
          if (flat.length && flat[flat.length - 2] === x && flat[flat.length - 1] === y) continue;
          flat.push(x, y);
        }
        if (flat.length >= 4) lines.push({ name: p.name ?? null, rank: Number(p.scalerank ?? 12), points: flat });
      }
    }
  }
  lines.sort((a, b) => a.rank - b.rank || String(a.name).localeCompare(String(b.name)) || a.points[0] - b.points[0] || a.points[1] - b.points[1]);
  const names = [...new Set(lines.map((l) => l.name).filter(Boolean))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  const out = {
    names,
    // [name index or -1, scalerank, x0, y0, x1, y1, …]
    lines: lines.map((l) => [l.name ? index.get(l.name) : -1, l.rank, ...l.points]),
  };
  writeFileSync(join(outDir, 'rivers.json'), JSON.stringify(out));
  return { file: 'rivers.json', lines: lines.length };
}

// --- earthquakes ----------------------------------------------------------------------------

const titleCase = (s) =>
  s
    .toLowerCase()
    .replace(/(^|[\s\-'(/.])([a-zà-ÿ])/g, (_, a, b) => a + b.toUpperCase())
    .replace(/\s+/g, ' ')
    .trim();

/** 'ITALY:  MESSINA, SICILY, CALABRIA' → 'Messina'; 'GREECE:  CRETE:  HERAKLION' → 'Heraklion'. */
function placeName(location, country) {
  const parts = location.split(':').map((s) => s.trim()).filter(Boolean);
  let place = parts.length > 1 ? parts[parts.length - 1] : parts[0] ?? country;
  place = place.split(/[;,]/)[0].replace(/\s*\(.*?\)\s*/g, ' ').trim();
  const region = { N: 'Northern', S: 'Southern', E: 'Eastern', W: 'Western', NE: 'North-eastern', NW: 'North-western', SE: 'South-eastern', SW: 'South-western', CENTRAL: 'Central' }[place.toUpperCase()];
  if (region) return `${region} ${titleCase(country)}`;
  return titleCase(place || country);
}

/**
 * Events in BOX with a position and a size (a magnitude or a maximum intensity):
 * [year, lat, lon, depth km or -1, magnitude ×10 or -1, MMI or -1, deaths or -1, place].
 */
function buildEarthquakes() {
  const text = readFileSync(join(hazardsDir, 'earthquakes/noaa_signif_earthquakes_eubbox.tsv'), 'utf8');
  const [header, ...rows] = text.split(/\r?\n/).filter((l) => l.trim());
  const cols = header.split('\t');
  const col = (name) => {
    const i = cols.indexOf(name);
    if (i < 0) throw new Error(`earthquakes: no column ${name}`);
    return i;
  };
  const c = Object.fromEntries(
    ['YEAR', 'FOCAL_DEPTH', 'EQ_MAG_MW', 'EQ_MAG_MS', 'EQ_MAG_ML', 'EQ_MAG_MB', 'EQ_MAG_UNK', 'EQ_MAG_MFA', 'INTENSITY', 'COUNTRY', 'LOCATION_NAME', 'LATITUDE', 'LONGITUDE', 'TOTAL_DEATHS', 'DEATHS'].map((n) => [n, col(n)]),
  );
  const num = (cells, name) => {
    const s = (cells[c[name]] ?? '').trim();
    return s === '' ? undefined : Number(s);
  };
  const events = [];
  for (const line of rows) {
    const cells = line.split('\t');
    const lat = num(cells, 'LATITUDE');
    const lon = num(cells, 'LONGITUDE');
    const year = num(cells, 'YEAR');
    if (lat === undefined || lon === undefined || year === undefined || !inBox(lon, lat, 1)) continue;
    const mag = ['EQ_MAG_MW', 'EQ_MAG_MS', 'EQ_MAG_ML', 'EQ_MAG_MB', 'EQ_MAG_UNK', 'EQ_MAG_MFA'].map((n) => num(cells, n)).find((m) => m !== undefined && m > 0);
    const mmi = num(cells, 'INTENSITY');
    if (mag === undefined && mmi === undefined) continue;
    const deaths = num(cells, 'TOTAL_DEATHS') ?? num(cells, 'DEATHS');
    // A run of Italian entries carries intensity XII with no magnitude and no casualties, which
    // no event of that size leaves: a coding error in the export, so they are dropped.
    if (mmi === 12 && mag === undefined && deaths === undefined) continue;
    const depth = num(cells, 'FOCAL_DEPTH');
    events.push([
      year,
      Math.round(lat * 1000) / 1000,
      Math.round(lon * 1000) / 1000,
      depth ?? -1,
      mag === undefined ? -1 : Math.round(mag * 10),
      mmi ?? -1,
      deaths ?? -1,
      placeName(cells[c.LOCATION_NAME] ?? '', titleCase(cells[c.COUNTRY] ?? '')),
    ]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  writeFileSync(join(outDir, 'earthquakes.json'), JSON.stringify(events));
  return { file: 'earthquakes.json', events: events.length, firstYear: events[0][0], lastYear: events.at(-1)[0] };
}

// --- volcanoes ------------------------------------------------------------------------------

/** '1944 CE' → 1944, '8300 BCE' → -8300, 'Unknown' → null. */
function eruptionYear(s) {
  const m = /^(\d+)\s*(BCE|CE)$/.exec(s.trim());
  if (!m) return null;
  return m[2] === 'BCE' ? -Number(m[1]) : Number(m[1]);
}

/** Holocene volcanoes in BOX: [name, country, lat, lon, elevation m, last eruption year or null, type]. */
function buildVolcanoes() {
  const [header, ...rows] = csvRows(readFileSync(join(hazardsDir, 'volcanoes/GVP_Holocene_Volcano_List_2015.csv'), 'utf8'));
  const at = (name) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`volcanoes: no column ${name}`);
    return i;
  };
  const [iName, iCountry, iType, iLast, iLat, iLon, iElev] = ['Volcano Name', 'country_name', 'Primary Volcano Type', 'Last Known Eruption', 'lat', 'lon', 'elevation_m'].map(at);
  const out = rows
    .map((r) => [r[iName], r[iCountry], Number(r[iLat]), Number(r[iLon]), Number(r[iElev]) || 0, eruptionYear(r[iLast] ?? ''), r[iType]])
    .filter((v) => Number.isFinite(v[2]) && Number.isFinite(v[3]) && inBox(v[3], v[2], 1))
    .sort((a, b) => a[0].localeCompare(b[0]));
  writeFileSync(join(outDir, 'volcanoes.json'), JSON.stringify(out));
  return { file: 'volcanoes.json', volcanoes: out.length };
}

mkdirSync(outDir, { recursive: true });
const layers = {
  box: BOX,
  elevation: buildElevation(),
  rivers: buildRivers(),
  earthquakes: buildEarthquakes(),
  volcanoes: buildVolcanoes(),
};
writeFileSync(join(outDir, 'layers.json'), `${JSON.stringify(layers, null, 2)}\n`);
let total = 0;
for (const f of ['etopo5-europe.i16', 'rivers.json', 'earthquakes.json', 'volcanoes.json', 'layers.json']) {
  const size = statSync(join(outDir, f)).size;
  total += size;
  console.log(`${f.padEnd(20)} ${(size / 1024).toFixed(0).padStart(6)} KB`);
}
console.log(`${'total'.padEnd(20)} ${(total / 1024).toFixed(0).padStart(6)} KB in ${outDir}`);
