import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countryByName } from '../../shared/countries.js';
import { projectRoot } from '../lib/paths.js';

/**
 * INFORM Global Risk Index 2020 v0.4.0 (European Commission, Joint Research Centre), the 27 EU
 * member states: data/inform-2020-eu27.csv, described in data/README.md. All scores 0–10.
 */
export interface InformCountry {
  country: string;
  iso2: string;
  earthquake: number;
  flood: number;
  tsunami: number;
  tropicalCyclone: number;
  drought: number;
  epidemic: number;
  natural: number;
  human: number;
  hazardExposure: number;
  vulnerability: number;
  lackOfCopingCapacity: number;
  risk: number;
  riskClass: string;
}

export const INFORM_SOURCE = 'INFORM Global Risk Index 2020 v0.4.0 (European Commission JRC)';
export const INFORM_FILE = join(projectRoot, 'src/server/engine/data/inform-2020-eu27.csv');

const COLUMNS = [
  'COUNTRY', 'ISO3', 'Earthquake', 'Flood', 'Tsunami', 'Tropical Cyclone', 'Drought', 'Epidemic', 'Natural',
  'Human', 'HAZARD & EXPOSURE', 'VULNERABILITY', 'LACK OF COPING CAPACITY', 'INFORM RISK', 'RISK CLASS',
] as const;

let table: Map<string, InformCountry> | undefined;

function load(): Map<string, InformCountry> {
  const lines = readFileSync(INFORM_FILE, 'utf8').trim().split(/\r?\n/);
  const header = lines[0]!.split(',');
  if (header.join() !== COLUMNS.join()) throw new Error(`unexpected INFORM columns: ${header.join()}`);
  const out = new Map<string, InformCountry>();
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const num = (i: number) => {
      const v = Number(cells[i]);
      if (!Number.isFinite(v) || v < 0 || v > 10) throw new Error(`bad INFORM value in: ${line}`);
      return v;
    };
    const country = countryByName(cells[0]!);
    if (!country || country.iso3 !== cells[1]) throw new Error(`unknown INFORM country: ${cells[0]}`);
    out.set(country.iso2, {
      country: country.name,
      iso2: country.iso2,
      earthquake: num(2),
      flood: num(3),
      tsunami: num(4),
      tropicalCyclone: num(5),
      drought: num(6),
      epidemic: num(7),
      natural: num(8),
      human: num(9),
      hazardExposure: num(10),
      vulnerability: num(11),
      lackOfCopingCapacity: num(12),
      risk: num(13),
      riskClass: cells[14] ?? '',
    });
  }
  return out;
}

/** The INFORM 2020 row of an EU member state (by ISO2). */
export function informFor(iso2: string): InformCountry | undefined {
  return (table ??= load()).get(iso2);
}
