import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import opentype from 'opentype.js';
import { describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../../shared/i18n/format.js';
import { LOCALES, type Locale } from '../../../shared/i18n/locales.js';
import type * as CpuPool from '../../lib/cpu-pool.js';
import { onCpuPool } from '../../lib/cpu-pool.js';
import { cpuTasks } from '../../cpu-tasks.js';
import { GlyphText, type TextStyle } from './glyph-text.js';
import type { MapRequest } from './map-renderer.js';
import { OfflineMapRenderer } from './offline.js';

// The pool runs the step here (as under Vitest anyway), and shows what it was given.
vi.mock('../../lib/cpu-pool.js', async (importOriginal) => ({
  ...(await importOriginal<typeof CpuPool>()),
  onCpuPool: vi.fn((_kind: string, _payload: unknown, here: () => Promise<unknown>) => here()),
}));

/**
 * The map picture in the reader's language: the legend, the attribution and the coordinates
 * written from the `map` catalogue, numbers in the language's way; English by default, as before.
 */

const renderer = new OfflineMapRenderer();

const GENEVA = { latitude: 46.2044, longitude: 6.1432, countryIso2: 'CH' }; // the Rhône, the lake, Alpine earthquakes
const SZCZECIN = { latitude: 53.43, longitude: 14.55, countryIso2: 'PL' }; // the Oder and a lake
const CATANIA = { latitude: 37.5079, longitude: 15.083, countryIso2: 'IT' }; // Etna
const AMSTERDAM = { latitude: 52.3676, longitude: 4.9041, countryIso2: 'NL' }; // an unnamed canal and the Markermeer

/** A raster-mode GlyphText that also keeps every string it is given: all the words of the picture. */
class RecordingText extends GlyphText {
  readonly strings: string[] = [];
  constructor() {
    super('raster');
  }
  override text(text: string, x: number, y: number, style: TextStyle): string {
    this.strings.push(text);
    return super.text(text, x, y, style);
  }
}

function drawn(request: MapRequest): { legend: string; strings: string[] } {
  const text = new RecordingText();
  const svg = renderer.svg(request, text);
  return { legend: svg.match(/<desc>([^<]*)<\/desc>/)?.[1] ?? '', strings: text.strings };
}

const ENGLISH_WORDS = /\b(River|Canal|Lake|Earthquake|Volcano|unnamed|map data|Map data|deep|last eruption|intensity|CE|BCE)\b/;

describe('the map in German', () => {
  it('names the river, the lake and the earthquake near Geneva in German, with German numbers', () => {
    const { legend, strings } = drawn({ ...GENEVA, locale: 'de' });
    expect(legend).toMatch(/^Fluss: Rhône, 0,8 km; See \(in den Kartendaten ohne Namen\), 0,3 km; Erdbeben: M8,0 [^;]+ 1817, 61 km$/);
    expect(legend).not.toMatch(ENGLISH_WORDS);
    expect(strings).toContain('Kartendaten: Natural Earth · GeoNames · GSHHG/WDBII · NOAA NCEI');
    expect(strings).toContain('46,2044° N  6,1432° O');
    expect(strings.join('\n')).not.toMatch(ENGLISH_WORDS);
  });

  it('writes a volcano and its last eruption in German', () => {
    expect(drawn({ ...CATANIA, locale: 'de' }).legend).toMatch(/Vulkan: Etna, 2\d km, letzter Ausbruch 20\d\d n\. Chr\./);
  });
});

describe('the map in Polish', () => {
  it('names the Oder and the lake at Szczecin in Polish', () => {
    const { legend, strings } = drawn({ ...SZCZECIN, locale: 'pl' });
    expect(legend).toBe('Rzeka: Oder, 1,1 km; Jezioro (bez nazwy w danych kartograficznych), 3,7 km');
    expect(strings).toContain('Dane mapy: Natural Earth · GeoNames · GSHHG/WDBII');
    expect(strings).toContain('53,4300° N  14,5500° E');
    expect(strings.join('\n')).not.toMatch(ENGLISH_WORDS);
  });

  it('names an unnamed canal by its kind, the Markermeer, Etna and its eruption in Polish', () => {
    const amsterdam = drawn({ ...AMSTERDAM, locale: 'pl' }).legend;
    expect(amsterdam).toMatch(/^Kanał \(bez nazwy w danych kartograficznych\), 1,6 km; Jezioro: Markermeer, 7,8 km$/);
    const catania = drawn({ ...CATANIA, locale: 'pl' }).legend;
    expect(catania).toMatch(/^Trzęsienie ziemi: intensywność X [^;]+, 7 km; Wulkan: Etna, 2\d km, ostatnia erupcja 20\d\d n\.e\.$/);
    expect(catania).not.toMatch(ENGLISH_WORDS);
  });
});

describe('the map in English', () => {
  it('is the default: no locale draws the same English picture as `en`', async () => {
    for (const site of [GENEVA, SZCZECIN, CATANIA, AMSTERDAM]) expect(renderer.svg({ ...site, locale: 'en' })).toBe(renderer.svg(site));
    const { legend, strings } = drawn(GENEVA);
    expect(legend).toMatch(/^River: Rhône, 0\.8 km; Lake: unnamed in the map data, 0\.3 km; Earthquake: M8\.0 [^;]+ 1817, 61 km$/);
    expect(strings).toContain('Map data: Natural Earth · GeoNames · GSHHG/WDBII · NOAA NCEI');
    expect(strings).toContain('46.2044° N  6.1432° E');
    expect((await renderer.render(GENEVA)).equals(await renderer.render({ ...GENEVA, locale: 'en' }))).toBe(true);
  });

  it('draws an unknown language as English', () => {
    expect(renderer.svg({ ...GENEVA, locale: 'xx' as Locale })).toBe(renderer.svg(GENEVA));
  });
});

describe('the rendered picture', () => {
  it('differs by language, and the language travels to the CPU worker with the point', async () => {
    const [en, de, pl] = await Promise.all((['en', 'de', 'pl'] as const).map((locale) => renderer.render({ ...GENEVA, locale })));
    expect(de!.equals(en!)).toBe(false);
    expect(pl!.equals(de!)).toBe(false);
    expect(vi.mocked(onCpuPool)).toHaveBeenCalledWith('map', { options: {}, request: { ...GENEVA, locale: 'de' } }, expect.any(Function));
    // What a worker does with that payload: the German picture.
    const there = await cpuTasks.map({ options: {}, request: { ...GENEVA, locale: 'de' } });
    expect(Buffer.from(there.value).equals(de!)).toBe(true);
  });
});

describe('the attribution', () => {
  it('keeps clear of the scale bar in a long language with every layer credited, in smaller type', () => {
    const ROME = { latitude: 41.9028, longitude: 12.4964, countryIso2: 'IT' }; // the Tiber, earthquakes, the Alban Hills
    const attribution = (locale: Locale) => renderer.svg({ ...ROME, locale }).match(/<rect x="([\d.]+)" y="378" width="([\d.]+)" height="17" rx="4"/);
    const scaleBarRight = 8 + 128 + 60; // 20 km of 100 across a 640 px map, and the panel's margin
    for (const locale of LOCALES) expect(Number(attribution(locale)![1]), locale).toBeGreaterThanOrEqual(scaleBarRight);
    const { strings } = drawn({ ...ROME, locale: 'it' });
    expect(strings).toContain('Dati cartografici: Natural Earth · GeoNames · GSHHG/WDBII · NOAA NCEI · Smithsonian GVP');
  });
});

describe("the map's font", () => {
  it('has a glyph for every character the map catalogues and the numbers write, in every language', () => {
    const require = createRequire(import.meta.url);
    const root = join(import.meta.dirname, '../../../..');
    for (const file of ['dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf']) {
      const font = opentype.loadSync(require.resolve(file));
      for (const locale of LOCALES) {
        const messages = ['map', 'engine-location'].flatMap((name) =>
          Object.values(JSON.parse(readFileSync(join(root, 'src/locales', locale, `${name}.json`), 'utf8')) as Record<string, string>),
        );
        const text = [...messages, formatNumber(1234.5, locale, { min: 1, max: 1 }), 'łąćęńóśźżŁĄĆĘŃÓŚŹŻßäöüÄÖÜéèêëàâçîïôûùÿœæ'].join('');
        const missing = [...new Set(text)].filter((ch) => !font.charToGlyphIndex(ch));
        expect(missing, `${locale} (${file})`).toEqual([]);
      }
    }
  });
});
