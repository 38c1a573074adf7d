import type { CompanyParty } from '../../../../shared/contracts/assessment.js';
import type { EuCountry } from '../../../../shared/countries.js';
import type { z } from 'zod';
import type { OutgoingRequest, OutgoingResponse } from '../../../lib/outgoing-http.js';
import { readAnswer, sourceRequest } from '../source-http.js';
import { rev21Evidence, rev2ForRev21 } from '../../../engine/index.js';
import { CompanySourceUnavailableError, type CompanyRecord, type NationalCode } from '../types.js';

/** What every national register client gets: its base URL(s), the deadline and the per-call timeout. */
export interface RegisterCall {
  country: EuCountry;
  nationalNumber: string;
  signal: AbortSignal;
  timeoutMs: number;
  userAgent: string;
  /** Today, YYYY-MM-DD (some registers answer "as of" a date). */
  today: string;
}

export type RegisterClient = (call: RegisterCall) => Promise<CompanyRecord | null>;

export const unavailable = (call: RegisterCall, reason: string) => new CompanySourceUnavailableError('registry', call.country, reason);

/** One HTTP call to a register; transport failures (down, slow, too large) become "unavailable". */
export function registerRequest(call: RegisterCall, url: string, req: Partial<OutgoingRequest> = {}): Promise<OutgoingResponse> {
  const request = { ...req, signal: call.signal, timeoutMs: call.timeoutMs, headers: { 'user-agent': call.userAgent, ...req.headers } };
  return sourceRequest(url, request, (reason) => unavailable(call, reason));
}

/** A register's 200 answer read as `schema`; another status or shape means the register cannot answer. */
export function registerAnswer<T>(call: RegisterCall, res: OutgoingResponse, schema: z.ZodType<T>): T {
  return readAnswer(res, schema, (reason) => unavailable(call, reason));
}

/**
 * A national activity code as a NACE Rev. 2 class 'NN.NN': the first four digits of the code
 * (NAF '10.71C', CZ-NACE '62010', TOL '26300', PKD '69.10.Z', CAEN '4690' all start with the
 * class). Shorter codes (a group such as CZ-NACE '461') and '00' (not set) give none.
 */
export function naceClass(code: string | null | undefined): string | undefined {
  const digits = (code ?? '').replace(/[^0-9]/g, '');
  if (digits.length < 4 || digits.startsWith('00')) return undefined;
  return `${digits.slice(0, 2)}.${digits.slice(2, 4)}`;
}

/** The evidence of an activity mapped from a national code. */
export function activityEvidence(nace: string, scheme: string, code: string, register: string): string {
  return `NACE ${nace} from ${scheme} code ${code} in the ${register}`;
}

type MappedActivity = Pick<CompanyRecord, 'naceCode' | 'activityEvidence' | 'nationalCode'>;

/**
 * The activity of a national code built on NACE Rev. 2.1 (CZ-NACE 2025, KAD 2026, SNI 2025, DB25,
 * SK NACE Rev. 2.1): its class read as a Rev. 2 class through Eurostat's correspondence (the
 * riskier profile when it names several), the evidence saying so. A code that is no Rev. 2.1
 * class, or one the correspondence links to no Rev. 2 class, sets no NACE code; `unmapped` is then
 * its evidence.
 */
export function rev21Activity(national: NationalCode, scheme: string, register: string, unmapped: string): MappedActivity {
  const rev21 = naceClass(national.code);
  const reading = rev21 ? rev2ForRev21(rev21) : undefined;
  if (!reading) return { activityEvidence: unmapped, nationalCode: national };
  return { naceCode: reading.rev2, activityEvidence: rev21Evidence(reading, scheme, national.code, register), nationalCode: national };
}

/** 'DD.MM.YYYY', 'DD-MM-YYYY' (KBO) or 'YYYY-MM-DD…' → 'YYYY-MM-DD'; anything else → undefined. */
export function isoDate(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim();
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(v);
  if (iso) return iso[1];
  const dmy = /^(\d{2})[.-](\d{2})[.-](\d{4})$/.exec(v);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : undefined;
}

/** A string that says something, trimmed; undefined for blanks. */
export function text(value: string | number | null | undefined): string | undefined {
  const v = value === null || value === undefined ? '' : String(value).trim();
  return v || undefined;
}

/** At most this many officers, and as many owners, from one register (a cooperative can name hundreds). */
export const MAX_PARTIES = 50;

/**
 * Officers or owners as the register names them: names and roles trimmed (case kept), nameless
 * entries and repeats dropped (a register rewrites a member's entry when, say, the address
 * changes), at most MAX_PARTIES.
 */
export function parties(list: readonly (CompanyParty | null | undefined)[]): CompanyParty[] {
  const seen = new Set<string>();
  const out: CompanyParty[] = [];
  for (const p of list) {
    const name = p?.name.replace(/\s+/g, ' ').trim();
    if (!p || !name) continue;
    const role = p.role?.replace(/\s+/g, ' ').trim() || null;
    const key = `${p.kind}\u0000${name}\u0000${role ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name, role, kind: p.kind });
    if (out.length === MAX_PARTIES) break;
  }
  return out;
}

/** Given names and surnames as one name, in that order; blanks dropped. */
export function personName(...parts: (string | null | undefined)[]): string {
  return parts
    .map((x) => (x ?? '').trim())
    .filter(Boolean)
    .join(' ');
}
