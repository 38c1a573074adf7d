import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { contactSection, LegalDocument, LegalLink, LegalList, MailLink, type LegalSection } from './legal-document';

function termsSections(email: string): LegalSection[] {
  return [
    {
      id: 'agreement',
      title: 'Agreement',
      content: (
        <>
          <p>
            These Terms of Service (“Terms”) govern your use of the Corisk website and risk assessment platform (the
            “Service”) provided by Corisk (“Corisk”, “we”, “us”). By creating an account or using the Service you accept
            these Terms. If you accept them on behalf of an organisation, you confirm that you may bind it, and “you”
            means that organisation. Who operates the Service, with its address and register, is stated in the{' '}
            <LegalLink to="/imprint">Imprint</LegalLink>
            .
          </p>
          <p>
            The Service is offered to businesses and professionals for business purposes. Our{' '}
            <LegalLink to="/support/privacy-policy">Privacy Policy</LegalLink>{' '}
            explains how we process personal data.
          </p>
        </>
      ),
    },
    {
      id: 'service',
      title: 'The Service',
      content: (
        <>
          <p>
            Corisk produces risk assessments of companies identified by fiscal number and country. A report contains
            company data, a location map, location-based and industry-specific risks, an overall score and grade from A
            to F, key takeaways for insurers, and can be downloaded as PDF. Every account can assess one company, a
            portfolio of many companies and sites from one file (one row per site, which is how a company with several
            locations is assessed), and use the API with its own API keys; each assessed company or site uses 1 credit.
          </p>
          <p>
            We aim to keep the Service available 24/7 but do not guarantee uninterrupted availability; maintenance,
            updates or events outside our control may interrupt it. We may improve and change features. The Premium
            and Enterprise plans are announced but not yet on sale; portfolio assessment, multi-location analysis and
            API access are not reserved to them and are available on every account today.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Accounts',
      content: (
        <LegalList>
          <li>Give accurate and complete information at sign-up and keep it up to date.</li>
          <li>Confirm your e-mail address before first use.</li>
          <li>
            Keep your password confidential. Each account is for one person; do not share your credentials. You are
            responsible for activity in your account.
          </li>
          <li>
            Tell us at once at <MailLink email={email} /> if you suspect unauthorised use.
          </li>
        </LegalList>
      ),
    },
    {
      id: 'credits',
      title: 'Free trial, subscriptions and credits',
      content: (
        <>
          <LegalList>
            <li>
              New accounts receive free sign-up credits as a free trial, without a payment card. Trial credits have no
              cash value.
            </li>
            <li>
              Paid access is by subscription to one of our plans (basic, premium, enterprise), billed monthly or yearly
              as shown on the{' '}
              <LegalLink to="/products">Products</LegalLink>{' '}
              page. Plans marked “coming soon” cannot yet be bought.
            </li>
            <li>
              <strong>Each assessment uses 1 credit.</strong> A credit is used only when an assessment completes; a
              failed assessment uses none.
            </li>
            <li>
              <strong>Credits are annual.</strong> Each plan includes a yearly credit allowance that resets once a year,
              on the anniversary of the start of your subscription, whatever your billing period. Unused credits do not
              carry over to the next year and have no cash value.
            </li>
            <li>
              To keep the Service responsive for everyone, an account can run up to 5 assessments per hour.
            </li>
          </LegalList>
        </>
      ),
    },
    {
      id: 'payment',
      title: 'Prices, payment and cancellation',
      content: (
        <>
          <LegalList>
            <li>
              Prices are in euros. Value added tax is charged where the law requires it. Payments are processed by
              Stripe; by subscribing you authorise the charges for your plan.
            </li>
            <li>
              Subscriptions renew automatically at the end of each billing period until cancelled. If a payment fails, we
              may suspend paid features until it is settled.
            </li>
            <li>
              We announce price changes at least 30 days before they apply to your next billing period; you may cancel
              before then.
            </li>
            <li>
              <strong>You can cancel at any time</strong> in Account Settings. The cancellation takes effect at the end
              of the current billing period: your plan and remaining credits stay available until then, and you can
              reactivate the subscription before that date. Fees already paid are not refunded for partial periods,
              except where mandatory law provides otherwise.
            </li>
          </LegalList>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      content: (
        <>
          <p>You must not:</p>
          <LegalList>
            <li>use the Service against the law or to discriminate unlawfully against any person;</li>
            <li>
              access the Service by automated means (bots, scrapers) except through interfaces we offer for that
              purpose, or get around usage limits, credits or security measures;
            </li>
            <li>probe, scan or test the vulnerability of the Service, or interfere with its operation;</li>
            <li>copy, reverse engineer or resell the Service, or use its output to build a competing product or dataset;</li>
            <li>upload malicious code or content that infringes the rights of others;</li>
            <li>enter personal data you have no lawful basis to process.</li>
          </LegalList>
          <p>We may suspend access where we reasonably believe these rules are broken.</p>
        </>
      ),
    },
    {
      id: 'ai-output',
      title: 'Automated output',
      content: (
        <>
          <p>
            Reports are produced automatically from public and third-party data sources. By default a published,
            reproducible rule set (described on the{' '}
            <LegalLink to="/methodology">Methodology</LegalLink>{' '}
            page) rates every risk: the same company gives the same report. Where the operator has configured an AI
            analyst, an AI model rates the risks from the same data and our code computes the scores and grade. Either
            way, reports can be incomplete, out of date or wrong. Reports are information to support your work;{' '}
            <strong>
              they are not insurance, legal or financial advice and not a substitute for professional underwriting
              judgement
            </strong>
            , site surveys or your own due diligence.
          </p>
          <p>
            You remain responsible for your decisions, including whether and on which terms to offer, accept or price
            insurance cover. Performance figures in our marketing (such as accuracy or speed) describe typical results of
            the Service and are not a guarantee for any individual report.
          </p>
        </>
      ),
    },
    {
      id: 'your-data',
      title: 'Your data',
      content: (
        <p>
          You keep all rights to the information you enter. You allow us to process it to provide, secure and improve the
          Service, as set out in our Privacy Policy. Where you enter personal data of others, you are responsible for
          having a lawful basis; on request we enter into a data processing agreement under Article 28 GDPR.
        </p>
      ),
    },
    {
      id: 'ip',
      title: 'Intellectual property',
      content: (
        <p>
          The Service, its software, design, methodology, texts and the Corisk name and logo belong to Corisk or its
          licensors. Subject to these Terms, you may use, store and share the reports you generate within your business
          and with your clients, insurers and advisers. Map data © OpenStreetMap contributors where used. Other rights are
          not granted. If you send us feedback, we may use it without obligation to you.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Warranties and limitation of liability',
      content: (
        <>
          <p>
            Apart from the commitments in these Terms, the Service is provided “as is” and “as available”, to the extent
            the law allows.
          </p>
          <p>
            We are not liable for indirect or consequential loss, loss of profit, revenue or business, or loss arising
            from decisions made on the basis of a report. Our total liability arising from or in connection with the
            Service in any 12-month period is limited to the fees you paid us in the 12 months before the event giving
            rise to the claim.
          </p>
          <p>
            Nothing in these Terms limits liability for wilful misconduct, gross negligence, death or personal injury, or
            any other liability that cannot be limited under applicable law.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      content: (
        <p>
          You can stop using the Service and ask us to close your account at any time at <MailLink email={email} />. We may
          suspend or terminate access for a material breach of these Terms, for non-payment or where the law requires it;
          where reasonable we will warn you first. After termination your data is deleted as described in the Privacy
          Policy.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these Terms',
      content: (
        <p>
          We may change these Terms, for example when the Service or the law changes. We announce material changes at
          least 30 days in advance by e-mail or in the Service. If you do not agree, you can cancel before they take
          effect; continuing to use the Service afterwards means you accept them.
        </p>
      ),
    },
    {
      id: 'law',
      title: 'Governing law and jurisdiction',
      content: (
        <p>
          These Terms are governed by the laws of Portugal and applicable European Union law, excluding conflict-of-law
          rules and the UN Convention on Contracts for the International Sale of Goods. The courts of Lisbon, Portugal,
          have exclusive jurisdiction, unless mandatory law provides otherwise.
        </p>
      ),
    },
    {
      id: 'general',
      title: 'General',
      content: (
        <p>
          These Terms are the entire agreement between you and Corisk about the Service. If a provision is invalid, the
          rest remains in force. Not enforcing a right is not a waiver of it. You may not transfer your account or these
          Terms without our consent. Neither party is liable for delays caused by events beyond its reasonable control.
        </p>
      ),
    },
    contactSection(
      <>
        Questions about these Terms: <MailLink email={email} />, or use our{' '}
      </>,
    ),
  ];
}

/** What changed on LEGAL_LAST_UPDATED. */
export const TERMS_CHANGES = [
  'Portfolio assessment, multi-location analysis and API access are described as they are: available on every account today.',
  'Section “Automated output”: reports come from a published, reproducible rule set by default, with an optional AI analyst.',
  'The operator of the Service is named in the Imprint.',
] as const;

/** Terms of service (/support/terms-of-service). */
export function TermsPage() {
  usePageMeta({
    title: 'Terms of Service',
    description:
      'The terms for using Corisk: accounts, subscriptions and annual credits, payment and cancellation, acceptable use, automated output, liability and governing law.',
  });
  const { contactEmailInfo } = usePublicConfig();
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          Please read these Terms carefully. They set out how you may use Corisk, how subscriptions and credits work,
          and the responsibilities of both sides.
        </p>
      }
      sections={termsSections(contactEmailInfo)}
      related={{ to: '/support/privacy-policy', label: 'Privacy Policy' }}
      changes={TERMS_CHANGES}
    />
  );
}
