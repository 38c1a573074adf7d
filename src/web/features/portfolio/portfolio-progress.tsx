import { CheckCircle2, Clock, ShieldCheck, ShieldQuestionMark, ShieldX, Timer, XCircle } from 'lucide-react';
import type { PortfolioDetail } from '../../../shared/contracts/portfolio';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { ProgressBar } from '../../components/ui/progress-bar';
import { formatCount, formatDateTime } from '../../lib/format';
import { T, t } from '../../lib/i18n';
import { portfolioPercent } from '../../entities/portfolio/portfolios-api';
import { formatEta, sanctionsCounts } from './portfolio-rows';
import { sanctionsSummary } from './screening-text';

/** What the progress bar says, for screen readers too: '12 of 20 sites settled: 10 assessed, 2 failed'. */
export function progressText(p: Pick<PortfolioDetail, 'total' | 'done' | 'failed'>): string {
  return t('portfolio.progress.text', { settled: formatCount(p.done + p.failed), total: p.total, done: formatCount(p.done), failed: formatCount(p.failed) });
}

/**
 * How many of the portfolio's companies are sanctions matches or possible matches (red or amber),
 * or that none is (quiet); nothing before the first report.
 */
function SanctionsSummary({ portfolio }: { portfolio: PortfolioDetail }) {
  const counts = sanctionsCounts(portfolio.rows);
  const text = sanctionsSummary(counts);
  if (!text) return null;
  const tone = counts.match
    ? { box: 'bg-red-50 text-red-900 ring-red-200', Icon: ShieldX }
    : counts.possible_match
      ? { box: 'bg-amber-50 text-amber-950 ring-amber-200', Icon: ShieldQuestionMark }
      : { box: 'bg-slate-50 text-slate-700 ring-slate-200', Icon: ShieldCheck };
  return (
    <p className={cn('mt-3 flex items-start gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-inset', tone.box)}>
      <tone.Icon className={cn('mt-0.5 size-4 shrink-0', !counts.match && !counts.possible_match && 'text-green-700')} aria-hidden />
      <span>
        <T id="portfolio.progress.sanctions" values={{ text }} components={{ 0: <span className="font-semibold" /> }} />
      </span>
    </p>
  );
}

/** The run's state: a progress bar with rows done/failed/left and the time left while it runs; the finish time after; the companies' sanctions screening. */
export function PortfolioProgress({ portfolio }: { portfolio: PortfolioDetail }) {
  const percent = portfolioPercent(portfolio);
  const finished = portfolio.status === 'done';
  const left = Math.max(0, portfolio.total - portfolio.done - portfolio.failed);
  let eta: string;
  if (finished) eta = portfolio.finished_at ? t('portfolio.progress.finishedAt', { date: formatDateTime(portfolio.finished_at) }) : t('portfolio.progress.finished');
  else if (portfolio.status === 'queued') eta = t('portfolio.progress.waiting');
  else if (portfolio.eta_seconds === null) eta = t('portfolio.progress.estimating');
  else eta = t('portfolio.progress.eta', { time: formatEta(portfolio.eta_seconds) });

  const stats = [
    { label: t('portfolio.progress.assessed'), value: portfolio.done, icon: CheckCircle2, tone: 'text-green-700' },
    { label: t('portfolio.progress.failed'), value: portfolio.failed, icon: XCircle, tone: portfolio.failed ? 'text-red-700' : 'text-slate-500' },
    { label: t('portfolio.progress.left'), value: left, icon: Timer, tone: 'text-brand-700' },
  ];

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="portfolio-progress-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="portfolio-progress-heading" className="text-sm font-semibold text-slate-900">
            {finished
              ? t('portfolio.progress.headingFinished')
              : portfolio.status === 'queued'
                ? t('portfolio.progress.headingQueued')
                : t('portfolio.progress.headingRunning')}
          </h2>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <Clock className="size-4" aria-hidden />
            {eta}
          </p>
        </div>
        <ProgressBar
          label={t('portfolio.progress.label')}
          percent={percent}
          valueText={t('portfolio.progress.valueText', { percent, text: progressText(portfolio) })}
          done={finished}
        />
        <p className="sr-only" aria-live="polite">
          {/* In steps of 10%: a reader is not interrupted at every poll. */}
          {finished
            ? t('portfolio.progress.finishedLive', { text: progressText(portfolio) })
            : t('portfolio.progress.settledLive', { percent: Math.floor(percent / 10) * 10 })}
        </p>
        <dl className="mt-4 grid grid-cols-3 gap-3">
          {stats.map(({ label, value, icon: Icon, tone }) => (
            <div key={label} className="rounded-xl bg-slate-50 px-3 py-2.5">
              <dt className={cn('flex items-center gap-1.5 text-xs font-semibold tracking-wide uppercase', tone)}>
                <Icon className="size-4" aria-hidden />
                {label}
              </dt>
              <dd className="mt-0.5 text-xl font-bold text-slate-900 tabular-nums">{formatCount(value)}</dd>
            </div>
          ))}
        </dl>
        <SanctionsSummary portfolio={portfolio} />
        <p className="mt-3 text-xs text-slate-500">
          {finished
            ? t('portfolio.progress.summary', { total: portfolio.total, percent })
            : t('portfolio.progress.background')}
        </p>
      </section>
    </Card>
  );
}
