/**
 * National registers imported from their published files (BE, EE, SI, LV) as other features see
 * them: `importedRegisters(db)` reads a company of the current import (the company source asks
 * it), `importRegister` runs one import (the command and the schedule), `RegisterImportSchedule`
 * re-imports from REGISTRY_<CC>_IMPORT_URL on the job queue.
 */
import type { Db } from '../../db/client.js';
import type { ImportedRegisters } from '../../providers/companies/types.js';
import { isImportState, recordFromFacts, registerFactsSchema } from './facts.js';
import { findImported } from './registers.repo.js';

export { IMPORT_STATES, isImportState, PUBLISHERS, type ImportState } from './facts.js';
export { ImportFileError } from './files.js';
export { importRegister, type ImportResult } from './register-import.js';
export { currentImports } from './registers.repo.js';
export { RegisterImportSchedule, REGISTER_IMPORT_QUEUE } from './import-schedule.js';

/** The lookup of imported registers: one indexed read; a row that no longer reads as facts is no answer. */
export function importedRegisters(db: Db): ImportedRegisters {
  return async ({ country, nationalNumber }) => {
    if (!isImportState(country.iso2)) return null;
    const found = await findImported(db, country.iso2, nationalNumber);
    if (!found) return null;
    const facts = registerFactsSchema.safeParse(found.facts);
    return facts.success ? recordFromFacts(country, nationalNumber, facts.data, country.iso2, found.publishedOn) : null;
  };
}
