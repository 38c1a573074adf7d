import { Link } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { LegalDocument, MailLink, type LegalSection } from './legal-document';
import { OperatorDetails, operatorConfigured, OperatorNotConfigured } from './operator-details';

const link = 'font-medium text-brand-700 underline hover:text-brand-900';

/** Imprint / Impressum (/imprint): who operates this deployment, from its OPERATOR_* settings. */
export function ImprintPage() {
  usePageMeta({
    title: 'Imprint',
    description: 'Who operates this Corisk service: name, address, register, VAT ID, representative and contact (Impressum).',
  });
  const { operator, contactEmailSupport } = usePublicConfig();
  const configured = operatorConfigured(operator);
  const sections: LegalSection[] = [
    {
      id: 'operator',
      title: 'Operator of this service',
      content: (
        <>
          {!configured && <OperatorNotConfigured />}
          <OperatorDetails operator={operator} />
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <p>
          {operator.email ? (
            <>
              Legal and general enquiries: <MailLink email={operator.email} />.{' '}
            </>
          ) : null}
          Product support: <MailLink email={contactEmailSupport} />.
          {operator.dpoEmail ? (
            <>
              {' '}
              Data protection: <MailLink email={operator.dpoEmail} />.
            </>
          ) : null}
        </p>
      ),
    },
    {
      id: 'data-protection',
      title: 'Data protection',
      content: (
        <p>
          How personal data is processed is set out in the{' '}
          <Link to="/support/privacy-policy" className={link}>
            Privacy Policy
          </Link>
          ; the outside services this deployment uses are listed on the{' '}
          <Link to="/support/sub-processors" className={link}>
            sub-processors page
          </Link>
          .
        </p>
      ),
    },
  ];
  return (
    <LegalDocument
      title="Imprint"
      intro={<p>The legal notice (Impressum) of this service: who operates it and how to reach them.</p>}
      sections={sections}
      related={{ to: '/support/terms-of-service', label: 'Terms of Service' }}
    />
  );
}
