import type { Db } from '../../db/client.js';
import type { ImportedCompany, ImportState } from './facts.js';
import { fetchInputs, ImportFileError, textSources } from './files.js';
import { belgium } from './formats/be.js';
import { estonia } from './formats/ee.js';
import type { RegisterFormat } from './formats/format.js';
import { latvia } from './formats/lv.js';
import { slovenia } from './formats/si.js';
import { countCompanies, deleteImportRows, insertCompanies, lastImportId, makeCurrent } from './registers.repo.js';
import { Batcher, dropStaleStages, Stage } from './stage.js';

/**
 * One import of a state's register files: they are read as they stream, their companies written
 * under a new import id in short batches, and the import made current in one short transaction
 * at the end. A file that breaks off, a damaged row or a file with no company leaves the previous
 * import as it was; a second import replaces the first whole.
 */

export const FORMATS: Record<ImportState, RegisterFormat> = { BE: belgium, EE: estonia, SI: slovenia, LV: latvia };

export interface ImportOptions {
  db: Db;
  state: ImportState;
  /** Local paths or http(s) URLs. */
  inputs: readonly string[];
  userAgent: string;
  /** Longest download of one file (default 30 minutes). */
  downloadTimeoutMs?: number;
  progress?: (message: string) => void;
  now?: () => Date;
  signal?: AbortSignal;
}

export interface ImportResult {
  state: ImportState;
  publishedOn: string;
  companies: number;
  files: string[];
}

const STAGE_PREFIX = 'register_stage_';
const DAY_MS = 86_400_000;
const BATCH = 2000;

export async function importRegister(opts: ImportOptions): Promise<ImportResult> {
  const { db, state } = opts;
  const format = FORMATS[state];
  const progress = opts.progress ?? (() => {});
  const now = opts.now ?? (() => new Date());
  if (!opts.inputs.length) throw new ImportFileError(`no file given: ${state} needs ${format.files}`);
  const fetched = await fetchInputs(opts.inputs, { timeoutMs: opts.downloadTimeoutMs ?? 30 * 60_000, userAgent: opts.userAgent, signal: opts.signal });
  // Ids grow with time, so that a newer import always wins and scratch tables show their age.
  const importId = Math.max(now().getTime(), (await lastImportId(db, state)) + 1);
  await dropStaleStages(db, STAGE_PREFIX, importId - DAY_MS);
  const stage = new Stage(db, `${STAGE_PREFIX}${state.toLowerCase()}${importId}`);
  let written = false;
  try {
    const sources = await textSources(fetched.files);
    const opened = await format.open({ sources, stage, progress });
    let read = 0;
    written = true;
    const batch = new Batcher<ImportedCompany>(BATCH, (companies) => insertCompanies(db, state, importId, companies));
    for await (const company of opened.companies) {
      opts.signal?.throwIfAborted();
      await batch.add(company);
      if (++read % 250_000 === 0) progress(`${read.toLocaleString('en')} companies written`);
    }
    await batch.end();
    const companies = await countCompanies(db, state, importId);
    if (companies === 0) throw new ImportFileError(`the files hold no company with a VAT number: ${state} needs ${format.files}`);
    const files = fetched.files.map((f) => f.name);
    const current = await makeCurrent(db, { state, importId, publishedOn: opened.publishedOn, importedAt: now(), companies, files });
    if (!current) throw new ImportFileError(`a newer import of ${state} was made meanwhile; this one is dropped`);
    written = false;
    // The import is current: rows of older ones that stay after a failure here are removed by the next import.
    await deleteImportRows(db, state, { below: importId }).catch(() => {});
    return { state, publishedOn: opened.publishedOn, companies, files };
  } finally {
    await stage.drop().catch(() => {});
    if (written) await deleteImportRows(db, state, { only: importId }).catch(() => {});
    await fetched.cleanup();
  }
}
