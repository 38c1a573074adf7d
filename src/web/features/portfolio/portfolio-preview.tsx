import { AlertTriangle, CheckCircle2, Coins, type LucideIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { PortfolioPreview } from '../../../shared/contracts/portfolio';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ColumnTable } from '../../components/ui/header-cells';
import { cn } from '../../components/ui/cn';
import { IconLines } from '../../components/ui/icon-list';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LinkButton } from '../../components/ui/link-button';
import { countryName } from '../../lib/countries';
import { formatCount } from '../../lib/format';
import { localised, T, t } from '../../lib/i18n';

/** A tile's tint: its background and ring, then its label's ink. */
type Tint = readonly [box: string, ink: string];
const GREEN: Tint = ['bg-green-50 ring-green-200', 'text-green-800'];
const RED: Tint = ['bg-red-50 ring-red-200', 'text-red-800'];
const SLATE: Tint = ['bg-slate-50 ring-slate-200', 'text-slate-600'];
const AMBER: Tint = ['bg-amber-50 ring-amber-300', 'text-amber-900'];
const BRAND: Tint = ['bg-brand-50 ring-brand-200', 'text-brand-800'];

/** One figure of the check: a tinted tile with its icon and label (the dt) over the figure (the dd, its children). */
function Tile(props: { tint: Tint; icon: LucideIcon; label: string; className?: string; children: ReactNode }) {
  const [box, ink] = props.tint;
  return (
    <div className={cn('rounded-xl px-4 py-3 ring-1 ring-inset', box, props.className)}>
      <dt className={cn('flex items-center gap-1.5 text-xs font-semibold tracking-wide uppercase', ink)}>
        <props.icon className="size-4" aria-hidden />
        {props.label}
      </dt>
      {props.children}
    </div>
  );
}

export interface PortfolioPreviewPanelProps {
  preview: PortfolioPreview;
  initialName: string;
  confirming: boolean;
  onConfirm: (name: string) => void;
  onCancel: () => void;
}

/** The checked rows before anything is spent: every row with its problems, the cost against the balance, Confirm or Cancel. */
export function PortfolioPreviewPanel({ preview, initialName, confirming, onConfirm, onCancel }: PortfolioPreviewPanelProps) {
  const [name, setName] = useState(initialName);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const headingId = useId();
  const { valid, invalid, cost, credits } = preview;
  const short = cost > credits;
  // Rows with problems first: in a long file they would otherwise hide below the fold of the table.
  const rows = [...preview.rows]
    .filter((r) => !onlyProblems || r.problems.length > 0)
    .sort((a, b) => Number(b.problems.length > 0) - Number(a.problems.length > 0) || a.row - b.row);

  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!confirming && valid > 0) onConfirm(name.trim());
  };

  return (
    <Card className="overflow-hidden">
      <section aria-labelledby={headingId}>
        <div className="flex flex-col gap-4 border-b border-slate-100 p-5 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id={headingId} className="text-lg font-semibold text-slate-900">
                {t('portfolio.preview.title')}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {t('portfolio.preview.intro', { count: preview.rows.length })}
              </p>
            </div>
          </div>

          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Tile tint={GREEN} icon={CheckCircle2} label={t('portfolio.preview.valid')}>
              <dd className="mt-1 text-2xl font-bold text-green-900 tabular-nums">{formatCount(valid)}</dd>
            </Tile>
            <Tile tint={invalid ? RED : SLATE} icon={AlertTriangle} label={t('portfolio.preview.invalid')}>
              <dd className={cn('mt-1 text-2xl font-bold tabular-nums', invalid ? 'text-red-900' : 'text-slate-900')}>
                {formatCount(invalid)}
              </dd>
            </Tile>
            <Tile tint={short ? AMBER : BRAND} icon={Coins} label={t('portfolio.preview.cost')} className="col-span-2 sm:col-span-1">
              <dd className="mt-1 text-sm text-slate-700">
                <T
                  id="portfolio.preview.costOfBalance"
                  values={{ cost: formatCount(cost), balance: formatCount(credits), credits }}
                  components={{
                    0: <span className="text-2xl font-bold text-slate-900 tabular-nums" />,
                    1: <span className="font-semibold tabular-nums" />,
                  }}
                />
              </dd>
            </Tile>
          </dl>

          {invalid > 0 && (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 ring-inset">
              {t('portfolio.preview.invalidNote', { count: invalid })}
            </p>
          )}
          {short && (
            <div role="alert" className="flex flex-col gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-300 ring-inset sm:flex-row sm:items-center sm:justify-between">
              <p>
                {t('portfolio.preview.short', { cost, balance: formatCount(credits) })}
              </p>
              <LinkButton to={localised('/products')} size="sm" variant="outline" className="shrink-0">
                {t('portfolio.preview.viewPlans')}
              </LinkButton>
            </div>
          )}
          {valid === 0 && (
            <p role="alert" className="text-sm font-medium text-red-800">
              {t('portfolio.preview.noneValid')}
            </p>
          )}
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-4 sm:px-6">
          <h3 className="text-sm font-semibold text-slate-900">
            {invalid > 0 ? t('portfolio.preview.rowsProblemsFirst') : t('portfolio.preview.rows')}
          </h3>
          {invalid > 0 && (
            <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 cursor-pointer rounded border-slate-300 accent-brand-700"
                checked={onlyProblems}
                onChange={(e) => setOnlyProblems(e.target.checked)}
              />
              {t('portfolio.preview.onlyProblems')}
            </label>
          )}
        </div>
        <div className="relative mt-3 max-h-[32rem] overflow-auto border-y border-slate-100" tabIndex={0} aria-label={t('portfolio.preview.tableLabel')}>
          <ColumnTable
            caption={t('portfolio.preview.caption')}
            className="w-full min-w-[44rem] text-left text-sm"
            headClassName="sticky top-0 z-10 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase"
            columns={[
              t('portfolio.preview.column.row'),
              t('portfolio.preview.column.check'),
              t('portfolio.preview.column.fiscalNumber'),
              t('portfolio.preview.column.country'),
              t('portfolio.preview.column.reference'),
              t('portfolio.preview.column.siteAddress'),
            ]}
            cellClassName="px-4 py-2.5"
          >
            {rows.map((r) => {
              const bad = r.problems.length > 0;
              return (
                <tr key={r.row} className={cn(bad && 'bg-red-50/70')} data-invalid={bad || undefined}>
                  <td className="px-4 py-2.5 whitespace-nowrap text-slate-500 tabular-nums">
                    {r.row}
                    {/* Where to find it in the file, when the header or blank lines shift it. */}
                    {r.line !== r.row && <span className="block text-xs text-slate-500">{t('portfolio.preview.line', { line: r.line })}</span>}
                  </td>
                  <td className="min-w-[14rem] px-4 py-2.5">
                    {bad ? (
                      <IconLines
                        lines={r.problems.map((text) => ({ icon: AlertTriangle, text }))}
                        className="flex flex-col gap-1 text-sm font-medium text-red-800"
                        item="flex items-start gap-1.5"
                        icon="mt-0.5 size-4 shrink-0"
                      />
                    ) : (
                      <Badge tone="success">OK</Badge>
                    )}
                  </td>
                  <td className="px-4 py-2.5 font-mono text-xs text-slate-900">{r.vat ?? (r.fiscal_number || '—')}</td>
                  <td className="px-4 py-2.5 text-slate-700">{r.country_name !== null ? countryName(r.country_name) : r.country || '—'}</td>
                  <td className="max-w-[12rem] truncate px-4 py-2.5 text-slate-700" title={r.reference || undefined}>
                    {r.reference || <span className="text-slate-600">—</span>}
                  </td>
                  <td className="max-w-[16rem] px-4 py-2.5 text-slate-700">{r.site_address || <span className="text-slate-600 italic">{t('portfolio.preview.registeredAddress')}</span>}</td>
                </tr>
              );
            })}
          </ColumnTable>
        </div>

        <form onSubmit={handleSubmit} aria-label={t('portfolio.preview.formLabel')} className="flex flex-col gap-4 p-5 sm:flex-row sm:items-end sm:p-6">
          <div className="flex-1">
            <Label htmlFor="portfolio-name">{t('portfolio.preview.name')}</Label>
            <Input
              id="portfolio-name"
              maxLength={120}
              placeholder={t('portfolio.preview.nameExample')}
              value={name}
              disabled={confirming}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onCancel} disabled={confirming}>
              {t('portfolio.preview.cancel')}
            </Button>
            <Button type="submit" loading={confirming} loadingText={t('portfolio.preview.starting')} disabled={valid === 0}>
              {t('portfolio.preview.confirm', { count: valid })}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
