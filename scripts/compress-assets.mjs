// After `vite build`: writes .br and .gz beside each text asset so the server sends them pre-compressed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('../dist/web/', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

function* files(d) {
  for (const entry of readdirSync(d, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const p = join(d, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (compressible.test(entry.name) && entry.name !== 'index.html') yield p;
  }
}

let count = 0;
for (const file of files(dir)) {
  const raw = readFileSync(file);
  if (raw.length < 1024) continue;
  const gz = gzipSync(raw, { level: 9 });
  const br = brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size },
  });
  if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  if (br.length < raw.length) writeFileSync(`${file}.br`, br);
  count++;
}
console.log(`compress-assets: ${count} files pre-compressed (.br, .gz) in dist/web`);
