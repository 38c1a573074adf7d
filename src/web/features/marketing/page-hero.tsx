import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../../components/ui/cn';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { heldClass, heldWhile, useSessionPending, useSignedIn } from './use-signed-in';

export interface PageHeroProps {
  /** Id of the h1, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}

/** The glow (its class: `glow`) and the faint grid behind a navy hero band. */
export function HeroBackdrop({ glow }: { glow: string }) {
  return (
    <>
      <div aria-hidden="true" className={glow} />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
    </>
  );
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

/** A secondary, outlined large button for the navy bands (the UI kit's variants are made for light backgrounds). */
export function DarkOutlineLink({ className, ...rest }: LinkProps) {
  return (
    <Link
      className={cn(
        'inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-white/30 px-6 text-base font-semibold whitespace-nowrap text-white transition-colors select-none',
        'hover:border-white/50 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        className,
      )}
      {...rest}
    />
  );
}

/** Extra classes for the UI kit's accent button on navy: a white focus ring that stays visible. */
export const accentOnDark = 'focus-visible:outline-white!';

/** A hero's first button: `children` to `to` when signed in, else Start Free Trial (held while the session is read). */
export function HeroPrimaryLink({ to, children }: { to: string; children: ReactNode }) {
  const signedIn = useSignedIn();
  const pending = useSessionPending();
  return signedIn ? (
    <LinkButton to={to} variant="accent" size="lg" className={accentOnDark}>
      {children} <ArrowRight className="size-4" aria-hidden="true" />
    </LinkButton>
  ) : (
    <LinkButton to="/auth/signup" variant="accent" size="lg" className={cn(accentOnDark, heldClass(pending))} {...heldWhile(pending)}>
      Start Free Trial <ArrowRight className="size-4" aria-hidden="true" />
    </LinkButton>
  );
}

/** Words that differ for a signed-in visitor, held back while the session is read. */
export function SessionText({
  as: Tag,
  id,
  className,
  signedIn,
  signedOut,
}: {
  as: 'h2' | 'p';
  id?: string;
  className: string;
  signedIn: string;
  signedOut: string;
}) {
  const isSignedIn = useSignedIn();
  const pending = useSessionPending();
  return (
    <Tag id={id} className={cn(className, heldClass(pending))} {...heldWhile(pending)}>
      {isSignedIn ? signedIn : signedOut}
    </Tag>
  );
}
