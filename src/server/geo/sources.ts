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

/** The message of each short name (the report's reasons name the dataset in the reader's language). */
export const DATASET_LABEL_IDS: Record<DatasetKey, string> = {
  etopo5: 'location.dataset.etopo5',
  rivers: 'location.dataset.rivers',
  gshhg: 'location.dataset.gshhg',
  seismicCodes: 'location.dataset.seismicCodes',
  coastline: 'location.dataset.coastline',
  earthquakes: 'location.dataset.earthquakes',
  volcanoes: 'location.dataset.volcanoes',
  gazetteer: 'location.dataset.gazetteer',
  inform: 'location.dataset.inform',
};
