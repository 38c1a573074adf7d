import type { ImportedCompany, RegisterFacts } from '../facts.js';
import { decode, pick, records } from '../files.js';
import { counter, dayMonthYear, type FormatContext, type OpenedImport, type RegisterFormat } from './format.js';

/**
 * Latvia: the Register of Enterprises' `register.csv` (';'-separated, UTF-8): regcode (11 digits,
 * which for a legal person is also its VAT number after 'LV'), name, type and type_text (the
 * legal form), registered, terminated (the date it was struck off), closed, address (one line),
 * index (the postcode) … The register holds no activity code: a Latvian company's activity stays
 * inferred from its name.
 */

/** 'LV-1010' or '1010' → 'LV-1010', the form Latvian addresses write. */
function postcode(index: string | undefined): string | undefined {
  const digits = (index ?? '').replace(/\D/g, '');
  return digits.length === 4 ? `LV-${digits}` : undefined;
}

/**
 * The street and the city of a UR address: 'Rīga, Brīvības iela 1 - 5' or 'Brīvības iela 1,
 * Cēsis, Cēsu nov.'. The street is the part with the house number; the city the first other part
 * that is no district ('… nov.', '… pag.').
 */
export function splitAddress(address: string): { street: string; city?: string } {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && !/^LV-?\d{4}$/i.test(p));
  let streetAt = -1;
  parts.forEach((p, i) => {
    if (/\d/.test(p)) streetAt = i;
  });
  if (streetAt < 0) streetAt = parts.length - 1;
  const city = parts.find((p, i) => i !== streetAt && !/\d/.test(p) && !/(nov\.|novads|pag\.|pagasts)$/.test(p));
  return { street: parts[streetAt] ?? '', city };
}

export function latviaFacts(row: Record<string, string>): RegisterFacts {
  const { street, city } = splitAddress(row.address ?? '');
  const ended = (row.terminated ?? '').trim() || (row.closed ?? '').trim();
  return {
    name: (row.name ?? '').trim(),
    address: street,
    postalCode: postcode(row.index),
    city,
    legalForm: (row.type_text ?? '').trim() || (row.type ?? '').trim() || undefined,
    status: ended ? 'dissolved' : 'active',
    incorporatedOn: dayMonthYear(row.registered),
  };
}

async function* companies(rows: AsyncIterable<Record<string, string>>, progress: (m: string) => void): AsyncGenerator<ImportedCompany> {
  const count = counter(progress, 'register.csv');
  for await (const row of rows) {
    count.tick();
    const vatId = (row.regcode ?? '').replace(/\D/g, '');
    if (vatId.length === 11) yield { vatId, facts: latviaFacts(row) };
  }
  count.done();
}

export const latvia: RegisterFormat = {
  state: 'LV',
  files: "the Register of Enterprises' register.csv",
  async open({ sources, progress }: FormatContext): Promise<OpenedImport> {
    const register = pick(sources, /register.*\.csv$/i, 'register.csv (Register of Enterprises open data)');
    return { publishedOn: register.date, companies: companies(records(decode(await register.open()), ';', register.name), progress) };
  },
};
