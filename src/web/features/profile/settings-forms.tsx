import { BellRing, CreditCard, LockKeyhole, Mail, type LucideIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { DigestFrequency } from '../../../shared/contracts/auth';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../shared/i18n/locales';
import { localised, saveLocale, setLocale, t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { InputField } from '../../components/ui/input-field';
import { SelectField } from '../../components/ui/select';
import { LinkButton } from '../../components/ui/link-button';
import { updateEmail, updatePassword } from '../../lib/auth/auth-api';
import { runBusy } from '../../lib/busy-action';
import { useAuth, useSessionActions } from '../../lib/auth/auth-state';
import { usePlanStatus } from '../../entities/billing/plan-status';
import { useAccountSettingsQuery, saveAccountSettings, useStoreAccountSettings } from './email-settings-api';
import { settingsErrorMessage } from './profile-api';

function SettingsCard({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card className="p-6" role="region" aria-labelledby={headingId}>
      <div className="mb-5 flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}

/** Profile Information: the e-mail address (no client check: the server validates it). */
export function EmailSettings() {
  const { user } = useAuth();
  const { updateUser } = useSessionActions();
  const [email, setEmail] = useState(user?.email ?? '');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    await runBusy(setBusy, (err) => settingsErrorMessage(err, t('profile.email.failed'), 'Email update'), async () => {
      const res = await updateEmail(email.trim());
      updateUser(res.data);
      setEmail(res.data.email);
      toast.success(t('profile.email.updated'));
    });
  }

  return (
    <SettingsCard icon={Mail} title={t('profile.email.title')} description={t('profile.email.description')}>
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={busy}>
        <InputField label={t('profile.email.address')} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" loading={busy} loadingText={t('profile.settings.updating')}>
          {t('profile.email.submit')}
        </Button>
      </form>
    </SettingsCard>
  );
}

/** Password Management: current and new required, new equals confirmation. */
export function PasswordSettings() {
  const { user } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!current || !next || next !== confirmation) {
      toast.error(t('profile.password.mismatch'));
      return;
    }
    await runBusy(setBusy, (err) => settingsErrorMessage(err, t('profile.password.failed'), 'Password update'), async () => {
      await updatePassword(current, next);
      toast.success(t('profile.password.updated'));
      setCurrent('');
      setNext('');
      setConfirmation('');
    });
  }

  return (
    <SettingsCard icon={LockKeyhole} title={t('profile.password.title')} description={t('profile.password.description')}>
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={busy}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        <InputField label={t('profile.password.current')} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label={t('profile.password.new')} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          <InputField label={t('profile.password.confirm')} type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
        </div>
        <Button type="submit" loading={busy} loadingText={t('profile.settings.updating')}>
          {t('profile.password.submit')}
        </Button>
      </form>
    </SettingsCard>
  );
}

/** Subscription Information: the plan of the cached plan status ('No Plan' by default). */
export function SubscriptionSettings() {
  const { label } = usePlanStatus();
  return (
    <SettingsCard icon={CreditCard} title={t('profile.subscription.title')} description={t('profile.subscription.description')}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('profile.subscription.currentPlan')}</p>
          <p className="mt-0.5 text-lg font-semibold text-brand-900">{label}</p>
        </div>
        <LinkButton to={localised('/products')} variant="outline">
          {t('profile.subscription.change')}
        </LinkButton>
      </div>
    </SettingsCard>
  );
}

/** The digest choices; `label` is a message id. */
const digestOptions: readonly { value: DigestFrequency; label: string }[] = [
  { value: 'daily', label: 'profile.emails.digestDaily' },
  { value: 'weekly', label: 'profile.emails.digestWeekly' },
  { value: 'off', label: 'profile.emails.digestOff' },
];
const isDigestFrequency = (v: string): v is DigestFrequency => digestOptions.some((o) => o.value === v);
// Each language named in itself, so a reader finds theirs whatever this page's language is.
const languageOptions = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value], lang: value }));

/**
 * The e-mails Corisk sends: the language they are written in, and how often the monitoring digest
 * comes (urgent alerts always come at once). Saves only what was changed.
 */
export function EmailPreferences() {
  const settings = useAccountSettingsQuery();
  const store = useStoreAccountSettings();
  // The user's picks; until they pick, what the server has.
  const [pickedDigest, setPickedDigest] = useState<DigestFrequency | null>(null);
  const [pickedLocale, setPickedLocale] = useState<Locale | null>(null);
  const [busy, setBusy] = useState(false);
  const digest = pickedDigest ?? settings.data?.digest_frequency ?? 'daily';
  const locale = pickedLocale ?? settings.data?.locale ?? 'en';

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !settings.data) return;
    await runBusy(setBusy, (err) => settingsErrorMessage(err, t('profile.emails.failed'), 'Settings update'), async () => {
      const saved = await saveAccountSettings({
        ...(pickedLocale ? { locale: pickedLocale } : {}),
        // With nothing picked, Save stores the digest setting shown.
        ...(pickedDigest || !pickedLocale ? { digest_frequency: digest } : {}),
      });
      store(saved);
      setPickedDigest(null);
      setPickedLocale(null);
      toast.success(t('profile.emails.saved'));
      // The account has one language: the screens follow the e-mails' (as the language menu does).
      if (pickedLocale) {
        saveLocale(saved.locale);
        await setLocale(saved.locale);
      }
    });
  }

  return (
    <SettingsCard
      icon={BellRing}
      title={t('profile.emails.title')}
      description={t('profile.emails.description')}
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-busy={busy || settings.isPending}>
        <SelectField
          label={t('profile.emails.language')}
          name="locale"
          options={languageOptions}
          value={locale}
          disabled={!settings.data}
          onChange={(e) => {
            if (isLocale(e.target.value)) setPickedLocale(e.target.value);
          }}
        />
        <SelectField
          label={t('profile.emails.digest')}
          name="digest_frequency"
          options={digestOptions.map((o) => ({ value: o.value, label: t(o.label) }))}
          value={digest}
          disabled={!settings.data}
          onChange={(e) => {
            if (isDigestFrequency(e.target.value)) setPickedDigest(e.target.value);
          }}
        >
          {settings.isError && <p className="mt-2 text-sm text-red-700">{t('profile.emails.loadFailed')}</p>}
        </SelectField>
        <Button type="submit" loading={busy} loadingText={t('profile.emails.saving')} disabled={!settings.data}>
          {t('profile.emails.save')}
        </Button>
      </form>
    </SettingsCard>
  );
}
