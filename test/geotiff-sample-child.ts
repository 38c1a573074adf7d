/**
 * Run in a child process by geotiff.test.ts: opens a GeoTIFF with openGeoTiff, samples the points
 * given as JSON ([lat, lon][]) and prints the values and the process's peak RSS, so the memory a
 * huge raster costs is measured apart from the test runner's own.
 */
import { openGeoTiff, sampleRaster } from '../src/server/geo/geotiff.js';

const [file, points] = process.argv.slice(2) as [string, string];
const tiff = openGeoTiff(file, { cacheBytes: 16 * 1024 * 1024 });
const values = (JSON.parse(points) as [number, number][]).map(([lat, lon]) => sampleRaster(tiff, lat, lon) ?? null);
const cachedBytes = tiff.cachedBytes;
tiff.close();
process.stdout.write(JSON.stringify({ values, cachedBytes, width: tiff.width, height: tiff.height, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
