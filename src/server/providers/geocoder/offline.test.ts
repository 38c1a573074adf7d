import { describe, expect, it } from 'vitest';
import { cityVariants, parseAddress } from './address-parser.js';
import { EXONYMS } from '../../geo/exonyms.js';
import { findPlace, haversineKm, nearbyPopulation, nearbyTowns, nearestTown } from '../../geo/gazetteer.js';
import { OfflineGeocoder } from './offline.js';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { POSTAL_CENTROIDS_FILE, postalCentroid } from './postal-centroids.js';
import { foldName } from '../../geo/text-fold.js';

const geocoder = new OfflineGeocoder();

/** [country, address as a registry writes it, real latitude, real longitude, expected precision] */
const CASES: [string, string, number, number, string][] = [
  ['PT', 'Avenida da República 50, 1100-053 LISBOA', 38.7223, -9.1393, 'postal_code'],
  ['PT', 'Avenida da Boavista 1, 4100-111 Porto', 41.1579, -8.6291, 'postal_code'],
  ['DE', 'Marienplatz 8, 80331 MÜNCHEN', 48.1372, 11.5756, 'postal_code'],
  ['DE', 'Domkloster 4, 50667 Köln', 50.9413, 6.9583, 'city'],
  ['DE', 'Unter den Linden 1, 10117 Berlin-Mitte', 52.517, 13.3889, 'city'],
  ['DK', 'Rådhuspladsen 1, 1050 KØBENHAVN K', 55.6761, 12.5683, 'postal_code'],
  ['GR', 'Λεωφόρος Κηφισίας 99, 151 24 Μαρούσι', 38.0561, 23.8083, 'city'],
  ['GR', 'Σταδίου 10, 105 64 ΑΘΗΝΑ', 37.9838, 23.7275, 'city'],
  ['GR', 'Εγνατία 1, 546 30 ΘΕΣΣΑΛΟΝΙΚΗ', 40.6401, 22.9444, 'city'],
  ['GR', 'Πλατεία Ελευθερίας 1, 712 02 Ηράκλειο', 35.3387, 25.1442, 'city'],
  ['CY', 'Αμφιπόλεως 11, 2025 Στρόβολος, Λευκωσία', 35.1856, 33.3823, 'postal_code'],
  ['CY', 'Οδός Αγίου Ανδρέα 1, 3036 Λεμεσός', 34.6786, 33.0413, 'postal_code'],
  ['BG', 'бул. „Цариградско шосе“ 115И, 1784 София', 42.6977, 23.3219, 'city'],
  ['BG', 'ул. „Княз Александър I“ 1, 4000 Пловдив', 42.1354, 24.7453, 'postal_code'],
  ['BG', 'бул. „Сливница“ 1, 9000 ВАРНА', 43.2141, 27.9147, 'postal_code'],
  ['LU', '38, avenue John F. Kennedy, L-1855 Luxembourg', 49.6116, 6.1319, 'postal_code'],
  ['PL', 'ul. Krakowskie Przedmieście 1, 00-001 WARSZAWA', 52.2297, 21.0122, 'city'],
  ['PL', 'Rynek Główny 1, 31-042 Kraków', 50.0647, 19.945, 'postal_code'],
  ['IE', 'Gordon House, Barrow Street, Dublin 4, D04 E5W5', 53.3498, -6.2603, 'postal_code'],
  ['IE', 'Grand Canal Square, Dublin 2', 53.3498, -6.2603, 'postal_code'],
  ['MT', 'GO, Fra Diegu Street, Marsa MRS 1501', 35.8786, 14.4953, 'postal_code'],
  ['MT', 'Triq ir-Repubblika, Il-Belt Valletta VLT 1117', 35.8989, 14.5146, 'postal_code'],
  ['MT', 'Triq il-Kbira, MSD 1234', 35.8956, 14.4897, 'postal_code'],
  ['CZ', 'Václavské náměstí 1, 110 00 Praha 1', 50.0755, 14.4378, 'postal_code'],
  ['CZ', 'tř. Václava Klementa 869, Mladá Boleslav II, 293 01 Mladá Boleslav', 50.4114, 14.9032, 'postal_code'],
  ['AT', 'Stephansplatz 1, 1010 Wien', 48.2082, 16.3738, 'postal_code'],
  ['AT', 'Am Brunnen 1, 5330 Fuschl am See', 47.7939, 13.3014, 'postal_code'],
  ['HU', 'Dombóvári út 28, 1117 Budapest', 47.4626, 19.0421, 'postal_code'],
  ['RO', 'Bd. Ion Mihalache nr. 1-7, 011171 București', 44.4528, 26.0764, 'postal_code'],
  ['RO', 'Piața Constantin Motaş nr. 4, 551130 Mediaş', 46.1633, 24.3508, 'postal_code'],
  ['BE', 'Rue de la Loi 16, 1000 Bruxelles', 50.8467, 4.3525, 'postal_code'],
  ['BE', 'Grote Markt 1, 1000 Brussel', 50.8467, 4.3525, 'postal_code'],
  ['BE', 'Groenplaats 1, 2000 Antwerp', 51.2194, 4.4025, 'postal_code'],
  ['NL', 'Spui 70, 2511 BT Den Haag', 52.0705, 4.3007, 'postal_code'],
  ['NL', 'Oosterdokskade 163, 1011 DL Amsterdam', 52.3676, 4.9041, 'postal_code'],
  ['SE', 'Gropegårdsgatan 2, 417 15 Göteborg', 57.7089, 11.9746, 'postal_code'],
  ['FR', 'Rue du Faubourg Saint-Honoré 55, 75008 PARIS 08', 48.8566, 2.3522, 'postal_code'],
  ['FR', '2 place Jean Millier, La Défense 6, 92400 Courbevoie', 48.8974, 2.2522, 'postal_code'],
  ['FR', 'Quai du Port 2, 13002 Marseille', 43.2965, 5.3698, 'postal_code'],
  ['IT', 'Piazza del Duomo 1, 20122 Milano', 45.4642, 9.19, 'postal_code'],
  ['IT', 'Piazzale Enrico Mattei 1, 00144 ROMA', 41.9028, 12.4964, 'postal_code'],
  ['ES', 'Gran Vía 28, 28013 Madrid', 40.4168, -3.7038, 'postal_code'],
  ['ES', 'Avenida de la Diputación, Edificio Inditex, 15142 Arteixo (A Coruña)', 43.3048, -8.5075, 'postal_code'],
  ['LV', 'Pulkveža Brieža iela 12, Rīga, LV-1230', 56.9496, 24.1052, 'city'],
  ['LT', 'Saltoniškių g. 7A, LT-03501 Vilnius', 54.6872, 25.2797, 'city'],
  ['EE', 'Mustamäe tee 3, 15033 Tallinn', 59.437, 24.7536, 'city'],
  ['FI', 'Karakaari 7, 02610 Espoo', 60.2055, 24.6559, 'postal_code'],
  ['FI', 'Aleksanterinkatu 1, 00100 Helsingfors', 60.1699, 24.9384, 'postal_code'],
  ['HR', 'Radnička cesta 21, 10000 Zagreb', 45.815, 15.9819, 'postal_code'],
  ['SI', 'Miklošičeva cesta 19, 1000 Ljubljana', 46.0569, 14.5058, 'postal_code'],
  ['SK', 'Bajkalská 28, 817 62 Bratislava', 48.1486, 17.1077, 'postal_code'],
  // as VIES returns them: one line or several, upper case, no commas, locality words
  ['GR', 'ΚΗΦΙΣΙΑΣ 99 15124 - ΜΑΡΟΥΣΙ', 38.0561, 23.8083, 'city'],
  ['BG', 'гр.София 1784, бул.Цариградско шосе №115И', 42.6977, 23.3219, 'city'],
  ['RO', 'MUNICIPIUL BUCUREŞTI, SECTOR 1, BD. ION MIHALACHE NR. 1-7', 44.4268, 26.1025, 'city'],
  ['RO', 'JUD. SIBIU, MUN. MEDIAŞ, PIAŢA CONSTANTIN MOTAŞ, NR.4', 46.1633, 24.3508, 'city'],
  ['HU', '1117 BUDAPEST DOMBÓVÁRI ÚT 28.', 47.4626, 19.0421, 'postal_code'],
  ['IT', 'PIAZZALE ENRICO MATTEI 1 \n00144 ROMA RM', 41.9028, 12.4964, 'postal_code'],
  ['NL', 'OOSTERDOKSKADE 00163\n1011DL AMSTERDAM', 52.3676, 4.9041, 'postal_code'],
  ['PT', 'AVENIDA 24 DE JULHO N 12\nLISBOA\n1249-300 LISBOA', 38.7223, -9.1393, 'postal_code'],
];

describe('offline geocoder', () => {
  it.each(CASES)('%s %s lands within 25 km of the real place', async (country, address, lat, lon, precision) => {
    const r = await geocoder.geocode({ country, address });
    expect(r).not.toBeNull();
    expect(haversineKm(r!.latitude, r!.longitude, lat, lon)).toBeLessThan(25);
    expect(r!.precision).toBe(precision);
    expect(r!.source).toBe('offline');
  });

  it('reports the postal code and the city as written', async () => {
    const r = await geocoder.geocode({ country: 'PT', address: 'Avenida 24 de Julho, 12, 1249-300 LISBOA' });
    expect(r).toMatchObject({ postalCode: '1249-300', city: 'LISBOA', matched: '1249-300 Lisbon, PT', precision: 'postal_code' });
  });

  it('accepts the country by selector name too', async () => {
    const r = await geocoder.geocode({ country: 'Denmark', address: 'Esplanaden 50, 1263 København K' });
    expect(r?.matched).toBe('1263 Copenhagen, DK');
  });

  it('places two districts of one city apart by their postal codes', async () => {
    const head = await geocoder.geocode({ country: 'DE', address: 'Karlsplatz 1, 80333 München' });
    const second = await geocoder.geocode({ country: 'DE', address: 'Otto-Hahn-Ring 6, 81739 München' });
    expect(head).toMatchObject({ precision: 'postal_code', postalCode: '80333', city: 'München', matched: '80333 Munich, DE' });
    expect(second).toMatchObject({ precision: 'postal_code', postalCode: '81739', matched: '81739 Munich, DE' });
    expect([second!.latitude, second!.longitude]).not.toEqual([head!.latitude, head!.longitude]);
    expect(haversineKm(head!.latitude, head!.longitude, 48.137, 11.575)).toBeLessThan(10);

    const louvre = await geocoder.geocode({ country: 'FR', address: 'Rue de Rivoli 99, 75001 Paris' });
    const vaugirard = await geocoder.geocode({ country: 'FR', address: 'Rue de Vaugirard 300, 75015 Paris' });
    expect([louvre?.precision, vaugirard?.precision]).toEqual(['postal_code', 'postal_code']);
    expect(haversineKm(louvre!.latitude, louvre!.longitude, vaugirard!.latitude, vaugirard!.longitude)).toBeGreaterThan(1);
    expect(haversineKm(louvre!.latitude, louvre!.longitude, 48.8606, 2.3376)).toBeLessThan(2);
  });

  it('falls back to the city for a postal code it does not know, or one far from the city written', async () => {
    const unknown = await geocoder.geocode({ country: 'DE', address: 'Teststraße 1, 80100 München' });
    expect(unknown).toMatchObject({ precision: 'city', postalCode: '80100', matched: 'Munich, DE' });
    // 10117 is Berlin's: with München written beside it, the city wins
    const mixed = await geocoder.geocode({ country: 'DE', address: 'Teststraße 1, 10117 München' });
    expect(mixed).toMatchObject({ precision: 'city', matched: 'Munich, DE' });
    // Greece is not in the GeoNames postal dump
    expect((await geocoder.geocode({ country: 'GR', address: 'Σταδίου 10, 105 64 ΑΘΗΝΑ' }))?.precision).toBe('city');
  });

  it('places a postal code alone when no city is found, and reads short-code states by their prefix', async () => {
    const alone = await geocoder.geocode({ country: 'DE', address: 'Otto-Hahn-Ring 6, 81739' });
    expect(alone).toMatchObject({ precision: 'postal_code', matched: '81739, DE' });
    expect(postalCentroid('NL', '1011 DL')).toEqual(postalCentroid('NL', '1011'));
    expect(postalCentroid('IE', 'Dublin 4')).toEqual(postalCentroid('IE', 'D04 E5W5'));
    expect(postalCentroid('LV', 'LV-1050')).toBeDefined();
    expect(postalCentroid('CZ', '110 00')).toEqual(postalCentroid('CZ', '11000'));
    expect(postalCentroid('DE', '80100')).toBeUndefined();
  });

  it("finds the codes of the centroid file (each state's first and last, every 7th between) and no code between two", () => {
    const text = brotliDecompressSync(readFileSync(POSTAL_CENTROIDS_FILE)).toString('utf8');
    const wrong: string[] = [];
    let checked = 0;
    for (const part of text.split('#').filter(Boolean)) {
      const iso2 = part.slice(0, 2);
      const lines = part.slice(3).split('\n').filter((l) => l.split(' ').length === 3);
      const inFile = new Set(lines.map((l) => l.split(' ')[0]));
      lines.forEach((line, i) => {
        if (i % 7 !== 0 && i !== lines.length - 1) return;
        const [code, lat, lon] = line.split(' ') as [string, string, string];
        checked++;
        const hit = postalCentroid(iso2, code);
        if (hit?.lat !== Number(lat) || hit.lon !== Number(lon)) wrong.push(`${iso2} ${code}`);
        // a code that sorts just after this one and is not in the file (the short-code states
        // would find it by its prefix)
        if (!['NL', 'IE', 'MT'].includes(iso2) && !inFile.has(`${code}0`) && postalCentroid(iso2, `${code}0`)) wrong.push(`${iso2} ${code}0`);
      });
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  });

  it('falls back to the country centroid and says so', async () => {
    const r = await geocoder.geocode({ country: 'DE', address: 'Nirgendwostraße 1, 99999 Atlantis' });
    expect(r?.precision).toBe('country');
    expect(r?.postalCode).toBe('99999');
    expect(haversineKm(r!.latitude, r!.longitude, 51.1, 10.4)).toBeLessThan(100);
  });

  it('uses separately given postal code and city', async () => {
    const r = await geocoder.geocode({ country: 'AT', address: 'Stephansplatz 1', postalCode: '1010', city: 'Wien' });
    expect(r?.precision).toBe('postal_code');
    expect(r?.matched).toBe('Innere Stadt, AT');
  });

  it('answers null outside the EU', async () => {
    expect(await geocoder.geocode({ country: 'NO', address: 'Karl Johans gate 1, 0154 Oslo' })).toBeNull();
  });
});

describe('address parsing', () => {
  it.each([
    ['PT', 'Av. 24 de Julho 12\n1249-300 LISBOA', '1249-300', 'LISBOA'],
    ['LV', 'Pulkveža Brieža iela 12, Rīga, LV-1230', 'LV-1230', 'Rīga'],
    ['LU', '38, avenue John F. Kennedy, L-1855 Luxembourg', 'L-1855', 'Luxembourg'],
    ['MT', 'Fra Diegu Street, Marsa MRS 1501', 'MRS 1501', 'Marsa'],
    ['NL', 'Oosterdokskade 163, 1011 DL Amsterdam', '1011 DL', 'Amsterdam'],
    ['GR', 'Λεωφόρος Κηφισίας 99, 151 24 Μαρούσι', '151 24', 'Μαρούσι'],
    ['IE', 'Gordon House, Barrow Street, Dublin 4, D04 E5W5', 'D04 E5W5', 'Dublin'],
    ['DK', 'Esplanaden 50, DK-1263 København K, Danmark', '1263', 'København K'],
  ])('%s %j → %s %s', (country, address, postalCode, city) => {
    expect(parseAddress(address, country)).toMatchObject({ postalCode, city });
  });

  it('lists the spellings a city may be filed under, district suffixes dropped', () => {
    expect(cityVariants('KØBENHAVN K')).toContain('KØBENHAVN');
    expect(cityVariants('PARIS 08')).toContain('PARIS');
    expect(cityVariants('Berlin-Mitte')).toContain('Berlin');
    expect(cityVariants('Budapest XI. kerület')).toContain('Budapest');
    expect(cityVariants('Arteixo (A Coruña)')).toEqual(expect.arrayContaining(['Arteixo', 'A Coruña']));
  });
});

describe('gazetteer', () => {
  it('knows every gazetteer name the exonym table points to', () => {
    for (const [country, groups] of Object.entries(EXONYMS)) {
      for (const [name] of groups) expect(findPlace(country, name), `${country} ${name}`).toBeDefined();
    }
  });

  it('folds accents, case and scripts', () => {
    expect(foldName('KØBENHAVN')).toBe('kobenhavn');
    expect(foldName('Bucureşti')).toBe(foldName('București'));
    expect(foldName('Μαρούσι')).toBe('marousi');
    expect(foldName('София')).toBe('sofiya');
    expect(foldName('Łódź')).toBe('lodz');
  });

  it('names the biggest towns near a point', () => {
    const towns = nearbyTowns(38.7223, -9.1393, 5, 40);
    expect(towns[0]?.name).toBe('Lisbon');
    expect(towns).toHaveLength(5);
    expect(towns.every((t) => t.distanceKm <= 40)).toBe(true);
    expect(nearestTown(48.137, 11.575)?.name).toBe('Munich');
  });

  it('sums the population around a point', () => {
    const paris = nearbyPopulation(48.8566, 2.3522, 25);
    expect(paris).toBeGreaterThan(4_000_000);
    expect(nearbyPopulation(67.5, 21.0, 10)).toBeLessThan(5_000); // Lapland
    expect(nearbyPopulation(38.72, -9.14, 10)).toBeLessThan(nearbyPopulation(38.72, -9.14, 30));
  });
});
