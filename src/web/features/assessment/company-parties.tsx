import { useId, useState } from 'react';
import type { CompanyData, CompanyParty } from '../../../shared/contracts/assessment';
import { companyParties } from '../../entities/report/report-format';
import { t } from '../../lib/i18n';

/** How many officers or owners show before 'Show all': a register may name hundreds of shareholders. */
export const PARTIES_SHOWN = 5;

/** Each group's words: its label, and the button that shows all of it. */
const GROUPS: Record<'Officers' | 'Owners', { label: string; showAll: string }> = {
  Officers: { label: 'assessment.parties.officers', showAll: 'assessment.parties.showAllOfficers' },
  Owners: { label: 'assessment.parties.owners', showAll: 'assessment.parties.showAllOwners' },
};

/**
 * The officers and owners the register names, as rows of the company's fact list (screened
 * against the sanctions lists with the company); nothing when it names none.
 */
export function CompanyParties({ company }: { company: CompanyData }) {
  const groups = companyParties(company);
  if (groups.length === 0) return null;
  return (
    <dl className="divide-y divide-slate-100 border-t border-slate-100 text-sm">
      {groups.map((g) => (
        <PartyRow key={g.label} group={g.label} parties={g.parties} />
      ))}
    </dl>
  );
}

function PartyRow({ group, parties }: { group: keyof typeof GROUPS; parties: CompanyParty[] }) {
  const label = t(GROUPS[group].label);
  const [all, setAll] = useState(false);
  const listId = useId();
  const shown = all ? parties : parties.slice(0, PARTIES_SHOWN);
  const hidden = parties.length - PARTIES_SHOWN;
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-3 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0">
        <ul id={listId} aria-label={label} className="space-y-1">
          {shown.map((p, i) => (
            <li key={i} className="break-words text-slate-900">
              {p.name}
              {p.role?.trim() && <span className="text-slate-500"> · {p.role.trim()}</span>}
            </li>
          ))}
        </ul>
        {hidden > 0 && (
          <button
            type="button"
            aria-expanded={all}
            aria-controls={listId}
            onClick={() => setAll((v) => !v)}
            className="mt-1.5 text-sm font-medium text-brand-700 underline hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {all ? t('assessment.parties.showFewer') : t(GROUPS[group].showAll, { count: parties.length })}
          </button>
        )}
      </dd>
    </div>
  );
}
