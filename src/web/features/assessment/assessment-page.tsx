import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Award, Building2, Factory, FileDown, FileSearch, Layers, MapPin, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useErrorToast } from '../../lib/busy-action';
import { toast } from '../../lib/toast';
import { DEFAULT_COUNTRY_NAME } from '../../../shared/countries';
import type { SiteType } from '../../../shared/site-types';
import { isPlanTier, parsePlan, planCatalogue } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { IconLines } from '../../components/ui/icon-list';
import { PageBand, PageHeading } from '../../components/ui/page-band';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { analytics } from '../../lib/analytics';
import { billingKeys, usePlanStatusQuery } from '../../entities/billing/billing-api';
import { usePlanStatus } from '../../entities/billing/plan-status';
import { planNameOf } from '../../entities/billing/plan-text';
import { usePageMeta } from '../../lib/seo';
import { localised, t } from '../../lib/i18n';
import { loadReport, reportKeys, type LoadedReport } from '../../entities/report/reports-api';
import { portfolioHref, usePortfolioDetail } from '../../entities/portfolio/portfolios-api';
import { MISSING_FIELDS_MESSAGE, SUCCESS_MESSAGE, type RunOutcome } from './assessment-run';
import { CountrySelect } from './country-select';
import { SiteTypeSelect } from './site-type-select';
import { ProgressPanel } from './progress-panel';
import { ReportView } from './report-view';
import { SampleCompanies } from './sample-companies';
import { useAssessmentRun } from './use-assessment-run';
import { CreditBalance, creditState } from './credit-balance';
import { UsagePanel } from './usage-panel';
import { useUsage } from './usage-limiter';

const PAYMENT_PARAMS = ['payment_success', 'plan', 'period', 'price'] as const;

/** 'basic' → 'Basic'; anything else as given. In English: the analytics' item name. */
function planTitle(plan: string): string {
  const tier = plan.toLowerCase();
  return isPlanTier(tier) ? planCatalogue[tier].title : plan;
}

/**
 * Returning from checkout: with payment_success=true and a plan, the purchase
 * is tracked, the toast shows and the four parameters are cleared (history replaced).
 */
function usePaymentSuccess(onReturn: () => void) {
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  const query = params.toString();
  useEffect(() => {
    const plan = params.get('plan');
    if (params.get('payment_success') !== 'true' || !plan || handled.current === query) return;
    handled.current = query;
    const price = Number(params.get('price'));
    const period = params.get('period');
    analytics.track('purchase', {
      currency: 'EUR',
      value: Number.isFinite(price) ? price : 0,
      items: [{ item_id: plan, item_name: `${planTitle(plan)} plan`, ...(period ? { item_variant: period } : {}), quantity: 1 }],
    });
    toast.success(t('assessment.page.subscribed', { plan: planNameOf(plan) }));
    const next = new URLSearchParams(params);
    for (const key of PAYMENT_PARAMS) next.delete(key);
    setParams(next, { replace: true });
    onReturn();
  }, [params, query, setParams, onReturn]);
}

/** The basic tool is for plans containing basic; other plans go to their own tool. */
function usePlanRedirect() {
  const navigate = useNavigate();
  const stored = usePlanStatus();
  const planStatus = usePlanStatusQuery();
  const status = planStatus.data ?? (planStatus.isPending ? null : stored.status);
  const plan = parsePlan(status?.plan);
  useEffect(() => {
    if (plan && plan.tier !== 'basic') navigate(planCatalogue[plan.tier].route, { replace: true });
  }, [plan, navigate]);
  return planStatus.refetch;
}

/** A report given by ?report=<id> (reopened from the dashboard). */
function useReopenedReport(id: string | null) {
  const query = useQuery({
    queryKey: reportKeys.report(id ?? ''),
    queryFn: () => loadReport(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    staleTime: Infinity,
  });
  useErrorToast(query.error, t('assessment.page.loadFailed'));
  return query;
}

const linkClass =
  'inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** Above a portfolio row's report: the way back to its portfolio, by name once it is known. */
function BackToPortfolio({ id }: { id: string }) {
  const portfolio = usePortfolioDetail(id);
  const name = portfolio.data?.name;
  return (
    <p className="text-sm">
      <Link to={portfolioHref(id)} className={linkClass}>
        <ArrowLeft className="size-4" aria-hidden />
        {name ? t('assessment.page.backToPortfolioNamed', { name }) : t('assessment.page.backToPortfolio')}
      </Link>
    </p>
  );
}

/** What the report holds: each line's icon and message id. */
const CONTENTS = [
  { icon: Building2, text: 'assessment.contents.companyData' },
  { icon: MapPin, text: 'assessment.contents.locationRisks' },
  { icon: Factory, text: 'assessment.contents.industryRisks' },
  { icon: Award, text: 'assessment.contents.score' },
  { icon: FileDown, text: 'assessment.contents.pdf' },
];

function ReportContents() {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-sm font-semibold text-slate-900">{t('assessment.contents.title')}</h2>
      <IconLines lines={CONTENTS.map((line) => ({ icon: line.icon, text: t(line.text) }))} className="mt-3 flex flex-col gap-2.5 text-sm text-slate-600" item="flex items-start gap-2.5" icon="mt-0.5 size-4 shrink-0 text-brand-600" />
    </Card>
  );
}

/** /products/risk-assessment — the basic assessment tool. */
export function AssessmentPage() {
  usePageMeta({ title: t('assessment.page.metaTitle'), noindex: true });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refetchPlan = usePlanRedirect();
  usePaymentSuccess(useCallback(() => void refetchPlan(), [refetchPlan]));

  const [params, setParams] = useSearchParams();
  const reportId = params.get('report');
  const reopened = useReopenedReport(reportId);
  // A portfolio row's report (opened from /portfolio/<id>): the report is the page, with the way back.
  const portfolioId = reportId ? params.get('portfolio') : null;
  const planStatus = usePlanStatusQuery();
  const credits = creditState(planStatus.data);

  const [fiscalNumber, setFiscalNumber] = useState('');
  const [country, setCountry] = useState(DEFAULT_COUNTRY_NAME);
  const [siteAddress, setSiteAddress] = useState('');
  const [siteType, setSiteType] = useState<SiteType | ''>('');
  // The id of the report this visit generated: brought into view once it shows.
  const [freshId, setFreshId] = useState<string | null>(null);
  const usage = useUsage();
  const reportRef = useRef<HTMLDivElement>(null);

  const handleSuccess = useCallback(
    (outcome: RunOutcome) => {
      usage.record();
      const id = outcome.result.id;
      toast.success(t(SUCCESS_MESSAGE));
      analytics.track('risk_assessment_generated', { grade: outcome.result.overallScoreGrade });
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      // The server stored the report under the result's id: the URL names it (a reload or a shared
      // link reopens it, Back returns to the form), and the cache holds it so it is not asked again:
      // under the page's language, which call 13 asked its texts in (`lang`).
      const loaded: LoadedReport = {
        company: outcome.company,
        result: outcome.result,
        map: outcome.map,
        site: outcome.site,
        screening: outcome.screening,
        reportId: id,
      };
      queryClient.setQueryData(reportKeys.report(id), loaded);
      void queryClient.invalidateQueries({ queryKey: billingKeys.planStatus });
      setFreshId(id);
      setParams(new URLSearchParams({ report: id }));
    },
    [usage, queryClient, setParams],
  );
  const handleError = useCallback((message: string, description: string | null, plans: boolean) => {
    toast.error(message, {
      ...(description ? { description } : {}),
      // Out of credits (or refused by the plan): the way out is one click away.
      ...(plans ? { action: { label: t('assessment.page.viewPlans'), onClick: () => navigate(localised('/products')) } } : {}),
    });
    if (plans) void queryClient.invalidateQueries({ queryKey: billingKeys.planStatus });
  }, [navigate, queryClient]);
  const { state, start } = useAssessmentRun({ onSuccess: handleSuccess, onError: handleError });
  const running = state.phase === 'running';

  // While a new run is under way the previous report makes way for its progress.
  const report = running || !reportId ? null : (reopened.data ?? null);

  // Bring a new report into view once it is on screen.
  const shownId = report?.result.id;
  useEffect(() => {
    if (!shownId || shownId !== freshId) return;
    reportRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    reportRef.current?.querySelector<HTMLElement>('#report-heading')?.focus({ preventScroll: true });
  }, [shownId, freshId]);

  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (running) return;
    if (!fiscalNumber.trim() || !country.trim()) {
      toast.error(t(MISSING_FIELDS_MESSAGE));
      return;
    }
    const current = usage.refresh();
    if (current.limited) {
      toast.error(current.message);
      return;
    }
    void start({ fiscalNumber, country, ...(siteAddress.trim() ? { siteAddress: siteAddress.trim() } : {}), ...(siteType ? { siteType } : {}) });
  };

  // Moving the pin re-places the site: the same company, assessed again where the user put it.
  const placeAtPin = (pin: { latitude: number; longitude: number }) => {
    if (running || !report) return;
    const current = usage.refresh();
    if (current.limited) {
      toast.error(current.message);
      return;
    }
    const address = report.site?.address ?? report.company.address;
    void start({ fiscalNumber: report.company.fiscal_number, country: report.company.country, siteAddress: address, pin, ...(siteType ? { siteType } : {}) });
  };

  return (
    <main className="min-h-[70vh] bg-slate-50 pb-16">
      <PageBand className="flex flex-col gap-2 py-8 sm:py-10">
        <PageHeading icon={ShieldCheck} eyebrow={t('assessment.page.eyebrow')} title={t('assessment.page.title')} />
        <p className="max-w-2xl text-slate-600">{t('assessment.page.intro')}</p>
        <p className="text-sm">
          <Link
            to="/portfolio"
            className={linkClass}
          >
            <Layers className="size-4" aria-hidden />
            {t('assessment.page.portfolioLink')}
          </Link>
        </p>
      </PageBand>

      <Container className="flex flex-col gap-6 pt-8">
        {portfolioId ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <BackToPortfolio id={portfolioId} />
            <p className="text-sm">
              <Link to="/products/risk-assessment" className={linkClass}>
                <FileSearch className="size-4" aria-hidden />
                {t('assessment.page.newAssessment')}
              </Link>
            </p>
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="p-5 sm:p-6 lg:col-span-2 lg:self-start">
              <form noValidate onSubmit={handleSubmit} aria-label={t('assessment.form.label')} className="flex flex-col gap-5">
                <div className="grid gap-4 sm:grid-cols-2">
                  <div>
                    <Label htmlFor="fiscal-number" required>
                      {t('assessment.form.fiscalNumber')}
                    </Label>
                    <Input
                      id="fiscal-number"
                      name="fiscalNumber"
                      required
                      aria-required="true"
                      autoComplete="off"
                      spellCheck={false}
                      placeholder={t('assessment.form.fiscalNumberExample')}
                      value={fiscalNumber}
                      disabled={running}
                      onChange={(e) => setFiscalNumber(e.target.value)}
                    />
                  </div>
                  <div>
                    <Label htmlFor="country" required>
                      {t('assessment.form.country')}
                    </Label>
                    <CountrySelect id="country" value={country} onChange={setCountry} disabled={running} />
                  </div>
                  <div>
                    <Label htmlFor="site-type">{t('assessment.form.siteType')}</Label>
                    <SiteTypeSelect id="site-type" value={siteType} onChange={setSiteType} disabled={running} />
                    <p id="site-type-hint" className="mt-1.5 text-xs text-slate-500">
                      {t('assessment.form.siteTypeHint')}
                    </p>
                  </div>
                </div>
                <div>
                  <Label htmlFor="site-address">{t('assessment.form.siteAddress')}</Label>
                  <Input
                    id="site-address"
                    name="siteAddress"
                    autoComplete="off"
                    placeholder={t('assessment.form.siteAddressExample')}
                    aria-describedby="site-address-help"
                    value={siteAddress}
                    disabled={running}
                    maxLength={500}
                    onChange={(e) => setSiteAddress(e.target.value)}
                  />
                  <p id="site-address-help" className="mt-1 text-xs text-slate-500">
                    {t('assessment.form.siteAddressHelp')}
                  </p>
                </div>
                <SampleCompanies
                  disabled={running}
                  onPick={(s) => {
                    setFiscalNumber(s.fiscal_number);
                    setCountry(s.country);
                  }}
                />
                <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex flex-col gap-1">
                    <p className="text-xs text-slate-500">{t('assessment.form.fiscalNumberHint')}</p>
                    <CreditBalance state={credits} />
                  </div>
                  <Button
                    type="submit"
                    size="lg"
                    loading={running}
                    loadingText={t('assessment.form.generating')}
                    disabled={usage.status.limited || credits.blocked}
                    aria-describedby={credits.blocked ? 'credit-balance' : undefined}
                    className="w-full shrink-0 sm:w-auto"
                  >
                    <FileSearch className="size-5" aria-hidden />
                    {t('assessment.form.submit')}
                  </Button>
                </div>
              </form>
            </Card>
            <div className="flex flex-col gap-6">
              <Card className="p-5 sm:p-6">
                <UsagePanel status={usage.status} />
              </Card>
              <ReportContents />
            </div>
          </div>
        )}

        {state.phase !== 'idle' && (
          <ProgressPanel step={state.step} elapsedSeconds={state.elapsedSeconds} done={state.phase === 'completed'} />
        )}

        {report ? (
          <div ref={reportRef} className="scroll-mt-24">
            <ReportView
              key={report.result.id}
              company={report.company}
              result={report.result}
              map={report.map}
              {...(report.site ? { site: report.site } : {})}
              screening={report.screening}
              reportId={report.reportId}
              onPlacePin={placeAtPin}
              placing={running}
            />
          </div>
        ) : reportId && reopened.isPending ? (
          <div role="status" aria-label={t('assessment.page.loadingReport')} className="h-64 animate-pulse rounded-2xl bg-slate-200/60" />
        ) : null}
      </Container>
    </main>
  );
}
