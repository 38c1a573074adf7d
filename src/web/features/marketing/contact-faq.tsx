import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { Link } from 'react-router';
import { localised, t, T } from '../../lib/i18n';

const linkClass = 'font-medium text-brand-700 underline hover:text-brand-900';

/** The questions; question and answer are message ids. An answer's <0> is bold, <1> links to Products, <2> to the Privacy Policy. */
export const FAQS: readonly { id: string; question: string; answer: string }[] = [
  { id: 'assessment-time', question: 'marketing.faq.timeQuestion', answer: 'marketing.faq.timeAnswer' },
  { id: 'pdf-download', question: 'marketing.faq.pdfQuestion', answer: 'marketing.faq.pdfAnswer' },
  { id: 'assessment-count', question: 'marketing.faq.countQuestion', answer: 'marketing.faq.countAnswer' },
  { id: 'data-security', question: 'marketing.faq.securityQuestion', answer: 'marketing.faq.securityAnswer' },
];

/** The contact page's four questions as an accessible accordion (buttons with aria-expanded, arrow-key navigation). */
export function ContactFaq() {
  const components = {
    0: <strong />,
    1: <Link to={localised('/products')} className={linkClass} />,
    2: <Link to={localised('/support/privacy-policy')} className={linkClass} />,
  };
  return (
    <Accordion.Root type="single" collapsible className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {FAQS.map((faq) => (
        <Accordion.Item key={faq.id} value={faq.id}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-5 text-left text-base font-semibold text-slate-900 hover:text-brand-700 sm:px-6">
                {t(faq.question)}
                <ChevronDown
                  className="size-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-sm leading-relaxed text-slate-600 sm:px-6">
            <T id={faq.answer} components={components} />
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
