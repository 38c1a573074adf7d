import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import type { Outline } from '../../../shared/reports/portfolio-pdf';

/** The countries' outlines (Natural Earth 1:110m, as the screen's map) as rings for the PDF's map; loaded with the PDF only. */

function rings(geometry: Geometry | null): [number, number][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return geometry.coordinates as [number, number][][];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat() as [number, number][][];
  return [];
}

export function countryOutlines(): Outline {
  const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
  const countries = feature(topology, topology.objects.countries) as FeatureCollection;
  return countries.features.flatMap((f) => rings(f.geometry));
}
