import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import type { OperatorIdentity } from '../../../shared/contracts/common';
import { contactSection, LegalDocument, LegalLink, LegalList, LegalSubheading, LegalTable, MailLink, type LegalSection } from './legal-document';
import { OperatorDetails, operatorConfigured, OperatorNotConfigured } from './operator-details';

function privacySections(email: string, operator: OperatorIdentity): LegalSection[] {
  const configured = operatorConfigured(operator);
  return [
    {
      id: 'controller',
      title: 'Who is responsible for your data',
      content: (
        <>
          {configured ? (
            <p>
              The controller of the personal data described in this policy, within the meaning of the EU General Data
              Protection Regulation (Regulation (EU) 2016/679, “GDPR”), is <strong>{operator.name}</strong> (“we”,
              “us”), the operator of this Corisk website and risk assessment platform (the “Service”):
            </p>
          ) : (
            <>
              <p>
                The controller of the personal data described in this policy, within the meaning of the EU General Data
                Protection Regulation (Regulation (EU) 2016/679, “GDPR”), is the operator of this Corisk website and
                risk assessment platform (the “Service”; “we”, “us”).
              </p>
              <OperatorNotConfigured />
            </>
          )}
          <OperatorDetails operator={operator} />
          <p>
            For any question about this policy or to exercise your rights, contact{' '}
            {operator.dpoEmail ? (
              <>
                our data protection officer at <MailLink email={operator.dpoEmail} /> or us at{' '}
              </>
            ) : (
              'us at '
            )}
            <MailLink email={operator.email ?? email} /> with the subject “Privacy request”. The full legal notice is in
            the{' '}
            <LegalLink to="/imprint">Imprint</LegalLink>
            .
          </p>
        </>
      ),
    },
    {
      id: 'scope',
      title: 'Scope of this policy',
      content: (
        <>
          <p>
            This policy covers personal data we process when you visit our website, create and use an account, buy a
            subscription, run risk assessments or contact us. The Service is intended for businesses and insurance
            professionals.
          </p>
          <p>
            Risk assessments concern companies. Company data is generally not personal data; where a company is a sole
            trader or a report otherwise relates to an identifiable person, this policy applies to that data too (see
            sections 3 and 4).
          </p>
        </>
      ),
    },
    {
      id: 'data-we-collect',
      title: 'Personal data we collect',
      content: (
        <>
          <LegalList>
            <li>
              <strong>Account data</strong> — first name, last name, e-mail address, company name and fiscal (tax)
              number that you give us at sign-up, and your password. We store the password only as an argon2id hash;
              we never see or store it in readable form.
            </li>
            <li>
              <strong>Subscription and billing data</strong> — your plan, billing period, credits, subscription status
              and dates, and the customer and subscription references of our payment provider. Card details are entered
              with and processed by Stripe; they never reach our servers.
            </li>
            <li>
              <strong>Assessment data</strong> — the fiscal numbers and countries you enter, the company data retrieved
              for them (such as name, address and coordinates), the generated reports and when they were created.
            </li>
            <li>
              <strong>Officers and owners of assessed companies</strong> — the names and roles of directors, board
              members and shareholders as public company registers publish them, and, when one of them resembles a
              sanctions list entry, that entry&apos;s name, programme and reference, with the decision your analyst
              records on it (who and when).
            </li>
            <li>
              <strong>Technical and security data</strong> — IP address, browser and device information, server logs,
              sign-in attempts and session identifiers, used to run and protect the Service.
            </li>
            <li>
              <strong>Communications</strong> — the e-mails you send us and our replies. Our contact forms open your own
              e-mail program; nothing you type in them is sent to our servers until you send the e-mail yourself.
            </li>
            <li>
              <strong>Analytics data (only with your consent)</strong> — pages viewed, events such as a completed
              purchase, approximate location, and device and browser information, collected by Google Analytics with IP
              anonymisation.
            </li>
          </LegalList>
          <p>
            We do not ask for special categories of personal data (Article 9 GDPR). Please do not include such data in
            messages to us.
          </p>
        </>
      ),
    },
    {
      id: 'purposes',
      title: 'Purposes and legal bases',
      content: (
        <>
          <p>We process personal data only for the purposes below, each on a legal basis of Article 6(1) GDPR:</p>
          <LegalTable
            caption="Purposes of processing and their legal bases"
            head={['Purpose', 'Data', 'Legal basis']}
            rows={[
              [
                'Creating and running your account, running assessments, producing and storing reports',
                'Account, assessment, technical data',
                'Performance of a contract — Art. 6(1)(b)',
              ],
              [
                'Subscriptions, payments, invoices and tax records',
                'Account, subscription and billing data',
                'Contract — Art. 6(1)(b); legal obligation — Art. 6(1)(c)',
              ],
              [
                'Service e-mails: account confirmation, password reset, subscription notices',
                'Account data',
                'Performance of a contract — Art. 6(1)(b)',
              ],
              [
                'Security, abuse and fraud prevention, rate limiting, logs',
                'Technical and security data',
                'Legitimate interests in a secure service — Art. 6(1)(f)',
              ],
              [
                'Answering your questions and support requests',
                'Communications, account data',
                'Contract — Art. 6(1)(b), or legitimate interests — Art. 6(1)(f)',
              ],
              [
                'Company data about sole traders in reports requested by our customers',
                'Assessment data',
                'Legitimate interests of our customers and us in assessing insurance risks — Art. 6(1)(f)',
              ],
              [
                'Screening assessed companies, their officers and owners against the EU, UN and UK sanctions lists',
                'Officers and owners of assessed companies, assessment data',
                'Legitimate interests of our customers and us in complying with sanctions law — Art. 6(1)(f)',
              ],
              ['Website and product analytics', 'Analytics data', 'Consent — Art. 6(1)(a)'],
              [
                'Establishing, exercising or defending legal claims; complying with the law',
                'As needed',
                'Legal obligation — Art. 6(1)(c); legitimate interests — Art. 6(1)(f)',
              ],
            ]}
          />
          <p>
            Where we rely on legitimate interests, we have weighed them against your interests and rights; you can
            object at any time (section 8). We do not sell personal data and do not use it for advertising.
          </p>
        </>
      ),
    },
    {
      id: 'processors',
      title: 'Processors and other recipients',
      content: (
        <>
          <p>
            We share personal data only with service providers that help us run the Service. They act as processors
            under a data processing agreement (Article 28 GDPR) unless stated otherwise. Which of them this deployment
            really uses, what each receives and where it is hosted is listed, from its configuration, on the{' '}
            <LegalLink to="/support/sub-processors">sub-processors page</LegalLink>
            :
          </p>
          <LegalList>
            <li>
              <strong>Payments — Stripe</strong> (Stripe Payments Europe, Ltd., Ireland): payment processing,
              subscriptions and invoices. For fraud prevention and its own legal obligations Stripe acts as an
              independent controller under its own privacy policy.
            </li>
            <li>
              <strong>Analytics — Google Analytics</strong> (Google Ireland Limited): usage statistics, only after you
              accept analytics cookies, with IP anonymisation; no advertising features are used.
            </li>
            <li>
              <strong>E-mail delivery</strong>: our e-mail sending provider delivers service e-mails such as account
              confirmation and password reset links.
            </li>
            <li>
              <strong>Hosting and infrastructure</strong>: the servers or hosting provider chosen by the operator run
              the application and its database; a database or cache on another provider is listed on the
              sub-processors page.
            </li>
            <li>
              <strong>AI provider (only where an AI analyst is configured)</strong>: by default the analysis is a
              published, reproducible rule set that runs on our own servers and sends nothing out. Where the operator
              has configured an AI analyst, its provider receives the company data, hazard indicators and location map
              of an assessment to rate the risks. It receives no account data and may not use the data to train its
              models.
            </li>
            <li>
              <strong>Company data and mapping sources</strong>: public registers such as the European Commission’s VIES
              service receive the fiscal number being checked, and geocoding services such as OpenStreetMap Nominatim
              receive the company address. They receive no data about you.
            </li>
          </LegalList>
          <p>
            We may also disclose data to professional advisers under confidentiality, and to authorities or courts where
            the law requires it.
          </p>
        </>
      ),
    },
    {
      id: 'transfers',
      title: 'International transfers',
      content: (
        <p>
          We store and process personal data in the European Economic Area (EEA). Some providers, such as Google and
          certain AI or e-mail providers, may process data outside the EEA, including in the United States. We then rely
          on an adequacy decision of the European Commission (including the EU-U.S. Data Privacy Framework for certified
          companies) or on the European Commission’s Standard Contractual Clauses (SCCs, Article 46(2)(c) GDPR), with
          supplementary measures where needed. You can ask us for a copy of the safeguards at <MailLink email={email} />.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep data',
      content: (
        <LegalList>
          <li>
            <strong>Account data and reports</strong>: while your account exists; deleted within 30 days after the
            account is closed, except for the records below.
          </li>
          <li>
            <strong>Billing and invoice records</strong>: for the period required by tax and accounting law (currently
            up to 10 years in Portugal).
          </li>
          <li>
            <strong>Sessions</strong>: access tokens expire after 1 hour and refresh tokens after at most 30 days or when
            you sign out. Confirmation and password reset links expire shortly after they are sent and cannot be reused.
          </li>
          <li>
            <strong>Security logs</strong>: up to 90 days, longer only while needed to investigate an incident.
          </li>
          <li>
            <strong>Support correspondence</strong>: up to 3 years after the last contact, to handle follow-up questions
            and claims.
          </li>
          <li>
            <strong>Analytics data</strong>: up to 14 months in Google Analytics.
          </li>
        </LegalList>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights',
      content: (
        <>
          <p>Under the GDPR you have the right to:</p>
          <LegalList>
            <li>
              <strong>access</strong> your personal data and receive a copy (Art. 15);
            </li>
            <li>
              <strong>rectification</strong> of inaccurate or incomplete data (Art. 16) — most account data can be
              changed in Account Settings;
            </li>
            <li>
              <strong>erasure</strong> of your data (“right to be forgotten”, Art. 17);
            </li>
            <li>
              <strong>restriction</strong> of processing (Art. 18);
            </li>
            <li>
              <strong>data portability</strong>: receive the data you gave us in a structured, machine-readable format or
              have it sent to another provider (Art. 20);
            </li>
            <li>
              <strong>object</strong> to processing based on legitimate interests (Art. 21);
            </li>
            <li>
              <strong>withdraw consent</strong> at any time, without affecting processing before the withdrawal (Art.
              7(3));
            </li>
            <li>
              <strong>lodge a complaint with a supervisory authority</strong> (Art. 77), in particular in the EU country
              where you live or work or where an infringement took place. In Portugal this is the Comissão Nacional de
              Proteção de Dados (CNPD).
            </li>
          </LegalList>
          <p>
            To exercise your rights, write to <MailLink email={email} />. We answer within one month (Art. 12(3) GDPR) and
            may ask you to confirm your identity. Corisk does not make decisions about you based solely on automated
            processing that produce legal or similarly significant effects (Art. 22); risk reports describe companies and
            support human decisions.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      content: (
        <>
          <LegalSubheading>Strictly necessary</LegalSubheading>
          <p>
            We store what the Service needs to work in your browser: your sign-in session, your plan information for the
            current session and your cookie choice. These do not need consent (Article 5(3) of the ePrivacy Directive).
          </p>
          <LegalSubheading>Analytics (optional)</LegalSubheading>
          <p>
            Google Analytics cookies (such as <code>_ga</code> and <code>_ga_*</code>, kept for up to 2 years) are set
            only after you click accept in our cookie banner. If you decline, no analytics script is loaded. You can
            change your choice at any time by clearing this site’s cookies and storage in your browser; the banner then
            asks again.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      content: (
        <>
          <p>We protect personal data with technical and organisational measures appropriate to the risk, including:</p>
          <LegalList>
            <li>encryption in transit (TLS) and at rest;</li>
            <li>passwords hashed with argon2id; short-lived access tokens and rotating refresh tokens;</li>
            <li>automatic sign-out after 30 minutes of inactivity;</li>
            <li>a strict Content Security Policy, security headers and rate limiting;</li>
            <li>access to production data limited to staff who need it, on a need-to-know basis.</li>
          </LegalList>
          <p>
            If a personal data breach occurs, we notify the supervisory authority and, where required, the people
            affected, as set out in Articles 33 and 34 GDPR.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      content: <p>The Service is for professionals and is not directed at anyone under 18. We do not knowingly collect data from children.</p>,
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <p>
          We may update this policy when our Service or the law changes. The “Last updated” date above shows the current
          version. We inform account holders of material changes by e-mail or in the Service before they take effect.
        </p>
      ),
    },
    contactSection(
      <>
        Questions about privacy: <MailLink email={email} />. For everything else, see our{' '}
      </>,
    ),
  ];
}

/** What changed on LEGAL_LAST_UPDATED. */
export const PRIVACY_CHANGES = [
  'Section 1 names the controller — the operator of this deployment — with its address, register and contacts.',
  'Section 5 links the sub-processors page, which lists the outside services this deployment really uses.',
  'The AI provider receives data only where an AI analyst is configured; by default the analysis is a published rule set.',
] as const;

/** Privacy policy (/support/privacy-policy). */
export function PrivacyPage() {
  usePageMeta({
    title: 'Privacy Policy',
    description:
      'How Corisk collects, uses and protects personal data under the GDPR: purposes, legal bases, processors, retention, international transfers and your rights.',
  });
  const { contactEmailInfo, operator } = usePublicConfig();
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          Corisk helps insurance professionals assess the risks of European companies. We take the protection of your
          personal data seriously: this policy explains what we collect, why, on which legal basis, with whom we share
          it, how long we keep it and which rights you have under the GDPR.
        </p>
      }
      sections={privacySections(contactEmailInfo, operator)}
      related={{ to: '/support/terms-of-service', label: 'Terms of Service' }}
      changes={PRIVACY_CHANGES}
    />
  );
}
