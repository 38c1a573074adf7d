import type { ReactNode } from 'react';
import type { OperatorIdentity } from '../../../shared/contracts/common';
import { MailLink } from './legal-document';
import { TermList } from '../../components/ui/term-list';

/** Production refuses to start without these three; a development server may lack them. */
export function operatorConfigured(operator: OperatorIdentity): boolean {
  return Boolean(operator.name && operator.address && operator.email);
}

/** The settings that name the operator, for the "not configured" notice. */
export const OPERATOR_SETTINGS = 'OPERATOR_NAME, OPERATOR_ADDRESS and OPERATOR_EMAIL';

/** Says plainly that this deployment does not name its operator (development servers only). */
export function OperatorNotConfigured() {
  return (
    <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <strong>The operator of this deployment is not configured.</strong> This server runs without{' '}
      {OPERATOR_SETTINGS}, so it cannot say who is responsible for it. A production server refuses to start without
      them.
    </p>
  );
}

/** The operator's identity as a definition list: only what is configured. */
export function OperatorDetails({ operator }: { operator: OperatorIdentity }) {
  const rows: { term: string; value: ReactNode }[] = [];
  if (operator.name) rows.push({ term: 'Operator', value: operator.name });
  if (operator.address) rows.push({ term: 'Address', value: operator.address });
  if (operator.representative) rows.push({ term: 'Represented by', value: operator.representative });
  if (operator.register) rows.push({ term: 'Register', value: operator.register });
  if (operator.vatId) rows.push({ term: 'VAT ID', value: operator.vatId });
  if (operator.email) rows.push({ term: 'E-mail', value: <MailLink email={operator.email} /> });
  if (operator.dpoEmail) rows.push({ term: 'Data protection officer', value: <MailLink email={operator.dpoEmail} /> });
  return (
    <TermList
      items={rows}
      className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]"
      pair="contents"
      term="font-semibold text-slate-900"
      value="text-slate-700"
    />
  );
}
