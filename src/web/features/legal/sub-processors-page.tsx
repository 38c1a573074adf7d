import { T, t } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { LegalDocument, LegalLink, LegalTable, type LegalSection } from './legal-document';
import { subProcessorRows } from './sub-processors';

/** Sub-processors (/support/sub-processors): the outside services this deployment calls, from its configuration. */
export function SubProcessorsPage() {
  usePageMeta({
    title: t('legal.subProcessors.title'),
    description: t('legal.subProcessors.metaDescription'),
  });
  const { outsideServices } = usePublicConfig();
  const rows = subProcessorRows(outsideServices);
  const sections: LegalSection[] = [
    {
      id: 'services',
      title: t('legal.subProcessors.services.title'),
      content:
        rows.length === 0 ? (
          <p>
            <T id="legal.subProcessors.services.none" components={{ 0: <strong /> }} />
          </p>
        ) : (
          <LegalTable
            caption={t('legal.subProcessors.table.caption')}
            head={[
              t('legal.subProcessors.table.service'),
              t('legal.subProcessors.table.purpose'),
              t('legal.subProcessors.table.receives'),
              t('legal.subProcessors.table.hostedBy'),
            ]}
            rows={rows.map((r) => [<strong key="s">{r.service}</strong>, r.purpose, r.receives, r.hostedBy])}
          />
        ),
    },
    {
      id: 'on-this-server',
      title: t('legal.subProcessors.onThisServer.title'),
      content: (
        <p>
          <T id="legal.subProcessors.onThisServer.text" components={{ 0: <LegalLink to="/methodology" />, 1: <LegalLink to="/imprint" /> }} />
        </p>
      ),
    },
    {
      id: 'how-derived',
      title: t('legal.subProcessors.howDerived.title'),
      content: <p>{t('legal.subProcessors.howDerived.text')}</p>,
    },
  ];
  return (
    <LegalDocument
      title={t('legal.subProcessors.title')}
      intro={<p>{t('legal.subProcessors.intro')}</p>}
      sections={sections}
      related={{ to: '/support/privacy-policy', id: 'legal.document.seeAlsoPrivacy' }}
    />
  );
}
