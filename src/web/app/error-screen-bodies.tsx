import { AlertTriangle, RefreshCw, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { LinkButton } from '../components/ui/link-button';
import { usePageMeta } from '../lib/seo';

/** Screen bodies of app/error-screens.tsx, loaded only when an error actually happens. */

function ScreenBody({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      {icon}
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-base leading-relaxed text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

export function AuthErrorScreen() {
  usePageMeta({ title: 'Authentication Error', noindex: true });
  return (
    <ScreenBody
      icon={
        <span className="grid size-14 place-items-center rounded-2xl bg-amber-50 text-amber-600">
          <ShieldAlert aria-hidden="true" className="size-7" />
        </span>
      }
      title="Authentication Error"
      text="There was a problem with your session. Please refresh the page to continue."
    >
      <Button size="lg" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Refresh Page
      </Button>
    </ScreenBody>
  );
}

export function GenericErrorScreen({ message }: { message: string }) {
  usePageMeta({ title: 'Something went wrong', noindex: true });
  return (
    <ScreenBody
      icon={
        <span className="grid size-14 place-items-center rounded-2xl bg-red-50 text-red-600">
          <AlertTriangle aria-hidden="true" className="size-7" />
        </span>
      }
      title="Something went wrong"
      text="An unexpected error stopped this page from loading. Please try again; if it keeps happening, contact us."
    >
      <Button size="lg" onClick={() => window.location.reload()}>
        Try again
      </Button>
      <LinkButton to="/home" size="lg" variant="outline">
        Go Home
      </LinkButton>
      {import.meta.env.DEV && message && (
        <pre className="mt-4 w-full overflow-auto rounded-lg bg-slate-900 p-4 text-left text-xs text-slate-100">{message}</pre>
      )}
    </ScreenBody>
  );
}
