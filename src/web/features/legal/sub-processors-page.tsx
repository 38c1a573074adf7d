import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { LegalDocument, LegalLink, LegalTable, type LegalSection } from './legal-document';
import { subProcessorRows } from './sub-processors';

/** Sub-processors (/support/sub-processors): the outside services this deployment calls, from its configuration. */
export function SubProcessorsPage() {
  usePageMeta({
    title: 'Sub-processors',
    description:
      'The outside services this Corisk deployment really uses — payments, e-mail, AI, geocoding, company registers, hosting — what each receives and where it is hosted.',
  });
  const { outsideServices } = usePublicConfig();
  const rows = subProcessorRows(outsideServices);
  const sections: LegalSection[] = [
    {
      id: 'services',
      title: 'Outside services in use',
      content:
        rows.length === 0 ? (
          <p>
            <strong>None.</strong> This deployment sends no data to any outside service: it runs with the built-in
            test checkout instead of a payment provider, no outside e-mail server, the published rule set for the
            analysis, the offline gazetteer for addresses and the bundled company directory.
          </p>
        ) : (
          <LegalTable
            caption="Outside services this deployment uses"
            head={['Service', 'Purpose', 'What it receives', 'Hosted by']}
            rows={rows.map((r) => [<strong key="s">{r.service}</strong>, r.purpose, r.receives, r.hostedBy])}
          />
        ),
    },
    {
      id: 'on-this-server',
      title: 'What stays on this server',
      content: (
        <p>
          Unless listed above, the application, its database, the location maps, the hazard data and the{' '}
          <LegalLink to="/methodology">published rule set</LegalLink>{' '}
          that scores every assessment run on the operator’s own servers, hosted as configured by the operator (see the{' '}
          <LegalLink to="/imprint">Imprint</LegalLink>
          ).
        </p>
      ),
    },
    {
      id: 'how-derived',
      title: 'How this list is made',
      content: (
        <p>
          The list is read from the settings this deployment runs with, the same settings that decide which services it
          calls, so it changes when they change. Where the operator’s contract with a service decides where data is
          processed, the table says “as configured by the operator”.
        </p>
      ),
    },
  ];
  return (
    <LegalDocument
      title="Sub-processors"
      intro={<p>The outside services this deployment of Corisk uses, what each one receives and where it is hosted.</p>}
      sections={sections}
      related={{ to: '/support/privacy-policy', label: 'Privacy Policy' }}
    />
  );
}
