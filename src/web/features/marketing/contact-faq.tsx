import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const linkClass = 'font-medium text-brand-700 underline hover:text-brand-900';

export const FAQS: readonly { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'assessment-time',
    question: 'How long does a risk assessment take?',
    answer: (
      <>
        Most assessments are ready in under 2 minutes. Corisk searches for the company, gathers its data, maps its
        location and runs the analysis; a progress panel shows each step and the elapsed time while you wait.
        Occasionally, when a registry answers slowly, it can take up to about 3 minutes.
      </>
    ),
  },
  {
    id: 'pdf-download',
    question: 'Can I download my report as a PDF?',
    answer: (
      <>
        Yes. Every finished report has a <strong>Download Full Report (PDF)</strong> button. The A4 document contains the
        company data, the location map, all risk scores with their grades and the key takeaways for insurers.
      </>
    ),
  },
  {
    id: 'assessment-count',
    question: 'How many assessments can I run?',
    answer: (
      <>
        Each assessment uses 1 credit. New accounts receive free trial credits at sign-up, without a card. Each plan
        includes a yearly credit allowance that resets once a year with your subscription, whether you pay monthly or
        yearly. To keep the service fast for everyone, you can run up to 5 assessments per hour. See{' '}
        <Link to="/products" className={linkClass}>
          Products
        </Link>{' '}
        for the credits of each plan.
      </>
    ),
  },
  {
    id: 'data-security',
    question: 'How secure is my data?',
    answer: (
      <>
        Your data is hosted in the European Union, encrypted in transit and at rest, and processed under the GDPR.
        Passwords are hashed with argon2id and payments are handled by Stripe, so card details never reach our servers.
        Read our{' '}
        <Link to="/support/privacy-policy" className={linkClass}>
          Privacy Policy
        </Link>{' '}
        for details.
      </>
    ),
  },
];

/** The contact page's four questions as an accessible accordion (buttons with aria-expanded, arrow-key navigation). */
export function ContactFaq() {
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {FAQS.map((faq) => (
        <Accordion.Item key={faq.id} value={faq.id}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-5 text-left text-base font-semibold text-slate-900 hover:text-brand-700 sm:px-6">
                {faq.question}
                <ChevronDown
                  className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-sm leading-relaxed text-slate-600 sm:px-6">{faq.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
