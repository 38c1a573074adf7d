import { Building, BrainCircuit, Calculator, FileDown } from 'lucide-react';
import { t } from '../../lib/i18n';
import { inWords, MarketingSection, type MessageItem } from './section-heading';

const STEPS: readonly MessageItem[] = [
  { icon: Building, title: 'marketing.how.enterTitle', text: 'marketing.how.enterText' },
  { icon: BrainCircuit, title: 'marketing.how.analysisTitle', text: 'marketing.how.analysisText' },
  { icon: Calculator, title: 'marketing.how.calculationTitle', text: 'marketing.how.calculationText' },
  { icon: FileDown, title: 'marketing.how.reportTitle', text: 'marketing.how.reportText' },
];

/** The four-step 'How It Works' section. */
export function HowItWorks() {
  return (
    <MarketingSection
      heading={{ id: 'how-title', eyebrow: t('marketing.how.eyebrow'), title: t('marketing.how.title'), description: t('marketing.how.description') }}
      tone="white"
    >
      <div className="relative mt-14">
        <div aria-hidden="true" className="absolute top-7 right-[12.5%] left-[12.5%] hidden h-px bg-brand-200 lg:block" />
        <ol className="relative grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {inWords(STEPS).map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative flex flex-col items-center text-center">
              <span className="relative inline-flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-lg ring-8 ring-white">
                <Icon className="size-6" aria-hidden="true" />
                <span className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full bg-accent-500 text-xs font-bold text-brand-950">
                  {index + 1}
                </span>
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                <span className="sr-only">{t('marketing.how.step', { number: index + 1 })} </span>
                {title}
              </h3>
              <p className="mt-2 max-w-xs text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </MarketingSection>
  );
}
