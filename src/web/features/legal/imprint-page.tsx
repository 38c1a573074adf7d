import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { LegalDocument, LegalLink, MailLink, type LegalSection } from './legal-document';
import { OperatorDetails, operatorConfigured, OperatorNotConfigured } from './operator-details';

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
          <LegalLink to="/support/privacy-policy">Privacy Policy</LegalLink>
          ; the outside services this deployment uses are listed on the{' '}
          <LegalLink to="/support/sub-processors">sub-processors page</LegalLink>
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
