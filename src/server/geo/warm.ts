import { earthquakesNear } from './earthquakes.js';
import { terrainAt } from './elevation.js';
import { nearestLake } from './lakes.js';
import { nearestRiver } from './rivers.js';
import { volcanoesNear } from './volcanoes.js';

/** Loads and indexes the bundled hazard layers now (each loads itself on first use otherwise). */
export function warmHazardLayers(): void {
  terrainAt(50.1, 8.7);
  nearestRiver(50.1, 8.7);
  nearestLake(50.1, 8.7);
  earthquakesNear(50.1, 8.7);
  volcanoesNear(50.1, 8.7);
}
