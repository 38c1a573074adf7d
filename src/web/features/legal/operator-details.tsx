import type { ReactNode } from 'react';
import type { OperatorIdentity } from '../../../shared/contracts/common';
import { T, t } from '../../lib/i18n';
import { MailLink } from './legal-document';
import { TermList } from '../../components/ui/term-list';

/** Production refuses to start without these three; a development server may lack them. */
export function operatorConfigured(operator: OperatorIdentity): boolean {
  return Boolean(operator.name && operator.address && operator.email);
}

/** Says plainly that this deployment does not name its operator, naming OPERATOR_NAME, OPERATOR_ADDRESS and OPERATOR_EMAIL (development servers only). */
export function OperatorNotConfigured() {
  return (
    <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <T id="legal.operator.notConfigured" components={{ 0: <strong /> }} />
    </p>
  );
}

/** The operator's identity as a definition list: only what is configured. */
export function OperatorDetails({ operator }: { operator: OperatorIdentity }) {
  const rows: { term: string; value: ReactNode }[] = [];
  if (operator.name) rows.push({ term: t('legal.operator.operator'), value: operator.name });
  if (operator.address) rows.push({ term: t('legal.operator.address'), value: operator.address });
  if (operator.representative) rows.push({ term: t('legal.operator.representative'), value: operator.representative });
  if (operator.register) rows.push({ term: t('legal.operator.register'), value: operator.register });
  if (operator.vatId) rows.push({ term: t('legal.operator.vatId'), value: operator.vatId });
  if (operator.email) rows.push({ term: t('legal.operator.email'), value: <MailLink email={operator.email} /> });
  if (operator.dpoEmail) rows.push({ term: t('legal.operator.dpo'), value: <MailLink email={operator.dpoEmail} /> });
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
