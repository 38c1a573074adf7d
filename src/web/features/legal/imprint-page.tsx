import { T, t } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { LegalDocument, LegalLink, MailLink, type LegalSection } from './legal-document';
import { OperatorDetails, operatorConfigured, OperatorNotConfigured } from './operator-details';

/** Imprint / Impressum (/imprint): who operates this deployment, from its OPERATOR_* settings. */
export function ImprintPage() {
  usePageMeta({
    title: t('legal.imprint.title'),
    description: t('legal.imprint.metaDescription'),
  });
  const { operator, contactEmailSupport } = usePublicConfig();
  const configured = operatorConfigured(operator);
  const sections: LegalSection[] = [
    {
      id: 'operator',
      title: t('legal.imprint.operator.title'),
      content: (
        <>
          {!configured && <OperatorNotConfigured />}
          <OperatorDetails operator={operator} />
        </>
      ),
    },
    {
      id: 'contact',
      title: t('legal.document.contactTitle'),
      content: (
        <p>
          {operator.email ? (
            <>
              <T id="legal.imprint.contact.general" components={{ 0: <MailLink email={operator.email} /> }} />{' '}
            </>
          ) : null}
          <T id="legal.imprint.contact.support" components={{ 0: <MailLink email={contactEmailSupport} /> }} />
          {operator.dpoEmail ? (
            <>
              {' '}
              <T id="legal.imprint.contact.dataProtection" components={{ 0: <MailLink email={operator.dpoEmail} /> }} />
            </>
          ) : null}
        </p>
      ),
    },
    {
      id: 'data-protection',
      title: t('legal.imprint.dataProtection.title'),
      content: (
        <p>
          <T
            id="legal.imprint.dataProtection.text"
            components={{ 0: <LegalLink to="/support/privacy-policy" />, 1: <LegalLink to="/support/sub-processors" /> }}
          />
        </p>
      ),
    },
  ];
  return (
    <LegalDocument
      title={t('legal.imprint.title')}
      intro={<p>{t('legal.imprint.intro')}</p>}
      sections={sections}
      related={{ to: '/support/terms-of-service', id: 'legal.document.seeAlsoTerms' }}
    />
  );
}
