import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/i18n/locales.js';
import { renderMessage, type Message } from '../../shared/i18n/message.js';
import { LEVEL_SENTENCE_IDS, LEVEL_SENTENCES } from '../../shared/hazards/index.js';
import { describeQuake, describeQuakeMessage, earthquakesNear } from '../geo/earthquakes.js';
import { SEISMIC_REFERENCE, describeSeismicReference, seismicReferenceMessage } from '../geo/seismic-reference.js';
import { DATASET_LABEL, DATASET_LABEL_IDS } from '../geo/sources.js';
import { eruptionLabel, eruptionMessage } from '../geo/volcanoes.js';
import { analyseSite } from './analyse.js';
import { rasterLevel } from './hazard-levels.js';
import { informFor } from './inform.js';
import { PROFILES } from './industry-profiles.js';
import { assessLocationRisks } from './location-risks.js';
import { LOCATION_RISKS } from './risk-names.js';
import { formatKm, formatPeople, kmMessage, peopleValue, siteFeatures, type SiteFeatures } from './site-features.js';
import { siteNoun, siteNounMessage } from './site-types.js';
import { engineTranslate, inEnglish, inLanguage } from './texts.js';

/**
 * The location risks' reasons and evidence are messages (engine-location): each stored English
 * text is its message in English, and every message renders whole in each of the 8 languages.
 */

const now = new Date('2026-11-24T00:00:00Z');
const site = (country: string, latitude: number, longitude: number, extra: Record<string, unknown> = {}) =>
  analyseSite({ name: 'Site Test', country, latitude, longitude, geocode_precision: 'city', ...extra }, undefined, now).location;

// Naples (wrong grid block, Vesuvius, the seismic zone, the coast), Amsterdam (a canal, a lake, below
// sea level), Bucharest (deep Vrancea events, P100 design value) at a plant, Verona at an office.
const fixed = [
  ...site('Italy', 40.8518, 14.2681),
  ...site('Netherlands', 52.3676, 4.9041, { geocode_precision: 'postal_code' }),
  ...site('Romania', 44.4268, 26.1025, { site_type: 'plant', geocode_precision: 'country' }),
  ...site('Italy', 45.4384, 10.9916, { site_type: 'office', geocode_precision: 'address' }),
];

/** A site outside the bundled layers, and one with a deployment raster of each kind. */
const outside: SiteFeatures = { ...siteFeatures(45.07, 7.69), terrain: undefined, river: undefined, lake: undefined, earthquakes: [], volcanoes: [] };
const source = { name: 'x', version: '', licence: 'x', url: '', used_for: 'x' };
const withRasters: SiteFeatures = {
  ...siteFeatures(45.07, 7.69),
  rasters: [
    { hazard: 'earthquake', dataset: 'ESHM20', units: 'pga_g', returnPeriod: 2475, value: 0.42, source },
    { hazard: 'riverFlood', dataset: 'JRC depth', units: 'depth_m', value: 0.8, source },
    { hazard: 'heat', dataset: 'WBGT', units: 'wbgt_c', returnPeriod: 20, value: 29.4, source },
    { hazard: 'wildfire', dataset: 'FWI', units: 'fwi', value: 12, source },
    { hazard: 'drought', dataset: 'Aqueduct', units: 'water_stress', value: 0.3, source },
    { hazard: 'landslide', dataset: 'NASA', units: 'class_1_5', value: 4, source },
  ],
};
const synthetic = [
  ...assessLocationRisks({ inform: informFor('PT')!, features: outside, profile: PROFILES.petrochemical!, precision: 'country' }, LOCATION_RISKS),
  ...assessLocationRisks({ inform: informFor('IT')!, features: withRasters, profile: PROFILES.software!, precision: 'city' }, LOCATION_RISKS),
];

/** Every text with its message: reasons and evidence lines. */
const pairs = [...fixed, ...synthetic].flatMap((risk) => [
  ...risk.reason.map((text, i) => ({ text, message: risk.reasonMessages?.[i] as Message })),
  ...(risk.evidence ?? []).map((e) => ({ text: e.text, message: e.message as Message })),
]);

describe('location risk texts as messages', () => {
  it('store the English of each message, for every reason and evidence line', () => {
    for (const risk of [...fixed, ...synthetic]) expect(risk.reasonMessages, risk.name).toHaveLength(risk.reason.length);
    expect(pairs.length).toBeGreaterThan(150);
    for (const { text, message } of pairs) {
      expect(message, text).toBeDefined();
      expect(inEnglish(message)).toBe(text);
    }
  });

  it('render whole in every language: no message id or placeholder left', () => {
    for (const locale of LOCALES) {
      let differs = 0;
      for (const { text, message } of pairs) {
        const said = inLanguage(message, locale);
        expect(said, `${locale}: ${text}`).not.toMatch(/location\.[a-zA-Z]/);
        expect(said, `${locale}: ${text}`).not.toMatch(/\{[a-zA-Z]+[},]/);
        expect(said.trim(), `${locale}: ${text}`).not.toBe('');
        if (said !== text) differs++;
      }
      // Names and dataset labels alone may read the same; the sentences do not.
      if (locale !== 'en') expect(differs / pairs.length, locale).toBeGreaterThan(0.9);
    }
  });

  it('write German and Polish as an underwriter reads them', () => {
    const naples = fixed.slice(0, LOCATION_RISKS.length);
    const reasons = (name: string, locale: 'de' | 'pl') => naples.find((r) => r.name === name)!.reasonMessages!.map((m) => inLanguage(m, locale));
    expect(reasons('Volcanic Activity', 'de')).toEqual([
      'Sehr hoch: Der Standort liegt im Umkreis von 20 km um einen im letzten Jahrhundert aktiven Vulkan.',
      'Smithsonian GVP (Vulkane): Vesuvius (Italy) in 14 km Entfernung, letzter bekannter Ausbruch 1944 n. Chr.: im Umkreis von 20 km um einen Vulkan mit Ausbruch in den letzten 100 Jahren: sehr hoch',
      'Smithsonian GVP (Vulkane): nächstgelegener holozäner Vulkan: Campi Flegrei, 11 km, letzter bekannter Ausbruch 1538 n. Chr.',
    ]);
    expect(reasons('Flood', 'de')).toContain(
      'GeoNames: dicht bebautes Stadtgebiet (2,1 Mio. Einwohner im Umkreis von 10 km): eine Stufe mehr für Überflutung durch Oberflächenwasser auf versiegelten Flächen',
    );
    expect(reasons('Earthquake', 'de')).toContain('INFORM 2020: Erdbebenexponierung 8,6/10 für Italien (national; die Untergrenze von Gering greift hier nicht)');
    expect(reasons('Coastal Flood / Storm Surge', 'pl')[0]).toBe(
      'Umiarkowane: szkodliwe sztormowe zalanie może dotrzeć do lokalizacji mniej więcej raz na 50 lat. Ekspozycja na tsunami podnosi poziom do: Wysokie.',
    );
    expect(reasons('Earthquake', 'pl')).toContain(
      'NOAA NCEI (znaczące trzęsienia ziemi): 1,10 szkodliwych zdarzeń na stulecie w promieniu 100 km od 1515 r. (ważone odległością): 6 zdarzeń od 1515 r. wywołało w lokalizacji wstrząsy: intensywność ≥ VIII (≈ 0,2 g); bardzo wysokie od 3',
    );
    expect(reasons('Extreme Heat', 'pl')).toContain('GeoNames: miejska wyspa ciepła: 2,1 mln mieszkańców w promieniu 10 km (≥ 1 mln: o poziom wyżej)');
  });

  it('say counts in each language’s plural forms', () => {
    const rule = (count: number) => ({ id: 'location.quake.ruleSince', values: { count, year: '1515', shaking: 'intensywność ≥ VIII', level: 'wysokie', threshold: 2 } }) satisfies Message;
    expect([1, 3, 5, 22].map((n) => inLanguage(rule(n), 'pl'))).toEqual([
      '1 zdarzenie od 1515 r. wywołało w lokalizacji wstrząsy: intensywność ≥ VIII; wysokie od 2',
      '3 zdarzenia od 1515 r. wywołały w lokalizacji wstrząsy: intensywność ≥ VIII; wysokie od 2',
      '5 zdarzeń od 1515 r. wywołało w lokalizacji wstrząsy: intensywność ≥ VIII; wysokie od 2',
      '22 zdarzenia od 1515 r. wywołały w lokalizacji wstrząsy: intensywność ≥ VIII; wysokie od 2',
    ]);
    expect(inEnglish(rule(1))).toBe('1 event(s) since 1515 shook the site at intensywność ≥ VIII; wysokie from 2');
  });
});

describe('the parts keep the English their string forms write', () => {
  it('level sentences, dataset labels and site nouns', () => {
    for (const [hazard, sentences] of Object.entries(LEVEL_SENTENCES)) {
      sentences.forEach((sentence, level) => expect(inEnglish({ id: LEVEL_SENTENCE_IDS[hazard as keyof typeof LEVEL_SENTENCES][level]! })).toBe(sentence));
    }
    for (const [key, label] of Object.entries(DATASET_LABEL)) expect(inEnglish({ id: DATASET_LABEL_IDS[key as keyof typeof DATASET_LABEL] })).toBe(label);
    expect(siteNoun({ type: 'construction', assumed: true })).toBe('construction site');
    expect(siteNoun({ type: 'office', assumed: false })).toBe('office site');
    expect(siteNounMessage('office site')).toEqual({ id: 'location.siteNoun.office' });
    expect(siteNounMessage('a depot')).toBe('a depot');
  });

  it('distances, people, quakes, eruptions and seismic code values', () => {
    for (const km of [0.04, 0.84, 9.96, 10, 24.97, 25.02, 25.3, 42.4, 67.85, 999.6, 1234.4]) expect(inEnglish(kmMessage(km))).toBe(formatKm(km));
    for (const n of [0, 999, 8_500, 12_345, 420_400, 999_999, 1_000_000, 1_949_999, 12_345_678]) {
      expect(renderMessage({ id: 'location.flood.urban', values: { people: peopleValue(n) } }, 'en', engineTranslate('en'))).toContain(`(${formatPeople(n)} people`);
    }
    for (const q of [...earthquakesNear(44.4268, 26.1025), ...earthquakesNear(40.85, 14.27)]) expect(inEnglish(describeQuakeMessage(q))).toBe(describeQuake(q));
    for (const r of SEISMIC_REFERENCE) expect(inEnglish(seismicReferenceMessage(r))).toBe(describeSeismicReference(r));
    for (const year of [undefined, -8300, 79, 1944]) expect(inEnglish(eruptionMessage(year))).toBe(eruptionLabel(year));
  });

  it('a raster rule with its message, German digits included', () => {
    const rated = rasterLevel({ units: 'water_stress', hazard: 'drought', value: 0.55 });
    expect(rated.rule).toBe('water stress 55 %: 40–80 %, high');
    expect(inLanguage(rated.ruleMessage, 'de')).toBe('Wasserstress 55 %: 40–80 %, hoch');
    expect(inLanguage(rasterLevel({ units: 'depth_m', hazard: 'riverFlood', value: 1.25, returnPeriod: 50 }).ruleMessage, 'de')).toBe(
      'Überflutungstiefe 1,25 m bei 50 Jahren: ≥ 0,5 m innerhalb von 50 Jahren, mittel',
    );
  });
});
