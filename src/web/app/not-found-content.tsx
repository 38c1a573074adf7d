import { Compass } from 'lucide-react';
import { LinkButton } from '../components/ui/link-button';
import { t } from '../lib/i18n';
import { usePageMeta } from '../lib/seo';

/** The body of the 404 screen, shared by the catch-all route and the route error screen. */
export function NotFoundContent() {
  usePageMeta({
    title: t('common.notFound.title'),
    description: t('common.notFound.description'),
    noindex: true,
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-accent-700 uppercase">{t('common.notFound.eyebrow')}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('common.notFound.title')}</h1>
      <p className="mt-4 text-base leading-relaxed text-slate-600">
        {t('common.notFound.text')}
      </p>
      <LinkButton to="/" size="lg" className="mt-8">
        {t('common.error.goHome')}
      </LinkButton>
    </section>
  );
}
