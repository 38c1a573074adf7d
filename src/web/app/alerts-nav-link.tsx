import { QueryClientProvider } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { useUnreadCount } from '../entities/monitoring/monitoring-api';
import { formatCount } from '../lib/format';
import { t } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

interface AlertsNavLinkProps {
  className: (state: { isActive: boolean }) => string;
}

function UnreadBadge() {
  const { data: count } = useUnreadCount();
  if (!count) return null;
  return (
    <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-500 px-1.5 text-xs leading-5 font-semibold text-white">
      {count > 99 ? '99+' : formatCount(count)}
      <span className="sr-only"> {t('common.nav.unread')}</span>
    </span>
  );
}

/**
 * "Alerts" in the signed-in navigation, with the unread count. The nav bar sits above the query
 * layer, so this provides the app's one client itself: the inbox invalidating the count (after an
 * acknowledgement) updates this badge too.
 */
export function AlertsNavLink({ className }: AlertsNavLinkProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <NavLink to="/events" className={className}>
        {t('common.nav.alerts')}{' '}
        <UnreadBadge />
      </NavLink>
    </QueryClientProvider>
  );
}
