import { Building, BrainCircuit, Calculator, FileDown, type LucideIcon } from 'lucide-react';
import { Container } from '../../components/ui/container';
import { SectionHeading } from './section-heading';

const STEPS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Building,
    title: 'Enter company info',
    text: 'Type the company’s fiscal number and choose its country from the 27 EU member states.',
  },
  {
    icon: BrainCircuit,
    title: 'AI analysis',
    text: 'Corisk finds the company, gathers its data, maps its location and analyses its activity and surroundings.',
  },
  {
    icon: Calculator,
    title: 'Risk calculation',
    text: 'Location and industry risks are scored for likelihood and impact and combined into an overall score and grade.',
  },
  {
    icon: FileDown,
    title: 'Get report',
    text: 'Read the report with key takeaways for insurers on screen, then download it as a PDF.',
  },
];

/** The four-step 'How It Works' section. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-white py-20 sm:py-24">
      <Container>
        <SectionHeading
          id="how-title"
          eyebrow="How It Works"
          title="Four steps, under 2 minutes"
          description="No forms to fill in and no documents to chase: a fiscal number and a country are all Corisk needs."
        />
        <div className="relative mt-14">
          <div aria-hidden="true" className="absolute top-7 right-[12.5%] left-[12.5%] hidden h-px bg-brand-200 lg:block" />
          <ol className="relative grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative flex flex-col items-center text-center">
              <span className="relative inline-flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white shadow-lg ring-8 ring-white">
                <Icon className="size-6" aria-hidden="true" />
                <span className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full bg-accent-500 text-xs font-bold text-brand-950">
                  {index + 1}
                </span>
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 max-w-xs text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
          </ol>
        </div>
      </Container>
    </section>
  );
}
