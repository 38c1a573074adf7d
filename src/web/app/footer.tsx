import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../components/ui/container';
import { openConsentSettings } from '../lib/consent';
import { usePublicConfig } from '../lib/public-config';
import { Logo } from './logo';

/** The copyright line is for 2025, as the product's footer states. */
export const COPYRIGHT_YEAR = 2025;
export const FOOTER_TAGLINE = 'Empowering Insurance Professionals';

const columns: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Product',
    links: [
      { to: '/products/risk-assessment', label: 'Risk Assessment' },
      { to: '/products', label: 'Plans & Pricing' },
      { to: '/features', label: 'Features' },
      { to: '/methodology', label: 'Methodology' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about-us', label: 'About Us' },
      { to: '/contact', label: 'Contact' },
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
          <Link to="/home" className="inline-block rounded-md" aria-label={`${productName} home`}>
            <Logo productName={productName} inverted />
          </Link>
          <p className="mt-4 text-base font-semibold text-white">{FOOTER_TAGLINE}</p>
          <p className="mt-2 text-sm leading-relaxed text-brand-100/70">
            Risk assessments of European companies for brokers, underwriters and risk managers: company data, location
            and industry risks, a grade from A to F.
          </p>
          <a href={`mailto:${contactEmailInfo}`} className={`${linkClass} mt-4 inline-flex items-center gap-2`}>
            <Mail aria-hidden="true" className="size-4" />
            {contactEmailInfo}
          </a>
        </div>

        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{col.title}</h2>
            <ul className="mt-4 space-y-3">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={linkClass}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Legal</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to="/support/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/support/terms-of-service" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/support/sub-processors" className={linkClass}>
                Sub-processors
              </Link>
            </li>
            <li>
              <Link to="/imprint" className={linkClass}>
                Imprint
              </Link>
            </li>
            {/* Only when analytics is configured: otherwise the site sets no optional cookies. */}
            {gaMeasurementId && (
              <li>
                <button type="button" onClick={openConsentSettings} className={`${linkClass} cursor-pointer`}>
                  Cookie settings
                </button>
              </li>
            )}
          </ul>
        </nav>
      </Container>

      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-3 py-6 text-sm text-brand-100/70 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {COPYRIGHT_YEAR} {productName}. All rights reserved.
          </p>
          <p>Hosted in the EU · GDPR-compliant</p>
        </Container>
      </div>
    </footer>
  );
}
