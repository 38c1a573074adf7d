import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../shared/i18n/locales';
import { localisedPath, pageLocale } from '../../shared/i18n/pages';
import { cn } from '../components/ui/cn';
import { useAuth } from '../lib/auth/auth-state';
import { saveLocale, setLocale, t, useLocale } from '../lib/i18n';
import { toast } from '../lib/toast';

/**
 * The language menu of the header and the footer: each language named in its own words. The
 * choice is kept on this browser and, signed in, on the account (e-mails and PDFs follow it); a
 * public page moves to its address in that language, any other page renders anew in place.
 */
export function LanguageMenu({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const locale = useLocale();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { status } = useAuth();

  const choose = async (next: Locale) => {
    if (next === locale) return;
    saveLocale(next);
    if (status === 'authenticated') {
      void import('../lib/auth/auth-api')
        .then((m) => m.saveAccountLocale(next))
        .catch(() => toast.error(t('common.language.saveFailed')));
    }
    try {
      await setLocale(next);
    } catch {
      toast.error(t('common.language.loadFailed'));
      return;
    }
    const page = pageLocale(location.pathname);
    if (page) void navigate(localisedPath(page.page, next) + location.search + location.hash);
  };

  return (
    <div className={cn('relative inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('common.language.label')}
      </label>
      <Languages aria-hidden="true" className={cn('pointer-events-none absolute left-2.5 size-4', tone === 'dark' ? 'text-brand-100/80' : 'text-slate-500')} />
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
        className={cn(
          'h-9 cursor-pointer appearance-none rounded-lg border py-1 pr-3 pl-8 text-sm font-medium transition-colors',
          'focus-visible:ring-2 focus-visible:outline-none',
          tone === 'dark'
            ? 'border-brand-100/20 bg-brand-950 text-brand-100 hover:border-brand-100/40 focus-visible:ring-white/60'
            : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300 focus-visible:ring-brand-500/40',
        )}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
