import { useQueryClient } from '@tanstack/react-query';
import { Download, Layers } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_PORTFOLIO_ROWS, type PortfolioPreview } from '../../../shared/contracts/portfolio';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-band';
import { LinkButton } from '../../components/ui/link-button';
import { billingKeys } from '../../entities/billing/billing-api';
import { portfolioHref, portfolioKeys } from '../../entities/portfolio/portfolios-api';
import { runBusy, toastFailure } from '../../lib/busy-action';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { NewPortfolioForm } from './new-portfolio-form';
import { createPortfolio, downloadTemplate, previewPortfolio, rowsToCreate, type PreviewSource } from './portfolio-api';
import { PortfolioList } from './portfolio-list';
import { PortfolioPreviewPanel } from './portfolio-preview';

/** The file's columns: message ids of each name and its explanation. */
const COLUMNS = [
  { name: 'portfolio.help.fiscalNumber', text: 'portfolio.help.fiscalNumberText' },
  { name: 'portfolio.help.country', text: 'portfolio.help.countryText' },
  { name: 'portfolio.help.reference', text: 'portfolio.help.referenceText' },
  { name: 'portfolio.help.siteAddress', text: 'portfolio.help.siteAddressText' },
];

function ColumnsHelp() {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">{t('portfolio.help.title')}</h2>
        <p className="mt-1 text-sm text-slate-600">{t('portfolio.help.intro')}</p>
      </div>
      <dl className="flex flex-col gap-3 text-sm">
        {COLUMNS.map((c) => (
          <div key={c.name}>
            <dt className="font-semibold text-slate-800">{t(c.name)}</dt>
            <dd className="text-slate-600">{t(c.text)}</dd>
          </div>
        ))}
      </dl>
      <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
        {t('portfolio.help.severalSites')}
      </p>
      <p className="text-xs text-slate-500">
        {t('portfolio.help.limits', { max: formatCount(MAX_PORTFOLIO_ROWS) })}
      </p>
      <Button variant="outline" size="sm" onClick={downloadTemplate} className="self-start">
        <Download className="size-4" aria-hidden />
        {t('portfolio.help.downloadTemplate')}
      </Button>
    </Card>
  );
}

/** /portfolio: a new portfolio (upload or paste → preview → confirm) and the user's portfolios. */
export function PortfolioHome() {
  usePageMeta({ title: t('portfolio.home.metaTitle'), noindex: true });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<{ data: PortfolioPreview; name: string } | null>(null);
  const top = useRef<HTMLDivElement>(null);

  // Plain state rather than useMutation: two calls do not need the mutation cache, and the hook
  // would become one more shared chunk named in every page's router map.
  const [checking, setChecking] = useState(false);
  const [creating, setCreating] = useState(false);

  const handlePreview = (source: PreviewSource, name: string) =>
    runBusy(setChecking, t('portfolio.home.previewFailed'), async () => {
      setPreview({ data: await previewPortfolio(source), name });
      top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    });

  const handleConfirm = async (name: string) => {
    if (!preview || creating) return;
    setCreating(true);
    try {
      const id = await createPortfolio({ ...(name ? { name } : {}), rows: rowsToCreate(preview.data.rows) });
      const valid = preview.data.valid;
      toast.success(t('portfolio.home.created', { count: valid }));
      void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
      void queryClient.invalidateQueries({ queryKey: billingKeys.planStatus });
      navigate(portfolioHref(id));
    } catch (err) {
      toastFailure(err, t('portfolio.home.createFailed'));
      setCreating(false);
    }
  };

  return (
    <main className="min-h-[70vh] bg-slate-50 pb-16">
      <PageHeader
        className="flex flex-col gap-3 py-8 sm:flex-row sm:items-end sm:justify-between sm:py-10"
        icon={Layers}
        eyebrow={t('portfolio.home.eyebrow')}
        title={t('portfolio.home.title')}
        intro={
          <p className="max-w-2xl text-slate-600">
            {t('portfolio.home.intro')}
          </p>
        }
      >
        <LinkButton to="/products/risk-assessment" variant="ghost" size="sm" className="-ml-3 self-start sm:ml-0 sm:self-end">
          {t('portfolio.home.single')}
        </LinkButton>
      </PageHeader>

      <Container className="flex flex-col gap-10 pt-8">
        <div ref={top} className="scroll-mt-24">
          {preview ? (
            <PortfolioPreviewPanel
              key={preview.data.rows.length + preview.name}
              preview={preview.data}
              initialName={preview.name}
              confirming={creating}
              onConfirm={(name) => void handleConfirm(name)}
              onCancel={() => setPreview(null)}
            />
          ) : (
            <div className="grid gap-6 lg:grid-cols-3">
              <Card className="p-5 sm:p-6 lg:col-span-2 lg:self-start">
                <section aria-labelledby="new-portfolio-heading" className="flex flex-col gap-4">
                  <div>
                    <h2 id="new-portfolio-heading" className="text-lg font-semibold text-slate-900">
                      {t('portfolio.home.newTitle')}
                    </h2>
                    <p className="mt-1 text-sm text-slate-600">{t('portfolio.home.newIntro')}</p>
                  </div>
                  <NewPortfolioForm busy={checking} onPreview={(source, name) => void handlePreview(source, name)} />
                </section>
              </Card>
              <ColumnsHelp />
            </div>
          )}
        </div>

        <PortfolioList />
      </Container>
    </main>
  );
}
