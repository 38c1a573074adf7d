import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import opentype from 'opentype.js';
import { describe, expect, it } from 'vitest';
import { FONTS, fontsDir, subset } from '../scripts/subset-fonts.mjs';

/** The DejaVu Sans subsets the PDFs embed: every letter Corisk's languages write, small, and exactly what `npm run fonts:subset` makes. */

const LETTERS: Record<string, string> = {
  German: 'äöüßÄÖÜẞ',
  French: 'àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»',
  Italian: 'àèéìíîòóùúÀÈÉÌÒÙ',
  Spanish: 'ñáéíóúüÑÁÉÍÓÚÜ¿¡',
  Portuguese: 'ãõçáâêíóôúàÃÕÇÁÂÊÍÓÔÚ',
  Polish: 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ„”',
  Dutch: 'éëïóöüĳĲ',
  Czech: 'áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ',
  Romanian: 'ăâîșțşţĂÂÎȘȚŞŢ',
  Hungarian: 'őűŐŰ',
  Greek: 'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώΑΒΓΔΩΆΈΉΊΌΎΏ',
  Bulgarian: 'абвгдежзийклмнопрстуфхцчшщъьюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЬЮЯ',
  'punctuation and signs': '€–—‘’“”…→≤≥×•\u00a0\u202f',
};

describe('the fonts the PDFs embed', () => {
  for (const file of Object.keys(FONTS)) {
    const bytes = readFileSync(join(fontsDir, file));
    const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

    it(`${file} has every letter of the languages Corisk writes`, () => {
      for (const [language, letters] of Object.entries(LETTERS)) {
        const missing = [...letters].filter((ch) => font.charToGlyphIndex(ch) === 0);
        expect(missing, `${language} letters missing from ${file}`).toEqual([]);
      }
      // The licence's notices go with every copy: name records 13 (text) and 14 (address).
      expect(font.names.license?.en).toContain('Bitstream');
      expect(font.names.licenseURL?.en).toBeTruthy();
      // Cut, not the whole font (739 / 689 KiB).
      expect(bytes.length).toBeLessThan(260 * 1024);
    });

    it(`${file} is what npm run fonts:subset writes`, async () => {
      const fresh = await subset(FONTS[file as keyof typeof FONTS]);
      expect(Buffer.from(fresh).equals(bytes)).toBe(true);
    });
  }
});
