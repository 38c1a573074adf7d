import type { UserData } from '../../../shared/contracts/auth';
import { cn } from '../../components/ui/cn';
import { t } from '../../lib/i18n';

/** 'Ana Silva'; an em dash when the stored user data has no name. */
export function fullName(user: UserData | null): string {
  const name = [user?.firstName, user?.lastName].map((s) => s?.trim()).filter(Boolean).join(' ');
  return name || '—';
}

/** 'AS' for the avatar; 'U' (User) when there is no name. */
export function initials(user: UserData | null): string {
  const letters = [user?.firstName, user?.lastName].map((s) => s?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || 'U';
}

/** The avatar: the user's initials on a brand tile; `className` gives its size and text size. */
export function InitialsTile({ user, className }: { user: UserData | null; className: string }) {
  return (
    <span aria-hidden="true" className={cn('flex items-center justify-center rounded-2xl bg-brand-800 font-bold text-white shadow-sm', className)}>
      {initials(user)}
    </span>
  );
}

/** The profile's Overview: all from the stored user data. */
export function AccountOverview({ user }: { user: UserData | null }) {
  const rows: readonly [string, string][] = [
    [t('profile.overview.fullName'), fullName(user)],
    [t('profile.overview.email'), user?.email || '—'],
    [t('profile.overview.signInMethod'), t('profile.overview.emailAndPassword')],
    [t('profile.overview.companyName'), user?.companyName || '—'],
    [t('profile.overview.fiscalNumber'), user?.fiscalNumber || '—'],
  ];
  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-100">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-1 truncate text-sm font-medium text-slate-900" title={value}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
