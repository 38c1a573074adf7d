#!/usr/bin/env node
/**
 * Builds src/server/geo/data/waterways.{json,i32}: rivers, canals (WDBII) and lake shores (GSHHG level 2)
 * at full resolution, clipped to the bundled box, from GMT's own dump of the GSHHG 2.3.7 files
 * (Debian packages gmt and gmt-gshhg-full). WDBII has no names: a line takes the name of a
 * Natural Earth river (the bundled rivers.json) that runs alongside most of it.
 *
 *   apt-get install gmt gmt-gshhg-full && node scripts/build-waterways.mjs [--out dir]
 *
 * waterways.i32 is Int32 little-endian, line after line: name index (−1 none), class, point count,
 * then the points as lon, lat in 1/1000°, the first absolute and the others as steps from the last.
 * waterways.json holds the names, the classes' meanings and the counts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distanceToSegment, simplify } from './build-helpers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, 'src/server/geo/data');
const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? process.argv[outArg + 1] : dataDir;

const BOX = { minLon: -32, maxLon: 45, minLat: 27, maxLat: 72 };
const REGION = `-R${BOX.minLon}/${BOX.maxLon}/${BOX.minLat}/${BOX.maxLat}`;
/** Douglas–Peucker tolerance, degrees (≈ 100 m): finer than the 1:10m rivers, far smaller than a flood-plain reach. */
const TOLERANCE = 0.001;
/** Lakes smaller than this (km²) are left out: ponds and reservoirs a site would not be rated on. */
const MIN_LAKE_KM2 = 1;
const LAKE = -1;

function gmt(args, region = REGION) {
  return execFileSync('gmt', ['coast', region, '-Df', '-M', ...args], { maxBuffer: 1 << 30, encoding: 'utf8', cwd: tmpdir() });
}

/** GMT's multi-segment text: '>' headers, then 'lon lat' rows. */
function parse(text) {
  const lines = [];
  let cur;
  for (const row of text.split('\n')) {
    if (row.startsWith('>')) {
      cur = [];
      lines.push(cur);
    } else if (row.trim() && cur) {
      const [x, y] = row.trim().split(/\s+/).map(Number);
      cur.push([x, y]);
    }
  }
  return lines.filter((l) => l.length >= 2);
}

const inBox = ([x, y]) => x >= BOX.minLon && x <= BOX.maxLon && y >= BOX.minLat && y <= BOX.maxLat;

function pointInPolygon([x, y], poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * GSHHG codes the IJsselmeer and Markermeer (closed off from the sea by the Afsluitdijk, 1932, and
 * split by the Houtribdijk, 1975) as sea. Their shores are taken from the level-1 shoreline inside
 * this outline (Den Oever – Afsluitdijk – Friesland and Flevoland shores – Muiden – Edam) and
 * named by the nearer of the two lakes' centres.
 */
const IJSSELMEER_OUTLINE = [
  [5.02, 52.93], [5.4, 53.1], [5.5, 53.05], [5.95, 52.85], [5.9, 52.45], [5.45, 52.25],
  [5.1, 52.27], [4.95, 52.36], [4.95, 52.55], [5.0, 52.75],
];
const ENCLOSED = [
  { name: 'IJsselmeer', lon: 5.3, lat: 52.8, maxKm: 35 },
  { name: 'Markermeer', lon: 5.2, lat: 52.52, maxKm: 20 },
];

// --- simplification and joining -------------------------------------------------------------------

const ptKey = ([x, y]) => `${Math.round(x * 1e5)},${Math.round(y * 1e5)}`;

/** Joins lines of one class cut at GSHHG's bin edges: two ends meeting at a point no third end shares. */
function joinLines(lines) {
  const ends = new Map();
  const add = (k, ref) => (ends.get(k) ?? ends.set(k, []).get(k)).push(ref);
  lines.forEach((l, i) => {
    add(ptKey(l[0]), { i, start: true });
    add(ptKey(l[l.length - 1]), { i, start: false });
  });
  const alive = lines.map((l) => l.slice());
  const owner = lines.map((_, i) => i);
  const find = (i) => (owner[i] === i ? i : (owner[i] = find(owner[i])));
  for (const refs of ends.values()) {
    if (refs.length !== 2) continue;
    let [a, b] = refs;
    const ia = find(a.i);
    const ib = find(b.i);
    if (ia === ib) continue;
    let la = alive[ia];
    let lb = alive[ib];
    // Orient so that la ends and lb starts at the shared point.
    const k = ptKey(a.start ? lines[a.i][0] : lines[a.i][lines[a.i].length - 1]);
    if (ptKey(la[la.length - 1]) !== k) la = la.reverse();
    if (ptKey(lb[0]) !== k) lb = lb.reverse();
    if (ptKey(la[la.length - 1]) !== k || ptKey(lb[0]) !== k) continue;
    alive[ia] = la.concat(lb.slice(1));
    alive[ib] = null;
    owner[ib] = ia;
  }
  return alive.filter(Boolean);
}

// --- naming from Natural Earth -----------------------------------------------------------------------

const KM_PER_DEG = 111.195;
function segKm(lat, lon, x1, y1, x2, y2) {
  const kx = KM_PER_DEG * Math.cos((lat * Math.PI) / 180);
  const ax = (x1 - lon) * kx;
  const ay = (y1 - lat) * KM_PER_DEG;
  const dx = (x2 - x1) * kx;
  const dy = (y2 - y1) * KM_PER_DEG;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

const NAME_KM = 1.5;
const CELL = 0.05;
function namer() {
  const ne = JSON.parse(readFileSync(join(dataDir, 'rivers.json'), 'utf8'));
  const cells = new Map();
  for (const l of ne.lines) {
    if (l[0] < 0) continue;
    for (let k = 2; k + 3 < l.length; k += 2) {
      const s = [l[0], l[k] / 1000, l[k + 1] / 1000, l[k + 2] / 1000, l[k + 3] / 1000];
      for (let i = Math.floor((Math.min(s[2], s[4]) - 0.02) / CELL); i <= Math.floor((Math.max(s[2], s[4]) + 0.02) / CELL); i++) {
        for (let j = Math.floor((Math.min(s[1], s[3]) - 0.03) / CELL); j <= Math.floor((Math.max(s[1], s[3]) + 0.03) / CELL); j++) {
          const key = i * 100_000 + j;
          (cells.get(key) ?? cells.set(key, []).get(key)).push(s);
        }
      }
    }
  }
  /** The NE name alongside at least 60% of the line's points, or null. */
  return (pts) => {
    const votes = new Map();
    for (const [x, y] of pts) {
      let best = null;
      let bestD = NAME_KM;
      for (const s of cells.get(Math.floor(y / CELL) * 100_000 + Math.floor(x / CELL)) ?? []) {
        const d = segKm(y, x, s[1], s[2], s[3], s[4]);
        if (d <= bestD) {
          bestD = d;
          best = s[0];
        }
      }
      if (best !== null) votes.set(best, (votes.get(best) ?? 0) + 1);
    }
    const [top, n] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    return top !== null && n >= 0.6 * pts.length ? ne.names[top] : null;
  };
}

// --- build ---------------------------------------------------------------------------------------------

const nameOf = namer();
const names = [];
const nameIndex = new Map();
const idx = (name) => {
  if (name === null) return -1;
  if (!nameIndex.has(name)) nameIndex.set(name, names.push(name) - 1);
  return nameIndex.get(name);
};

const records = [];
function emit(cls, lines, naming) {
  for (const l of joinLines(lines)) {
    const pts = simplify(l.filter(inBox), TOLERANCE, distanceToSegment);
    if (pts.length < 2) continue;
    const ints = pts.map(([x, y]) => [Math.round(x * 1000), Math.round(y * 1000)]);
    const dedup = ints.filter((p, i) => i === 0 || p[0] !== ints[i - 1][0] || p[1] !== ints[i - 1][1]);
    if (dedup.length < 2) continue;
    // First point absolute, then deltas: small numbers keep the JSON compact.
    const flat = [idx(naming(pts)), cls, dedup[0][0], dedup[0][1]];
    for (let i = 1; i < dedup.length; i++) flat.push(dedup[i][0] - dedup[i - 1][0], dedup[i][1] - dedup[i - 1][1]);
    records.push(flat);
  }
}

const counts = {};
for (let cls = 0; cls <= 10; cls++) {
  const lines = parse(gmt([`-I${cls}`]));
  counts[cls] = lines.length;
  emit(cls, lines, nameOf);
}
const lakes = parse(gmt([`-W2`, `-A${MIN_LAKE_KM2}/2/2`]));
emit(LAKE, lakes, () => null);
const shore = parse(gmt([`-W1`, '-A0/1/1'], '-R4.9/6/52.2/53.15')).map((l) => l.filter((p) => pointInPolygon(p, IJSSELMEER_OUTLINE)));
for (const lake of ENCLOSED) {
  const near = ([x, y]) => {
    const d = (l) => Math.hypot((x - l.lon) * Math.cos((y * Math.PI) / 180), y - l.lat);
    return ENCLOSED.reduce((a, b) => (d(a) <= d(b) ? a : b)) === lake && d(lake) * KM_PER_DEG <= lake.maxKm;
  };
  emit(LAKE, shore.map((l) => l.filter(near)).filter((l) => l.length >= 2), () => lake.name);
}
records.sort((a, b) => a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);

/**
 * Natural Earth's unnamed lines that are canals (the North Sea Canal): those running along a WDBII
 * canal for at least 60% of their points. Listed by their index in rivers.json (rerun this build
 * after rebuilding rivers.json).
 */
function neCanals() {
  const canals = [];
  for (const r of records) {
    if (r[1] < 8) continue;
    let x = 0;
    let y = 0;
    const pts = [];
    for (let k = 2; k < r.length; k += 2) pts.push([(x += r[k]) / 1000, (y += r[k + 1]) / 1000]);
    for (let i = 1; i < pts.length; i++) canals.push([...pts[i - 1], ...pts[i]]);
  }
  const ne = JSON.parse(readFileSync(join(dataDir, 'rivers.json'), 'utf8'));
  const out = [];
  ne.lines.forEach((l, i) => {
    if (l[0] >= 0) return;
    let near = 0;
    for (let k = 2; k + 1 < l.length; k += 2) {
      const lon = l[k] / 1000;
      const lat = l[k + 1] / 1000;
      if (canals.some(([x1, y1, x2, y2]) => Math.abs(y1 - lat) < 0.5 && segKm(lat, lon, x1, y1, x2, y2) <= NAME_KM)) near++;
    }
    if (near >= 0.6 * ((l.length - 2) / 2)) out.push(i);
  });
  return out;
}
const naturalEarthCanals = neCanals();

const doc = {
  source: 'GSHHG 2.3.7 full resolution (WDBII rivers and canals, GSHHG level-2 lakes), LGPL-3',
  classes: {
    '-1': 'lake shore',
    0: 'double-lined river (river-lake)',
    1: 'permanent major river',
    2: 'additional major river',
    3: 'additional river',
    4: 'minor river',
    5: 'intermittent river, major',
    6: 'intermittent river, additional',
    7: 'intermittent river, minor',
    8: 'major canal',
    9: 'minor canal',
    10: 'irrigation canal',
  },
  box: BOX,
  naturalEarthCanals,
  names,
  lines: records,
};
const ints = [];
for (const r of records) ints.push(r[0], r[1], (r.length - 2) / 2, ...r.slice(2));
const bin = Buffer.alloc(ints.length * 4);
ints.forEach((v, i) => bin.writeInt32LE(v, i * 4));
writeFileSync(join(outDir, 'waterways.i32'), bin);
writeFileSync(join(outDir, 'waterways.json'), `${JSON.stringify({ ...doc, lines: records.length, int32s: ints.length, file: 'waterways.i32' }, null, 1)}\n`);
console.log(`${outDir}: ${records.length} lines, ${names.length} names; GMT lines per class ${JSON.stringify(counts)}, lakes ${lakes.length}`);
