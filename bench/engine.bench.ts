import { activityFromSource, analyseSite } from '../src/server/engine/index.js';
import { listSampleCompanies } from '../src/server/providers/companies/sample-directory.js';
import { geocodeOffline } from '../src/server/providers/geocoder/offline.js';
import { warmCoastline } from '../src/server/geo/coastline.js';
import { OfflineMapRenderer } from '../src/server/providers/maps/offline.js';
import { median, ms, p95, printFigure, printTable } from './support.js';

/**
 * The engine's offline building blocks, in process, over 50 runs each after a warm-up (data
 * loaded once, as a running server has it): the offline geocoder, the map renderer (640×400
 * PNG, on the CPU worker pool as a server renders it) and the embedded analyst, on the sample
 * directory's companies in turn. The map is also
 * timed in CPU time, which a busy machine (other processes on the 2 cores) does not inflate.
 */
const runs = 50;
const mapTargetMs = 15;

const time = <T>(fn: () => T): [T, number] => {
  const t = performance.now();
  const out = fn();
  return [out, performance.now() - t];
};

const warmStart = performance.now();
const renderer = new OfflineMapRenderer();
renderer.warm();
warmCoastline();
const companies = listSampleCompanies().map((c) => {
  const place = geocodeOffline({ country: c.iso2, address: c.address })!;
  return { c, place };
});
await renderer.render({ latitude: companies[0]!.place.latitude, longitude: companies[0]!.place.longitude });
const warmMs = performance.now() - warmStart;

const geocode: number[] = [];
const maps: number[] = [];
/** CPU time of each render (user + system): what the render costs, whatever else runs on the machine. */
const mapsCpu: number[] = [];
const analyses: number[] = [];
/** CPU time of each analysis, like the map's. */
const analysesCpu: number[] = [];
for (let i = 0; i < runs; i++) {
  const { c, place } = companies[i % companies.length]!;
  geocode.push(time(() => geocodeOffline({ country: c.iso2, address: c.address }))[1]);
  const t = performance.now();
  const cpu = process.cpuUsage();
  await renderer.render({ latitude: place.latitude, longitude: place.longitude, countryIso2: c.iso2 });
  const used = process.cpuUsage(cpu);
  maps.push(performance.now() - t);
  mapsCpu.push((used.user + used.system) / 1000);
  const analysisCpu = process.cpuUsage();
  analyses.push(
    time(() =>
      analyseSite({
        name: c.name,
        country: c.country,
        latitude: place.latitude,
        longitude: place.longitude,
        geocode_precision: place.precision,
        activity: activityFromSource(c.nace.code, c.nace.label, 'sample directory'),
        sample: true,
      }),
    )[1],
  );
  const usedByAnalysis = process.cpuUsage(analysisCpu);
  analysesCpu.push((usedByAnalysis.user + usedByAnalysis.system) / 1000);
}

console.log(`\nEngine building blocks (in process, ${runs} runs over ${companies.length} sample companies)`);
printFigure('map render median (640×400 PNG)', ms(median(maps)), `≤ ${mapTargetMs} ms`);
printFigure('map render median, CPU time', ms(median(mapsCpu)), `≤ ${mapTargetMs} ms`);
printFigure('embedded analysis median', ms(median(analyses)));
printFigure('embedded analysis median, CPU time', `${median(analysesCpu).toFixed(2)} ms`);
printFigure('offline geocode median', `${median(geocode).toFixed(2)} ms`);
console.log('');
printTable(
  ['step', 'median', 'p95', 'max'],
  [
    ['offline geocode', `${median(geocode).toFixed(2)} ms`, `${p95(geocode).toFixed(2)} ms`, `${Math.max(...geocode).toFixed(2)} ms`],
    ['map render', ms(median(maps)), ms(p95(maps)), ms(Math.max(...maps))],
    ['map render (CPU time)', ms(median(mapsCpu)), ms(p95(mapsCpu)), ms(Math.max(...mapsCpu))],
    ['embedded analysis', `${median(analyses).toFixed(2)} ms`, `${p95(analyses).toFixed(2)} ms`, `${Math.max(...analyses).toFixed(2)} ms`],
    ['embedded analysis (CPU time)', `${median(analysesCpu).toFixed(2)} ms`, `${p95(analysesCpu).toFixed(2)} ms`, `${Math.max(...analysesCpu).toFixed(2)} ms`],
    ['warm-up (data loaded once)', ms(warmMs), '', ''],
  ],
);
