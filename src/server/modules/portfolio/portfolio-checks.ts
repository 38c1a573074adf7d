import type { PortfolioPreviewRow } from '../../../shared/contracts/portfolio.js';
import { EU_COUNTRIES } from '../../../shared/countries.js';
import { parseSiteType, siteTypeErrors } from '../../../shared/site-types.js';
import type { SiteCheck, SiteRequest } from '../assessment/index.js';
import { clipField, type SourceRow } from './portfolio-file.js';

/**
 * The preview rules, the same for the preview and for the rows stored at creation: each row's
 * check digits and country (the assessment module's checkSite), cells over their length, and
 * duplicates (the same VAT number at the same site address: the second would buy the same report
 * twice). Problems are sentences for the user; a row without any is valid.
 */

const fieldNames = { fiscal_number: 'fiscal number', country: 'country', reference: 'reference', site_address: 'site address', site_type: 'site type' } as const;

/** The country a VAT number's own prefix names ('PT501964843', 'EL…' for Greece), for rows that leave the country out. */
function countryFromPrefix(fiscalNumber: string): string | undefined {
  const prefix = fiscalNumber.trim().slice(0, 2).toUpperCase();
  return EU_COUNTRIES.find((c) => c.vatPrefix === prefix)?.iso2;
}

/** An address as compared for duplicates: case, accents, spacing and punctuation aside. */
const addressKey = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The site type as stored ('Office' → 'office'); an unknown name is kept as written, with its problem. */
function siteTypeOf(written: string, problems: string[]): string {
  if (!written) return '';
  const type = parseSiteType(written);
  if (!type) problems.push(siteTypeErrors.unknown(written));
  return type ?? written;
}

export function checkRows(rows: readonly SourceRow[], checkSite: (req: SiteRequest) => SiteCheck): PortfolioPreviewRow[] {
  const seen = new Map<string, number>();
  return rows.map((source, index) => {
    const problems: string[] = [];
    const cell = (field: keyof typeof fieldNames) => {
      const { value, clipped } = clipField(field, source[field]);
      if (clipped) problems.push(`The ${fieldNames[field]} is longer than ${value.length} characters.`);
      return value;
    };
    const row = {
      row: index + 1,
      line: source.line,
      fiscal_number: cell('fiscal_number'),
      country: cell('country'),
      reference: cell('reference'),
      site_address: cell('site_address'),
      site_type: siteTypeOf(cell('site_type'), problems),
    };
    const country = row.country || (row.fiscal_number ? countryFromPrefix(row.fiscal_number) : undefined) || '';
    const check = checkSite({ fiscalNumber: row.fiscal_number, country, ...(row.site_address ? { siteAddress: row.site_address } : {}) });
    let vat: string | null = null;
    let countryName: string | null = null;
    if (check.ok) {
      vat = check.vat;
      countryName = check.countryName;
      const key = `${check.vat}|${addressKey(row.site_address)}`;
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push(
          row.site_address
            ? `Same fiscal number and site address as row ${first}: the site would be assessed twice.`
            : `Same fiscal number as row ${first}, and no site address: the company would be assessed twice. Give each site its address.`,
        );
      } else seen.set(key, row.row);
    } else problems.push(check.problem);
    return { ...row, vat, country_name: countryName, problems };
  });
}

/** Whether a row holds anything at all (empty rows are skipped, not reported). */
export const isEmptyRow = (r: Pick<SourceRow, 'fiscal_number' | 'country' | 'reference' | 'site_address'> & { site_type?: string }) =>
  !r.fiscal_number.trim() && !r.country.trim() && !(r.reference ?? '').trim() && !(r.site_address ?? '').trim() && !(r.site_type ?? '').trim();
