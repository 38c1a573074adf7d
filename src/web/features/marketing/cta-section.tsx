import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { localised } from '../../lib/i18n';

/**
 * A page's closing call to action: a heading, a line, View Plans (`plans`, in the page's own
 * messages) and the page's own buttons.
 */
export function CtaSection({ id, title, text, plans, children }: { id: string; title: string; text: string; plans: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="bg-slate-50 py-20 sm:py-24">
      <Container className="text-center">
        <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">{text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton to={localised('/products')} size="lg">
            {plans} <ArrowRight className="size-4" aria-hidden="true" />
          </LinkButton>
          {children}
        </div>
      </Container>
    </section>
  );
}
