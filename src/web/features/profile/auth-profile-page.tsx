import { LayoutDashboard, LogOut, UserRoundPen } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { TermList } from '../../components/ui/term-list';
import { useAuth } from '../../lib/auth/auth-state';
import { usePlanStatus } from '../../entities/billing/plan-status';
import { t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { InitialsTile, fullName } from './account-overview';

/**
 * /auth/profile (a signed-in route with no prescribed screen): a compact account card with the way on to the
 * full Account Settings, the dashboard, and sign-out.
 */
export function AuthProfilePage() {
  usePageMeta({ title: t('profile.account.metaTitle'), noindex: true });
  const { user, logout } = useAuth();
  const { label } = usePlanStatus();
  const navigate = useNavigate();

  const handleLogout = async () => {
    await logout();
    navigate('/auth/signin', { replace: true });
  };

  return (
    <Container className="flex justify-center py-12 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <InitialsTile user={user} className="size-16 text-xl" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-brand-900">{fullName(user)}</h1>
          <p className="mt-1 text-sm break-all text-slate-600">{user?.email}</p>
        </div>
        <TermList
          items={[
            { term: t('profile.account.company'), value: user?.companyName || '—' },
            { term: t('profile.account.fiscalNumber'), value: user?.fiscalNumber || '—' },
            { term: t('profile.account.plan'), value: label },
          ]}
          className="mt-6 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-sm ring-1 ring-slate-100"
          pair="flex justify-between gap-4 py-3"
          term="text-slate-500"
          value="truncate text-right font-medium text-slate-900"
        />
        <div className="mt-6 grid gap-3">
          <LinkButton to="/profile" variant="primary">
            <UserRoundPen className="size-4 shrink-0" aria-hidden="true" />
            {t('profile.account.settings')}
          </LinkButton>
          <LinkButton to="/dashboard" variant="outline">
            <LayoutDashboard className="size-4 shrink-0" aria-hidden="true" />
            {t('profile.account.dashboard')}
          </LinkButton>
        </div>
        <Button variant="ghost" fullWidth className="mt-3" onClick={() => void handleLogout()}>
          <LogOut className="size-4 shrink-0" aria-hidden="true" />
          {t('profile.account.logOut')}
        </Button>
      </Card>
    </Container>
  );
}
