import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import type { SampleCompanyDto } from '../../../shared/contracts/assessment-api';
import { countryByName } from '../../../shared/countries';
import { countryName } from '../../lib/countries';
import { t } from '../../lib/i18n';
import { assessmentKeys, fetchSampleCompanies } from './assessment-api';

const FIRST = 6;

/** Chips of the bundled sample companies; choosing one fills the fiscal number and the country. */
export function SampleCompanies({ onPick, disabled }: { onPick: (sample: SampleCompanyDto) => void; disabled?: boolean }) {
  const samples = useQuery({ queryKey: assessmentKeys.samples, queryFn: fetchSampleCompanies, staleTime: Infinity, retry: false });
  const [all, setAll] = useState(false);
  if (!samples.data || samples.data.length === 0) return null;
  const shown = all ? samples.data : samples.data.slice(0, FIRST);
  return (
    <div className="flex flex-col gap-2">
      <p id="samples-label" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('assessment.samples.title')}
      </p>
      <ul aria-labelledby="samples-label" className="flex flex-wrap gap-2">
        {shown.map((s) => (
          <li key={`${s.country}-${s.fiscal_number}`}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(s)}
              title={`${s.name} (${s.fiscal_number}, ${countryName(s.country)})`}
              className="inline-flex max-w-64 items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <Building2 className="size-3.5 shrink-0 text-slate-400" aria-hidden />
              <span className="truncate">{s.name}</span>
              <span className="shrink-0 rounded bg-slate-100 px-1 text-[10px] font-semibold text-slate-600">
                {countryByName(s.country)?.iso2 ?? s.country}
              </span>
            </button>
          </li>
        ))}
        {samples.data.length > FIRST && (
          <li>
            <button
              type="button"
              onClick={() => setAll((v) => !v)}
              aria-expanded={all}
              className="rounded-full px-3 py-1.5 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {all ? t('assessment.samples.showFewer') : t('assessment.samples.showAll', { count: samples.data.length })}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}
