import { DATASETS, type DatasetKey } from '../../shared/hazards/datasets.js';

/** The datasets a report can rest on, as its data sources page lists them (kept in src/shared for the methodology page). */
export { DATASETS, type DatasetKey };

/** The short name evidence lines carry. */
export const DATASET_LABEL: Record<DatasetKey, string> = {
  etopo5: 'ETOPO5',
  rivers: 'Natural Earth rivers',
  gshhg: 'GSHHG/WDBII',
  seismicCodes: 'national seismic code',
  coastline: 'Natural Earth coastline',
  earthquakes: 'NOAA NCEI significant earthquakes',
  volcanoes: 'Smithsonian GVP volcanoes',
  gazetteer: 'GeoNames',
  inform: 'INFORM 2020',
};
