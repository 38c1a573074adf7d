import { T, t } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { contactSection, LegalDocument, LegalLink, LegalList, MailLink, type LegalSection } from './legal-document';

function termsSections(email: string): LegalSection[] {
  const b = { 0: <strong /> };
  return [
    {
      id: 'agreement',
      title: t('legal.terms.agreement.title'),
      content: (
        <>
          <p>
            <T id="legal.terms.agreement.scope" components={{ 0: <LegalLink to="/imprint" /> }} />
          </p>
          <p>
            <T id="legal.terms.agreement.business" components={{ 0: <LegalLink to="/support/privacy-policy" /> }} />
          </p>
        </>
      ),
    },
    {
      id: 'service',
      title: t('legal.terms.service.title'),
      content: (
        <>
          <p>{t('legal.terms.service.reports')}</p>
          <p>{t('legal.terms.service.availability')}</p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: t('legal.terms.accounts.title'),
      content: (
        <LegalList>
          <li>{t('legal.terms.accounts.accurate')}</li>
          <li>{t('legal.terms.accounts.confirm')}</li>
          <li>{t('legal.terms.accounts.password')}</li>
          <li>
            <T id="legal.terms.accounts.unauthorised" components={{ 0: <MailLink email={email} /> }} />
          </li>
        </LegalList>
      ),
    },
    {
      id: 'credits',
      title: t('legal.terms.credits.title'),
      content: (
        <>
          <LegalList>
            <li>{t('legal.terms.credits.trial')}</li>
            <li>
              <T id="legal.terms.credits.plans" components={{ 0: <LegalLink to="/products" /> }} />
            </li>
            <li>
              <T id="legal.terms.credits.perAssessment" components={b} />
            </li>
            <li>
              <T id="legal.terms.credits.annual" components={b} />
            </li>
            <li>{t('legal.terms.credits.hourlyLimit')}</li>
          </LegalList>
        </>
      ),
    },
    {
      id: 'payment',
      title: t('legal.terms.payment.title'),
      content: (
        <>
          <LegalList>
            <li>{t('legal.terms.payment.prices')}</li>
            <li>{t('legal.terms.payment.renewal')}</li>
            <li>{t('legal.terms.payment.priceChanges')}</li>
            <li>
              <T id="legal.terms.payment.cancel" components={b} />
            </li>
          </LegalList>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: t('legal.terms.acceptableUse.title'),
      content: (
        <>
          <p>{t('legal.terms.acceptableUse.lead')}</p>
          <LegalList>
            <li>{t('legal.terms.acceptableUse.unlawful')}</li>
            <li>{t('legal.terms.acceptableUse.automated')}</li>
            <li>{t('legal.terms.acceptableUse.probe')}</li>
            <li>{t('legal.terms.acceptableUse.copy')}</li>
            <li>{t('legal.terms.acceptableUse.malicious')}</li>
            <li>{t('legal.terms.acceptableUse.personalData')}</li>
          </LegalList>
          <p>{t('legal.terms.acceptableUse.suspend')}</p>
        </>
      ),
    },
    {
      id: 'ai-output',
      title: t('legal.terms.output.title'),
      content: (
        <>
          <p>
            <T id="legal.terms.output.reports" components={{ 0: <LegalLink to="/methodology" />, 1: <strong /> }} />
          </p>
          <p>{t('legal.terms.output.responsibility')}</p>
        </>
      ),
    },
    {
      id: 'your-data',
      title: t('legal.terms.yourData.title'),
      content: <p>{t('legal.terms.yourData.text')}</p>,
    },
    {
      id: 'ip',
      title: t('legal.terms.ip.title'),
      content: <p>{t('legal.terms.ip.text')}</p>,
    },
    {
      id: 'liability',
      title: t('legal.terms.liability.title'),
      content: (
        <>
          <p>{t('legal.terms.liability.asIs')}</p>
          <p>{t('legal.terms.liability.limit')}</p>
          <p>{t('legal.terms.liability.unlimited')}</p>
        </>
      ),
    },
    {
      id: 'termination',
      title: t('legal.terms.termination.title'),
      content: (
        <p>
          <T id="legal.terms.termination.text" components={{ 0: <MailLink email={email} /> }} />
        </p>
      ),
    },
    {
      id: 'changes',
      title: t('legal.terms.changes.title'),
      content: <p>{t('legal.terms.changes.text')}</p>,
    },
    {
      id: 'law',
      title: t('legal.terms.law.title'),
      content: <p>{t('legal.terms.law.text')}</p>,
    },
    {
      id: 'general',
      title: t('legal.terms.general.title'),
      content: <p>{t('legal.terms.general.text')}</p>,
    },
    contactSection(<T id="legal.terms.contact.text" components={{ 0: <MailLink email={email} />, 1: <LegalLink to="/contact" /> }} />),
  ];
}

/** What changed on LEGAL_LAST_UPDATED_ISO, as message ids. */
export const TERMS_CHANGES = ['legal.terms.whatChanged.capabilities', 'legal.terms.whatChanged.output', 'legal.terms.whatChanged.operator'] as const;

/** Terms of service (/support/terms-of-service). */
export function TermsPage() {
  usePageMeta({
    title: t('legal.terms.title'),
    description: t('legal.terms.metaDescription'),
  });
  const { contactEmailInfo } = usePublicConfig();
  return (
    <LegalDocument
      title={t('legal.terms.title')}
      intro={<p>{t('legal.terms.intro')}</p>}
      sections={termsSections(contactEmailInfo)}
      related={{ to: '/support/privacy-policy', id: 'legal.document.seeAlsoPrivacy' }}
      changes={TERMS_CHANGES.map((id) => t(id))}
    />
  );
}
