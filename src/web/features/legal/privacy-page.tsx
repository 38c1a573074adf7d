import { T, t } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import type { OperatorIdentity } from '../../../shared/contracts/common';
import { contactSection, LegalDocument, LegalLink, LegalList, LegalSubheading, LegalTable, MailLink, type LegalSection } from './legal-document';
import { OperatorDetails, operatorConfigured, OperatorNotConfigured } from './operator-details';

/** The purposes table: purpose, data and legal basis of each row, as message ids. */
const PURPOSES = [
  ['legal.privacy.purposes.account.purpose', 'legal.privacy.purposes.account.data', 'legal.privacy.purposes.basis.contract'],
  ['legal.privacy.purposes.billing.purpose', 'legal.privacy.purposes.billing.data', 'legal.privacy.purposes.basis.contractAndLegalObligation'],
  ['legal.privacy.purposes.serviceMails.purpose', 'legal.privacy.purposes.serviceMails.data', 'legal.privacy.purposes.basis.contract'],
  ['legal.privacy.purposes.security.purpose', 'legal.privacy.purposes.security.data', 'legal.privacy.purposes.basis.secureService'],
  ['legal.privacy.purposes.support.purpose', 'legal.privacy.purposes.support.data', 'legal.privacy.purposes.basis.contractOrInterests'],
  ['legal.privacy.purposes.soleTraders.purpose', 'legal.privacy.purposes.soleTraders.data', 'legal.privacy.purposes.basis.insuranceRisks'],
  ['legal.privacy.purposes.sanctions.purpose', 'legal.privacy.purposes.sanctions.data', 'legal.privacy.purposes.basis.sanctionsLaw'],
  ['legal.privacy.purposes.analytics.purpose', 'legal.privacy.purposes.analytics.data', 'legal.privacy.purposes.basis.consent'],
  ['legal.privacy.purposes.legalClaims.purpose', 'legal.privacy.purposes.legalClaims.data', 'legal.privacy.purposes.basis.legalObligationAndInterests'],
] as const;

function privacySections(email: string, operator: OperatorIdentity): LegalSection[] {
  const configured = operatorConfigured(operator);
  const b = { 0: <strong /> };
  return [
    {
      id: 'controller',
      title: t('legal.privacy.controller.title'),
      content: (
        <>
          {configured ? (
            <p>
              <T id="legal.privacy.controller.named" values={{ name: operator.name ?? '' }} components={b} />
            </p>
          ) : (
            <>
              <p>{t('legal.privacy.controller.unnamed')}</p>
              <OperatorNotConfigured />
            </>
          )}
          <OperatorDetails operator={operator} />
          <p>
            {operator.dpoEmail ? (
              <T
                id="legal.privacy.controller.requestsWithDpo"
                components={{ 0: <MailLink email={operator.dpoEmail} />, 1: <MailLink email={operator.email ?? email} />, 2: <LegalLink to="/imprint" /> }}
              />
            ) : (
              <T id="legal.privacy.controller.requests" components={{ 0: <MailLink email={operator.email ?? email} />, 1: <LegalLink to="/imprint" /> }} />
            )}
          </p>
        </>
      ),
    },
    {
      id: 'scope',
      title: t('legal.privacy.scope.title'),
      content: (
        <>
          <p>{t('legal.privacy.scope.covers')}</p>
          <p>{t('legal.privacy.scope.companies')}</p>
        </>
      ),
    },
    {
      id: 'data-we-collect',
      title: t('legal.privacy.data.title'),
      content: (
        <>
          <LegalList>
            <li>
              <T id="legal.privacy.data.account" components={b} />
            </li>
            <li>
              <T id="legal.privacy.data.billing" components={b} />
            </li>
            <li>
              <T id="legal.privacy.data.assessment" components={b} />
            </li>
            <li>
              <T id="legal.privacy.data.officers" components={b} />
            </li>
            <li>
              <T id="legal.privacy.data.technical" components={b} />
            </li>
            <li>
              <T id="legal.privacy.data.communications" components={b} />
            </li>
            <li>
              <T id="legal.privacy.data.analytics" components={b} />
            </li>
          </LegalList>
          <p>{t('legal.privacy.data.specialCategories')}</p>
        </>
      ),
    },
    {
      id: 'purposes',
      title: t('legal.privacy.purposes.title'),
      content: (
        <>
          <p>{t('legal.privacy.purposes.lead')}</p>
          <LegalTable
            caption={t('legal.privacy.purposes.caption')}
            head={[t('legal.privacy.purposes.head.purpose'), t('legal.privacy.purposes.head.data'), t('legal.privacy.purposes.head.basis')]}
            rows={PURPOSES.map((row) => row.map((id) => t(id)))}
          />
          <p>{t('legal.privacy.purposes.interests')}</p>
        </>
      ),
    },
    {
      id: 'processors',
      title: t('legal.privacy.processors.title'),
      content: (
        <>
          <p>
            <T id="legal.privacy.processors.lead" components={{ 0: <LegalLink to="/support/sub-processors" /> }} />
          </p>
          <LegalList>
            <li>
              <T id="legal.privacy.processors.stripe" components={b} />
            </li>
            <li>
              <T id="legal.privacy.processors.analytics" components={b} />
            </li>
            <li>
              <T id="legal.privacy.processors.email" components={b} />
            </li>
            <li>
              <T id="legal.privacy.processors.hosting" components={b} />
            </li>
            <li>
              <T id="legal.privacy.processors.ai" components={b} />
            </li>
            <li>
              <T id="legal.privacy.processors.companyData" components={b} />
            </li>
          </LegalList>
          <p>{t('legal.privacy.processors.advisers')}</p>
        </>
      ),
    },
    {
      id: 'transfers',
      title: t('legal.privacy.transfers.title'),
      content: (
        <p>
          <T id="legal.privacy.transfers.text" components={{ 0: <MailLink email={email} /> }} />
        </p>
      ),
    },
    {
      id: 'retention',
      title: t('legal.privacy.retention.title'),
      content: (
        <LegalList>
          <li>
            <T id="legal.privacy.retention.account" components={b} />
          </li>
          <li>
            <T id="legal.privacy.retention.billing" components={b} />
          </li>
          <li>
            <T id="legal.privacy.retention.sessions" components={b} />
          </li>
          <li>
            <T id="legal.privacy.retention.securityLogs" components={b} />
          </li>
          <li>
            <T id="legal.privacy.retention.support" components={b} />
          </li>
          <li>
            <T id="legal.privacy.retention.analytics" components={b} />
          </li>
        </LegalList>
      ),
    },
    {
      id: 'rights',
      title: t('legal.privacy.rights.title'),
      content: (
        <>
          <p>{t('legal.privacy.rights.lead')}</p>
          <LegalList>
            <li>
              <T id="legal.privacy.rights.access" components={b} />
            </li>
            <li>
              <T id="legal.privacy.rights.rectification" components={b} />
            </li>
            <li>
              <T id="legal.privacy.rights.erasure" components={b} />
            </li>
            <li>
              <T id="legal.privacy.rights.restriction" components={b} />
            </li>
            <li>
              <T id="legal.privacy.rights.portability" components={b} />
            </li>
            <li>
              <T id="legal.privacy.rights.object" components={b} />
            </li>
            <li>
              <T id="legal.privacy.rights.withdrawConsent" components={b} />
            </li>
            <li>
              <T id="legal.privacy.rights.complaint" components={b} />
            </li>
          </LegalList>
          <p>
            <T id="legal.privacy.rights.exercise" components={{ 0: <MailLink email={email} /> }} />
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: t('legal.privacy.cookies.title'),
      content: (
        <>
          <LegalSubheading>{t('legal.privacy.cookies.necessary.title')}</LegalSubheading>
          <p>{t('legal.privacy.cookies.necessary.text')}</p>
          <LegalSubheading>{t('legal.privacy.cookies.analytics.title')}</LegalSubheading>
          <p>
            <T id="legal.privacy.cookies.analytics.text" components={{ 0: <code />, 1: <code /> }} />
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: t('legal.privacy.security.title'),
      content: (
        <>
          <p>{t('legal.privacy.security.lead')}</p>
          <LegalList>
            <li>{t('legal.privacy.security.encryption')}</li>
            <li>{t('legal.privacy.security.passwords')}</li>
            <li>{t('legal.privacy.security.signOut')}</li>
            <li>{t('legal.privacy.security.headers')}</li>
            <li>{t('legal.privacy.security.access')}</li>
          </LegalList>
          <p>{t('legal.privacy.security.breach')}</p>
        </>
      ),
    },
    {
      id: 'children',
      title: t('legal.privacy.children.title'),
      content: <p>{t('legal.privacy.children.text')}</p>,
    },
    {
      id: 'changes',
      title: t('legal.privacy.changes.title'),
      content: <p>{t('legal.privacy.changes.text')}</p>,
    },
    contactSection(<T id="legal.privacy.contact.text" components={{ 0: <MailLink email={email} />, 1: <LegalLink to="/contact" /> }} />),
  ];
}

/** What changed on LEGAL_LAST_UPDATED_ISO, as message ids. */
export const PRIVACY_CHANGES = [
  'legal.privacy.whatChanged.controller',
  'legal.privacy.whatChanged.subProcessors',
  'legal.privacy.whatChanged.aiProvider',
] as const;

/** Privacy policy (/support/privacy-policy). */
export function PrivacyPage() {
  usePageMeta({
    title: t('legal.privacy.title'),
    description: t('legal.privacy.metaDescription'),
  });
  const { contactEmailInfo, operator } = usePublicConfig();
  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      intro={<p>{t('legal.privacy.intro')}</p>}
      sections={privacySections(contactEmailInfo, operator)}
      related={{ to: '/support/terms-of-service', id: 'legal.document.seeAlsoTerms' }}
      changes={PRIVACY_CHANGES.map((id) => t(id))}
    />
  );
}
