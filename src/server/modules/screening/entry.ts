/** One sanctions list as the screening module holds it in memory. */
export type ListName = 'EU' | 'UN' | 'UK';

export interface SanctionsIdentifier {
  /** Lower-case kind as the list names it: regnumber, fiscalcode, lei, imo, swiftbic, passport, … */
  type: string;
  number: string;
  /** ISO 3166-1 alpha-2 of the issuing state, when the list gives it. */
  country: string | null;
}

export interface SanctionsName {
  name: string;
  /** The list marks the alias strong (EU `strong`, UN quality Good, UK primary name or strong alias). */
  strong: boolean;
  /** ISO 639-1 language or script hint, when the list gives it. */
  language: string | null;
}

export interface SanctionsEntry {
  list: ListName;
  /** EU euReferenceNumber (logicalId when absent), UN REFERENCE_NUMBER, UK UniqueID. */
  entryId: string;
  subject: 'person' | 'enterprise' | 'other';
  names: SanctionsName[];
  programme: string | null;
  /** ISO date (YYYY-MM-DD) the entry was designated, when the list gives it. */
  designationDate: string | null;
  identifiers: SanctionsIdentifier[];
  /** ISO alpha-2 countries from addresses, citizenship and nationality. */
  countries: string[];
  /** A stable hash of the entry's content, so a decision reopens when the entry changes. */
  contentHash: string;
}

export interface SanctionsList {
  list: ListName;
  /** The file's own generation date (ISO timestamp), not when it was downloaded. */
  generatedAt: string;
  entries: SanctionsEntry[];
}
