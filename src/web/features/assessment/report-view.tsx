import { AlertTriangle, Building2, Database, Factory, FileDown, Lightbulb, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import type { CompanyData, DataSource, ReportSite, RiskAssessmentResult, RiskEvidence } from '../../../shared/contracts/assessment';
import { notScreened, type ReportScreening } from '../../../shared/contracts/screening';
import type { Grade } from '../../../shared/scoring';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { FilledBar } from '../../components/ui/progress-bar';
import { TermList } from '../../components/ui/term-list';
import { countryName } from '../../lib/countries';
import { getPublicConfig } from '../../lib/public-config';
import { localised, t } from '../../lib/i18n';
import {
  GRADE_CLASSES,
  companyFacts,
  dataSources,
  gradeLabel,
  levelText,
  reportDate,
  riskLabel,
  riskSections,
  sampleNotice,
  siteFacts,
  versionsLine,
  statusWarning,
  type RiskRow,
  type RiskSectionModel,
} from '../../entities/report/report-format';
import { frameOfMap } from './assessment-api';
import { CompanyParties } from './company-parties';
import { ScreeningPanel } from './screening-panel';
import type { LatLon } from './map-frame';
import { SitePinMap } from './site-pin-map';

export interface ReportViewProps {
  company: CompanyData;
  result: RiskAssessmentResult;
  map: Blob | null;
  /** The assessed site, beside the registered office; absent on reports stored before sites existed. */
  site?: ReportSite;
  /** The sanctions screening; absent, the report reads as never screened. */
  screening?: ReportScreening;
  /** The stored report's id: its screening's hits can be decided on the screen. */
  reportId?: string | undefined;
  /** Re-assess at a pin the user placed; without it the map has no movable pin. */
  onPlacePin?: (pin: LatLon) => void;
  /** A re-assessment at the pin is under way. */
  placing?: boolean;
}

/** An object URL for the map while the report is shown; revoked when the report (or its map) goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export function GradeBadge({ grade, size = 'md', className }: { grade: Grade; size?: 'sm' | 'md' | 'xl'; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-bold',
        GRADE_CLASSES[grade].badge,
        size === 'sm' && 'h-6 min-w-6 rounded-md px-1.5 text-xs',
        size === 'md' && 'h-8 min-w-8 rounded-lg px-2 text-sm',
        size === 'xl' && 'size-20 rounded-2xl text-5xl shadow-sm sm:size-24',
        className,
      )}
      aria-label={t('assessment.report.gradeBadge', { grade })}
    >
      {grade}
    </span>
  );
}

function ScoreBar({ score, grade, label, className }: { score: number; grade: Grade; label: string; className?: string }) {
  const box = cn('h-2 overflow-hidden rounded-full bg-slate-200/70', className);
  // A sliver of colour even at 0, so the grade's hue shows.
  return <FilledBar role="meter" label={label} value={score} width={Math.max(2, score)} className={box} fillClassName={GRADE_CLASSES[grade].bar} />;
}

function FactList({ facts }: { facts: { label: string; value: string }[] }) {
  return (
    <TermList
      items={facts.map((fact) => ({ term: fact.label, value: fact.value }))}
      className="mt-4 divide-y divide-slate-100 text-sm"
      pair="grid grid-cols-[8.5rem_1fr] gap-3 py-2 sm:grid-cols-[10rem_1fr]"
      term="font-medium text-slate-500"
      value="break-words text-slate-900"
    />
  );
}

/** A titled card of facts: the assessed site and the registered company use the same one. */
function FactBlock({
  id,
  icon,
  title,
  facts,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  facts: { label: string; value: string }[];
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h3 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        {icon} {title}
      </h3>
      <FactList facts={facts} />
      {children}
    </section>
  );
}

/** The assessed site, shown beside the registered office (never instead of it). */
function SiteBlock({ site }: { site: ReportSite }) {
  return <FactBlock id="site-heading" icon={<MapPin className="size-4 text-brand-600" aria-hidden />} title={t('assessment.report.siteTitle')} facts={siteFacts(site)} />;
}

function CompanyBlock({ company }: { company: CompanyData }) {
  return (
    <FactBlock id="company-heading" icon={<Building2 className="size-4 text-brand-600" aria-hidden />} title={t('assessment.report.companyTitle')} facts={companyFacts(company)}>
      <CompanyParties company={company} />
    </FactBlock>
  );
}

/** The register says the company is dissolved, insolvent or in liquidation. */
function StatusWarning({ company }: { company: CompanyData }) {
  const warning = statusWarning(company);
  if (!warning) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-900 ring-1 ring-red-200 ring-inset">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      {warning}
    </p>
  );
}

function MapBlock({
  company,
  url,
  map,
  onPlacePin,
  placing,
}: {
  company: CompanyData;
  url: string | null;
  map: Blob | null;
  onPlacePin?: ((pin: LatLon) => void) | undefined;
  placing?: boolean | undefined;
}) {
  const frame = frameOfMap(map);
  const alt = t('assessment.report.mapAlt', { name: company.name });
  return (
    <section aria-labelledby="map-heading" className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h3 id="map-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MapPin className="size-4 text-brand-600" aria-hidden /> {t('assessment.report.mapTitle')}
      </h3>
      <div className="mt-4 flex flex-1 items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
        {url && frame && onPlacePin ? (
          <SitePinMap
            url={url}
            alt={alt}
            frame={frame}
            site={{ latitude: company.latitude, longitude: company.longitude }}
            onPlace={onPlacePin}
            busy={placing ?? false}
          />
        ) : url ? (
          <img src={url} alt={alt} className="h-auto w-full" width={640} height={400} />
        ) : (
          <p className="p-8 text-sm text-slate-500">{t('assessment.report.mapMissing')}</p>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {company.city
          ? t('assessment.report.siteAtCity', { latitude: company.latitude.toFixed(5), longitude: company.longitude.toFixed(5), city: company.city, country: countryName(company.country) })
          : t('assessment.report.siteAt', { latitude: company.latitude.toFixed(5), longitude: company.longitude.toFixed(5), country: countryName(company.country) })}
      </p>
    </section>
  );
}

function ScorePanel({ result }: { result: RiskAssessmentResult }) {
  const grade = result.overallScoreGrade;
  const averages = [
    { label: t('assessment.report.locationAverage'), score: result.avgLocationRisk, grade: result.avgLocationRiskGrade },
    { label: t('assessment.report.industryAverage'), score: result.avgIndustryRisk, grade: result.avgIndustryRiskGrade },
  ];
  return (
    <section
      aria-labelledby="overall-heading"
      className={cn('rounded-2xl p-5 ring-1 ring-inset sm:p-6', GRADE_CLASSES[grade].panel, GRADE_CLASSES[grade].ring)}
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr] lg:items-center">
        <div className="flex items-center gap-5">
          <GradeBadge grade={grade} size="xl" />
          <div>
            <h3 id="overall-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {t('assessment.report.overallTitle')}
            </h3>
            <p className="mt-1 flex items-baseline gap-1.5">
              <span className={cn('text-4xl font-bold tabular-nums', GRADE_CLASSES[grade].text)}>{result.overallScore}</span>
              <span className="text-base text-slate-500">/ 100</span>
            </p>
            <p className="mt-1 font-semibold text-slate-900">{gradeLabel(grade)}</p>
            <p className="mt-1 text-xs text-slate-500">{t('assessment.report.higherIsBetter')}</p>
          </div>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          {averages.map((a) => (
            <div key={a.label} className="rounded-xl bg-white/80 p-4 ring-1 ring-slate-200">
              <dt className="text-xs font-medium text-slate-500">{a.label}</dt>
              <dd className="mt-1 flex items-center justify-between gap-2">
                <span className="text-2xl font-bold text-slate-900 tabular-nums">
                  {a.score}
                  <span className="ml-1 text-sm font-normal text-slate-500">/ 100</span>
                </span>
                <GradeBadge grade={a.grade} size="sm" />
              </dd>
              <ScoreBar score={a.score} grade={a.grade} label={a.label} className="mt-3" />
              <p className="mt-2 text-xs text-slate-600">{gradeLabel(a.grade)}</p>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function RiskItem({ row }: { row: RiskRow }) {
  const id = `risk-${row.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
  return (
    <li aria-labelledby={id} className="flex flex-col gap-3 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h4 id={id} className="min-w-0 font-semibold text-slate-900">
          {riskLabel(row.name)}
        </h4>
        <div className="flex items-center gap-2">
          <span className={cn('text-lg font-bold tabular-nums', GRADE_CLASSES[row.grade].text)}>{row.score}</span>
          <span className="text-xs text-slate-400">/ 100</span>
          <GradeBadge grade={row.grade} size="sm" />
        </div>
      </div>
      <ScoreBar score={row.score} grade={row.grade} label={t('assessment.report.riskScore', { name: riskLabel(row.name) })} />
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-slate-500">{t('assessment.report.likelihood')}</dt>
          <dd className="font-medium text-slate-800">{levelText(row.rawLikelihood)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">{t('assessment.report.impact')}</dt>
          <dd className="font-medium text-slate-800">{levelText(row.impact)}</dd>
        </div>
      </dl>
      {row.reasons.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600 marker:text-slate-400" aria-label={t('assessment.report.reasonsFor', { name: riskLabel(row.name) })}>
          {row.reasons.map((reason, i) => (
            <li key={i}>{reason}</li>
          ))}
        </ul>
      )}
      {row.evidence.length > 0 && <EvidenceList name={riskLabel(row.name)} evidence={row.evidence} />}
    </li>
  );
}

/** The measured facts behind a rating, each led by its dataset as a label. */
function EvidenceList({ name, evidence }: { name: string; evidence: RiskEvidence[] }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 ring-inset">
      <p aria-hidden className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('assessment.report.evidence')}
      </p>
      <ul className="mt-1.5 space-y-1.5 text-sm leading-relaxed text-slate-700" aria-label={t('assessment.report.evidenceFor', { name })}>
        {evidence.map((e, i) => (
          <li key={i} className="break-words">
            <span className="mr-1.5 inline-block rounded bg-white px-1.5 text-xs leading-5 font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
              {e.dataset}
            </span>
            <span className="sr-only">: </span>
            {e.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The datasets the ratings rest on (newer reports only), with a link to how they are used. */
function DataSourcesBlock({ sources }: { sources: DataSource[] }) {
  return (
    <section aria-labelledby="sources-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id="sources-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Database className="size-4 text-brand-600" aria-hidden /> {t('assessment.report.sourcesTitle')}
        </h3>
        <Link to={localised('/methodology')} className="text-sm font-medium text-brand-700 underline hover:text-brand-900">
          {t('assessment.report.howRated')}
        </Link>
      </div>
      <ul className="mt-4 divide-y divide-slate-100 text-sm">
        {sources.map((s) => (
          <li key={s.name} className="py-2.5 first:pt-0 last:pb-0">
            <p className="font-medium break-words text-slate-900">
              {s.name} <span className="font-normal text-slate-500">· {s.version}</span>
            </p>
            <p className="mt-0.5 text-slate-600">{s.used_for}</p>
            <p className="mt-0.5 text-xs text-slate-500">
              {s.licence} ·{' '}
              {/^https?:\/\//i.test(s.url) ? (
                <a href={s.url} className="break-all text-brand-700 underline hover:text-brand-900" rel="noopener noreferrer" target="_blank">
                  {s.url}
                </a>
              ) : (
                <span className="break-all">{s.url}</span>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const RISK_ICONS = { location: MapPin, industry: Factory } as const;

function RiskSection({ section }: { section: RiskSectionModel }) {
  const { kind, title, rows, average, averageGrade, averageLabel } = section;
  const id = `${kind}-risks-heading`;
  const Icon = RISK_ICONS[kind];
  return (
    <section aria-labelledby={id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <div className="flex flex-col gap-3 border-b border-slate-200 bg-slate-50 p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <Icon className="size-4 text-brand-600" aria-hidden /> {title}
          </h3>
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {t('assessment.report.labelColon', { label: averageLabel })}
            <span className={cn('font-bold tabular-nums', GRADE_CLASSES[averageGrade].text)}>{average} / 100</span>
            <GradeBadge grade={averageGrade} size="sm" />
          </p>
        </div>
        <ScoreBar score={average} grade={averageGrade} label={averageLabel} className="h-2.5" />
      </div>
      {rows.length === 0 ? (
        <p className="p-5 text-sm text-slate-500">{t('assessment.report.noRisks')}</p>
      ) : (
        <ul className="grid gap-px bg-slate-200/70 lg:grid-cols-2 lg:[&>li:last-child:nth-child(odd)]:col-span-2">
          {rows.map((row) => (
            <RiskItem key={row.name} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DownloadButton({ company, result, map, site, screening, variant = 'primary' }: ReportViewProps & { variant?: 'primary' | 'accent' }) {
  const [busy, setBusy] = useState(false);
  const handleDownload = async () => {
    setBusy(true);
    try {
      const { downloadReportPdf } = await import('../../entities/report/report-pdf');
      const { productName, appUrl } = getPublicConfig();
      await downloadReportPdf({
        company,
        result,
        map,
        ...(site ? { site } : {}),
        ...(screening ? { screening } : {}),
        productName,
        methodologyUrl: `${appUrl}/methodology`,
      });
    } catch {
      toast.error(t('assessment.report.pdfFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} onClick={() => void handleDownload()} loading={busy} loadingText={t('assessment.report.preparingPdf')}>
      <FileDown className="size-4" aria-hidden />
      {t('assessment.report.download')}
    </Button>
  );
}

/** The report of a finished (or reopened) assessment. */
export function ReportView({ company, result, map, site, screening = notScreened, reportId, onPlacePin, placing }: ReportViewProps) {
  const mapUrl = useObjectUrl(map);
  const pdf = { company, result, map, screening, ...(site ? { site } : {}) };
  const takeaways = result.key_takeaways_for_insurers;
  const sources = dataSources(result);
  return (
    <article aria-labelledby="report-heading" className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 rounded-2xl bg-brand-900 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="min-w-0">
          <h2 id="report-heading" tabIndex={-1} className="text-xl font-bold tracking-tight outline-none sm:text-2xl">
            {t('assessment.report.title')}
          </h2>
          <p className="mt-1 truncate text-brand-100">{company.name}</p>
          <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-brand-200">
            <div className="flex min-w-0 gap-1.5">
              <dt className="shrink-0">{t('assessment.report.reportId')}</dt>
              <dd className="min-w-0 font-mono break-all text-white">{result.id}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt>{t('assessment.report.date')}</dt>
              <dd className="text-white">{reportDate(result)}</dd>
            </div>
          </dl>
        </div>
        <DownloadButton {...pdf} variant="accent" />
      </header>

      {/* Whether cover may be given at all comes before any grade. */}
      <ScreeningPanel screening={screening} reportId={reportId} />

      {company.sample && (
        <p role="note" className="flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {sampleNotice()}
        </p>
      )}

      <StatusWarning company={company} />

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <CompanyBlock company={company} />
          {site && <SiteBlock site={site} />}
        </div>
        <MapBlock company={company} url={mapUrl} map={map} onPlacePin={onPlacePin} placing={placing} />
      </div>

      <ScorePanel result={result} />

      {riskSections(result).map((section) => (
        <RiskSection key={section.kind} section={section} />
      ))}

      <section aria-labelledby="takeaways-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
        <h3 id="takeaways-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Lightbulb className="size-4 text-brand-600" aria-hidden /> {t('assessment.report.takeawaysTitle')}
        </h3>
        {takeaways.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">{t('assessment.report.noTakeaways')}</p>
        ) : (
          <ol className="mt-4 flex flex-col gap-3">
            {takeaways.map((takeaway, i) => (
              <li key={i} className="flex gap-3 text-sm text-slate-800">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white" aria-hidden>
                  {i + 1}
                </span>
                <span className="pt-0.5">{takeaway}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {sources.length > 0 && <DataSourcesBlock sources={sources} />}

      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Small print: which engine and data made this report (older reports did not record it). */}
        <p className="text-xs break-all text-slate-500">{versionsLine(result, ' · ') ?? ''}</p>
        <DownloadButton {...pdf} />
      </div>
    </article>
  );
}
