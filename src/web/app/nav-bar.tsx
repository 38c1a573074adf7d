import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { cn } from '../components/ui/cn';
import { Container } from '../components/ui/container';
import { LinkButton } from '../components/ui/link-button';
import { useAuth } from '../lib/auth/auth-state';
import { localised, T, t } from '../lib/i18n';
import { usePublicConfig } from '../lib/public-config';
import { Logo } from './logo';
import { displayFirstName } from './display-name';
import { LanguageMenu } from './language-menu';

// Only signed-in visitors see the account menu: keep it out of the landing page's first download.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
// The unread count needs the query library: it loads with the signed-in navigation only.
const AlertsNavLink = lazy(() => import('./alerts-nav-link').then((m) => ({ default: m.AlertsNavLink })));

type LinkClass = (state: { isActive: boolean }) => string;

/** "Alerts" (signed in): plain until the count's code has loaded. */
function AlertsItem({ className }: { className: LinkClass }) {
  return (
    <li>
      <Suspense
        fallback={
          <NavLink to="/events" className={className}>
            {t('common.nav.alerts')}
          </NavLink>
        }
      >
        <AlertsNavLink className={className} />
      </Suspense>
    </li>
  );
}

interface NavItem {
  to: string;
  /** Message id of the link's text. */
  label: string;
  signedInOnly?: boolean;
}

/** Navigation bar: Home, My Dashboard (signed in only), Products, Features, About Us. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/home', label: 'common.nav.home' },
  { to: '/dashboard', label: 'common.nav.dashboard', signedInOnly: true },
  { to: '/products', label: 'common.nav.products' },
  { to: '/features', label: 'common.nav.features' },
  { to: '/about-us', label: 'common.nav.aboutUs' },
];

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-800 after:absolute after:inset-x-3 after:-bottom-[13px] after:h-0.5 after:rounded-full after:bg-accent-500' : 'text-slate-600 hover:bg-slate-50 hover:text-brand-800',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-2.5 text-base font-medium',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-50',
  );

/** The navigation's list items, drawn alike in the desktop bar and the mobile menu. */
function NavLinkItems({ items, signedIn, className }: { items: readonly NavItem[]; signedIn: boolean; className: LinkClass }) {
  return (
    <>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={localised(item.to)} className={className}>
            {t(item.label)}
          </NavLink>
        </li>
      ))}
      {signedIn && <AlertsItem className={className} />}
    </>
  );
}

export function NavBar() {
  const { status, user, logout } = useAuth();
  const { productName } = usePublicConfig();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const signedIn = status === 'authenticated';
  const items = NAV_ITEMS.filter((i) => !i.signedInOnly || signedIn);

  useEffect(() => setMobileOpen(false), [pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const handleLogout = () => {
    void logout('user');
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link to={localised('/home')} className="rounded-md" aria-label={t('common.nav.homeLabel', { productName })}>
          <Logo productName={productName} />
        </Link>

        <nav aria-label={t('common.nav.main')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            <NavLinkItems items={items} signedIn={signedIn} className={desktopLink} />
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <LanguageMenu />
          {status === 'loading' ? (
            <span className="h-9 w-36 animate-pulse rounded-full bg-slate-100" aria-hidden="true" />
          ) : signedIn ? (
            <Suspense
              fallback={
                <span className="inline-flex h-9 items-center rounded-full border border-slate-200 px-3 text-sm font-semibold text-slate-800">
                  {displayFirstName(user?.firstName)}
                </span>
              }
            >
              <UserMenu firstName={user?.firstName} onLogout={handleLogout} />
            </Suspense>
          ) : (
            <>
              <LinkButton to="/auth/signin" variant="ghost" size="sm">
                {t('common.nav.login')}
              </LinkButton>
              <LinkButton to={localised('/contact')} variant="primary" size="sm">
                {t('common.nav.contact')}
              </LinkButton>
            </>
          )}
        </div>

        <button
          type="button"
          className={cn(buttonClasses('ghost', 'sm'), 'px-2 md:hidden')}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? t('common.nav.closeMenu') : t('common.nav.openMenu')}
          onClick={() => setMobileOpen((v) => !v)}
        >
          {mobileOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </Container>

      <div id="mobile-menu" hidden={!mobileOpen} className="border-t border-slate-200 bg-white shadow-lg md:hidden">
        <Container className="py-3">
          <nav aria-label={t('common.nav.mobile')}>
            <ul className="space-y-1">
              <NavLinkItems items={items} signedIn={signedIn} className={mobileLink} />
              <li>
                <NavLink to={localised('/contact')} className={mobileLink}>
                  {t('common.nav.contact')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <LanguageMenu className="mb-3 w-full [&>select]:w-full" />
            {signedIn ? (
              <div className="space-y-1">
                <p className="px-3 pb-1 text-sm text-slate-500">
                  <T
                    id="common.nav.signedInAs"
                    values={{ name: displayFirstName(user?.firstName) }}
                    components={{ 0: <span className="font-semibold text-slate-800" /> }}
                  />
                </p>
                <NavLink to="/profile" className={mobileLink}>
                  {t('common.nav.profile')}
                </NavLink>
                <button
                  type="button"
                  onClick={handleLogout}
                  className="block w-full rounded-lg px-3 py-2.5 text-left text-base font-medium text-red-700 hover:bg-red-50"
                >
                  {t('common.nav.logout')}
                </button>
              </div>
            ) : status === 'unauthenticated' ? (
              <LinkButton to="/auth/signin" variant="primary" fullWidth>
                {t('common.nav.login')}
              </LinkButton>
            ) : null}
          </div>
        </Container>
      </div>
    </header>
  );
}
