import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, FileDown, FileText, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { ReportSummary } from '../../../shared/contracts/assessment-api';
import { ListState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardSection } from '../../components/ui/card-section';
import { cn } from '../../components/ui/cn';
import { LinkButton } from '../../components/ui/link-button';
import { TitleLink } from '../../components/ui/title-link';
import { isSessionEnded } from '../../lib/auth-fetch';
import { countryName } from '../../lib/countries';
import { formatDate } from '../../lib/format';
import { t } from '../../lib/i18n';
import { getPublicConfig } from '../../lib/public-config';
import { GRADE_CLASSES, gradeLabel } from '../../entities/report/report-format';
import { fetchReports, loadReport, reportHref, reportKeys } from '../../entities/report/reports-api';

export const RECENT_REPORTS_PAGE_SIZE = 5;


function ReportRow({ report }: { report: ReportSummary }) {
  const [busy, setBusy] = useState(false);
  const handleDownload = async () => {
    setBusy(true);
    try {
      const [loaded, { downloadReportPdf }] = await Promise.all([loadReport(report.id), import('../../entities/report/report-pdf')]);
      await downloadReportPdf({ ...loaded, productName: getPublicConfig().productName });
    } catch (err) {
      if (!isSessionEnded(err)) toast.error(t('dashboard.reports.pdfFailed'));
    } finally {
      setBusy(false);
    }
  };
  const grade = report.overallScoreGrade;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4">
      <span
        className={cn('flex size-11 shrink-0 items-center justify-center rounded-xl text-lg font-bold', GRADE_CLASSES[grade].badge)}
        title={gradeLabel(grade)}
        aria-hidden
      >
        {grade}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <TitleLink to={reportHref(report.id)} className="truncate">
            {report.company_name}
          </TitleLink>
          {report.sample && <Badge tone="warning">{t('dashboard.reports.sample')}</Badge>}
        </p>
        <p className="mt-0.5 text-sm text-slate-500">
          {countryName(report.country)} · {formatDate(report.created_at)} ·{' '}
          <span className={cn('font-semibold', GRADE_CLASSES[grade].text)}>
            {t('dashboard.reports.score', { score: report.overallScore, grade })}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <LinkButton to={reportHref(report.id)} variant="outline" size="sm" aria-label={t('dashboard.reports.openLabel', { company: report.company_name })}>
          <FileText className="size-4" aria-hidden />
          {t('dashboard.reports.open')}
        </LinkButton>
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          onClick={() => void handleDownload()}
          aria-label={t('dashboard.reports.pdfLabel', { company: report.company_name })}
        >
          <FileDown className="size-4" aria-hidden />
          PDF
        </Button>
      </div>
    </li>
  );
}

/** 'Recent reports' on the dashboard: the user's reports, newest first, to reopen or download again. */
export function RecentReports() {
  const [page, setPage] = useState(1);
  const pageSize = RECENT_REPORTS_PAGE_SIZE;
  const reports = useQuery({
    queryKey: reportKeys.list(page, pageSize),
    queryFn: () => fetchReports(page, pageSize),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = reports.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;

  const body = (
    <ListState query={reports} what="reports" rows={3} rowClassName="h-14" loadingClassName="py-2" failedClassName="py-4">
      {(data) =>
        data.items.length === 0 ? (
          <div className="flex flex-col items-start gap-3 py-4">
            <p className="text-sm text-slate-600">{t('dashboard.reports.empty')}</p>
            <LinkButton to="/products/risk-assessment" size="sm">
              <Plus className="size-4" aria-hidden />
              {t('dashboard.reports.runFirst')}
            </LinkButton>
          </div>
        ) : (
          <>
            <ul className={cn('divide-y divide-slate-100', reports.isPlaceholderData && 'opacity-60')}>
              {data.items.map((r) => (
                <ReportRow key={r.id} report={r} />
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label={t('dashboard.reports.pages')} className="mt-2 flex items-center justify-between border-t border-slate-100 pt-4 text-sm">
                <span className="text-slate-500">
                  {t('dashboard.reports.range', {
                    from: (data.page - 1) * pageSize + 1,
                    to: (data.page - 1) * pageSize + data.items.length,
                    total: data.total,
                  })}
                </span>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                    <ChevronLeft className="size-4" aria-hidden />
                    {t('dashboard.reports.previous')}
                  </Button>
                  <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                    {t('dashboard.reports.next')}
                    <ChevronRight className="size-4" aria-hidden />
                  </Button>
                </div>
              </nav>
            )}
          </>
        )
      }
    </ListState>
  );

  return (
    <CardSection
      headingId="recent-reports-heading"
      title={t('dashboard.reports.title')}
      add={Boolean(data && data.total > 0) && { to: '/products/risk-assessment', label: t('dashboard.reports.new') }}
      cardClassName="px-5 py-2 sm:px-6"
    >
      {body}
    </CardSection>
  );
}
