import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../components/ui/container';
import { openConsentSettings } from '../lib/consent';
import { localised, t } from '../lib/i18n';
import { usePublicConfig } from '../lib/public-config';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';

/** The copyright line is for 2025, as the product's footer states. */
export const COPYRIGHT_YEAR = 2025;
/** Titles and labels are message ids, read when the footer renders. */
const columns: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'common.footer.product',
    links: [
      { to: '/products/risk-assessment', label: 'common.footer.riskAssessment' },
      { to: '/products', label: 'common.footer.plansPricing' },
      { to: '/features', label: 'common.nav.features' },
      { to: '/methodology', label: 'common.footer.methodology' },
    ],
  },
  {
    title: 'common.footer.company',
    links: [
      { to: '/about-us', label: 'common.nav.aboutUs' },
      { to: '/contact', label: 'common.nav.contact' },
    ],
  },
];

const linkClass = 'rounded text-sm text-brand-100/80 transition-colors hover:text-white';

export function Footer() {
  const { productName, contactEmailInfo, gaMeasurementId } = usePublicConfig();
  return (
    <footer className="mt-auto bg-brand-950 text-brand-100">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="max-w-sm">
          <Link to={localised('/home')} className="inline-block rounded-md" aria-label={t('common.nav.homeLabel', { productName })}>
            <Logo productName={productName} inverted />
          </Link>
          <p className="mt-4 text-base font-semibold text-white">{t('common.footer.tagline')}</p>
          <p className="mt-2 text-sm leading-relaxed text-brand-100/70">
            {t('common.footer.description')}
          </p>
          <a href={`mailto:${contactEmailInfo}`} className={`${linkClass} mt-4 inline-flex items-center gap-2`}>
            <Mail aria-hidden="true" className="size-4" />
            {contactEmailInfo}
          </a>
        </div>

        {columns.map((col) => (
          <nav key={col.title} aria-label={t(col.title)}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t(col.title)}</h2>
            <ul className="mt-4 space-y-3">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={localised(l.to)} className={linkClass}>
                    {t(l.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <nav aria-label={t('common.footer.legal')}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('common.footer.legal')}</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to={localised('/support/privacy-policy')} className={linkClass}>
                {t('common.footer.privacyPolicy')}
              </Link>
            </li>
            <li>
              <Link to={localised('/support/terms-of-service')} className={linkClass}>
                {t('common.footer.termsOfService')}
              </Link>
            </li>
            <li>
              <Link to={localised('/support/sub-processors')} className={linkClass}>
                {t('common.footer.subProcessors')}
              </Link>
            </li>
            <li>
              <Link to={localised('/imprint')} className={linkClass}>
                {t('common.footer.imprint')}
              </Link>
            </li>
            {/* Only when analytics is configured: otherwise the site sets no optional cookies. */}
            {gaMeasurementId && (
              <li>
                <button type="button" onClick={openConsentSettings} className={`${linkClass} cursor-pointer`}>
                  {t('common.footer.cookieSettings')}
                </button>
              </li>
            )}
          </ul>
        </nav>
      </Container>

      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-3 py-6 text-sm text-brand-100/70 sm:flex-row sm:items-center sm:justify-between">
          <p>{t('common.footer.copyright', { year: String(COPYRIGHT_YEAR), productName })}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
            <p>{t('common.footer.hosted')}</p>
            <LanguageMenu tone="dark" />
          </div>
        </Container>
      </div>
    </footer>
  );
}
