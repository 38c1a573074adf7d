import { Tabs } from 'radix-ui';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { useAuth } from '../../lib/auth/auth-state';
import { T, t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { AccountOverview, InitialsTile, fullName } from './account-overview';
import { ApiKeysTab } from './api-keys-tab';
import { WebhooksTab } from './webhooks-tab';
import { PlanBillingTab } from './plan-billing-tab';
import { EmailPreferences, EmailSettings, PasswordSettings, SubscriptionSettings } from './settings-forms';

/** Each tab's name (message ids). */
const TABS = {
  overview: 'profile.tabs.overview',
  billing: 'profile.tabs.billing',
  'api-keys': 'profile.tabs.apiKeys',
  webhooks: 'profile.tabs.webhooks',
} as const;
type TabKey = keyof typeof TABS;
const isTab = (v: string | null): v is TabKey => v !== null && Object.hasOwn(TABS, v);

const triggerClass =
  'relative -mb-px border-b-2 border-transparent px-1 pb-3 text-sm font-semibold text-slate-500 transition-colors ' +
  'hover:text-brand-800 data-[state=active]:border-accent-500 data-[state=active]:text-brand-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500';

/** Account Settings (/profile): Overview, Plan & Billing and API keys tabs, then the settings form. */
export function ProfilePage() {
  usePageMeta({ title: t('profile.meta.title'), noindex: true });
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = isTab(requested) ? requested : 'overview';

  const handleTabChange = (value: string) => {
    if (!isTab(value)) return;
    setParams(
      (p) => {
        if (value === 'overview') p.delete('tab');
        else p.set('tab', value);
        return p;
      },
      { replace: true },
    );
  };

  return (
    <Container className="py-10 sm:py-14">
      <header className="mb-8 flex items-center gap-4">
        <InitialsTile user={user} className="size-14 shrink-0 text-lg" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{t('profile.page.heading')}</h1>
          <p className="truncate text-sm text-slate-600">
            {fullName(user)}
            {user?.email ? ` · ${user.email}` : ''}
          </p>
        </div>
      </header>

      <Card className="overflow-hidden">
        <Tabs.Root value={tab} onValueChange={handleTabChange}>
          <Tabs.List aria-label={t('profile.tabs.label')} className="flex gap-6 border-b border-slate-200 px-6 pt-5">
            {(Object.keys(TABS) as TabKey[]).map((key) => (
              <Tabs.Trigger key={key} value={key} className={triggerClass}>
                {t(TABS[key])}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="overview" className="p-6 focus-visible:outline-none">
            <h2 className="sr-only">{t(TABS.overview)}</h2>
            <AccountOverview user={user} />
          </Tabs.Content>
          <Tabs.Content value="billing" className="p-6 focus-visible:outline-none">
            <h2 className="sr-only">{t(TABS.billing)}</h2>
            <PlanBillingTab />
          </Tabs.Content>
          <Tabs.Content value="api-keys" className="p-6 focus-visible:outline-none">
            <h2 className="sr-only">{t(TABS['api-keys'])}</h2>
            <ApiKeysTab />
          </Tabs.Content>
          <Tabs.Content value="webhooks" className="p-6 focus-visible:outline-none">
            <h2 className="sr-only">{t(TABS.webhooks)}</h2>
            <WebhooksTab />
          </Tabs.Content>
        </Tabs.Root>
      </Card>

      {/* After the tabs, so the tabs stay the first stop of the keyboard. */}
      <p className="mt-4 text-sm text-slate-600">
        <T
          id="profile.page.portfoliosHint"
          components={{
            0: (
              <Link
                to="/portfolio"
                className="font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              />
            ),
          }}
        />
      </p>

      <section aria-labelledby="settings-heading" className="mt-10">
        <h2 id="settings-heading" className="mb-4 text-lg font-semibold text-brand-900">
          {t('profile.page.settingsHeading')}
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <EmailSettings />
          <SubscriptionSettings />
          <div className="lg:col-span-2">
            <PasswordSettings />
          </div>
          <div className="lg:col-span-2">
            <EmailPreferences />
          </div>
        </div>
      </section>
    </Container>
  );
}
