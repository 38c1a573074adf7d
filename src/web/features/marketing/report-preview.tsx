import { FileDown, MapPin } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { t, T } from '../../lib/i18n';

/** The sample company, a name as its register writes it. */
const SAMPLE_COMPANY = 'Atlântico Logística, S.A.';

// Risk names are message ids.
const LOCATION_RISKS = [
  { name: 'home.preview.flood', score: 72 },
  { name: 'home.preview.earthquake', score: 58 },
  { name: 'home.preview.wildfire', score: 91 },
  { name: 'home.preview.windstorm', score: 84 },
] as const;

const INDUSTRY_RISKS = [
  { name: 'home.preview.supplyChain', score: 66 },
  { name: 'home.preview.cyber', score: 79 },
  { name: 'home.preview.propertyFire', score: 88 },
] as const;

function barColour(score: number): string {
  if (score >= 80) return 'bg-accent-500';
  if (score >= 70) return 'bg-lime-500';
  if (score >= 60) return 'bg-amber-400';
  return 'bg-orange-500';
}

function RiskBar({ name, score }: { name: string; score: number }) {
  return (
    <li className="grid grid-cols-[6.5rem_1fr_2rem] items-center gap-3 text-xs">
      <span className="truncate text-slate-600">{t(name)}</span>
      <span className="h-1.5 overflow-hidden rounded-full bg-slate-100">
        <span className={cn('block h-full rounded-full', barColour(score))} style={{ width: `${score}%` }} />
      </span>
      <span className="text-right font-semibold text-slate-800 tabular-nums">{score}</span>
    </li>
  );
}

function RiskList({ title, risks }: { title: string; risks: readonly { name: string; score: number }[] }) {
  return (
    <div>
      <p className="mb-2 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <ul className="space-y-2">
        {risks.map((r) => (
          <RiskBar key={r.name} {...r} />
        ))}
      </ul>
    </div>
  );
}

/**
 * A stylised, clearly labelled sample of the report the product produces; decorative for screen
 * readers (the hero text says the same in words).
 */
export function ReportPreview({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('relative', className)}>
      <div className="absolute -inset-4 rounded-[2rem] bg-gradient-to-tr from-accent-500/20 via-brand-400/10 to-transparent blur-2xl" />
      <div className="relative rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-900/10 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-[11px] font-semibold tracking-wide text-brand-600 uppercase">{t('home.preview.label')}</p>
            <p className="mt-1 truncate text-base font-semibold text-slate-900">{SAMPLE_COMPANY}</p>
            <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
              <MapPin className="size-3.5 shrink-0" /> {t('home.preview.site')}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-center rounded-xl bg-lime-50 px-3 py-2 ring-1 ring-lime-200">
            <span className="text-2xl leading-none font-bold text-lime-700">B</span>
            <span className="mt-1 text-[10px] font-semibold text-lime-800">82 / 100</span>
          </div>
        </div>

        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          <RiskList title={t('home.preview.locationRisks')} risks={LOCATION_RISKS} />
          <RiskList title={t('home.preview.industryRisks')} risks={INDUSTRY_RISKS} />
        </div>

        <div className="mt-5 rounded-xl bg-brand-50 p-3 text-xs leading-relaxed text-brand-900">
          <T id="home.preview.takeaway" components={{ 0: <span className="font-semibold" /> }} />
        </div>

        <div className="mt-4 flex items-center justify-between border-t border-slate-100 pt-4">
          <span className="text-[11px] text-slate-500">{t('home.preview.generated')}</span>
          <span className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-2.5 py-1.5 text-[11px] font-semibold text-white">
            <FileDown className="size-3.5" /> PDF
          </span>
        </div>
      </div>
    </div>
  );
}
