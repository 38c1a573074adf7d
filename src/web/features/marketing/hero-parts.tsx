// The navy hero bands' parts, apart from PageHero: the home page has a hero of its own.
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../../components/ui/cn';
import { LinkButton } from '../../components/ui/link-button';
import { t } from '../../lib/i18n';
import { heldClass, heldWhile, useSessionPending, useSignedIn } from './use-signed-in';

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
      {t('home.heroLink.startTrial')} <ArrowRight className="size-4" aria-hidden="true" />
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
