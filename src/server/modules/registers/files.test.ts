import { describe, expect, it } from 'vitest';
import { records } from './files.js';
import { arrayElements } from './json-stream.js';

async function* chunked(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('delimited records', () => {
  const kbo = '\uFEFF"EntityNumber","Language","TypeOfDenomination","Denomination"\r\n"0403.091.220","2","001","Ets ""De Witte"", Gent"\r\n"0403.091.319","1","001","Société\nà deux lignes"\r\n';

  it.each([1, 3, 7, 1000])('reads quoted fields, doubled quotes, separators and line ends inside quotes, in chunks of %i', async (size) => {
    expect(await all(records(chunked(kbo, size), ',', 'denomination.csv'))).toEqual([
      { EntityNumber: '0403.091.220', Language: '2', TypeOfDenomination: '001', Denomination: 'Ets "De Witte", Gent' },
      { EntityNumber: '0403.091.319', Language: '1', TypeOfDenomination: '001', Denomination: 'Société\nà deux lignes' },
    ]);
  });

  it('reads unquoted ";" files with empty fields and no final line end', async () => {
    const text = 'nimi;ariregistri_kood;kmkr_nr\n001 Kinnisvara OÜ;12652512;EE101721589\nTühi OÜ;12652513;';
    expect(await all(records(chunked(text, 5), ';', 'lihtandmed.csv'))).toEqual([
      { nimi: '001 Kinnisvara OÜ', ariregistri_kood: '12652512', kmkr_nr: 'EE101721589' },
      { nimi: 'Tühi OÜ', ariregistri_kood: '12652513', kmkr_nr: '' },
    ]);
  });

  it('refuses a row cut short (a truncated file) and a quote left open at the end', async () => {
    await expect(all(records(chunked('a,b,c\n1,2,3\n4,5', 4), ',', 'x.csv'))).rejects.toThrow(/x\.csv: line 3 has 2 fields where the header has 3; the file may be damaged or truncated/);
    await expect(all(records(chunked('a,b\n1,"open', 4), ',', 'x.csv'))).rejects.toThrow(/quoted field is not closed at the end; the file is truncated/);
    await expect(all(records(chunked('', 4), ',', 'x.csv'))).rejects.toThrow(/x\.csv is empty/);
  });
});

describe('JSON array elements', () => {
  const doc = ' [ {"ariregistri_kood":1,"nimi":"A [b], {c}","x":[1,{"y":"\\"]"}]} ,{"ariregistri_kood":2}\n] \n';

  it.each([1, 2, 5, 1000])('yields each element, brackets inside strings ignored, in chunks of %i', async (size) => {
    expect(await all(arrayElements(chunked(doc, size), 'yldandmed.json'))).toEqual([
      { ariregistri_kood: 1, nimi: 'A [b], {c}', x: [1, { y: '"]' }] },
      { ariregistri_kood: 2 },
    ]);
  });

  it('reads an empty array, and refuses a truncated or foreign document', async () => {
    expect(await all(arrayElements(chunked('[]', 1), 'j'))).toEqual([]);
    await expect(all(arrayElements(chunked('[{"a":1},{"b":', 3), 'j.json'))).rejects.toThrow(/j\.json ends before its array is closed; the file is truncated/);
    await expect(all(arrayElements(chunked('{"a":1}', 3), 'j.json'))).rejects.toThrow(/not a JSON array/);
    await expect(all(arrayElements(chunked('[{"a":1},{"b":nope}]', 3), 'j.json'))).rejects.toThrow(/not valid JSON/);
  });
});
