import { describe, expect, it } from 'vitest';
import { earthquakesNear, strongestEpicentres } from './earthquakes.js';
import { distanceKm } from './layers.js';
import { nearestRiver, nearestRiverCourse } from './rivers.js';
import { nearestVolcano, volcanoesInBox, volcanoesNear } from './volcanoes.js';

/** The places of the hazard features the location map draws: the same layers the analyst measures. */
describe('hazard features for the map', () => {
  const cologne = { lat: 50.9375, lon: 6.9603 };
  const frame = { minLon: 6.25, maxLon: 7.67, minLat: 50.65, maxLat: 51.22 };

  it('gives the river nearestRiver picks, with its course inside the frame, in order along it', () => {
    const got = nearestRiverCourse(cologne.lat, cologne.lon, frame)!;
    expect(got.river).toEqual(nearestRiver(cologne.lat, cologne.lon));
    expect(got.river.name).toBe('Rhine');
    const points = got.course.flat();
    expect(points.length).toBeGreaterThan(10);
    // Every point lies in (or on a segment reaching into) the frame's cells, and the course passes the site.
    for (const [lon, lat] of points) {
      expect(lon).toBeGreaterThan(frame.minLon - 0.2);
      expect(lat).toBeLessThan(frame.maxLat + 0.2);
    }
    const closest = Math.min(...points.map(([lon, lat]) => distanceKm(cologne.lat, cologne.lon, lat, lon)));
    expect(closest).toBeLessThan(3);
    // Consecutive points of a run are a segment apart (the bundled lines keep ~1 km detail), never a jump across the frame.
    for (const run of got.course) for (let i = 1; i < run.length; i++) expect(distanceKm(run[i - 1]![1], run[i - 1]![0], run[i]![1], run[i]![0])).toBeLessThan(15);
  });

  it('finds no river course where no river is within reach', () => {
    // The Hungarian plain between rivers is still within 20 km of one; the open Atlantic is not.
    expect(nearestRiverCourse(45, -20, { minLon: -20.7, maxLon: -19.3, minLat: 44.7, maxLat: 45.3 })).toBeUndefined();
  });

  it('orders epicentres as the earthquake rating names its strongest event, with their places', () => {
    const messina = strongestEpicentres(38.1938, 15.554);
    expect(messina.length).toBe(earthquakesNear(38.1938, 15.554).length);
    for (let i = 1; i < messina.length; i++) expect(messina[i - 1]!.siteIntensity).toBeGreaterThanOrEqual(messina[i]!.siteIntensity);
    const top = messina[0]!;
    expect(Math.round(distanceKm(38.1938, 15.554, top.lat, top.lon))).toBe(top.distanceKm);
  });

  it('finds the nearest volcano with its place, as volcanoesNear does', () => {
    const catania = nearestVolcano(37.5079, 15.083)!;
    expect(catania.name).toBe('Etna');
    expect(catania.distanceKm).toBe(volcanoesNear(37.5079, 15.083)[0]!.distanceKm);
    expect(volcanoesInBox({ minLon: 14.4, maxLon: 15.8, minLat: 37.2, maxLat: 37.8 }).map((v) => v.name)).toContain('Etna');
    expect(nearestVolcano(53.5511, 9.9937, 200)).toBeUndefined(); // Hamburg
  });
});
