import { ArrowDown, ArrowLeftRight, ArrowUp, ArrowUpDown, FileText, RotateCcw, ShieldCheck, ShieldQuestionMark, ShieldX, X } from 'lucide-react';
import { Fragment, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PortfolioRow } from '../../../shared/contracts/portfolio';
import { GRADES, type Grade } from '../../../shared/scoring';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { HeaderCells } from '../../components/ui/header-cells';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, type SelectOption } from '../../components/ui/select';
import { TitleLink } from '../../components/ui/title-link';
import { countryChoices, countryName } from '../../lib/countries';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { riskLabel } from '../../entities/report/report-format';
import { reportHref } from '../../entities/report/reports-api';
import { GradeChip } from './grade-chip';
import {
  NO_FILTERS,
  filterOptions,
  filterRows,
  hasFilters,
  hasSanctionsHit,
  sortRows,
  type RowFilters,
  type RowSort,
  type SortKey,
} from './portfolio-rows';
import { screeningStatusLabel } from './screening-text';
import { useSideScroll } from './use-side-scroll';

export type StatusFilter = '' | 'done' | 'failed' | 'pending';

/** Each row status's badge: its label (a message id) and tone. */
const STATUS_BADGE: Record<PortfolioRow['status'], { label: string; tone: 'neutral' | 'brand' | 'success' | 'danger' }> = {
  queued: { label: 'portfolio.row.queued', tone: 'neutral' },
  running: { label: 'portfolio.row.running', tone: 'brand' },
  done: { label: 'portfolio.row.done', tone: 'success' },
  failed: { label: 'portfolio.row.failed', tone: 'danger' },
};

/** The table's columns; `label` is a message id. */
const COLUMNS: { key: SortKey; label: string; className?: string }[] = [
  // The site and its grade first: what a phone shows before the table scrolls sideways.
  { key: 'row', label: 'portfolio.results.column.row', className: 'w-16' },
  { key: 'company', label: 'portfolio.results.column.company' },
  { key: 'grade', label: 'portfolio.results.column.grade' },
  { key: 'score', label: 'portfolio.results.column.score' },
  { key: 'sanctions', label: 'portfolio.results.column.sanctions' },
  { key: 'hazard', label: 'portfolio.results.column.hazard' },
  { key: 'reference', label: 'portfolio.results.column.reference' },
  { key: 'country', label: 'portfolio.results.column.country' },
  { key: 'status', label: 'portfolio.results.column.status' },
];

/** A first click sorts scores and grades worst first (what an underwriter looks for), sanctions matches first, text A→Z. */
const FIRST_DIRECTION: Partial<Record<SortKey, RowSort['direction']>> = { score: 'asc', grade: 'desc', sanctions: 'asc' };

/**
 * The screening of the row's report: a red badge for a match, amber for a possible match (with
 * the open hits counted), a quiet word for clear, grey for not screened; a dash before a report.
 */
function SanctionsCell({ row }: { row: PortfolioRow }) {
  const status = row.screening_status;
  if (!status) return <span className="text-slate-600">—</span>;
  const label = screeningStatusLabel(status);
  if (status === 'clear') {
    return (
      <span className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-slate-600">
        <ShieldCheck className="size-3.5 text-green-700" aria-hidden />
        {label}
      </span>
    );
  }
  if (status === 'not_screened') return <Badge tone="neutral" className="whitespace-nowrap">{label}</Badge>;
  const hits = row.screening_hits ?? 0;
  const Icon = status === 'match' ? ShieldX : ShieldQuestionMark;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={status === 'match' ? 'danger' : 'warning'} className="whitespace-nowrap">
        <Icon className="size-3.5" aria-hidden />
        {label}
      </Badge>
      {hits > 0 && <span className="text-xs text-slate-600">{t('portfolio.results.openHits', { count: hits })}</span>}
    </span>
  );
}

function SortHeader({ column, sort, onSort }: { column: (typeof COLUMNS)[number]; sort: RowSort; onSort: (key: SortKey) => void }) {
  const active = sort.key === column.key;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('px-3 py-2', column.className)}
    >
      <button
        type="button"
        onClick={() => onSort(column.key)}
        className={cn(
          'inline-flex items-center gap-1 rounded px-1 py-0.5 text-xs font-semibold tracking-wide uppercase hover:text-brand-800',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
          active ? 'text-brand-900' : 'text-slate-600',
        )}
      >
        {t(column.label)}
        <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden />
        <span className="sr-only">
          {active
            ? sort.direction === 'asc'
              ? t('portfolio.results.sortedAscending')
              : t('portfolio.results.sortedDescending')
            : t('portfolio.results.sort')}
        </span>
      </button>
    </th>
  );
}

/** Hazard names: the value stays the report's English name, the label is the reader's. */
const asOptions = (values: readonly string[]): SelectOption[] => values.map((v) => ({ value: v, label: riskLabel(v) }));

/** One of the results' filter selects: its empty option ("All …") clears the filter. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: readonly SelectOption[];
}) {
  return (
    <div className="min-w-0">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        emptyOption={allLabel}
        emptyOptionSelectable
        options={options}
      />
    </div>
  );
}

export interface PortfolioResultsProps {
  /** The portfolio the rows belong to: each row's report links back to it. */
  portfolioId: string;
  rows: readonly PortfolioRow[];
  /** Rows whose retry is being sent. */
  retrying: ReadonlySet<string>;
  onRetry: (row: PortfolioRow) => void;
}

function matchesStatus(row: PortfolioRow, status: StatusFilter): boolean {
  if (!status) return true;
  if (status === 'pending') return row.status === 'queued' || row.status === 'running';
  return row.status === status;
}

/**
 * Every row: sortable and filterable by grade, score, country, worst hazard, status and text, and
 * narrowed to the sanctions hits with "Hits only"; failed rows say why, with Retry.
 */
export function PortfolioResults({ portfolioId, rows, retrying, onRetry }: PortfolioResultsProps) {
  const [filters, setFilters] = useState<RowFilters>(NO_FILTERS);
  const [status, setStatus] = useState<StatusFilter>('');
  const [hitsOnly, setHitsOnly] = useState(false);
  const [sort, setSort] = useState<RowSort>({ key: 'row', direction: 'asc' });
  const options = useMemo(() => filterOptions(rows), [rows]);
  const shown = useMemo(
    () => sortRows(filterRows(rows, filters).filter((r) => matchesStatus(r, status) && (!hitsOnly || hasSanctionsHit(r))), sort),
    [rows, filters, status, hitsOnly, sort],
  );
  const failed = rows.filter((r) => r.status === 'failed').length;
  const filtered = hasFilters(filters) || status !== '' || hitsOnly;
  const scroller = useRef<HTMLDivElement>(null);
  const side = useSideScroll(scroller);

  const handleSort = (key: SortKey) =>
    setSort((s) =>
      s.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: FIRST_DIRECTION[key] ?? 'asc' },
    );
  const set = <K extends keyof RowFilters>(key: K, value: RowFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <Card className="overflow-hidden">
      <section aria-labelledby="portfolio-results-heading">
        <div className="flex flex-col gap-4 border-b border-slate-100 p-5 sm:p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="portfolio-results-heading" className="text-lg font-semibold text-slate-900">
              {t('portfolio.results.title')}
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {filtered
                ? t('portfolio.results.shown', { shown: formatCount(shown.length), total: rows.length })
                : t('portfolio.results.count', { count: rows.length })}
            </p>
          </div>
          {failed > 0 && status !== 'failed' && (
            <p className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 ring-inset">
              {t('portfolio.results.failedNote', { count: failed })}
              <button
                type="button"
                className="font-semibold underline underline-offset-2 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-red-600"
                onClick={() => setStatus('failed')}
              >
                {t('portfolio.results.showFailed')}
              </button>
            </p>
          )}
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-7">
            <div className="col-span-2 md:col-span-3 xl:col-span-2">
              <Label htmlFor="results-search" className="text-xs">
                {t('portfolio.results.search')}
              </Label>
              <Input
                id="results-search"
                type="search"
                placeholder={t('portfolio.results.searchExample')}
                value={filters.search}
                onChange={(e) => set('search', e.target.value)}
              />
            </div>
            <FilterSelect
              id="results-grade"
              label={t('portfolio.results.column.grade')}
              value={filters.grade}
              onChange={(v) => set('grade', (GRADES as readonly string[]).includes(v) ? (v as Grade) : '')}
              allLabel={t('portfolio.results.allGrades')}
              options={GRADES.map((g) => ({ value: g, label: t('portfolio.results.gradeOption', { grade: g }) }))}
            />
            <FilterSelect
              id="results-country"
              label={t('portfolio.results.column.country')}
              allLabel={t('portfolio.results.allCountries')}
              value={filters.country}
              onChange={(v) => set('country', v)}
              options={countryChoices(options.countries)}
            />
            <FilterSelect
              id="results-hazard"
              label={t('portfolio.results.column.hazard')}
              allLabel={t('portfolio.results.allHazards')}
              value={filters.hazard}
              onChange={(v) => set('hazard', v)}
              options={asOptions(options.hazards)}
            />
            <FilterSelect
              id="results-status"
              label={t('portfolio.results.column.status')}
              value={status}
              onChange={(v) => setStatus(v as StatusFilter)}
              allLabel={t('portfolio.results.allStatuses')}
              options={[
                { value: 'done', label: t('portfolio.row.done') },
                { value: 'failed', label: t('portfolio.row.failed') },
                { value: 'pending', label: t('portfolio.results.pending') },
              ]}
            />
            <div className="min-w-0">
              {/* A caption over the box, as the selects have; the checkbox's own label names it. */}
              <p aria-hidden className="mb-1.5 text-xs font-medium text-slate-700">
                {t('portfolio.results.column.sanctions')}
              </p>
              <label
                htmlFor="results-hits-only"
                className={cn(
                  'flex h-11 cursor-pointer items-center gap-2.5 rounded-lg border bg-white px-3.5 text-sm shadow-sm transition-colors hover:border-slate-400',
                  'has-[:focus-visible]:border-brand-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/30',
                  hitsOnly ? 'border-amber-400 bg-amber-50 font-medium text-amber-950' : 'border-slate-300 text-slate-900',
                )}
              >
                <input
                  id="results-hits-only"
                  type="checkbox"
                  className="size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-700 focus:outline-none"
                  checked={hitsOnly}
                  onChange={(e) => setHitsOnly(e.target.checked)}
                />
                {t('portfolio.results.hitsOnly')}
              </label>
            </div>
          </div>
          {filtered && (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={() => {
                setFilters(NO_FILTERS);
                setStatus('');
                setHitsOnly(false);
              }}
            >
              <X className="size-4" aria-hidden />
              {t('portfolio.results.clearFilters')}
            </Button>
          )}
        </div>

        {shown.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-600 sm:px-6">
            {hitsOnly && !rows.some(hasSanctionsHit)
              ? t('portfolio.results.noHits')
              : t('portfolio.results.noMatch')}
          </p>
        ) : (
          <div>
            {side.overflows && (
              <p id="sites-scroll-hint" className="flex items-center gap-1.5 px-5 pt-3 pb-2 text-xs text-slate-600 sm:px-6">
                <ArrowLeftRight className="size-3.5 shrink-0" aria-hidden />
                {t('portfolio.results.scrollHint')}
              </p>
            )}
            <div className="relative">
              {/* A fade at each edge where more columns wait. */}
              {side.more && (
                <div aria-hidden className="pointer-events-none absolute inset-y-0 right-0 z-10 w-8 bg-gradient-to-l from-slate-900/15 to-transparent" />
              )}
              {side.less && (
                <div aria-hidden className="pointer-events-none absolute inset-y-0 left-0 z-10 w-8 bg-gradient-to-r from-slate-900/15 to-transparent" />
              )}
              {/* relative: the sr-only texts inside are positioned against the scroller, not the page (which would scroll sideways).
                  Focusable, so a keyboard scrolls it too. */}
              <div
                ref={scroller}
                role="region"
                aria-label={t('portfolio.results.tableLabel')}
                aria-describedby={side.overflows ? 'sites-scroll-hint' : undefined}
                tabIndex={0}
                data-overflows={side.overflows || undefined}
                className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
              >
                <table className="w-full min-w-[64rem] text-left text-sm">
                  <caption className="sr-only">{t('portfolio.results.caption')}</caption>
                  <thead className="bg-slate-50">
                    <tr>
                      {COLUMNS.map((c) => (
                        <SortHeader key={c.key} column={c} sort={sort} onSort={handleSort} />
                      ))}
                      <HeaderCells names={[{ name: t('portfolio.results.actions'), srOnly: true }]} className="px-3 py-2" />
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {shown.map((r) => {
                      const badge = STATUS_BADGE[r.status];
                      const title = r.company_name ?? r.fiscal_number;
                      const failed = r.status === 'failed';
                      return (
                        <Fragment key={r.id}>
                          <tr className={cn('align-top', failed && 'bg-red-50/60')}>
                            <td className="px-3 py-3 text-slate-500 tabular-nums">{r.row}</td>
                            <td className="max-w-[18rem] min-w-[11rem] px-3 py-3">
                              {r.report_id ? (
                                <TitleLink to={reportHref(r.report_id, portfolioId)}>
                                  {title}
                                </TitleLink>
                              ) : (
                                <span className="font-medium text-slate-900">{title}</span>
                              )}
                              <p className="text-xs text-slate-500">
                                {r.company_name && <span className="font-mono">{r.fiscal_number}</span>}
                                {r.company_name && r.site_address ? ' · ' : ''}
                                {r.site_address}
                              </p>
                            </td>
                            <td className="px-3 py-3">{r.overallScoreGrade ? <GradeChip grade={r.overallScoreGrade} /> : <span className="text-slate-600">—</span>}</td>
                            <td className="px-3 py-3 font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                              {r.overallScore !== undefined ? `${r.overallScore}/100` : <span className="font-normal text-slate-600">—</span>}
                            </td>
                            <td className="px-3 py-3">
                              <SanctionsCell row={r} />
                            </td>
                            <td className="px-3 py-3 text-slate-700">{r.worst_hazard ? riskLabel(r.worst_hazard) : <span className="text-slate-600">—</span>}</td>
                            <td className="max-w-[10rem] px-3 py-3 break-words text-slate-800">{r.reference || <span className="text-slate-600">—</span>}</td>
                            <td className="px-3 py-3 text-slate-700">{countryName(r.country)}</td>
                            <td className="px-3 py-3">
                              <Badge tone={badge.tone}>{t(badge.label)}</Badge>
                            </td>
                            <td className="px-3 py-3 text-right whitespace-nowrap">
                              {r.report_id && (
                                <Link
                                  to={reportHref(r.report_id, portfolioId)}
                                  aria-label={
                                    r.reference
                                      ? t('portfolio.results.openReportWithReference', { title, reference: r.reference })
                                      : t('portfolio.results.openReport', { title })
                                  }
                                  className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-xs font-semibold text-slate-800 shadow-sm hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                                >
                                  <FileText className="size-3.5" aria-hidden />
                                  {t('portfolio.results.report')}
                                </Link>
                              )}
                            </td>
                          </tr>
                          {failed && (
                            // The reason and Retry on a line of their own, at the left: seen on a phone without scrolling sideways.
                            <tr className="bg-red-50/60" data-failed-reason={r.id}>
                              <td />
                              <td colSpan={COLUMNS.length} className="px-3 pb-3">
                                {/* Sticky and no wider than a phone's view of the table: readable without scrolling sideways. */}
                                <div className="sticky left-3 flex max-w-[calc(100vw-8rem)] flex-wrap items-center gap-3">
                                  <p className="text-sm font-medium text-red-800">{r.error ?? t('portfolio.results.failedReason')}</p>
                                  {/* A row refused at creation has wrong data: running it again cannot help. */}
                                  {r.retryable !== false && (
                                    <Button
                                      variant="outline"
                                      size="sm"
                                      className="h-8 px-2.5 text-xs"
                                      loading={retrying.has(r.id)}
                                      onClick={() => onRetry(r)}
                                      aria-label={t('portfolio.results.retryRow', { row: r.row, title })}
                                    >
                                      <RotateCcw className="size-3.5" aria-hidden />
                                      {t('portfolio.results.retry')}
                                    </Button>
                                  )}
                                </div>
                              </td>
                            </tr>
                          )}
                        </Fragment>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </div>
          </div>
        )}
      </section>
    </Card>
  );
}
