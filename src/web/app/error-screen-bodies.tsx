import { AlertTriangle, RefreshCw, ShieldAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { LinkButton } from '../components/ui/link-button';
import { localised, t } from '../lib/i18n';
import { usePageMeta } from '../lib/seo';

/** Screen bodies of app/error-screens.tsx, loaded only when an error actually happens. */

const ICON_TONES = { amber: 'bg-amber-50 text-amber-600', red: 'bg-red-50 text-red-600' } as const;

/** An error screen's body; its title is the page title too (kept out of search engines). */
function ScreenBody(props: { icon: LucideIcon; tone: keyof typeof ICON_TONES; titleId: string; textId: string; children: ReactNode }) {
  const { icon: Icon, children } = props;
  const title = t(props.titleId);
  const text = t(props.textId);
  usePageMeta({ title, noindex: true });
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <span className={`grid size-14 place-items-center rounded-2xl ${ICON_TONES[props.tone]}`}>
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-base leading-relaxed text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

const AUTH_ERROR = {
  icon: ShieldAlert,
  tone: 'amber',
  titleId: 'common.error.authTitle',
  textId: 'common.error.authText',
} as const;

const GENERIC_ERROR = {
  icon: AlertTriangle,
  tone: 'red',
  titleId: 'common.error.genericTitle',
  textId: 'common.error.genericText',
} as const;

export function AuthErrorScreen() {
  return (
    <ScreenBody {...AUTH_ERROR}>
      <Button size="lg" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('common.error.refresh')}
      </Button>
    </ScreenBody>
  );
}

export function GenericErrorScreen({ message }: { message: string }) {
  return (
    <ScreenBody {...GENERIC_ERROR}>
      <Button size="lg" onClick={() => window.location.reload()}>
        {t('common.error.tryAgain')}
      </Button>
      <LinkButton to={localised('/home')} size="lg" variant="outline">
        {t('common.error.goHome')}
      </LinkButton>
      {import.meta.env.DEV && message && (
        <pre className="mt-4 w-full overflow-auto rounded-lg bg-slate-900 p-4 text-left text-xs text-slate-100">{message}</pre>
      )}
    </ScreenBody>
  );
}
