import { BadgeCheck, FileText, Globe2, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { IconList, type IconItem, type IconListLook } from '../../components/ui/icon-list';
import { t } from '../../lib/i18n';

/** The brand panel's points, as message ids (translated when rendered). */
const HIGHLIGHTS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  { icon: ShieldCheck, title: 'auth.highlights.gradedTitle', text: 'auth.highlights.gradedText' },
  { icon: Globe2, title: 'auth.highlights.countriesTitle', text: 'auth.highlights.countriesText' },
  { icon: FileText, title: 'auth.highlights.underwritingTitle', text: 'auth.highlights.underwritingText' },
];

const HIGHLIGHT_LOOK: IconListLook = {
  list: 'mt-8 space-y-5',
  item: 'flex gap-4',
  icon: 'size-5',
  badge: 'flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-brand-100',
  body: 'span',
  title: ['span', 'block font-semibold text-slate-900'],
  text: ['span', 'block text-sm text-slate-600'],
};

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  icon?: LucideIcon;
  children: ReactNode;
  /** Links under the card (e.g. 'Create an account'). */
  footer?: ReactNode;
  /** Wider card for longer forms (sign-up). */
  wide?: boolean;
  /** Shows the brand panel beside the card on large screens. */
  withHighlights?: boolean;
}

/** The frame of the account screens: a centred card on a soft background, optional brand panel. */
export function AuthShell({ title, subtitle, icon: Icon = BadgeCheck, children, footer, wide = false, withHighlights = false }: AuthShellProps) {
  return (
    <div className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-brand-100/60 blur-3xl"
      />
      <div
        className={cn(
          'mx-auto flex w-full max-w-6xl items-center justify-center gap-12 px-4 py-10 sm:px-6 sm:py-16 lg:px-8',
          withHighlights && 'lg:justify-between',
        )}
      >
        {withHighlights && (
          <section aria-label={t('auth.highlights.label')} className="hidden max-w-md lg:block">
            <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">{t('auth.highlights.eyebrow')}</p>
            <p className="mt-3 text-3xl font-bold tracking-tight text-brand-900">{t('auth.highlights.headline')}</p>
            <IconList
              items={HIGHLIGHTS.map((item): IconItem => ({ icon: item.icon, title: t(item.title), text: t(item.text) }))}
              look={HIGHLIGHT_LOOK}
            />
          </section>
        )}
        <div className={cn('w-full', wide ? 'max-w-2xl' : 'max-w-md')}>
          <Card className="p-6 shadow-lg shadow-brand-900/5 sm:p-8">
            <div className="mb-6 flex flex-col items-center text-center">
              <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
              {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
            </div>
            {children}
          </Card>
          {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
        </div>
      </div>
    </div>
  );
}

/** A text link styled for the account screens. */
const authLinkClass =
  'font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline focus-visible:underline';

/** A link of the account screens (to another account screen, the terms…). */
export function AuthLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={cn(className, authLinkClass)}>
      {children}
    </Link>
  );
}
