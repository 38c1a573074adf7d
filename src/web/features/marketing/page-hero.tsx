import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container';
import { HeroBackdrop } from './hero-parts';

export interface PageHeroProps {
  /** Id of the h1, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}

/** The navy header band that opens the inner marketing pages. */
export function PageHero({ id, eyebrow, title, description, children }: PageHeroProps) {
  return (
    <section aria-labelledby={id} className="relative isolate overflow-hidden bg-brand-950 text-white">
      <HeroBackdrop glow="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(47,98,166,0.5),transparent_60%),radial-gradient(ellipse_at_bottom_left,rgba(34,197,94,0.12),transparent_55%)]" />
      <Container className="py-16 text-center sm:py-20 lg:py-24">
        <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{eyebrow}</p>
        <h1 id={id} className="mx-auto mt-3 max-w-3xl text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-brand-100">{description}</p>
        {children && <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>}
      </Container>
    </section>
  );
}
