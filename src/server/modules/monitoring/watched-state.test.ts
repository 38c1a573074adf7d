import { describe, expect, it } from 'vitest';
import type { CompanyData } from '../../../shared/contracts/assessment.js';
import { changesBetween, stateFromCheck, stateFromReport, type WatchedState } from './watched-state.js';
import { nokiaCompany } from '../../../../test/monitoring-fixtures.js';

/** The rules of what is a change, on states built by hand. */

const company = nokiaCompany;
const hit = { list: 'EU' as const, entry_id: 'EU.1', listed_name: 'NOKIA OYJ', matched_name: 'Nokia Oyj', subject: 'company' as const, score: 0.97 };
const base: WatchedState = stateFromReport(company, { hits: [] });
const seen = (c: Partial<CompanyData>) => ({ company: { ...company, ...c }, vat_valid: null });
const types = (a: WatchedState, b: WatchedState) => changesBetween(a, b, 'FI01120389').map((c) => c.type);

describe('changesBetween', () => {
  it('the same company again is no change; case and spacing of a name or address are none either', () => {
    expect(types(base, stateFromCheck(base, seen({ name: 'NOKIA  OYJ', address: 'karakaari 7,  02610 Espoo' }), { status: 'clear', hits: [] }))).toEqual([]);
  });

  it('what a source stopped stating is no change: an unknown status, an empty address, an activity only inferred, no legal form', () => {
    const next = stateFromCheck(
      base,
      seen({ status: 'unknown', address: '', legal_form: null, activity: { nace_code: '62.01', nace_label: 'x', inferred_from: 'name', evidence: '' } }),
      null,
    );
    expect(types(base, next)).toEqual([]);
  });

  it('a hit cleared is sanctions_cleared; a screening that could clear no one (no list held) keeps the hits', () => {
    const listed = stateFromReport(company, { hits: [hit, { ...hit, subject: 'company', score: 0.91 }] });
    expect(listed.sanctions).toHaveLength(1);
    expect(types(listed, stateFromCheck(listed, seen({}), { status: 'not_screened', hits: [] }))).toEqual([]);
    const cleared = changesBetween(listed, stateFromCheck(listed, seen({}), { status: 'clear', hits: [] }), 'FI01120389');
    expect(cleared).toEqual([{ type: 'sanctions_cleared', old_value: 'EU EU.1 NOKIA OYJ (company Nokia Oyj, score 0.97)', new_value: null }]);
  });

  it('VIES refusing the number is vat_invalid once; a company no source knows keeps its last data', () => {
    const refused = stateFromCheck(base, { company, vat_valid: false }, { status: 'clear', hits: [] });
    expect(types(base, refused)).toEqual(['vat_invalid']);
    expect(types(refused, stateFromCheck(refused, { company, vat_valid: false }, { status: 'clear', hits: [] }))).toEqual([]);
    const gone = stateFromCheck(base, { company: null, vat_valid: null }, null);
    expect(gone).toMatchObject({ found: false, name: 'Nokia Oyj', status: 'active' });
    expect(types(gone, stateFromCheck(gone, { company: null, vat_valid: null }, null))).toEqual([]);
  });
});
