// `npm run fonts:subset`: writes the DejaVu Sans the PDFs embed, cut to the scripts a European
// report needs, into src/shared/pdf/fonts/ (see its README). jsPDF embeds a font whole, and the
// full DejaVu Sans is 739 KiB (bold 689 KiB).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

/** Unicode blocks kept (first, last): Latin with every extension, Greek, Cyrillic, punctuation, currency, arrows, maths, shapes. */
export const RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0x24f], // Latin-1 Supplement, Latin Extended-A and -B (ą ł ő č ř ů ă ș ț …)
  [0x250, 0x2ff], // IPA extensions, spacing modifier letters (ˇ ˘ ˙ ˛ ˝)
  [0x300, 0x36f], // combining diacritics
  [0x370, 0x3ff], // Greek
  [0x400, 0x4ff], // Cyrillic (Bulgarian)
  [0x1e00, 0x1eff], // Latin Extended Additional
  [0x2000, 0x206f], // General Punctuation (– — ‘ ’ “ ” … narrow no-break space)
  [0x20a0, 0x20cf], // currency (€)
  [0x2100, 0x214f], // letterlike (№ ™)
  [0x2190, 0x21ff], // arrows (→)
  [0x2200, 0x22ff], // mathematical operators (≤ ≥ ×)
  [0x25a0, 0x25ff], // geometric shapes (■ ●)
];

export const FONTS = {
  'DejaVuSans-subset.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'DejaVuSans-Bold-subset.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

export const fontsDir = join(root, 'src/shared/pdf/fonts');

const keptText = () => RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');

/** The subset of one of DejaVu's files, as this script writes it. */
export function subset(source) {
  // The licence's name records (13 text, 14 address) stay: the notices must go with every copy.
  return subsetFont(readFileSync(require.resolve(source)), keptText(), { targetFormat: 'truetype', preserveNameIds: [0, 1, 2, 3, 4, 5, 6, 13, 14] });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [file, source] of Object.entries(FONTS)) {
    const bytes = await subset(source);
    writeFileSync(join(fontsDir, file), bytes);
    console.log(`${file}: ${Math.round(bytes.length / 1024)} KB (from ${source}, ${Math.round(readFileSync(require.resolve(source)).length / 1024)} KB)`);
  }
}
