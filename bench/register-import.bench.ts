import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { countryByIso2 } from '../src/shared/countries.js';
import { openDatabase, pgliteDirFor } from '../src/server/db/client.js';
import { projectRoot } from '../src/server/lib/paths.js';
import { importedRegisters } from '../src/server/modules/registers/index.js';
import { cleanEnv } from '../test/server-process.js';
import { median, p95, printFigure, requireBuild } from './support.js';

/**
 * The Belgian import at full size, as shipped: `npm run registers:import` (the built command,
 * default settings, the embedded database in a fresh DATA_DIR) reads a KBO set of ENTERPRISES
 * enterprises (default 2,000,000, the size of the real file) generated in the published CSV
 * format, with names, addresses, main and secondary activities and establishment units in the
 * real proportions. Prints the importer's peak memory (target ≤ 400 MB), its time, and then the
 * time of a lookup in the imported table (target < 5 ms).
 */

const enterprises = Number(process.env.ENTERPRISES ?? 2_000_000);
const rssTargetMb = 400;
const lookupTargetMs = 5;
requireBuild();

const dir = mkdtempSync(join(tmpdir(), 'corisk-kbo-bench-'));
const dataDir = join(dir, 'data');

/** Belgian enterprise number with valid check digits: '0' and 7 digits, then 97 − (those 8 digits mod 97). */
function enterpriseNumber(i: number): string {
  const base = 2_000_000 + i;
  const digits = `0${base}${String(97 - (base % 97)).padStart(2, '0')}`;
  return `${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7)}`;
}
const nace = ['62010', '47110', '41201', '56101', '49410', '86210', '10711', '70220', '68201', '45201'];

async function writeCsv(name: string, header: string, rows: (write: (line: string) => boolean) => void | Promise<void>): Promise<string> {
  const path = join(dir, name);
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  await rows((line) => out.write(`${line}\n`));
  out.end();
  await once(out, 'finish');
  return path;
}

async function generate(): Promise<string[]> {
  const lines = async (count: number, line: (i: number) => string[], write: (l: string) => boolean) => {
    for (let i = 0; i < count; i++) for (const l of line(i)) if (!write(l)) await new Promise((r) => setTimeout(r, 0));
  };
  const files = [
    await writeCsv('meta.csv', '"Variable","Value"', (w) => void w('"SnapshotDate","01-11-2026"')),
    await writeCsv('code.csv', '"Category","Code","Language","Description"', (w) => {
      w('"JuridicalForm","610","NL","Besloten Vennootschap"');
      w('"JuridicalForm","610","FR","Société à responsabilité limitée"');
      w('"JuridicalSituation","000","NL","Normale toestand"');
    }),
    await writeCsv('enterprise.csv', '"EnterpriseNumber","Status","JuridicalSituation","TypeOfEnterprise","JuridicalForm","JuridicalFormCAC","StartDate"', (w) =>
      lines(enterprises, (i) => [`"${enterpriseNumber(i)}","AC","000","2","610",,14-08-2015`], w),
    ),
    await writeCsv('establishment.csv', '"EstablishmentNumber","StartDate","EnterpriseNumber"', (w) =>
      lines(Math.floor(enterprises / 3), (i) => [`"2.${String(100_000_000 + i).replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3')}",09-02-1999,"${enterpriseNumber(i * 3)}"`], w),
    ),
    await writeCsv('denomination.csv', '"EntityNumber","Language","TypeOfDenomination","Denomination"', (w) =>
      lines(enterprises, (i) => [`"${enterpriseNumber(i)}","2","001","Onderneming ${i} Vennootschap"`, ...(i % 2 ? [`"${enterpriseNumber(i)}","1","001","Entreprise ${i} Société"`] : [])], w),
    ),
    await writeCsv('address.csv', '"EntityNumber","TypeOfAddress","CountryNL","CountryFR","Zipcode","MunicipalityNL","MunicipalityFR","StreetNL","StreetFR","HouseNumber","Box","ExtraAddressInfo","DateStrikingOff"', (w) =>
      lines(enterprises, (i) => (i % 5 === 0 ? [] : [`"${enterpriseNumber(i)}","REGO",,,"1000","Brussel","Bruxelles","Wetstraat","Rue de la Loi","${i % 200}","","",`]), w),
    ),
    await writeCsv('activity.csv', '"EntityNumber","ActivityGroup","NaceVersion","NaceCode","Classification"', (w) =>
      lines(
        enterprises,
        (i) =>
          i % 3 === 0
            ? []
            : [
                `"${enterpriseNumber(i)}","001","2008","${nace[i % 10]}","MAIN"`,
                `"${enterpriseNumber(i)}","001","2025","${nace[i % 10]}","MAIN"`,
                `"${enterpriseNumber(i)}","001","2008","${nace[(i + 3) % 10]}","SECO"`,
                `"${enterpriseNumber(i)}","006","2008","${nace[i % 10]}","MAIN"`,
              ],
        w,
      ),
    ),
  ];
  return files;
}

/** Peak resident memory of a running process in MB (VmHWM), from /proc. */
function peakRssMb(pid: number): number | undefined {
  const file = `/proc/${pid}/status`;
  if (!existsSync(file)) return undefined;
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(file, 'utf8'));
  return m ? Number(m[1]) / 1024 : undefined;
}

try {
  console.log(`Generating a KBO set of ${enterprises.toLocaleString('en')} enterprises …`);
  const files = await generate();
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  console.log(`  ${(bytes / 2 ** 20).toFixed(0)} MB of CSV`);

  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/registers-import.mjs', '--state', 'BE', ...files.flatMap((f) => ['--file', f])], {
    cwd: projectRoot,
    env: cleanEnv({ DATA_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let peak = 0;
  const poll = setInterval(() => {
    peak = Math.max(peak, peakRssMb(child.pid!) ?? 0);
  }, 100);
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
    process.stdout.write(d);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(poll);
  if (code !== 0) throw new Error(`the import exited ${code}`);
  const seconds = (Date.now() - started) / 1000;
  const imported = /Imported ([\d,]+) companies/.exec(output)?.[1];

  printFigure('companies imported', imported ?? '?', enterprises.toLocaleString('en'));
  printFigure('import time', `${seconds.toFixed(0)} s`);
  printFigure('importer peak memory (RSS)', `${peak.toFixed(0)} MB`, `≤ ${rssTargetMb} MB`);

  const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  try {
    const find = importedRegisters(database.db);
    const BE = countryByIso2('BE')!;
    const times: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const n = enterpriseNumber(Math.floor(Math.random() * enterprises)).replace(/\./g, '');
      const t0 = performance.now();
      const found = await find({ country: BE, nationalNumber: n });
      times.push(performance.now() - t0);
      if (!found) throw new Error(`${n} was not found`);
    }
    printFigure('lookup, median', `${median(times).toFixed(2)} ms`, `< ${lookupTargetMs} ms`);
    printFigure('lookup, 95th percentile', `${p95(times).toFixed(2)} ms`, `< ${lookupTargetMs} ms`);
  } finally {
    await database.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
